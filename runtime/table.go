package runtime

import (
	"strings"
	"sync"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/runtime/internal/link"
)

func init() { link.SetNewTable(newTable) }

// dispatcher is the generated value whose Dispatch calls the action of the
// matched route with its typed parameters. It is an interface rather than
// a function so that a generated method is called without the wrapper the
// compiler writes for a method value.
type dispatcher = interface {
	Dispatch(ctx *Context, route int) error
}

// table is the routing data of a generated package. Its Domains, Routes
// and CatchAlls are the generated package's, which it does not export,
// and no pointer into them leaves this package: what a router decides is
// read from them. A program sees copies (shown, Router.shown), which it
// may write to at no risk.
type table struct {
	Domains     []Domain
	Routes      []Route
	CatchAlls   []Route  // catch_all of domain i at index i; Method "" when none
	AuthSchemes []string // of the security.conf the table was generated with; nil without one
	// SecureHeaders are security.conf's http_header headers; nil for none.
	SecureHeaders []decide.Header
	Root          int // the domain whose URLs are written as paths
	// MaxBodySize is the application's body limit, which holds the body of
	// a request no route matched; 0 for none.
	MaxBodySize int64

	core  *core.Table
	hosts *core.HostTable // the domains at their routes.conf addresses

	own       routeSet // Domains, Routes and CatchAlls
	shownOnce sync.Once
	shownSet  *routeSet // what Match.Route and Match.Domain return, made on first use

	patternsOnce                sync.Once
	sharedPatterns, sharedHosts []string // patterns' results
}

// set is the table's own routes and domains.
func (t *table) set() *routeSet { return &t.own }

// shown is the copy of the table that a Match of the package's Lookup
// points into.
func (t *table) shown() *routeSet {
	t.shownOnce.Do(func() { t.shownSet = t.set().clone() })
	return t.shownSet
}

// newTable builds the table of a generated package (routegenimpl.NewTable
// calls it): each domain's matcher as code, or nil for one built as data,
// and each domain served at its routes.conf address, environment variables
// read now. It returns what the package's Lookup looks up in, the core
// table (whose Owner is the table) with the domains at those addresses,
// the package's NewRouter, where a router of the package serves (its
// base path and the addresses WithHost gave it, or ok false for a router
// of another table), where the request of a Context was served (the
// prefix its router is mounted under as its redirects keep it, and the
// addresses WithHost gave), and a new copy of the domains and routes for
// the package's Domains and Routes. The table keeps domains, routes and
// catchAlls, which the caller must not hand to anyone.
func newTable(domains []Domain, routes, catchAlls []Route, matchers []core.MatchFunc, authSchemes []string, secureHeaders []decide.Header, root int, maxBodySize int64) (
	coreTable *core.Table, hosts *core.HostTable,
	newRouter func(dispatch interface{ Dispatch(*Context, int) error }, opts []Option) (*Router, error),
	servedAt func(rt *Router) (basePath string, hosts map[string]core.HostPort, ok bool),
	requestAt func(ctx *Context) (mountPath string, hosts map[string]core.HostPort, ok bool),
	copyOf func() ([]Domain, []Route)) {
	t := &table{Domains: domains, Routes: routes, CatchAlls: catchAlls, AuthSchemes: authSchemes, SecureHeaders: secureHeaders, Root: root, MaxBodySize: maxBodySize,
		own: routeSet{domains: domains, routes: routes, catchAlls: catchAlls}}
	for i := range domains {
		domains[i].CatchAll = catchAllOf(catchAlls, i)
	}
	t.core = core.NewTableOf(len(routes), func(i int) core.Route {
		r := &routes[i]
		return core.Route{Method: r.Method, Domain: r.Domain, Path: r.Path, Static: r.Static, List: r.List, Constraints: r.Constraints}
	}, len(domains), func(i int) (core.Domain, bool) {
		d := &domains[i]
		return core.Domain{RedirectTrailingSlash: d.RedirectTrailingSlash, MethodNotAllowed: d.MethodNotAllowed, AutoOptions: d.AutoOptions}, d.CatchAll != nil
	}, matchers)
	t.core.Owner = t
	t.hosts, _ = t.newHosts(nil)
	newRouter = func(dispatch interface{ Dispatch(*Context, int) error }, opts []Option) (*Router, error) {
		return newRouterOf(t, dispatch, opts)
	}
	servedAt = func(rt *Router) (string, map[string]core.HostPort, bool) {
		if rt.table != t {
			return "", nil, false
		}
		return rt.basePath, rt.hostOverrides, true // read only: WithHost fills it while the router is built
	}
	requestAt = func(ctx *Context) (string, map[string]core.HostPort, bool) {
		rt := ctx.router
		if rt == nil || rt.table != t || ctx.request.Request == nil {
			return "", nil, false
		}
		return rt.decide.MountPath(ctx.request.Request), rt.hostOverrides, true
	}
	copyOf = func() ([]Domain, []Route) {
		c := t.set().clone()
		return c.domains, c.routes
	}
	return t.core, t.hosts, newRouter, servedAt, requestAt, copyOf
}

// catchAllOf is the catch_all of domain d in a generated package's
// catch-alls, one a domain: nil when the domain has none, which the
// generated code writes as a Route of no method.
func catchAllOf(catchAlls []Route, d int) *Route {
	if d < len(catchAlls) && catchAlls[d].Method != "" {
		return &catchAlls[d]
	}
	return nil
}

// addresses are where the domains are served, as routes.conf says.
func (t *table) addresses() []core.Address {
	addrs := make([]core.Address, len(t.Domains))
	for i, d := range t.Domains {
		addrs[i] = core.Address{Key: d.Key, Host: d.Host, Port: d.Port, HostEnv: d.HostEnv, PortEnv: d.PortEnv}
	}
	return addrs
}

// newHosts builds the host table of the domains, overridden by domain key.
// A domain whose address cannot be read is left out, and named in the
// error.
func (t *table) newHosts(overrides map[string]core.HostPort) (*core.HostTable, error) {
	hosts, problems := core.NewHosts(t.addresses(), overrides)
	if len(problems) > 0 {
		return hosts, &ConfigError{Msg: strings.Join(problems, "; ")}
	}
	return hosts, nil
}

// routeAt is the route of index i in s: a route, or past them a catch-all.
func (s *routeSet) routeAt(i int) *Route {
	if i < len(s.routes) {
		return &s.routes[i]
	}
	return &s.catchAlls[i-len(s.routes)]
}

// Lookup finds what answers method, host and path, with the domains at
// hosts, by core's Lookup, the one statement of the order of routes.conf's
// request handling, and records its outcome in m.
func (t *table) Lookup(m *Match, hosts *core.HostTable, method, host, path string) {
	t.core.Lookup(&m.Params.m, hosts, method, host, path)
}

// ConfigError is a problem with how a router is set up.
type ConfigError struct {
	Msg string // what is wrong: "WithAuthorizer: nil authorizer"; several problems divided by "; "
}

// Error is Msg after "routegen: ".
func (e *ConfigError) Error() string { return "routegen: " + e.Msg }
