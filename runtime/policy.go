package runtime

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
)

// Subject is who an authenticator recognised: authorization asks it for
// its roles and permissions.
type Subject interface {
	// HasRole reports whether the subject has the role: routes.conf's
	// hasrole, hasanyrole and hasallroles ask it of each role they name.
	HasRole(role string) bool
	// IsPermitted reports whether the subject holds the permission
	// ("users:manage:view"): ispermitted and ispermittedall ask it of each
	// permission they name. aahauth.Subject's holds it when one of its
	// permissions implies it, by aah's wildcard permissions.
	IsPermitted(permission string) bool
}

// Authenticator checks a request's credentials for one auth scheme of
// security.conf. It returns who sent the request, or an error when the
// credentials are missing or wrong: the router answers 401 then, with
// the scheme's challenge in WWW-Authenticate, which the error gives as a
// *ChallengeError ("Bearer" when it gives none).
type Authenticator func(ctx *Context) (Subject, error)

// ChallengeError is an authenticator's refusal with its scheme's
// challenge: on the route's 401, and on no other reply, the router sends
// WWW-Authenticate with the challenge of each scheme it asked (one, or
// every registered one for "authenticated"). Err is the cause.
type ChallengeError struct {
	Challenge string // `Basic realm="api"`, `Bearer`…
	Err       error  // the cause: why the credentials were refused
}

// Error is the cause's text, else the status text of a 401.
func (e *ChallengeError) Error() string {
	if e.Err == nil {
		return http.StatusText(http.StatusUnauthorized)
	}
	return e.Err.Error()
}

// Unwrap is the cause, Err, for errors.Is and errors.As.
func (e *ChallengeError) Unwrap() error { return e.Err }

// challengeOf is the challenge of an authenticator's refusal err; "" for
// none, which the decision challenges with "Bearer".
func challengeOf(err error) string {
	var ce *ChallengeError
	if errors.As(err, &ce) {
		return ce.Challenge
	}
	return ""
}

// Authorizer decides whether subject may use the matched route, given the
// route's authorization { }. The default asks the subject for the roles and
// permissions the route lists.
type Authorizer func(ctx *Context, subject Subject, a *Authorization) bool

// The auth values of routes.conf that name no scheme.
const (
	AuthAnonymous     = "anonymous"     // everyone, without an authenticator
	AuthAuthenticated = "authenticated" // whoever one of the registered authenticators recognises
)

// WithAuthenticator registers the authenticator of an auth scheme. Every
// scheme a route names needs one: NewRouter fails otherwise. With a
// security.conf, scheme must be one of its schemes; a scheme no route
// names is accepted, and routes of "authenticated" try its authenticator
// too. Once any authenticator is registered, routes without auth answer 403.
func WithAuthenticator(scheme string, a Authenticator) Option {
	return func(rt *Router) error {
		if scheme == "" || scheme == AuthAnonymous || scheme == AuthAuthenticated {
			return &ConfigError{Msg: fmt.Sprintf("WithAuthenticator: %q is not a scheme name", scheme)}
		}
		if a == nil {
			return &ConfigError{Msg: fmt.Sprintf("WithAuthenticator: nil authenticator for %q", scheme)}
		}
		if rt.authenticators == nil {
			rt.authenticators = map[string]Authenticator{}
		}
		rt.authenticators[scheme] = a
		return nil
	}
}

// WithAuthorizer replaces the default authorizer.
func WithAuthorizer(a Authorizer) Option {
	return func(rt *Router) error {
		if a == nil {
			return &ConfigError{Msg: "WithAuthorizer: nil authorizer"}
		}
		rt.authorizer = a
		return nil
	}
}

// WithTrustedOrigins lets cross-origin requests from these origins
// ("https://app.example.com") pass the anti-CSRF check.
func WithTrustedOrigins(origins ...string) Option {
	return func(rt *Router) error {
		for _, o := range origins {
			if err := rt.csrf.AddTrustedOrigin(o); err != nil {
				return &ConfigError{Msg: "WithTrustedOrigins: " + err.Error()}
			}
		}
		return nil
	}
}

