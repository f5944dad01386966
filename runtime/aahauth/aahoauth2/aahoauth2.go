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
	"sync"
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
	ErrInvalidState       = errors.New("aahoauth2: the state is not the one this session was sent with, is older than 10 minutes, or was used already")
	ErrExchange           = errors.New("aahoauth2: the provider did not exchange the code for a token")
	ErrNotSignedIn        = errors.New("aahoauth2: not signed in")
)

// stateTTL is how long a sign-in may take at the provider, as in aah.
const stateTTL = 10 * time.Minute

// usedStatesMax is how many used states a scheme remembers at most, each
// until it expires: about 10 MB when full.
const usedStatesMax = 1 << 16

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
// sends to the provider with a new state and a PKCE code challenge
// (S256, RFC 7636), the state and the challenge's verifier kept in the
// session; the redirect route accepts only that state, once and within
// 10 minutes, exchanges the code for a token with the verifier (a code
// sent for another browser's challenge is refused by the provider),
// starts the session of the subject under a new ID and redirects to
// url.success. A state is used once even when the cookie of the session
// from before the redirect is sent again: the scheme remembers the
// states used in the last 10 minutes, the latest 65,536 of them, in the
// process (each instance of a service behind a load balancer its own).
// The redirect_uri is the url.redirect path at the domain's origin
// (runtime.Context.Origin), never at the request's Host; an absolute
// url.redirect is used as written.
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
	used := &usedStates{max: usedStatesMax}
	return []runtime.Option{
		runtime.WithAuthenticator(s.Name, func(*runtime.Context) (runtime.Subject, error) { return nil, ErrNotSignedIn }),
		runtime.WithSchemeRoute(s.Name, "login", func(ctx *runtime.Context) error { return s.login(ctx, cfg) }),
		runtime.WithSchemeRoute(s.Name, "redirect", func(ctx *runtime.Context) error { return s.redirect(ctx, cfg, used) }),
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

// stateKey is the session value of the sign-in under way: "STATE
// UNIX-TIME VERIFIER", its state, when it was sent and its PKCE
// verifier.
func (s Scheme) stateKey() string { return "aahoauth2.state." + s.Name }

func (s Scheme) login(ctx *runtime.Context, cfg oauth2.Config) error {
	redirect, err := redirectURL(ctx, s.Config.Redirect)
	if err != nil {
		return err
	}
	cfg.RedirectURL = redirect
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
	verifier := oauth2.GenerateVerifier()
	session.Values[s.stateKey()] = state + " " + strconv.FormatInt(time.Now().Unix(), 10) + " " + verifier
	if err := ctx.SaveSession(); err != nil {
		return err
	}
	ctx.Redirect(cfg.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier)), http.StatusFound)
	return nil
}

func (s Scheme) redirect(ctx *runtime.Context, cfg oauth2.Config, used *usedStates) error {
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
	if state == "" || code == "" {
		return &runtime.Error{Status: http.StatusUnauthorized, Err: ErrMissingStateOrCode}
	}
	verifier, sentAt, ok := stateHolds(sent, state)
	// Used before the exchange: a replayed cookie cannot retry a state.
	if !ok || !used.use(state, sentAt) {
		return &runtime.Error{Status: http.StatusUnauthorized, Err: ErrInvalidState}
	}
	var err error
	if cfg.RedirectURL, err = redirectURL(ctx, s.Config.Redirect); err != nil {
		return err
	}
	exchange := ctx.Req.Context()
	if s.HTTPClient != nil {
		exchange = context.WithValue(exchange, oauth2.HTTPClient, s.HTTPClient)
	}
	token, err := cfg.Exchange(exchange, code, oauth2.VerifierOption(verifier))
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

// stateHolds reports whether state is the one sent, "STATE UNIX-TIME
// VERIFIER", not older than stateTTL, and returns its PKCE verifier and
// when it was sent.
func stateHolds(sent, state string) (verifier string, at time.Time, ok bool) {
	parts := strings.SplitN(sent, " ", 3)
	if len(parts) != 3 || subtle.ConstantTimeCompare([]byte(parts[0]), []byte(state)) != 1 {
		return "", time.Time{}, false
	}
	unix, err := strconv.ParseInt(parts[1], 10, 64)
	at = time.Unix(unix, 0)
	return parts[2], at, err == nil && time.Since(at) <= stateTTL
}

// usedStates are the states a scheme's redirect route accepted, until
// they expire (stateTTL after they were sent), at most max of them: the
// oldest is forgotten to make room for a new one.
type usedStates struct {
	mu    sync.Mutex
	max   int
	seen  map[string]struct{}
	order []usedState // oldest first
}

type usedState struct {
	state string
	sent  time.Time
}

// use records state, sent at sent, as used, and reports whether it was
// not already.
func (u *usedStates) use(state string, sent time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.seen == nil {
		u.seen = map[string]struct{}{}
	}
	drop := 0
	for drop < len(u.order) && (len(u.order)-drop >= u.max || time.Since(u.order[drop].sent) > stateTTL) {
		delete(u.seen, u.order[drop].state)
		drop++
	}
	u.order = u.order[drop:]
	if _, ok := u.seen[state]; ok {
		return false
	}
	u.seen[state] = struct{}{}
	u.order = append(u.order, usedState{state, sent})
	return true
}

// redirectURL is the absolute URL of the redirect route: path at the
// origin of the request's domain (runtime.Context.Origin), under the
// router's mount path, or path itself when it is absolute.
func redirectURL(ctx *runtime.Context, path string) (string, error) {
	if strings.HasPrefix(path, "http://") || strings.HasPrefix(path, "https://") {
		return path, nil
	}
	origin, err := ctx.Origin()
	if err != nil {
		return "", fmt.Errorf("aahoauth2: the redirect_uri of %s: %w", path, err)
	}
	return origin + ctx.MountPath() + path, nil
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
