package runtime

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
)

// Router is the http.Handler of a generated package: it executes the
// decision it makes of each request, the one routegen match shows,
// calling the authenticators, the middleware and the route's action
// (through the generated dispatcher) where the decision says so.
type Router struct {
	table    *table
	hosts    *core.HostTable
	decide   *decide.Table
	dispatch dispatcher
	pool     sync.Pool

	// shown is the router's copy of the table, which Context.Route and
	// its middleware hand the program, made on first use: a write to it
	// reaches no other router, and no decision of this one.
	shownOnce sync.Once
	shown     *routeSet

	errorHandler   func(ctx *Context, err error)
	static         fs.FS
	staticRoots    map[string]fs.FS // by static route's folder: the files it serves
	staticDotfiles bool
	trustProxies   bool
	hostOverrides  map[string]core.HostPort
	defaultDomain  string
	basePath       string
	middleware     []Middleware

	authenticators map[string]Authenticator
	sessions       *sessions                  // nil without WithSessions
	postAuth       PostAuth                   // WithPostAuth's, for sessions
	sessionStore   SessionStore               // WithSessionStore's, for sessions
	schemeActions  map[[2]string]SchemeAction // by scheme and action
	schemeOrder    []string                   // the registered schemes, sorted: "authenticated" tries them in turn
	loginPages     map[string]string          // by scheme: WithLoginPage's
	authorizer     Authorizer
	csrf           *http.CrossOriginProtection
	serving        []serving // by route index, catch-alls after the routes: how the router serves it
}

// serving is what the router worked out for one route when it was built,
// kept together to be read at once per request.
type serving struct {
	route   *Route         // a route, or past them a catch-all, as the table holds it
	authz   *Authorization // the router's copy of route's, for its authorizer
	pattern string         // the route in http.ServeMux's pattern syntax, for r.Pattern
	chain   http.Handler   // the route's middleware chain; nil without one
}

// Option configures a Router.
type Option func(*Router) error

// WithStaticFS sets the file system static routes serve from (an embed.FS
// works). The default is the working folder on disk. When fsys reads
// symbolic links (fs.ReadLinkFS, as os.DirFS does), a link is followed only
// to a name inside the route's folder, and not to a dot name.
func WithStaticFS(fsys fs.FS) Option {
	return func(rt *Router) error {
		if isNil(fsys) {
			return &ConfigError{Msg: "WithStaticFS: nil file system"}
		}
		rt.static = fsys
		return nil
	}
}

// WithStaticDotfiles lets static routes serve and list files and folders
// whose names start with "." (".env", ".git/"), which they refuse by default.
func WithStaticDotfiles() Option {
	return func(rt *Router) error { rt.staticDotfiles = true; return nil }
}

// WithDefaultDomain serves a request whose Host matches no domain by the
// domain of key, instead of answering 404. It makes the router answer
// under any host: behind a proxy that rewrites Host, or in tests at
// httptest.NewServer's 127.0.0.1.
func WithDefaultDomain(key string) Option {
	return func(rt *Router) error {
		if !rt.table.hasDomain(key) {
			return &ConfigError{Msg: fmt.Sprintf("WithDefaultDomain: no domain %q in routes.conf (domains: %s)", key, rt.table.domainKeys())}
		}
		rt.defaultDomain = key
		return nil
	}
}

// WithBasePath tells the router it is mounted under prefix ("/svc"), as
// with http.StripPrefix("/svc", router), so that its redirects keep it.
// Without it, the router finds a prefix that a handler in front stripped
// by comparing the request line's path with the URL's.
func WithBasePath(prefix string) Option {
	return func(rt *Router) error {
		// Browsers drop tabs and newlines from a URL: "/\t/evil.com" is "//evil.com".
		if !strings.HasPrefix(prefix, "/") || strings.HasPrefix(prefix, "//") || strings.ContainsAny(prefix, "?#\\") ||
			strings.ContainsFunc(prefix, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			return &ConfigError{Msg: fmt.Sprintf(`WithBasePath: %q must start with one "/" and hold no "?", "#", "\", space or control character`, prefix)}
		}
		rt.basePath = strings.TrimSuffix(prefix, "/")
		return nil
	}
}

