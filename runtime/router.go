package runtime

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/rs/cors"

	"github.com/routegen/routegen/internal/core"
)

// Router is the http.Handler of a generated package: Lookup, then the
// route's action through the generated dispatcher.
type Router struct {
	table    *table
	hosts    *core.HostTable
	dispatch dispatcher
	pool     sync.Pool

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
	schemeOrder    []string // the registered schemes, sorted: "authenticated" tries them in turn
	authorizer     Authorizer
	csrf           *http.CrossOriginProtection
	cors           map[*CORS]*cors.Cors
	webSockets     bool      // the table has WebSocket routes: upgrades are looked for
	readsHost      bool      // the domain of a request depends on its host: not one domain that serves every host
	serving        []serving // by route index, catch-alls after the routes: how the router serves it
}

// serving is what the router worked out for one route when it was built,
// kept together to be read at once per request.
type serving struct {
	route   *Route       // a route, or past them a catch-all
	pattern string       // the route in http.ServeMux's pattern syntax, for r.Pattern
	chain   http.Handler // the route's middleware chain; nil without one
	checks  checks       // what serveRoute must do before the action
}

// checks are the policies of a route that cost something per request,
// worked out once when the router is built, so that most routes go
// straight to their action.
type checks uint8

const (
	checkAll      checks = 1 << iota // static, CORS, auth or authorization: the whole of serveRoute
	checkCSRF                        // anti-CSRF: the route's method is unsafe
	checkBodySize                    // max_body_size: the route's method has a body
)

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
	return func(rt *Router) error { rt.defaultDomain = key; return nil }
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
		if rt.hostOverrides == nil {
			rt.hostOverrides = map[string]core.HostPort{}
		}
		rt.hostOverrides[domainKey] = core.HostPort{Host: host, Port: port}
		return nil
	}
}

