package runtime

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// authServer serves, over HTTP, routes of the session scheme: a POST
// /logout with anti-CSRF, as aah's examples have it. A request is
// recognised with "Cookie: session=ok".
func authServer(t *testing.T) *httptest.Server {
	t.Helper()
	table := &table{
		Domains: []Domain{{Key: "site"}},
		Routes: []Route{
			{Name: "logout", Method: "POST", Path: "/logout", Auth: "session", AntiCSRFCheck: true},
		},
		AuthSchemes: []string{"session"},
	}
	session := func(ctx *Context) (Subject, error) {
		if c, err := ctx.Req.Cookie("session"); err != nil || c.Value != "ok" {
			return nil, errors.New("no session")
		}
		return testSubject{}, nil
	}
	rt, err := testRouter(table, WithDefaultDomain("site"), WithAuthenticator("session", session))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	return srv
}

type testSubject struct{}

func (testSubject) HasRole(string) bool     { return true }
func (testSubject) IsPermitted(string) bool { return true }

// send sends method path with header ("Name: value" lines) to srv, and
// returns the response.
func send(t *testing.T, srv *httptest.Server, method, path string, header ...string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range header {
		name, value, _ := strings.Cut(h, ": ")
		req.Header.Add(name, value)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// TestAntiCSRFBeforeAuth: anti-CSRF runs before authentication, as aah
// ran it: an anonymous cross-site POST /logout is refused for its origin
// (403), not for its missing credentials (401).
func TestAntiCSRFBeforeAuth(t *testing.T) {
	srv := authServer(t)
	crossSite := []string{"Sec-Fetch-Site: cross-site", "Origin: https://evil.example"}
	for _, c := range []struct {
		what   string
		header []string
		status int
	}{
		{"anonymous, cross-site", crossSite, http.StatusForbidden},
		{"signed in, cross-site", append([]string{"Cookie: session=ok"}, crossSite...), http.StatusForbidden},
		{"anonymous, same origin", []string{"Sec-Fetch-Site: same-origin"}, http.StatusUnauthorized},
		{"signed in, same origin", []string{"Cookie: session=ok", "Sec-Fetch-Site: same-origin"}, http.StatusOK},
	} {
		if res := send(t, srv, "POST", "/logout", c.header...); res.StatusCode != c.status {
			t.Errorf("POST /logout, %s: %d, want %d", c.what, res.StatusCode, c.status)
		}
	}
}

// TestChallengeOnlyOn401: a 401 carries WWW-Authenticate, "Bearer" for a
// scheme whose authenticator names no challenge (ChallengeError); no
// other reply carries one.
func TestChallengeOnlyOn401(t *testing.T) {
	srv := authServer(t)
	for _, c := range []struct {
		header    []string
		status    int
		challenge string
	}{
		{nil, http.StatusUnauthorized, "Bearer"},
		{[]string{"Sec-Fetch-Site: cross-site", "Origin: https://evil.example"}, http.StatusForbidden, ""},
		{[]string{"Cookie: session=ok"}, http.StatusOK, ""},
	} {
		res := send(t, srv, "POST", "/logout", c.header...)
		if got := strings.Join(res.Header.Values("WWW-Authenticate"), ", "); res.StatusCode != c.status || got != c.challenge {
			t.Errorf("POST /logout %q: %d, WWW-Authenticate %q; want %d, %q", c.header, res.StatusCode, got, c.status, c.challenge)
		}
	}
}

// TestLoginPage: a route of a scheme given a login page sends a request
// its authenticator refuses there, 302 with its target in _rt and no
// body; a login page that is not a path, or of a scheme without an
// authenticator, fails NewRouter.
func TestLoginPage(t *testing.T) {
	table := &table{
		Domains:     []Domain{{Key: "site"}},
		Routes:      []Route{{Name: "account", Method: "GET", Path: "/account", Auth: "form"}},
		AuthSchemes: []string{"form"},
	}
	refuse := func(*Context) (Subject, error) { return nil, errors.New("not signed in") }
	rt, err := testRouter(table, WithDefaultDomain("site"), WithAuthenticator("form", refuse), WithLoginPage("form", "/login.html"))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	rt.ServeHTTP(w, httptest.NewRequest("GET", "/account?tab=2", nil))
	if w.Code != http.StatusFound || w.Header().Get("Location") != "/login.html?_rt=%2Faccount%3Ftab%3D2" || w.Body.Len() != 0 || w.Header().Get("Www-Authenticate") != "" {
		t.Errorf("GET /account?tab=2: %d Location %q, body %q, WWW-Authenticate %q; want 302 to the login page, no body", w.Code, w.Header().Get("Location"), w.Body, w.Header().Get("Www-Authenticate"))
	}
	for _, c := range []struct {
		opts []Option
		want string
	}{
		{[]Option{WithAuthenticator("form", refuse), WithLoginPage("form", "login.html")}, `WithLoginPage: login page "login.html" of "form" is not a path`},
		{[]Option{WithAuthenticator("form", refuse), WithLoginPage("other", "/login.html")}, `WithLoginPage: auth scheme "other" has no authenticator`},
	} {
		if _, err := testRouter(table, c.opts...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewRouter: %v; want %q", err, c.want)
		}
	}
}