// WithHost serves domain key at host and port instead of what routes.conf
// (or its $NAME) says; port "" is the scheme's default port.
func WithHost(domainKey, host, port string) Option {
	return func(rt *Router) error {
		if !rt.table.hasDomain(domainKey) {
			return &ConfigError{Msg: fmt.Sprintf("WithHost: no domain %q in routes.conf (domains: %s)", domainKey, rt.table.domainKeys())}
		}
		if rt.hostOverrides == nil {
			rt.hostOverrides = map[string]core.HostPort{}
		}
		rt.hostOverrides[domainKey] = core.HostPort{Host: host, Port: port}
		return nil
	}
}

// WithTrustedProxies makes the router take the host from X-Forwarded-Host
// when a request has it, and a request whose X-Forwarded-Proto is https
// as one that came over HTTPS (security.conf's Strict-Transport-Security
// goes on its response). Only set it behind a proxy that sets these
// headers.
func WithTrustedProxies() Option {
	return func(rt *Router) error { rt.trustProxies = true; return nil }
}

// newRouterOf builds the router of a generated table; generated packages
// call it from their own NewRouter. It reports every problem of the
// options, the policies and the hosts at once, one a line.
func newRouterOf(t *table, dispatch dispatcher, opts []Option) (*Router, error) {
	rt := &Router{table: t, dispatch: dispatch, authorizer: DefaultAuthorizer, csrf: http.NewCrossOriginProtection()}
	rt.pool.New = func() any { return newContext(rt) }
	var errs []error
	for i, opt := range opts {
		if opt == nil {
			errs = append(errs, &ConfigError{Msg: fmt.Sprintf("NewRouter: option %d is nil", i+1)})
			continue
		}
		if err := opt(rt); err != nil {
			errs = append(errs, err)
		}
	}
	if err := rt.checkPolicies(); err != nil {
		errs = append(errs, err)
	}
	if err := rt.setSchemeActions(); err != nil {
		errs = append(errs, err)
	}
	if err := rt.setSessionStore(); err != nil {
		errs = append(errs, err)
	}
	rt.schemeOrder = slices.Sorted(maps.Keys(rt.authenticators))
	rt.serving = make([]serving, len(t.Routes)+len(t.CatchAlls))
	authz := map[*Authorization]*Authorization{}
	for i := range rt.serving {
		s := &rt.serving[i]
		s.route = t.set().routeAt(i)
		if a := s.route.Authorization; a != nil {
			if authz[a] == nil {
				authz[a] = cloneAuthorization(a)
			}
			s.authz = authz[a]
		}
	}
	hosts, err := t.newHosts(rt.hostOverrides)
	if err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for i, d := range t.Domains {
		if d.Key == rt.defaultDomain {
			hosts.SetFallback(i)
		}
	}
	rt.hosts = hosts
	rt.setPatterns()
	if err := rt.setMiddlewareChains(); err != nil {
		return nil, err
	}
	rt.decide = decide.NewTable(t.core, decide.Config{
		Policies:       rt.policies(),
		AuthSchemes:    t.AuthSchemes,
		Authenticators: rt.schemeOrder,
		LoginPages:     rt.loginPages,
		CSRF:           rt.csrf,
		TrustProxies:   rt.trustProxies,
		BasePath:       rt.basePath,
		Hosts:          hosts,
		SecureHeaders:  t.SecureHeaders,
	})
	if err := rt.openStatic(); err != nil {
		return nil, err
	}
	return rt, nil
}

func (t *table) hasDomain(key string) bool {
	for _, d := range t.Domains {
		if d.Key == key {
			return true
		}
	}
	return false
}

// domainKeys lists the keys of the domains, for a message that names one
// there is not.
func (t *table) domainKeys() string {
	keys := make([]string, len(t.Domains))
	for i, d := range t.Domains {
		keys[i] = d.Key
	}
	return strings.Join(keys, ", ")
}

// Lookup is the generated Lookup with this router's hosts.
func (rt *Router) Lookup(m *Match, method, host, path string) {
	rt.table.Lookup(m, rt.hosts, method, host, path)
}