// WithTrustedProxies makes the router take the host from X-Forwarded-Host
// when a request has it. Only set it behind a proxy that sets that header.
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
	rt.schemeOrder = slices.Sorted(maps.Keys(rt.authenticators))
	rt.cors = corsHandlers(t)
	rt.webSockets = slices.ContainsFunc(t.Routes, func(r Route) bool { return r.WebSocket })
	// Indexes past the routes are the catch-alls', which take every check.
	rt.serving = make([]serving, len(t.Routes)+len(t.CatchAlls))
	for i := range rt.serving {
		s := &rt.serving[i]
		s.route, s.checks = t.routeAt(i), checkAll
		if i < len(t.Routes) {
			s.checks = rt.checksOf(s.route)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(rt.hostOverrides)) {
		if !t.hasDomain(key) {
			errs = append(errs, &ConfigError{Msg: fmt.Sprintf("WithHost: no domain %q in routes.conf", key)})
		}
	}
	if rt.defaultDomain != "" && !t.hasDomain(rt.defaultDomain) {
		errs = append(errs, &ConfigError{Msg: fmt.Sprintf("WithDefaultDomain: no domain %q in routes.conf", rt.defaultDomain)})
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
	rt.hosts, rt.readsHost = hosts, !hosts.ServesAll()
	rt.setPatterns()
	if err := rt.setMiddlewareChains(); err != nil {
		return nil, err
	}
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

// Lookup is the generated Lookup with this router's hosts.
func (rt *Router) Lookup(m *Match, method, host, path string) {
	rt.table.Lookup(m, rt.hosts, method, host, path)
}

// ServeHTTP answers a request. For a matched route it allocates nothing
// itself: contexts are pooled.
func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := rt.pool.Get().(*Context)
	ctx.reset(w, r)
	rt.serve(ctx, r)
	if ctx.body.body != nil { // the caller's body, which limitBody wrapped
		r.Body = ctx.body.body
		ctx.body = limitedBody{}
	}
	ctx.release()
	rt.pool.Put(ctx)
}

// serve answers the request of ctx: a CORS preflight, the matched route,
// or the outcome Lookup decided.
func (rt *Router) serve(ctx *Context, r *http.Request) {
	path, unescaped := requestPath(r)
	method := r.Method
	if method == http.MethodOptions && rt.preflight(ctx, rt.requestHost(r), path) {
		return
	}
	switch {
	case method == "WS":
		// The name Lookup gives WebSocket upgrades is no method a client may
		// send; HTTP methods are tokens, which have no space.
		method = " "
	case rt.webSockets && method == http.MethodGet && isWebSocketUpgrade(r):
		method = "WS"
	}
	m := &ctx.match
	host := ""
	if rt.readsHost { // a table of one domain that serves every host need not read it
		host = rt.requestHost(r)
	}
	t := rt.table
	t.Lookup(m, rt.hosts, method, host, path)
	o := &m.Params.m.Outcome
	if o.Status != http.StatusOK {
		ctx.route = m.Route()
		rt.serveOutcome(ctx, r)
		return
	}
	// A 200 has a route, which its serving holds: m.Route's checks for none
	// would cost more.
	s := &rt.serving[o.Route]
	ctx.route = s.route
	if unescaped && (!t.core.EscapedLiterals() || m.Path() == path) { // not respelt by CanonicalEscapes
		m.Params.m.Params.NoEscapes()
	}
	r.Pattern = s.pattern
	switch {
	case s.chain != nil:
		rt.serveMiddleware(ctx, r, s.chain)
	case s.checks != 0:
		rt.serveRoute(ctx, r, s.checks)
	default:
		if err := rt.dispatch.Dispatch(ctx); err != nil {
			rt.handleError(ctx, err)
		}
	}
}

// serveOutcome answers a request no route serves: a redirect, an automatic
// OPTIONS reply, 405, 400 or 404.
func (rt *Router) serveOutcome(ctx *Context, r *http.Request) {
	w, m := ctx.Res, &ctx.match
	switch m.Status() {
	case http.StatusMovedPermanently, http.StatusPermanentRedirect:
		target := rt.mountPath(r) + m.Redirect()
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Location", target)
		w.WriteHeader(m.Status())
	case http.StatusNoContent:
		w.Header().Set("Allow", m.Allow())
		w.WriteHeader(http.StatusNoContent)
	case http.StatusMethodNotAllowed:
		rt.fail(ctx, &Error{Status: http.StatusMethodNotAllowed, Allow: m.Allow()})
	case http.StatusBadRequest:
		// The route matched: its middleware sees the 400, as every reply of it.
		s := &rt.serving[ctx.route.Index]
		r.Pattern = s.pattern
		if s.chain != nil {
			rt.serveMiddleware(ctx, r, s.chain)
			return
		}
		rt.fail(ctx, rt.badParam(ctx))
	default:
		e := &Error{Status: http.StatusNotFound}
		if m.Domain() == nil {
			// Locally, a Host no domain names (localhost:8080) is the usual cause.
			e.Msg = fmt.Sprintf("no domain serves host %q", rt.requestHost(r))
		}
		rt.fail(ctx, e)
	}
}

// checksOf works out which policies of route cost something per request.
// A route's own method decides anti-CSRF and the body limit: a request
// only reaches a route of another method by HEAD or a WebSocket upgrade
// falling back to GET, and those are safe and have no body.
func (rt *Router) checksOf(route *Route) checks {
	c := methodChecks(route, route.Method)
	if route.Static || route.CORS != nil || route.Authorization != nil ||
		route.Auth != AuthAnonymous && (route.Auth != "" || rt.schemesConfigured()) {
		c |= checkAll
	}
	return c
}

// methodChecks are the anti-CSRF and body-limit checks of route for a
// request of method.
func methodChecks(route *Route, method string) checks {
	var c checks
	if route.AntiCSRFCheck && core.UnsafeMethod(method) {
		c |= checkCSRF
	}
	// A catch-all answers every method: its limit is on every body.
	if route.MaxBodySize > 0 && (core.BodyMethod(method) || route.Method == "*") {
		c |= checkBodySize
	}
	return c
}

// serveRoute applies the route's policies in the order of routes.conf's
// request handling — CORS, auth, authorization, anti-CSRF, body size —
// then calls its action.
func (rt *Router) serveRoute(ctx *Context, r *http.Request, c checks) {
	if c&checkAll != 0 {
		route := ctx.route
		if route.Static {
			rt.serveStatic(ctx)
			return
		}
		// A preflight that reaches a route was declined (preflight): the
		// method it asks for has no CORS route. It gets no CORS headers, and
		// rs/cors must not answer it (204) before the route's own checks.
		if route.CORS != nil && !isPreflight(r) {
			rt.cors[route.CORS].HandlerFunc(ctx.Res, r)
		}
		if !rt.authenticate(ctx) || !rt.authorize(ctx) {
			return
		}
		// A catch-all serves every method: the request's decides.
		c |= methodChecks(route, r.Method)
	}
	if c&checkCSRF != 0 && fromBrowser(r) {
		if err := rt.csrf.Check(r); err != nil {
			rt.fail(ctx, &Error{Status: http.StatusForbidden, Msg: "forbidden: cross-origin request", Err: err})
			return
		}
	}
	if c&checkBodySize != 0 && r.ContentLength != 0 && !rt.limitBody(ctx) {
		return
	}
	if err := rt.dispatch.Dispatch(ctx); err != nil {
		rt.handleError(ctx, err)
	}
}

// preflight answers a CORS preflight: an OPTIONS request routed by the
// method it asks for, when that route has a CORS policy. Other OPTIONS
// requests go on to the route or the automatic reply.
func (rt *Router) preflight(ctx *Context, host, path string) bool {
	r := ctx.Req.Request
	if !isPreflight(r) || r.Header.Get("Origin") == "" {
		return false
	}
	requested := r.Header.Get("Access-Control-Request-Method")
	if requested == "WS" {
		// As in serve: the name Lookup gives upgrades is no method a client
		// may ask for, and must not reach a GET route's CORS answer.
		requested = " "
	}
	m := &ctx.match
	rt.table.Lookup(m, rt.hosts, requested, host, path)
	if m.Status() != http.StatusOK || m.Route().CORS == nil {
		return false
	}
	rt.cors[m.Route().CORS].HandlerFunc(ctx.Res, r)
	return true
}

// isPreflight reports a request that rs/cors answers as a CORS preflight.
func isPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
}

