// Package aahoauth2 is aah's oauth2 auth scheme for a routegen router: the
// three-legged sign-in with a provider by golang.org/x/oauth2, on the
// routes the scheme adds (<scheme>_login__aah and <scheme>_redirect__aah),
// ending in a session (runtime.WithSessions). The application turns the
// provider's token into who signed in, as aah's SubjectPrincipalProvider
// did.
//
// It is a package of its own so that an application without an oauth2
// scheme does not link golang.org/x/oauth2.
package aahoauth2

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/endpoints"

	"github.com/routegen/routegen/internal/oauth2provider"
	"github.com/routegen/routegen/runtime"
)

// The causes of the 401 of a redirect from the provider the scheme does
// not accept, and of a request to a route of the scheme that is not
// signed in.
var (
	ErrMissingStateOrCode = errors.New("aahoauth2: the provider's redirect has no state or no code")
	ErrInvalidState       = errors.New("aahoauth2: the state is not the one this session was sent with, or is older than 10 minutes")
	ErrExchange           = errors.New("aahoauth2: the provider did not exchange the code for a token")
	ErrNotSignedIn        = errors.New("aahoauth2: not signed in")
)

// stateTTL is how long a sign-in may take at the provider, as in aah.
const stateTTL = 10 * time.Minute

// Scheme is an auth scheme of scheme = "oauth2".
type Scheme struct {
	// Name is the scheme's key in security.conf ("github_auth"). Required.
	Name string
	// Config is the scheme's settings: the generated SignIn.OAuth2[Name].
	// Required.
	Config *runtime.OAuth2Config
	// Endpoint, when given, is the provider's instead of Config's
	// (Provider, or AuthURL and TokenURL).
	Endpoint *oauth2.Endpoint
	// HTTPClient makes the requests to the provider; nil is
	// http.DefaultClient.
	HTTPClient *http.Client
	// Subject turns the provider's token into who signed in: the principal
	// the session keeps (an email, an account ID), which the
	// runtime.SubjectLoader of WithSessions turns into the Subject of the
	// next requests, and the Subject of this one. client makes requests
	// to the provider with the token. Required.
	Subject func(ctx *runtime.Context, token *oauth2.Token, client *http.Client) (principal string, subject runtime.Subject, err error)
}

// Options returns the options that register the scheme with NewRouter:
// the actions of its login and redirect routes, and its authenticator,
// which answers 401 to a request to a route of the scheme that is not
// signed in (a signed-in session passes before it). The login route
// sends to the provider with a new state, kept in the session; the
// redirect route accepts only that state, exchanges the code for a
// token, starts the session of the subject under a new ID and redirects
// to url.success.
func (s Scheme) Options() ([]runtime.Option, error) {
	switch {
	case s.Name == "":
		return nil, errors.New("aahoauth2: Scheme needs its Name")
	case s.Config == nil:
		return nil, fmt.Errorf("aahoauth2: scheme %q needs its Config (the generated SignIn.OAuth2[%q])", s.Name, s.Name)
	case s.Subject == nil:
		return nil, fmt.Errorf("aahoauth2: scheme %q needs a Subject function", s.Name)
	}
	endpoint, err := s.endpoint()
	if err != nil {
		return nil, err
	}
	cfg := oauth2.Config{ClientID: s.Config.ClientID, ClientSecret: s.Config.ClientSecret, Scopes: s.Config.Scopes, Endpoint: endpoint}
	return []runtime.Option{
		runtime.WithAuthenticator(s.Name, func(*runtime.Context) (runtime.Subject, error) { return nil, ErrNotSignedIn }),
		runtime.WithSchemeRoute(s.Name, "login", func(ctx *runtime.Context) error { return s.login(ctx, cfg) }),
		runtime.WithSchemeRoute(s.Name, "redirect", func(ctx *runtime.Context) error { return s.redirect(ctx, cfg) }),
	}, nil
}

// endpoint is the provider's: Endpoint, the one x/oauth2 knows by
// Config.Provider, or Config's URLs.
func (s Scheme) endpoint() (oauth2.Endpoint, error) {
	switch c := s.Config; {
	case s.Endpoint != nil:
		return *s.Endpoint, nil
	case c.Provider != "" && c.AuthURL == "" && c.TokenURL == "":
		if e, ok := endpointOf(c.Provider); ok {
			return e, nil
		}
		return oauth2.Endpoint{}, fmt.Errorf("aahoauth2: scheme %q: provider %q is not one x/oauth2 knows; set client.provider.url.auth and .token", s.Name, c.Provider)
	case c.AuthURL != "" && c.TokenURL != "":
		return oauth2.Endpoint{AuthURL: c.AuthURL, TokenURL: c.TokenURL}, nil
	}
	return oauth2.Endpoint{}, fmt.Errorf("aahoauth2: scheme %q needs client.provider.name, or client.provider.url.auth and .token", s.Name)
}

