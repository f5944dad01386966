package tscheck

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// targetAtoms are the pieces of the generated return targets: slashes and
// backslashes, dot segments, their percent-encoded forms, the control
// characters and spaces a URL parser strips or drops, schemes, hosts,
// userinfo, and Unicode look-alikes of "/" and "." a parser might fold.
var targetAtoms = []string{
	"/", "//", "\\", "/\\", "\\/", ".", "..", "./", "../", "%2e", "%2E%2e", ".%2e", "%5c", "%5C", "%2f", "%2F",
	"%09", "%0a", "%00", "%7f", "%", "%%", "\t", "\n", "\r", " ", "\x00", "\x1f", "\x7f", "\x0c",
	"evil.test", "evil.test:80", "@", ":", "?", "#", "http:", "https:", "javascript:", "HTTP:",
	"\u3002", "\uff0f", "\u2215", "\uff3c", "\uff0e", "\u00e9", "a", ";", "~",
}

// targetCorpus generates return targets: every sequence of up to three
// atoms, alone and after "/", random strings of the bytes that matter
// to a URL parser, and long ones about runtime.MaxTarget.
func targetCorpus() []string {
	var corpus []string
	add := func(s string) { corpus = append(corpus, s, "/"+s) }
	for _, a := range targetAtoms {
		add(a)
		for _, b := range targetAtoms {
			add(a + b)
			for _, c := range targetAtoms {
				add(a + b + c)
			}
		}
	}
	const alphabet = "/\\.%25eEcCfF09aA:@?#\t\n\r \x00x"
	random := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, 1+random.IntN(12))
		for i := range b {
			b[i] = alphabet[random.IntN(len(alphabet))]
		}
		add(string(b))
	}
	for _, n := range []int{runtime.MaxTarget - 1, runtime.MaxTarget, runtime.MaxTarget + 1} {
		corpus = append(corpus, "/"+strings.Repeat("a", n-1), strings.Repeat("/a", n/2)+"/../..", "/a?"+strings.Repeat("%2e", n))
	}
	return corpus
}

// TestLocalTargetWHATWG holds runtime.LocalTarget to the URL parser of
// browsers: every generated target it accepts, written as the Location
// of a page of http://site.test, resolves to a URL of that origin in
// Node's URL (WHATWG). The form scheme's login, sent the issue's
// /./%5Cevil.test from the login page's link and a sample of the
// corpus, redirects to Locations of that origin too.
func TestLocalTargetWHATWG(t *testing.T) {
	RequireNodeAlone(t)
	var locations []string
	for _, target := range targetCorpus() {
		if runtime.LocalTarget(target) {
			locations = append(locations, target)
		}
	}
	if len(locations) < 10000 {
		t.Fatalf("only %d targets of the corpus are accepted: too few to hold the check to", len(locations))
	}
	t.Logf("%d accepted targets", len(locations))
	locations = append(locations, signInLocations(t, locations[:200])...)

	input, err := json.Marshal(locations)
	if err != nil {
		t.Fatal(err)
	}
	var results []struct{ Href, Origin, Error string }
	if err := json.Unmarshal(Node(t, Dir, input, filepath.Join("testdata", "location.mjs")), &results); err != nil || len(results) != len(locations) {
		t.Fatalf("node: %d results of %d locations, %v", len(results), len(locations), err)
	}
	for i, r := range results {
		if r.Origin != "http://site.test" {
			t.Errorf("Location %q resolves to %q (origin %q) %s", locations[i], r.Href, r.Origin, r.Error)
		}
	}
}

// loginPages are aah's form-based-auth example's pages: the login page
// writes its _rt into the form, as aah's view did.
type loginPages struct{}

func (loginPages) Index(ctx *runtime.Context) error       { return nil }
func (loginPages) ManageUsers(ctx *runtime.Context) error { return nil }
func (loginPages) Logout(ctx *runtime.Context) error      { return nil }
func (loginPages) Login(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, ctx.Req.QueryValue("_rt"))
	return err
}

// signInLocations serves aah's form-based-auth example and returns the
// Locations of its successful logins: one from the link
// /login.html?_rt=/./%5Cevil.test, one with each of targets.
func signInLocations(t *testing.T, targets []string) []string {
	t.Helper()
	hash, err := bcrypt.GenerateFromPassword([]byte("welcome123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	form := aahauth.Form{
		Scheme: "form_auth",
		Config: formauth.SignIn.Forms["form_auth"],
		Account: func(_ *runtime.Context, email string) (*aahauth.Account, error) {
			subject, err := aahauth.NewSubject([]string{"employee"})
			return &aahauth.Account{Subject: subject, PasswordHash: hash}, err
		},
	}
	opts, err := form.Options()
	if err != nil {
		t.Fatal(err)
	}
	codec, err := aahauth.SessionCodec(*formauth.SignIn.Session)
	if err != nil {
		t.Fatal(err)
	}
	opts = append(opts, runtime.WithSessions(*formauth.SignIn.Session, codec, form.LoadSubject), runtime.WithDefaultDomain("localhost"))
	router, err := formauth.NewRouter(loginPages{}, loginPages{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	res, err := client.Get(srv.URL + "/login.html?_rt=/./%5Cevil.test")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if string(page) != `/./\evil.test` {
		t.Fatalf("the login page has _rt %q", page)
	}
	var locations []string
	for _, target := range append([]string{string(page)}, targets...) {
		form := url.Values{"username": {"user1@aahframework.org"}, "password": {"welcome123"}, "_rt": {target}}
		req, _ := http.NewRequest("POST", srv.URL+"/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "same-origin")
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		location := res.Header.Get("Location")
		if res.StatusCode != http.StatusFound || location == "" {
			t.Fatalf("login with _rt %q: %d %q", target, res.StatusCode, location)
		}
		if target == string(page) && location != "/" {
			t.Errorf("login with _rt %q: Location %q, want url.default_target /", target, location)
		}
		locations = append(locations, location)
	}
	return locations
}