// ServeHTTP answers a request. For a matched route it allocates nothing
// itself: contexts are pooled.
func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := rt.pool.Get().(*Context)
	ctx.reset(w, r)
	if rt.sessions != nil {
		rt.sessions.load(ctx)
	}
	// Most requests: the route's action. The rest take another call.
	if kind := rt.decide.Decide(&ctx.decision, r); kind == decide.Action {
		route := ctx.match.Params.m.Outcome.Route // read once: enter's stores might alias it
		rt.enterRoute(ctx, r, route)
		if err := rt.dispatch.Dispatch(ctx, route); err != nil {
			rt.handleError(ctx, err)
		}
	} else {
		// LimitedAction limits the body itself, and middleware in the
		// Context it detaches.
		if kind != decide.LimitedAction && kind != decide.Middleware && r.ContentLength != 0 {
			rt.limitBody(ctx)
		}
		rt.execute(ctx, r, kind)
		if ctx.body.body != nil { // the caller's body, which the decision's limit wrapped
			r.Body = ctx.body.body
			ctx.body = limitedBody{}
		}
	}
	ctx.release()
	rt.pool.Put(ctx)
}

// limitBody holds the body of a request the decision did not send to its
// action straight (middleware, a refusal whose error handler may read it,
// a reply) to the limit of its route, as an action's is, or to the
// application's when no route matched: middleware and error handlers read
// no more of it than an action could.
func (rt *Router) limitBody(ctx *Context) {
	limit := rt.table.MaxBodySize
	if o := &ctx.match.Params.m.Outcome; o.Route >= 0 {
		limit = rt.decide.BodyLimit(o.Route, ctx.Req.Request.Method)
	}
	if limit > 0 {
		ctx.wrapBody(limit)
	}
}

// execute does what the decision of ctx's request says: call the action
// (at the end of a middleware chain), the middleware or the static file
// server of the matched route, or answer without one.
func (rt *Router) execute(ctx *Context, r *http.Request, kind decide.Kind) {
	switch kind {
	case decide.Action, decide.LimitedAction:
		ctx.enter(r)
		if kind == decide.LimitedAction && ctx.body.body == nil { // not yet limited before a middleware chain
			ctx.wrapBody(ctx.decision.LimitBody)
		}
		if err := rt.dispatch.Dispatch(ctx, ctx.match.Params.m.Outcome.Route); err != nil {
			rt.handleError(ctx, err)
		}
	case decide.Middleware:
		ctx.enter(r)
		rt.serveMiddleware(ctx, r, rt.serving[ctx.match.Params.m.Outcome.Route].chain)
	case decide.Static:
		ctx.enter(r)
		rt.serveStatic(ctx)
	case decide.Reply:
		h, d := ctx.Res.Header(), &ctx.decision
		switch d.Status {
		case http.StatusMovedPermanently, http.StatusPermanentRedirect:
			h.Set("Location", d.Location)
		case http.StatusFound: // to a login page: the scheme refused the request
			h.Set("Location", d.Location)
			ctx.authErr = nil
		case http.StatusNoContent:
			if d.Allow != "" { // not a CORS preflight
				h["Allow"] = allowValue(d.Allow)
			}
		}
		ctx.Res.WriteHeader(d.Status)
	default:
		o := &ctx.match.Params.m.Outcome
		switch {
		case o.Route < 0 && ctx.decision.Status == http.StatusNotFound:
			rt.notFound(ctx, o.Domain < 0)
			return
		case ctx.decision.Status == http.StatusMethodNotAllowed:
			rt.methodNotAllowed(ctx, ctx.decision.Allow)
			return
		case o.Route >= 0: // refused after its route matched
			ctx.enter(r)
		}
		rt.fail(ctx, rt.refusal(ctx))
		// The causes are the request's: the pooled context lets go of them.
		ctx.authErr, ctx.decision.Err = nil, nil
	}
}

// enter records the matched route's pattern in r, for the application
// code the decision calls; ctx reads its route from the match.
func (ctx *Context) enter(r *http.Request) {
	ctx.router.enterRoute(ctx, r, ctx.match.Params.m.Outcome.Route)
}

