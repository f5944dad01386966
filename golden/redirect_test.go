package golden_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/runtime"
)

// TestAahFormAuthOpenRedirect: a link to the genuine login page whose _rt
// a browser would read as another site once the path is cleaned
// (/./\evil.test becomes /\evil.test, which is http://evil.test/) signs
// in and stays on the site, and so does every such target posted.
func TestAahFormAuthOpenRedirect(t *testing.T) {
	srv := formExample(t, *formauth.SignIn.Session)
	b := newBrowser(t, srv)
	b.expect("GET", "/login.html?_rt=/./%5Cevil.test", nil, "none", http.StatusOK, "", "Login")
	for _, target := range []string{`/./\evil.test`, `/a/../\evil.test`, "/./%5Cevil.test", "/%2e/%5Cevil.test", "/.%2E/x"} {
		b.expect("POST", "/login", login("user1@aahframework.org", "welcome123", target), "same-origin", http.StatusFound, "/", "")
		b.expect("POST", "/login", login("user1@aahframework.org", "wrong", target), "same-origin", http.StatusFound, "/login.html?error=true", "")
	}
	// A local target is returned to as it was written, uncleaned.
	b.expect("POST", "/login", login("user1@aahframework.org", "welcome123", "/manage//users.html?a=./"), "same-origin",
		http.StatusFound, "/manage//users.html?a=./", "")
}

// TestAahFormAuthBoundedLocation: however long the request, the Location
// of the redirect to the login page, and after it, stays within a few
// KiB: past runtime.MaxTarget the return target is dropped.
func TestAahFormAuthBoundedLocation(t *testing.T) {
	srv := formExample(t, *formauth.SignIn.Session)
	b := newBrowser(t, srv)
	long := "/manage/users.html?q=" + strings.Repeat("%22", 200_000)
	b.expect("GET", long, nil, "none", http.StatusFound, "/login.html", "")
	fits := "/manage/users.html?q=" + strings.Repeat("a", runtime.MaxTarget-len("/manage/users.html?q="))
	b.expect("GET", fits, nil, "none", http.StatusFound, "/login.html?_rt="+url.QueryEscape(fits), "")
	b.expect("GET", fits+"a", nil, "none", http.StatusFound, "/login.html", "")

	b.expect("POST", "/login", login("user1@aahframework.org", "wrong", long), "same-origin", http.StatusFound, "/login.html?error=true", "")
	b.expect("POST", "/login", login("user1@aahframework.org", "welcome123", long), "same-origin", http.StatusFound, "/", "")
}