// requestHost is the Host the request was sent to.
func (rt *Router) requestHost(r *http.Request) string {
	if rt.trustProxies {
		if h := r.Header.Get("X-Forwarded-Host"); h != "" {
			return h
		}
	}
	return r.Host
}

// requestPath is the path as the client sent it, still escaped, so that an
// escaped "/" stays inside its parameter. The URL's path is used when the
// request line agrees with it, and a handler in front that rewrote the URL
// (http.StripPrefix) is obeyed. unescaped reports a path that is the
// request line's and has no escape at all, so that its parameters need no
// search for one.
func requestPath(r *http.Request) (path string, unescaped bool) {
	// The usual request line: a path with no query that is the URL's Path,
	// which it could not be with an escape in it. Small enough to inline.
	path, unescaped = r.URL.Path, true
	if r.RequestURI != path {
		path, unescaped = requestLinePath(r)
	}
	return
}

// requestLinePath is requestPath for a request line with a query or an
// escape, or one a handler in front rewrote.
func requestLinePath(r *http.Request) (path string, unescaped bool) {
	u := r.URL
	p := u.RawPath
	if p == "" {
		p = u.Path
	}
	if uri := r.RequestURI; p != "" && strings.HasPrefix(uri, p) && (len(uri) == len(p) || uri[len(p)] == '?') {
		// Path is the unescaped path: equal to the request line's, it holds no "%".
		return p, u.RawPath == ""
	}
	return u.EscapedPath(), false
}

func isWebSocketUpgrade(r *http.Request) bool {
	return headerHasToken(r.Header.Get("Upgrade"), "websocket")
}

// headerHasToken reports whether a comma-separated header holds token, in any case.
func headerHasToken(header, token string) bool {
	for item := range strings.SplitSeq(header, ",") {
		if strings.EqualFold(strings.TrimSpace(item), token) {
			return true
		}
	}
	return false
}

// mountPath is the prefix the router is mounted under, which its redirects
// keep: WithBasePath's, else what a handler in front (http.StripPrefix)
// took off the request line's path, as the URL's path is a suffix of it.
func (rt *Router) mountPath(r *http.Request) string {
	if rt.basePath != "" {
		return core.BasePath(rt.basePath) // as links write it
	}
	uri, _, _ := strings.Cut(r.RequestURI, "?")
	if !strings.HasPrefix(uri, "/") {
		// The absolute form, "http://host/path": its path.
		u, err := url.ParseRequestURI(r.RequestURI)
		if err != nil {
			return ""
		}
		uri = u.EscapedPath()
	}
	prefix, ok := strings.CutSuffix(uri, r.URL.EscapedPath())
	// A prefix that would make the target another host's ("//evil.example") is none.
	if !ok || !strings.HasPrefix(prefix, "/") || strings.HasPrefix(prefix, "//") || strings.HasPrefix(prefix, "/\\") {
		return ""
	}
	return prefix
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
