package runtime

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"github.com/rs/cors"
)

// Dispatcher is the generated function that calls the action of the
// matched route with its typed parameters.
type Dispatcher func(ctx *Context) error

// Router is the http.Handler of a generated package: Lookup, then the
// route's action through the generated dispatcher.
type Router struct {
	table    *Table
	hosts    *HostTable
	dispatch Dispatcher
	pool     sync.Pool

	notFound         http.Handler
	methodNotAllowed http.Handler
	errorHandler     func(ctx *Context, err error)
	static           fs.FS
	trustProxies     bool
	hostOverrides    map[string]HostPort

	authenticators map[string]Authenticator
	schemeOrder    []string // the registered schemes, sorted: "authenticated" tries them in turn
	authorizer     Authorizer
	csrf           *http.CrossOriginProtection
	cors           map[*CORS]*cors.Cors
	webSockets     bool     // the table has WebSocket routes: upgrades are looked for
	checks         []checks // by route index: what serveRoute must do before the action
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

// WithNotFound replaces the 404 reply.
func WithNotFound(h http.Handler) Option {
	return func(rt *Router) error { rt.notFound = h; return nil }
}

// WithMethodNotAllowed replaces the 405 reply; the Allow header is set before it runs.
func WithMethodNotAllowed(h http.Handler) Option {
	return func(rt *Router) error { rt.methodNotAllowed = h; return nil }
}

// WithErrorHandler replaces what happens when an action returns an error.
// The default writes the status of an *Error, 413 for a body over the
// route's limit, else 500.
func WithErrorHandler(f func(ctx *Context, err error)) Option {
	return func(rt *Router) error { rt.errorHandler = f; return nil }
}

// WithStaticFS sets the file system static routes serve from (an embed.FS
// works). The default is the working folder on disk.
func WithStaticFS(fsys fs.FS) Option {
	return func(rt *Router) error { rt.static = fsys; return nil }
}

// WithHost serves domain key at host and port instead of what routes.conf
// (or its $NAME) says; port "" is the scheme's default port.
func WithHost(domainKey, host, port string) Option {
	return func(rt *Router) error {
		if rt.hostOverrides == nil {
			rt.hostOverrides = map[string]HostPort{}
		}
		rt.hostOverrides[domainKey] = HostPort{Host: host, Port: port}
		return nil
	}
}

// WithTrustedProxies makes the router take the host from X-Forwarded-Host
// when a request has it. Only set it behind a proxy that sets that header.
func WithTrustedProxies() Option {
	return func(rt *Router) error { rt.trustProxies = true; return nil }
}

// NewRouter builds the router of a generated table; generated packages
// call it from their own NewRouter.
func NewRouter(t *Table, dispatch Dispatcher, opts ...Option) (*Router, error) {
	rt := &Router{table: t, dispatch: dispatch, authorizer: DefaultAuthorizer, csrf: http.NewCrossOriginProtection()}
	rt.pool.New = func() any { return newContext(rt) }
	for _, opt := range opts {
		if err := opt(rt); err != nil {
			return nil, err
		}
	}
	if err := rt.checkPolicies(); err != nil {
		return nil, err
	}
	rt.schemeOrder = slices.Sorted(maps.Keys(rt.authenticators))
	rt.cors = corsHandlers(t)
	rt.webSockets = slices.ContainsFunc(t.Routes, func(r Route) bool { return r.WebSocket })
	// Indexes past the routes are the catch-alls', which take every check.
	rt.checks = make([]checks, len(t.Routes)+len(t.CatchAlls))
	for i := range t.Routes {
		rt.checks[i] = rt.checksOf(&t.Routes[i])
	}
	for i := len(t.Routes); i < len(rt.checks); i++ {
		rt.checks[i] = checkAll
	}
	for key := range rt.hostOverrides {
		if !t.hasDomain(key) {
			return nil, &ConfigError{Msg: fmt.Sprintf("WithHost: no domain %q in routes.conf", key)}
		}
	}
	hosts, err := t.Hosts(rt.hostOverrides)
	if err != nil {
		return nil, err
	}
	rt.hosts = hosts
	if rt.static == nil {
		// os.Root keeps symbolic links from leading out of the folder.
		root, err := os.OpenRoot(".")
		if err != nil {
			return nil, &ConfigError{Msg: "static files: " + err.Error()}
		}
		rt.static = root.FS()
	}
	return rt, nil
}

func (t *Table) hasDomain(key string) bool {
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
	ctx.release()
	rt.pool.Put(ctx)
}

// serve answers the request of ctx: a CORS preflight, the matched route,
// or the outcome Lookup decided.
func (rt *Router) serve(ctx *Context, r *http.Request) {
	path, unescaped := requestPath(r)
	host, method := rt.requestHost(r), r.Method
	if method == http.MethodOptions && rt.preflight(ctx, host, path) {
		return
	}
	if rt.webSockets && method == http.MethodGet && isWebSocketUpgrade(r) {
		method = "WS"
	}
	m := &ctx.match
	rt.table.Lookup(m, rt.hosts, method, host, path)
	if m.Status != http.StatusOK {
		rt.serveOutcome(ctx, r)
		return
	}
	if unescaped {
		m.Params.escapes = noEscapes
	}
	if c := rt.checks[m.Route.Index]; c != 0 {
		rt.serveRoute(ctx, r, c)
		return
	}
	if err := rt.dispatch(ctx); err != nil {
		rt.handleError(ctx, err)
	}
}

// serveOutcome answers a request no route serves: a redirect, an automatic
// OPTIONS reply, 405, 400 or 404.
func (rt *Router) serveOutcome(ctx *Context, r *http.Request) {
	w, m := ctx.Res, &ctx.match
	switch m.Status {
	case http.StatusMovedPermanently, http.StatusPermanentRedirect:
		target := m.Redirect()
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Location", target)
		w.WriteHeader(m.Status)
	case http.StatusNoContent:
		w.Header().Set("Allow", m.Allow)
		w.WriteHeader(http.StatusNoContent)
	case http.StatusMethodNotAllowed:
		w.Header().Set("Allow", m.Allow)
		if rt.methodNotAllowed != nil {
			rt.methodNotAllowed.ServeHTTP(w, r)
		} else {
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		}
	case http.StatusBadRequest:
		http.Error(w, "invalid value of a path parameter", http.StatusBadRequest)
	default:
		rt.serveNotFound(w, r)
	}
}

func (rt *Router) serveNotFound(w http.ResponseWriter, r *http.Request) {
	if rt.notFound != nil {
		rt.notFound.ServeHTTP(w, r)
		return
	}
	http.NotFound(w, r)
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
	if route.AntiCSRFCheck && !route.WebSocket && isUnsafe(method) {
		c |= checkCSRF
	}
	if route.MaxBodySize > 0 && bodyMethods[method] {
		c |= checkBodySize
	}
	return c
}

// serveRoute applies the route's policies in the order of routes.conf's
// request handling — CORS, auth, authorization, anti-CSRF, body size —
// then calls its action.
func (rt *Router) serveRoute(ctx *Context, r *http.Request, c checks) {
	if c&checkAll != 0 {
		route := ctx.match.Route
		if route.Static {
			rt.serveStatic(ctx)
			return
		}
		if route.CORS != nil {
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
			http.Error(ctx.Res, "forbidden: cross-origin request", http.StatusForbidden)
			return
		}
	}
	if c&checkBodySize != 0 && !limitBody(ctx) {
		return
	}
	if err := rt.dispatch(ctx); err != nil {
		rt.handleError(ctx, err)
	}
}

// preflight answers a CORS preflight: an OPTIONS request routed by the
// method it asks for, when that route has a CORS policy. Other OPTIONS
// requests go on to the route or the automatic reply.
func (rt *Router) preflight(ctx *Context, host, path string) bool {
	r := ctx.Req.Request
	if r.Method != http.MethodOptions || r.Header.Get("Origin") == "" {
		return false
	}
	requested := r.Header.Get("Access-Control-Request-Method")
	if requested == "" {
		return false
	}
	m := &ctx.match
	rt.table.Lookup(m, rt.hosts, requested, host, path)
	if m.Status != http.StatusOK || m.Route.CORS == nil {
		return false
	}
	rt.cors[m.Route.CORS].HandlerFunc(ctx.Res, r)
	return true
}

func (rt *Router) handleError(ctx *Context, err error) {
	if rt.errorHandler != nil {
		rt.errorHandler(ctx, err)
		return
	}
	var e *Error
	switch {
	case errors.As(err, &e):
		http.Error(ctx.Res, e.Msg, e.Status)
		return
	case isMaxBytesError(err):
		ctx.Res.Header().Set("Connection", "close")
		http.Error(ctx.Res, http.StatusText(http.StatusRequestEntityTooLarge), http.StatusRequestEntityTooLarge)
		return
	}
	http.Error(ctx.Res, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
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
	u := r.URL
	p := u.RawPath
	if p == "" {
		p = u.Path
	}
	if uri := r.RequestURI; p != "" && len(uri) >= len(p) && hasPrefix(uri, p) && (len(uri) == len(p) || uri[len(p)] == '?') {
		// Path is the unescaped path: equal to the request line's, it holds no "%".
		return p, u.RawPath == ""
	}
	return u.EscapedPath(), false
}

// hasPrefix is strings.HasPrefix that answers at once for the common case
// of a server's request, whose URL path is a slice of its request line.
func hasPrefix(s, prefix string) bool {
	return unsafe.StringData(s) == unsafe.StringData(prefix) || s[:len(prefix)] == prefix
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

// Error is an error with the HTTP status it answers with.
type Error struct {
	Status int
	Msg    string
}

func (e *Error) Error() string { return strconv.Itoa(e.Status) + " " + e.Msg }

// ParamInt parses parameter i of an integer-typed route as an int64; a value
// out of range answers 400.
func ParamInt(p *Params, i int) (int64, error) {
	n, err := strconv.ParseInt(p.Value(i), 10, 64)
	if err != nil {
		return 0, &Error{Status: http.StatusBadRequest, Msg: "path parameter " + p.Name(i) + " is not an integer"}
	}
	return n, nil
}
