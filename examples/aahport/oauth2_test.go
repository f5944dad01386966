package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"golang.org/x/oauth2"

	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/app/security"
)

// gitHubServer is an authorization server in GitHub's place: its
// authorization endpoint approves at once, redirecting back with a code
// for the login it is told (?login=, where GitHub would ask who signs
// in); its token endpoint exchanges a code it gave, once, for the
// client of security.conf, for a token of that login; /user answers
// whose a token is.
func gitHubServer(t *testing.T) *httptest.Server {
	var mu sync.Mutex
	codes := map[string]url.Values{} // code → the authorization request
	given := 0                       // codes given
	cfg := routes.SignIn.OAuth2["github_auth"]
	mux := http.NewServeMux()
	mux.HandleFunc("GET /login/oauth/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("client_id") != cfg.ClientID || q.Get("scope") != strings.Join(cfg.Scopes, " ") {
			http.Error(w, "unknown client or scopes", http.StatusBadRequest)
			return
		}
		mu.Lock()
		given++
		code := fmt.Sprintf("code-%d", given)
		codes[code] = q
		mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {code}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
	})
	mux.HandleFunc("POST /login/oauth/access_token", func(w http.ResponseWriter, r *http.Request) {
		code := r.PostFormValue("code")
		mu.Lock()
		asked, ok := codes[code]
		delete(codes, code)
		mu.Unlock()
		id, secret, _ := r.BasicAuth()
		if !ok || asked.Get("redirect_uri") != r.PostFormValue("redirect_uri") || id != cfg.ClientID || secret != cfg.ClientSecret {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"error":"invalid_grant"}`)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"access_token":"token-of-%s","token_type":"bearer"}`, asked.Get("login"))
	})
	mux.HandleFunc("GET /api/user", func(w http.ResponseWriter, r *http.Request) {
		login, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer token-of-")
		if !ok {
			http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"login":%q}`, login)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// gitHubApp serves the application whose github_auth scheme signs in at
// provider.
func gitHubApp(t *testing.T, provider *httptest.Server) *httptest.Server {
	t.Helper()
	router, err := newRouter(security.GitHub{
		Endpoint: &oauth2.Endpoint{AuthURL: provider.URL + "/login/oauth/authorize", TokenURL: provider.URL + "/login/oauth/access_token"},
		API:      provider.URL + "/api",
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	t.Cleanup(srv.Close)
	return srv
}

// site is the root domain's address, which the browser reaches the
// application at.
var site = "http://localhost:" + routes.Domains()[0].Port

// browser keeps the cookies of the application and follows no redirect,
// so that the test sees each. It connects to the application for site's
// host, and to the provider for its own.
type browser struct {
	t      *testing.T
	client *http.Client
}

func newBrowser(t *testing.T, app *httptest.Server) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	var dialer net.Dialer
	transport.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if addr == strings.TrimPrefix(site, "http://") {
			addr = app.Listener.Addr().String()
		}
		return dialer.DialContext(ctx, network, addr)
	}
	t.Cleanup(transport.CloseIdleConnections)
	return &browser{t, &http.Client{Transport: transport, Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// get requests target and requires status, and Location location when
// it is not "". It returns the Location and the body.
func (b *browser) get(target string, status int, location string) (string, string) {
	b.t.Helper()
	res, err := b.client.Get(target)
	if err != nil {
		b.t.Fatal(err)
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil {
		b.t.Fatal(err)
	}
	if res.StatusCode != status || location != "" && res.Header.Get("Location") != location {
		b.t.Fatalf("GET %s: %s, Location %q; want %d, Location %q\n%s", target, res.Status, res.Header.Get("Location"), status, location, body)
	}
	return res.Header.Get("Location"), string(body)
}

// toProvider follows the login route of github_auth to the provider, as
// login, and returns where the provider sends back to.
func (b *browser) toProvider(provider *httptest.Server, login string) *url.URL {
	b.t.Helper()
	to, _ := b.get(site+routes.URL.GithubAuthLoginAah(), http.StatusFound, "")
	authorize, err := url.Parse(to)
	if err != nil || !strings.HasPrefix(to, provider.URL+"/login/oauth/authorize?") {
		b.t.Fatalf("the login route sends to %q, not to the provider", to)
	}
	if got, want := authorize.Query().Get("redirect_uri"), site+routes.URL.GithubAuthRedirectAah(); got != want {
		b.t.Errorf("redirect_uri %q, want %q", got, want)
	}
	back, _ := b.get(to+"&login="+login, http.StatusFound, "")
	u, err := url.Parse(back)
	if err != nil {
		b.t.Fatal(err)
	}
	return u
}

// TestGitHubSignIn runs the sign-in of scheme github_auth against an
// authorization server of its own: the login route sends to the
// provider, which sends back with a code and the state; the redirect
// route exchanges the code, signs in the user the GitHub login is linked
// to and goes to url.success, the user's tasks, in the session the form
// scheme's pages read. A state serves once; a login linked to no user,
// or to a locked one, is refused.
func TestGitHubSignIn(t *testing.T) {
	provider := gitHubServer(t)
	app := gitHubApp(t, provider)

	bob := newBrowser(t, app)
	bob.get(site+routes.URL.MyTasks(), http.StatusFound, "/login.html?_rt=%2Fmy%2Ftasks.html")
	back := bob.toProvider(provider, "bob-on-github")
	bob.get(back.String(), http.StatusFound, routes.URL.MyTasks())
	if _, body := bob.get(site+routes.URL.MyTasks(), http.StatusOK, ""); !strings.Contains(body, "Tasks of bob@example.com") || !strings.Contains(body, "Renew the domain") {
		t.Errorf("bob's tasks after signing in with GitHub:\n%s", body)
	}
	// A state serves once.
	bob.get(back.String(), http.StatusUnauthorized, "")

	for _, login := range []string{"stranger", "cy-on-github"} {
		b := newBrowser(t, app)
		b.get(b.toProvider(provider, login).String(), http.StatusUnauthorized, "")
		b.get(site+routes.URL.MyTasks(), http.StatusFound, "/login.html?_rt=%2Fmy%2Ftasks.html")
	}
}

// TestGitHubForgedState: a redirect whose state is not the one the
// session was sent to the provider with is refused, even with a code the
// provider gave, and so is a redirect to a browser that never went to
// the provider (an attacker's own code and state, to sign the victim in
// as the attacker).
func TestGitHubForgedState(t *testing.T) {
	provider := gitHubServer(t)
	app := gitHubApp(t, provider)

	victim := newBrowser(t, app)
	back := victim.toProvider(provider, "bob-on-github")
	forged := back.Query()
	forged.Set("state", "forged")
	victim.get(site+back.Path+"?"+forged.Encode(), http.StatusUnauthorized, "")
	victim.get(site+routes.URL.MyTasks(), http.StatusFound, "/login.html?_rt=%2Fmy%2Ftasks.html")

	attacker := newBrowser(t, app)
	own := attacker.toProvider(provider, "bob-on-github")
	stranger := newBrowser(t, app)
	stranger.get(own.String(), http.StatusUnauthorized, "")
	stranger.get(site+routes.URL.MyTasks(), http.StatusFound, "/login.html?_rt=%2Fmy%2Ftasks.html")
	// The code was not spent: the attacker's own browser signs in with it.
	attacker.get(own.String(), http.StatusFound, routes.URL.MyTasks())
}
