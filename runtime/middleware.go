package runtime

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
)

// Middleware wraps the handling of one route: next applies the route's
// policies and calls its action. It is called once per route when the
// router is built; returning next leaves the route as it was, at no cost
// per request.
type Middleware func(route *Route, next http.Handler) http.Handler

// WithMiddleware adds middleware around every route, each given the route
// it wraps (its Name, Controller, Parent…): timing by route name, auth by
// controller, a rate limit for one group. The first option given is the
// outermost; a middleware must return a handler for every route.
//
// Middleware runs once the route is matched, with r.Pattern, the path
// values (r.PathValue) and a body held to max_body_size, and before the
// route's policies (CORS, auth, authorization, anti-CSRF, body limit),
// which next applies. It sees every reply of the route (the policies' 401,
// 403 and 413, a parameter's 400), and none to a request that matches no
// route (404, 405, redirects, automatic OPTIONS, CORS preflights).
//
// A middleware may replace the ResponseWriter and the request it passes to
// next (r.WithContext); the action then receives them. A request that does
// not derive from the one it was given, whose context has lost the
// router's value, answers 500.
func WithMiddleware(m Middleware) Option {
	return func(rt *Router) error {
		if m == nil {
			return &ConfigError{Msg: "WithMiddleware: nil middleware"}
		}
		rt.middleware = append(rt.middleware, m)
		return nil
	}
}

// contextKey keys the router's Context in a request's context, for the
// end of a middleware chain.
type contextKey struct{}

// setMiddlewareChains builds the chain of every route; a route whose every
// middleware returned next has none. A middleware that returns nil would
// leave its route unserved, or unguarded if taken as none: it is an error.
func (rt *Router) setMiddlewareChains() error {
	if len(rt.middleware) == 0 {
		return nil
	}
	var errs []error
	var end http.Handler = routeEnd{rt}
	for i := range rt.serving {
		route := rt.shownAt(i)
		h := end
		for j := len(rt.middleware) - 1; j >= 0 && h != nil; j-- {
			if h = rt.middleware[j](route, h); isNil(h) {
				errs = append(errs, &ConfigError{Msg: fmt.Sprintf("WithMiddleware: middleware %d of %d returned a nil handler for route %q", j+1, len(rt.middleware), route.Name)})
			}
		}
		if h != end {
			rt.serving[i].chain = h
		}
	}
	return errors.Join(errs...)
}

// serveMiddleware answers the matched route of pooled through its chain h,
// with a Context of the request's own: a middleware may return while the
// action still runs (http.TimeoutHandler), so the pooled one, reused once
// ServeHTTP returns, must not reach it. The chain's request carries the
// path values (r.PathValue) and, for a route with a body limit, the
// limited body, so that a middleware reading it is held to the limit too,
// on the route's 400 as on its other replies.
func (rt *Router) serveMiddleware(pooled *Context, r *http.Request, h http.Handler) {
	ctx := pooled.detached()
	r = r.WithContext(context.WithValue(r.Context(), contextKey{}, ctx))
	ctx.request.Request = r
	route, params := ctx.route(), &ctx.match.Params
	for i := range params.Len() {
		r.SetPathValue(route.Params[i], params.Value(i))
	}
	if r.ContentLength != 0 {
		rt.limitBody(ctx)
	}
	h.ServeHTTP(pooled.Res, r)
}

// routeEnd is the end of every middleware chain: the route's policies and
// action, with the writer and request the middleware passed on, or the 400
// of a parameter that failed its constraint.
type routeEnd struct{ rt *Router }

func (e routeEnd) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, ok := r.Context().Value(contextKey{}).(*Context)
	if !ok {
		http.Error(w, "routegen: a middleware passed on a request that is not the router's", http.StatusInternalServerError)
		return
	}
	ctx.Res, ctx.request.Request = w, r
	e.rt.execute(ctx, r, e.rt.decide.Policies(&ctx.decision, r))
}