// checkPolicies fails closed: every scheme a route names must have an
// authenticator, and every authenticator a scheme of security.conf.
func (rt *Router) checkPolicies() error {
	var problems []string
	for name := range rt.authenticators {
		if rt.table.AuthSchemes != nil && !slices.Contains(rt.table.AuthSchemes, name) {
			problems = append(problems, fmt.Sprintf("authenticator for %q, which is not an auth scheme of security.conf (%s)", name, strings.Join(rt.table.AuthSchemes, ", ")))
		}
	}
	for scheme := range rt.loginPages {
		if rt.authenticators[scheme] == nil {
			problems = append(problems, fmt.Sprintf("WithLoginPage: auth scheme %q has no authenticator (WithAuthenticator)", scheme))
		}
	}
	slices.Sort(problems) // the authenticators and login pages came from maps
	// Routes are grouped by their missing scheme, in table order: one
	// problem has one message, however many routes share it.
	var missing []string // schemes, "" standing for "authenticated"
	users := map[string][]string{}
	check := func(r *Route) {
		scheme := r.Auth
		switch {
		case scheme == "" || scheme == AuthAnonymous:
			return
		case scheme == AuthAuthenticated:
			if len(rt.authenticators) > 0 {
				return
			}
			scheme = ""
		case rt.authenticators[scheme] != nil:
			return
		}
		if users[scheme] == nil {
			missing = append(missing, scheme)
		}
		// The routes of one section with several methods share its name and position.
		if route := fmt.Sprintf("%q (%s)", r.Name, r.Pos); !slices.Contains(users[scheme], route) {
			users[scheme] = append(users[scheme], route)
		}
	}
	for i := range rt.table.Routes {
		if r := &rt.table.Routes[i]; !r.Static {
			check(r)
		}
	}
	for _, d := range rt.table.Domains {
		if d.CatchAll != nil {
			check(d.CatchAll)
		}
	}
	for _, scheme := range missing {
		routes, need := "route "+users[scheme][0], "needs"
		if len(users[scheme]) > 1 {
			routes, need = "routes "+strings.Join(users[scheme], ", "), "need"
		}
		if scheme == "" {
			problems = append(problems, fmt.Sprintf("no authenticator is registered (WithAuthenticator), but %s %s an authenticated user", routes, need))
		} else {
			problems = append(problems, fmt.Sprintf("auth scheme %q has no authenticator (WithAuthenticator), used by %s", scheme, routes))
		}
	}
	if len(problems) > 0 {
		return &ConfigError{Msg: strings.Join(problems, "; ")}
	}
	return nil
}

// DefaultAuthorizer checks the route's roles and permissions against the
// subject: with satisfy "either" one of the two lists must hold, with
// "both" both; a list holds when every check in it does (a.Allows).
func DefaultAuthorizer(_ *Context, s Subject, a *Authorization) bool {
	return a.Allows(s)
}

// wrapBody limits the body of ctx's request to limit bytes.
func (ctx *Context) wrapBody(limit int64) {
	r := ctx.Req.Request
	ctx.body = limitedBody{body: r.Body, left: limit, limit: limit}
	r.Body = &ctx.body
}

// limitedBody is http.MaxBytesReader kept in the pooled Context, so that a
// limited body costs no allocation: past the limit, reads fail with an
// *http.MaxBytesError, which the router answers with 413.
type limitedBody struct {
	body        io.ReadCloser
	left, limit int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more than allowed tells a body at the limit from one over it.
		var one [1]byte
		if n, _ := b.body.Read(one[:]); n == 0 {
			return 0, io.EOF
		}
		return 0, &http.MaxBytesError{Limit: b.limit}
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.body.Read(p)
	b.left -= int64(n)
	return n, err
}

func (b *limitedBody) Close() error { return b.body.Close() }
