package golden_test

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"golang.org/x/oauth2"

	social "github.com/routegen/routegen/golden/aah_examples_oauth2_social_login_routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/aahauth/aahoauth2"
)

// socialApp is aah's oauth2-social-login example's controller.
type socialApp struct{}

func (socialApp) Index(ctx *runtime.Context) error {
	_, err := fmt.Fprintf(ctx.Res, "Index subject=%v", ctx.Subject())
	return err
}

func (socialApp) Success(ctx *runtime.Context) error {
	_, err := fmt.Fprintf(ctx.Res, "Success subject=%v", ctx.Subject())
	return err
}

func (socialApp) Logout(ctx *runtime.Context) error {
	ctx.SignOut()
	http.Redirect(ctx.Res, ctx.Req.Request, "/", http.StatusFound)
	return nil
}

// authServer is an OAuth2 authorization server of each provider: its
// authorization endpoint approves at once, redirecting back with a code;
// its token endpoint exchanges a code it gave, once, for a token of the
// user, given the PKCE verifier of the code's S256 challenge (RFC 7636);
// /user answers who the token is of.
type authServer struct {
	*httptest.Server
	mu    sync.Mutex
	codes map[string]authCode
}

// authCode is what a code was given for.
type authCode struct{ redirect, challenge string }

func newAuthServer(t *testing.T) *authServer {
	a := &authServer{codes: map[string]authCode{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{provider}/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" {
			http.Error(w, "PKCE S256 is required", http.StatusBadRequest)
			return
		}
		code := "code-" + r.PathValue("provider") + "-" + rand.Text()
		a.mu.Lock()
		a.codes[code] = authCode{q.Get("redirect_uri"), q.Get("code_challenge")}
		a.mu.Unlock()
		http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {code}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
	})
	mux.HandleFunc("POST /{provider}/token", func(w http.ResponseWriter, r *http.Request) {
		code := r.PostFormValue("code")
		a.mu.Lock()
		given, ok := a.codes[code]
		delete(a.codes, code)
		a.mu.Unlock()
		verifier := sha256.Sum256([]byte(r.PostFormValue("code_verifier")))
		if !ok || given.redirect != r.PostFormValue("redirect_uri") || base64.RawURLEncoding.EncodeToString(verifier[:]) != given.challenge {
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"access_token":"token-of-octocat-at-%s","token_type":"bearer"}`, r.PathValue("provider"))
	})
	mux.HandleFunc("GET /{provider}/user", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer token-of-octocat-at-"+r.PathValue("provider") {
			http.Error(w, "no", http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{"login":"octocat"}`)
	})
	a.Server = httptest.NewServer(mux)
	t.Cleanup(a.Close)
	return a
}

// socialUser is who signed in with a provider; it prints as
// login@provider.
type socialUser struct {
	*aahauth.Subject
	principal string
}

func (u socialUser) String() string { return u.principal }

func socialSubject(principal string) (runtime.Subject, error) {
	subject, err := aahauth.NewSubject([]string{"user"})
	return socialUser{subject, principal}, err
}