// setPatterns writes every route in http.ServeMux's pattern syntax:
// "GET /hotels/{id}", "GET /files/{path...}", with the host of a domain
// other than the root one ("GET admin.example.com/"). A catch_all is its
// domain's "/", which ServeMux matches for every path and method. The
// routers of a table share the patterns of the domains at routes.conf's
// hosts; a router writes its own only for the domains it serves at
// another host (WithHost).
func (rt *Router) setPatterns() {
	shared, sharedHosts := rt.table.patterns()
	hosts := rt.table.patternHosts(rt.hostOverrides)
	var own []string
	if !slices.Equal(hosts, sharedHosts) {
		own = rt.table.writePatterns(hosts, func(d int) bool { return hosts[d] != sharedHosts[d] })
	}
	for i := range rt.serving {
		if own != nil && hosts[rt.serving[i].route.Domain] != sharedHosts[rt.serving[i].route.Domain] {
			rt.serving[i].pattern = own[i]
		} else {
			rt.serving[i].pattern = shared[i]
		}
	}
}

// patterns are the patterns of the routes and then the catch-alls with the
// domains at routes.conf's hosts, and those hosts, which the routers of
// the table share. They are made on the first router's construction.
func (t *table) patterns() (patterns, hosts []string) {
	t.patternsOnce.Do(func() {
		t.sharedHosts = t.patternHosts(nil)
		t.sharedPatterns = t.writePatterns(t.sharedHosts, func(int) bool { return true })
	})
	return t.sharedPatterns, t.sharedHosts
}

// patternHosts are the hosts of the domains' patterns, with overrides:
// none for the root domain, or the only one.
func (t *table) patternHosts(overrides map[string]core.HostPort) []string {
	hosts := make([]string, len(t.Domains))
	if len(t.Domains) > 1 {
		addresses := t.addresses()
		for d := range hosts {
			if d != t.Root {
				hosts[d], _, _ = addresses[d].Resolve(overrides) // a domain that cannot be served: NewRouter failed already
			}
		}
	}
	return hosts
}

// writePatterns writes the pattern of each route and catch-all of a
// domain d for which write(d) holds, its host hosts[d], into one string:
// ten thousand routes cost one allocation, not ten thousand.
func (t *table) writePatterns(hosts []string, write func(d int) bool) []string {
	n := len(t.Routes) + len(t.CatchAlls)
	var b strings.Builder
	size := 0
	for i := range n {
		route := t.set().routeAt(i)
		size += len(route.Method) + 1 + len(hosts[route.Domain]) + len(route.Path) + 8 // a few parameters' braces
	}
	b.Grow(size)
	ends := make([]int, n)
	for i := range n {
		route := t.set().routeAt(i)
		if route.Method != "" && write(route.Domain) {
			writePattern(&b, route, hosts[route.Domain])
		}
		ends[i] = b.Len()
	}
	all, patterns, start := b.String(), make([]string, n), 0
	for i, end := range ends {
		patterns[i], start = all[start:end], end
	}
	return patterns
}

// writePattern writes route's pattern with host: its method ("GET " for a
// WebSocket route, none for a catch_all) and its path in ServeMux's
// syntax, ":name" as "{name}", "*name" as "{name...}". A parameter after
// literal text in its segment ("/user_:name", "/src*path"), which ServeMux
// cannot express, is written the same way inside the segment:
// "/user_{name}".
func writePattern(b *strings.Builder, route *Route, host string) {
	switch route.Method {
	case "*":
		b.WriteString(host)
		b.WriteByte('/')
		return
	case "WS":
		b.WriteString("GET ")
	default:
		b.WriteString(route.Method)
		b.WriteByte(' ')
	}
	b.WriteString(host)
	path := route.Path
	if path == "/" || path == "" {
		b.WriteByte('/')
		return
	}
	for i := 0; i < len(path); {
		var seg core.Segment
		seg, i = core.SegmentAt(path, i)
		b.WriteByte('/')
		b.WriteString(seg.Literal)
		switch seg.Kind {
		case core.ParamSegment:
			b.WriteByte('{')
			b.WriteString(seg.Param)
			b.WriteByte('}')
		case core.CatchAllSegment:
			b.WriteByte('{')
			b.WriteString(seg.Param)
			b.WriteString("...}")
		}
	}
}
