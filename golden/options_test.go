package golden_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/runtime"
)

// TestNilOption: a nil Option is an error of NewRouter that says which,
// not a panic.
func TestNilOption(t *testing.T) {
	_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, runtime.WithBasePath("/svc"), nil)
	if err == nil || !strings.Contains(err.Error(), "NewRouter: option 2 is nil") {
		t.Errorf("NewRouter(…, nil): %v; want an error naming option 2", err)
	}
}

// TestBasePathWithPercent: a base path that holds "%" is the same prefix
// in the router's redirects and in its links, escaped as
// http.StripPrefix compares it with the decoded path.
func TestBasePathWithPercent(t *testing.T) {
	const base = "/%2F/evil.com"
	rt := newDeployRouter(t, runtime.WithBasePath(base))
	srv := httptest.NewServer(http.StripPrefix(base, rt))
	defer srv.Close()
	link, err := deploy.URL.ForRouter(rt).Hotel(1)
	if err != nil || link != "/%252F/evil.com/hotels/1" {
		t.Fatalf("link: %q, %v", link, err)
	}
	req, err := http.NewRequest("GET", srv.URL+link+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = "example.com:8080"
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Location"); resp.StatusCode != http.StatusMovedPermanently || got != link {
		t.Errorf("GET %s/: %d, Location %q; want 301 to the link %q", link, resp.StatusCode, got, link)
	}
}

// TestWithHostAsBrowsersSend: WithHost takes a host only in the form a
// browser sends: Punycode that decodes, an IPv6 address in its canonical
// form (its message gives that form).
func TestWithHostAsBrowsersSend(t *testing.T) {
	for host, want := range map[string]string{
		"[0:0::1]":       `write "[::1]"`,
		"xn--zz.example": `label "xn--zz" is not the Punycode of a name`,
	} {
		_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, runtime.WithHost("admin", host, "9000"))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("WithHost(%q): %v; want an error saying %s", host, err, want)
		}
	}
	newDeployRouter(t, runtime.WithHost("admin", "[::1]", "9000"))
}