// socialExample serves aah's oauth2-social-login example, its routes.conf
// and security.conf unchanged, each of its three schemes at the
// authorization server's endpoints of its provider, its domain at the
// test server's address (WithHost), with options extra.
func socialExample(t *testing.T, provider *authServer, extra ...runtime.Option) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	opts := append([]runtime.Option{runtime.WithHost("oauth2_social_login", host, port)}, extra...)
	for name, cfg := range social.SignIn.OAuth2 {
		scheme := aahoauth2.Scheme{
			Name:     name,
			Config:   cfg,
			Endpoint: &oauth2.Endpoint{AuthURL: provider.URL + "/" + cfg.Provider + "/authorize", TokenURL: provider.URL + "/" + cfg.Provider + "/token"},
			Subject: func(_ *runtime.Context, _ *oauth2.Token, client *http.Client) (string, runtime.Subject, error) {
				res, err := client.Get(provider.URL + "/" + cfg.Provider + "/user")
				if err != nil {
					return "", nil, err
				}
				defer res.Body.Close()
				var user struct{ Login string }
				if err := json.NewDecoder(res.Body).Decode(&user); err != nil {
					return "", nil, err
				}
				principal := user.Login + "@" + cfg.Provider
				subject, err := socialSubject(principal)
				return principal, subject, err
			},
		}
		o, err := scheme.Options()
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, o...)
	}
	codec, err := aahauth.SessionCodec(*social.SignIn.Session)
	if err != nil {
		t.Fatal(err)
	}
	load := func(_ *runtime.Context, _, principal string) (runtime.Subject, error) {
		return socialSubject(principal)
	}
	opts = append(opts, runtime.WithSessions(*social.SignIn.Session, codec, load), runtime.WithDefaultDomain("oauth2_social_login"))
	router, err := social.NewRouter(socialApp{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = router
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

// visit has b follow a Location of another server, as a browser does.
func (b *browser) visit(location string) string {
	b.t.Helper()
	res, err := b.client.Get(location)
	if err != nil {
		b.t.Fatal(err)
	}
	res.Body.Close()
	return res.Header.Get("Location")
}

// TestAahOAuth2Port runs the documented flow of aah's
// oauth2-social-login example: the login route sends to the provider,
// which redirects back with a code; the redirect route exchanges it and
// signs the user in, then goes to url.success; a state the session was
// not sent with is refused, and so is a state used once already.
func TestAahOAuth2Port(t *testing.T) {
	provider := newAuthServer(t)
	srv := socialExample(t, provider)
	b := newBrowser(t, srv)

	b.expect("GET", "/success.html", nil, "none", http.StatusUnauthorized, "", "")
	_, toProvider, _ := b.do("GET", social.URL.GithubAuthLoginAah(), nil, "same-origin")
	u, err := url.Parse(toProvider)
	if err != nil || !strings.HasPrefix(toProvider, provider.URL+"/github/authorize?") {
		t.Fatalf("the login route redirects to %q", toProvider)
	}
	if got, want := u.Query().Get("redirect_uri"), srv.URL+"/github-auth/callback"; got != want {
		t.Errorf("redirect_uri %q, want %q", got, want)
	}
	back := b.visit(toProvider)
	callback := strings.TrimPrefix(back, srv.URL)
	// The provider's redirect is a cross-site navigation.
	b.expect("GET", callback, nil, "cross-site", http.StatusFound, "/success.html", "")
	b.expect("GET", "/success.html", nil, "same-origin", http.StatusOK, "", "Success subject=octocat@github")
	b.expect("GET", "/", nil, "same-origin", http.StatusOK, "", "Index subject=octocat@github")
	// A state serves once.
	b.expect("GET", callback, nil, "cross-site", http.StatusUnauthorized, "", "")

	b.expect("POST", "/logout", nil, "same-origin", http.StatusFound, "/", "")
	b.expect("GET", "/success.html", nil, "same-origin", http.StatusUnauthorized, "", "")

	// Google's scopes reach the provider.
	_, toGoogle, _ := b.do("GET", social.URL.GoogleAuthLoginAah(), nil, "same-origin")
	if g, _ := url.Parse(toGoogle); g == nil || g.Query().Get("scope") != "profile email" {
		t.Errorf("the google login redirects to %q, without its scopes", toGoogle)
	}
}

// TestAahOAuth2ForgedState: a redirect whose state is not the one the
// session was sent to the provider with is refused, even with a code the
// provider gave; so is one without a session that went to the provider.
func TestAahOAuth2ForgedState(t *testing.T) {
	provider := newAuthServer(t)
	srv := socialExample(t, provider)

	victim := newBrowser(t, srv)
	_, toProvider, _ := victim.do("GET", "/github-auth/login", nil, "same-origin")
	back, _ := url.Parse(victim.visit(toProvider))
	forged := back.Query()
	forged.Set("state", "forged")
	victim.expect("GET", back.Path+"?"+forged.Encode(), nil, "cross-site", http.StatusUnauthorized, "", "")

	// An attacker's own code and state, sent to a browser that never went to the provider.
	stranger := newBrowser(t, srv)
	stranger.expect("GET", back.Path+"?"+back.RawQuery, nil, "cross-site", http.StatusUnauthorized, "", "")
	victim.expect("GET", "/success.html", nil, "same-origin", http.StatusUnauthorized, "", "")
}