// stateKey is the session value of the state of the scheme's sign-in
// under way.
func (s Scheme) stateKey() string { return "aahoauth2.state." + s.Name }

func (s Scheme) login(ctx *runtime.Context, cfg oauth2.Config) error {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	state := base64.RawURLEncoding.EncodeToString(b[:])
	if ctx.Session() == nil {
		if err := ctx.SaveSession(); err != nil {
			return err
		}
	}
	session := ctx.Session()
	if session.Values == nil {
		session.Values = map[string]string{}
	}
	session.Values[s.stateKey()] = state + " " + strconv.FormatInt(time.Now().Unix(), 10)
	if err := ctx.SaveSession(); err != nil {
		return err
	}
	cfg.RedirectURL = redirectURL(ctx, s.Config.Redirect)
	ctx.Redirect(cfg.AuthCodeURL(state), http.StatusFound)
	return nil
}

func (s Scheme) redirect(ctx *runtime.Context, cfg oauth2.Config) error {
	state, code := ctx.Req.QueryValue("state"), ctx.Req.QueryValue("code")
	var sent string
	if session := ctx.Session(); session != nil && session.Values[s.stateKey()] != "" {
		sent = session.Values[s.stateKey()]
		// One state, one redirect.
		delete(session.Values, s.stateKey())
		if err := ctx.SaveSession(); err != nil {
			return err
		}
	}
	switch {
	case state == "" || code == "":
		return &runtime.Error{Status: http.StatusUnauthorized, Err: ErrMissingStateOrCode}
	case !stateHolds(sent, state):
		return &runtime.Error{Status: http.StatusUnauthorized, Err: ErrInvalidState}
	}
	cfg.RedirectURL = redirectURL(ctx, s.Config.Redirect)
	exchange := ctx.Req.Context()
	if s.HTTPClient != nil {
		exchange = context.WithValue(exchange, oauth2.HTTPClient, s.HTTPClient)
	}
	token, err := cfg.Exchange(exchange, code)
	if err != nil {
		return &runtime.Error{Status: http.StatusUnauthorized, Err: errors.Join(ErrExchange, err)}
	}
	principal, subject, err := s.Subject(ctx, token, cfg.Client(exchange, token))
	if err != nil || principal == "" || subject == nil {
		return &runtime.Error{Status: http.StatusUnauthorized, Err: errors.Join(errors.New("aahoauth2: the token identifies no one"), err)}
	}
	if err := ctx.SignIn(s.Name, principal, subject); err != nil {
		return err
	}
	ctx.Redirect(ctx.MountPath()+s.Config.Success, http.StatusFound)
	return nil
}

// stateHolds reports whether state is the one sent, "STATE UNIX-TIME",
// not older than stateTTL.
func stateHolds(sent, state string) bool {
	want, at, ok := strings.Cut(sent, " ")
	if !ok || subtle.ConstantTimeCompare([]byte(want), []byte(state)) != 1 {
		return false
	}
	unix, err := strconv.ParseInt(at, 10, 64)
	return err == nil && time.Since(time.Unix(unix, 0)) <= stateTTL
}

// redirectURL is the absolute URL of the redirect route, on the host of
// the request, as aah made it.
func redirectURL(ctx *runtime.Context, path string) string {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path
	}
	scheme := "http"
	if ctx.Req.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + ctx.Req.Host + ctx.MountPath() + path
}

// endpointOf is the endpoint of a provider aah knew by name.
func endpointOf(name string) (oauth2.Endpoint, bool) {
	if tenant, ok := strings.CutPrefix(name, oauth2provider.AzurePrefix); ok && tenant != "" {
		return endpoints.AzureAD(tenant), true
	}
	e, ok := providers[name]
	return e, ok
}

// providers are the endpoints of oauth2provider.Names.
var providers = map[string]oauth2.Endpoint{
	"amazon": endpoints.Amazon, "bitbucket": endpoints.Bitbucket, "cern": endpoints.Cern,
	"facebook": endpoints.Facebook, "fitbit": endpoints.Fitbit, "foursquare": endpoints.Foursquare,
	"github": endpoints.GitHub, "gitlab": endpoints.GitLab, "google": endpoints.Google,
	"heroku": endpoints.Heroku, "hipchat": endpoints.HipChat, "kakao": endpoints.KaKao,
	"linkedin": endpoints.LinkedIn, "mailchimp": endpoints.Mailchimp, "mailru": endpoints.Mailru,
	"mediamath": endpoints.MediaMath, "microsoft": endpoints.Microsoft, "odnoklassniki": endpoints.Odnoklassniki,
	"paypal": endpoints.PayPal, "slack": endpoints.Slack, "spotify": endpoints.Spotify,
	"twitch": endpoints.Twitch, "uber": endpoints.Uber, "vk": endpoints.Vk,
	"yahoo": endpoints.Yahoo, "yandex": endpoints.Yandex,
}