func (rt *Router) enterRoute(ctx *Context, r *http.Request, route int) {
	s := &rt.serving[route]
	r.Pattern = s.pattern
}

// application is a Context as the decision sees it: the authenticators
// and the authorizer it calls.
type application Context

func (a *application) SignedIn() bool {
	ctx := (*Context)(a)
	ctx.enter(ctx.request.Request)
	return ctx.sessionSubject
}

func (a *application) Authenticate(scheme string) (bool, string) {
	ctx := (*Context)(a)
	s, err := ctx.router.authenticators[scheme](ctx)
	if err == nil && s != nil {
		ctx.subject = s
		return true, ""
	}
	ctx.authErr = err
	return false, challengeOf(err)
}

// Authorize hands the authorizer the router's copy of the route's
// authorization { }, which the decision's, authz, was converted from.
func (a *application) Authorize(*decide.Authorization) bool {
	ctx := (*Context)(a)
	return ctx.subject != nil && ctx.router.authorizer(ctx, ctx.subject, ctx.router.serving[ctx.match.Params.m.Outcome.Route].authz)
}

func (a *application) Subject() decide.Subject { return a.subject }

func (a *application) Writer() http.ResponseWriter { return a.Res }

// refusal is the *Error of the refusal ctx's decision made.
func (rt *Router) refusal(ctx *Context) *Error {
	d := &ctx.decision
	e := &Error{Status: d.Status, Msg: d.Reason, Err: d.Err}
	switch d.Status {
	case http.StatusMethodNotAllowed:
		e.Allow = d.Allow
	case http.StatusUnauthorized:
		e.Err, e.Challenges = ctx.authErr, slices.Clone(d.Challenges)
	case http.StatusBadRequest:
		if route := ctx.route(); d.Param >= 0 && route != nil {
			e.Param, e.Value = route.Params[d.Param], ctx.match.Params.Value(d.Param)
			if d.Param < len(route.Constraints) {
				e.Constraint = route.Constraints[d.Param]
			}
		}
	}
	return e
}

// policies are what the decision applies to each route: the routes', then
// the catch-alls'.
func (rt *Router) policies() []decide.Policy {
	converted := map[*Authorization]*decide.Authorization{}
	authorizationOf := func(a *Authorization) *decide.Authorization {
		if a != nil && converted[a] == nil {
			checks := func(list []Check) []decide.Check {
				out := make([]decide.Check, len(list))
				for i, c := range list {
					out[i] = decide.Check(c)
				}
				return out
			}
			converted[a] = &decide.Authorization{SatisfyBoth: a.SatisfyBoth, Roles: checks(a.Roles), Permissions: checks(a.Permissions)}
		}
		return converted[a]
	}
	policyOf := func(i int) decide.Policy {
		s := &rt.serving[i]
		r := s.route
		return decide.Policy{Method: r.Method, Auth: r.Auth, Authorization: authorizationOf(s.authz), AntiCSRF: r.AntiCSRFCheck,
			MaxBodySize: r.MaxBodySize, CORS: (*decide.CORS)(r.CORS), Static: r.Static, List: r.List, Middleware: s.chain != nil}
	}
	routes := len(rt.table.Routes)
	return decide.PoliciesOf(routes, policyOf, len(rt.table.Domains), func(d int) (decide.Policy, bool) {
		if rt.table.Domains[d].CatchAll == nil {
			return decide.Policy{}, false
		}
		return policyOf(core.CatchAllRoute(routes, d)), true
	})
}

// isNil reports a nil interface, or one that holds a nil pointer, func,
// map, channel or slice: a typed nil such as (*embed.FS)(nil) or
// http.HandlerFunc(nil), which would panic on the first request.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch rv := reflect.ValueOf(v); rv.Kind() {
	case reflect.Pointer, reflect.Func, reflect.Map, reflect.Chan, reflect.Slice, reflect.Interface:
		return rv.IsNil()
	}
	return false
}

// shownAt is the router's copy of route (or catch-all) i.
func (rt *Router) shownAt(i int) *Route {
	rt.shownOnce.Do(func() { rt.shown = rt.table.set().clone() })
	return rt.shown.routeAt(i)
}
