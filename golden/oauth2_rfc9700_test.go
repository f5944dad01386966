package golden_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	social "github.com/routegen/routegen/golden/aah_examples_oauth2_social_login_routes"
	"github.com/routegen/routegen/runtime"
)

// TestAahOAuth2PKCE: every authorization request carries an S256 code
// challenge, and a victim's code redeemed with the attacker's own state
// and cookie is refused: the provider holds it to the victim's
// challenge, whose verifier only the victim's session has.
func TestAahOAuth2PKCE(t *testing.T) {
	provider := newAuthServer(t)
	srv := socialExample(t, provider)

	victim := newBrowser(t, srv)
	_, toProvider, _ := victim.do("GET", social.URL.GithubAuthLoginAah(), nil, "same-origin")
	u, err := url.Parse(toProvider)
	if err != nil || u.Query().Get("code_challenge_method") != "S256" || len(u.Query().Get("code_challenge")) != 43 {
		t.Fatalf("the authorization request %q carries no S256 code challenge", toProvider)
	}
	victimsCode := mustParse(t, victim.visit(toProvider)).Query().Get("code")

	attacker := newBrowser(t, srv)
	_, attackersLogin, _ := attacker.do("GET", social.URL.GithubAuthLoginAah(), nil, "same-origin")
	back := mustParse(t, attacker.visit(attackersLogin))
	q := back.Query()
	q.Set("code", victimsCode)
	attacker.expect("GET", back.Path+"?"+q.Encode(), nil, "cross-site", http.StatusUnauthorized, "", "")
	attacker.expect("GET", "/success.html", nil, "same-origin", http.StatusUnauthorized, "", "")
}

// TestAahOAuth2ReplayedCookie: the session cookie from before the
// redirect, sent again with a new code for its state, does not sign in
// again: a state is used once, whatever cookie carries it.
func TestAahOAuth2ReplayedCookie(t *testing.T) {
	provider := newAuthServer(t)
	srv := socialExample(t, provider)
	site, _ := url.Parse(srv.URL)

	b := newBrowser(t, srv)
	_, toProvider, _ := b.do("GET", social.URL.GithubAuthLoginAah(), nil, "same-origin")
	before := b.client.Jar.Cookies(site)
	callback := strings.TrimPrefix(b.visit(toProvider), srv.URL)
	b.expect("GET", callback, nil, "cross-site", http.StatusFound, "/success.html", "")

	replay := newBrowser(t, srv)
	replay.client.Jar.SetCookies(site, before)
	again := strings.TrimPrefix(replay.visit(toProvider), srv.URL) // a new code for the same state
	if again == callback {
		t.Fatal("the provider gave the same code twice")
	}
	replay.expect("GET", again, nil, "cross-site", http.StatusUnauthorized, "", "")
	replay.expect("GET", "/success.html", nil, "same-origin", http.StatusUnauthorized, "", "")
}

// TestAahOAuth2RedirectURI: the redirect_uri is the domain's address as
// the router serves it (WithHost), whatever Host the request names; the
// X-Forwarded headers count under WithTrustedProxies only, and then
// X-Forwarded-Proto alone, as the domain has a host of its own.
func TestAahOAuth2RedirectURI(t *testing.T) {
	provider := newAuthServer(t)
	for _, c := range []struct {
		trusted bool
		header  map[string]string
		scheme  string
	}{
		{false, map[string]string{"Host": "evil.test"}, "http"},
		{false, map[string]string{"X-Forwarded-Host": "evil.test", "X-Forwarded-Proto": "https"}, "http"},
		{true, map[string]string{"Host": "evil.test", "X-Forwarded-Host": "evil.test"}, "http"},
		{true, map[string]string{"X-Forwarded-Host": "evil.test", "X-Forwarded-Proto": "https"}, "https"},
	} {
		var extra []runtime.Option
		if c.trusted {
			extra = append(extra, runtime.WithTrustedProxies())
		}
		srv := socialExample(t, provider, extra...)
		req, _ := http.NewRequest("GET", srv.URL+social.URL.GithubAuthLoginAah(), nil)
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		req.Host = req.Header.Get("Host")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		got := mustParse(t, res.Header.Get("Location")).Query().Get("redirect_uri")
		if want := c.scheme + strings.TrimPrefix(srv.URL, "http") + "/github-auth/callback"; got != want {
			t.Errorf("trusted proxies %v, %v: redirect_uri %q, want %q", c.trusted, c.header, got, want)
		}
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
