// Package runtime is what an application of routegen's generated code
// uses: the Router a generated NewRouter returns and its options, the
// Context, Request and Route an action or middleware reads, the Error the
// router answers with, the Match a generated Lookup fills, and Serve and
// NewServer. The generated code's own plumbing is in runtime/routegenimpl.
// It knows nothing of routes.conf: the generated code describes the routes.
package runtime

import (
	"maps"
	"slices"

	"github.com/routegen/routegen/internal/core/decide"
)

// Route is one resolved route of the table: one method of a route section,
// a static route, a route an auth scheme added (AddedBy), or a domain's
// catch_all (Domain.CatchAll).
type Route struct {
	// Index is the route's position in the generated package's Routes();
	// a catch_all's is past them: len(Routes()) + its Domain.
	Index  int
	Domain int // position of its domain in the generated Domains table
	// Name is the name of the route's section in routes.conf, which its
	// URL helper and RouteURL take; the routes of one section's methods
	// share it. A catch_all's is "catch_all", and a route an auth scheme
	// added (AddedBy) has a name of the scheme's ("form_auth_login_submit__aah").
	Name   string
	Method string // upper case; "WS" for a WebSocket route
	Path   string // "/hotels/:id"
	// Controller is the route's controller as routes.conf writes it
	// ("Hotel", "admin/Dashboard"), a WebSocket route's websocket; "" for a
	// static route and one AddedBy.
	Controller string
	// Action is the route's action as routes.conf writes it, or its
	// method's default ("Index" for GET); the controller interface's
	// method is it with its first letter upper-cased. For a route
	// AddedBy it says what the scheme does there.
	Action      string
	Auth        string // scheme key, "anonymous", "authenticated", or "" (undefined)
	MaxBodySize int64  // bytes; 0 = no limit
	// AntiCSRFCheck is the route's anti_csrf_check, inheritance and
	// defaults applied: a request of an unsafe method from another origin
	// answers 403 (WithTrustedOrigins). Always false for a WebSocket or
	// static route.
	AntiCSRFCheck bool
	WebSocket     bool   // method "WS": Controller is routes.conf's websocket
	Static        bool   // a route of static { }: it serves Dir or File, and has no Controller or Action
	Dir           string // static: the folder served, or the base of File
	File          string // static: the one file served
	List          bool   // static: directory listing
	// StaticCache is the Cache-Control of a static route's files (aah.conf's
	// cache.static); nil: none is set.
	StaticCache *StaticCache
	Params      []string // the names of its path parameters, in path order; nil when none
	Constraints []string // the constraint of each parameter, "" for none; nil when none has one
	// Authorization is the route's authorization { }, inheritance applied;
	// nil when it names no role or permission.
	Authorization *Authorization
	// CORS is the CORS policy of the route, its domain's and its sections'
	// cors { } applied; nil when CORS is off for it (always on a WebSocket
	// or static route).
	CORS *CORS
	// Parent is the name of the route section it is written in, a group or
	// a route; "" at the top of its domain's routes { }, and for a static
	// route, a catch_all and a route AddedBy.
	Parent string
	// AddedBy is the auth scheme of security.conf that added the route
	// (a form scheme's login submit, an oauth2 scheme's login and
	// redirect); the scheme's action serves it (WithSchemeRoute), Action
	// saying which: "login_submit", "login" or "redirect". It has no
	// Controller.
	AddedBy string
	Pos     string // where routes.conf defines it: "routes.conf:31:11"
}

// StaticCache is the caching of a static route's files, as aah sent it:
// Cache-Control by the file's media type, and an Expires header outside
// the prod profile. Neither is set on a reply other than the file's.
type StaticCache struct {
	Default string            // the Cache-Control of a file of a type ByType does not name
	ByType  map[string]string `json:",omitempty"` // by media type, lower case, without parameters ("text/css")
	Expires string            `json:",omitempty"` // the Expires header; "" for none
}

// Domain is one domain of the routes.conf.
type Domain struct {
	Index int // position in the generated Domains table: file order
	// Key is the domain's section key, domains { <key> { } }: it names the
	// domain in WithHost, WithDefaultDomain and RouteURL("key.name").
	Key string
	// Name is routes.conf's name, a description; the Key when none is
	// written.
	Name string
	// Host is routes.conf's host, lower case; "*.example.com" for a
	// wildcard; "" when HostEnv gives it.
	Host string
	// Port is routes.conf's port, else the app config's server.port, else
	// "8080"; "" for the scheme's default port, and when PortEnv gives it.
	Port string
	// HostEnv and PortEnv are the environment variables the host and port
	// are read from when the router is built, as routes.conf writes them
	// without "$" and braces ("API_HOST", "API_PORT:-8443"); "" for none.
	HostEnv string
	PortEnv string
	// Subdomain is routes.conf's subdomain: Context.Subdomain gives the
	// first label of the request's host, RouteURL's "label.name" finds the
	// domain by its host's first label, and the root domain, whose URLs
	// are paths, is the first domain that is not a subdomain (the first
	// when all are). A wildcard domain is a subdomain whatever it says.
	Subdomain bool
	// RedirectTrailingSlash is redirect_trailing_slash: a path that
	// differs from a route's only by a trailing slash is redirected, 301
	// for GET and HEAD, 308 for other methods.
	RedirectTrailingSlash bool
	// MethodNotAllowed is method_not_allowed: a path that matches a route
	// of another method answers 405 with Allow, not 404.
	MethodNotAllowed bool
	// AutoOptions is auto_options: an OPTIONS request to a path without an
	// OPTIONS route answers 204 with Allow.
	AutoOptions bool
	// DefaultAuth is default_auth, the Auth of the domain's routes that
	// set none (their Auth holds it already); a catch_all does not take it.
	DefaultAuth string
	// AntiCSRFCheck is anti_csrf_check, aah.conf's defaults applied: the
	// default of its routes' AntiCSRFCheck, which holds what applies.
	AntiCSRFCheck bool
	// CORS is the domain's cors { } when it sets enable = true, the policy
	// its routes start from; nil otherwise.
	CORS     *CORS
	CatchAll *Route // the catch_all as a route of method "*"; nil when none
}

// Authorization is a route's authorization { }, inheritance applied. Its
// Allows is the default authorizer's rule.
type Authorization struct {
	SatisfyBoth bool    // satisfy = "both"; otherwise "either"
	Roles       []Check // roles: hasrole(…), hasanyrole(…), hasallroles(…); nil when not written
	Permissions []Check // permissions: ispermitted(…), ispermittedall(…); nil when not written
}

// Allows reports whether s may use the route of a: each list, roles and
// permissions, holds when every check in it does; with satisfy "both"
// both lists must hold, with "either" one of them (a list not written
// does not count).
func (a *Authorization) Allows(s Subject) bool {
	return decide.AllowsChecks(a.SatisfyBoth, a.Roles, a.Permissions, s)
}

// Check is one role or permission check: hasrole(a), ispermittedall(p1 | p2)…
type Check struct {
	Func string   // hasrole, hasanyrole, hasallroles, ispermitted or ispermittedall
	Args []string // the roles or permissions it names
}

// String is the check as routes.conf writes it.
func (c Check) String() string { return decide.Check(c).String() }

// routeSet is a table's domains, routes and catch-alls, each domain's
// CatchAll pointing into the set's own catch-alls.
type routeSet struct {
	domains   []Domain
	routes    []Route
	catchAlls []Route
}

// clone is a deep copy of s: nothing a program writes to it reaches s.
// The copies of one CORS policy or static caching are one copy, as in s.
func (s *routeSet) clone() *routeSet {
	c := &routeSet{domains: slices.Clone(s.domains), routes: slices.Clone(s.routes), catchAlls: slices.Clone(s.catchAlls)}
	policies := map[*CORS]*CORS{}
	cors := func(p *CORS) *CORS {
		if p == nil {
			return nil
		}
		if policies[p] == nil {
			policies[p] = &CORS{AllowOrigins: slices.Clone(p.AllowOrigins), AllowHeaders: slices.Clone(p.AllowHeaders),
				AllowMethods: slices.Clone(p.AllowMethods), ExposeHeaders: slices.Clone(p.ExposeHeaders),
				AllowCredentials: p.AllowCredentials, MaxAge: p.MaxAge}
		}
		return policies[p]
	}
	caches := map[*StaticCache]*StaticCache{}
	cache := func(p *StaticCache) *StaticCache {
		if p == nil {
			return nil
		}
		if caches[p] == nil {
			caches[p] = &StaticCache{Default: p.Default, ByType: maps.Clone(p.ByType), Expires: p.Expires}
		}
		return caches[p]
	}
	for _, routes := range [][]Route{c.routes, c.catchAlls} {
		for i := range routes {
			r := &routes[i]
			r.Params, r.Constraints, r.CORS = slices.Clone(r.Params), slices.Clone(r.Constraints), cors(r.CORS)
			r.Authorization = cloneAuthorization(r.Authorization)
			r.StaticCache = cache(r.StaticCache)
		}
	}
	for i := range c.domains {
		d := &c.domains[i]
		d.CORS = cors(d.CORS)
		d.CatchAll = catchAllOf(c.catchAlls, i)
	}
	return c
}

// cloneAuthorization is a deep copy of a; nil for nil.
func cloneAuthorization(a *Authorization) *Authorization {
	if a == nil {
		return nil
	}
	c := &Authorization{SatisfyBoth: a.SatisfyBoth, Roles: slices.Clone(a.Roles), Permissions: slices.Clone(a.Permissions)}
	for _, checks := range [][]Check{c.Roles, c.Permissions} {
		for i := range checks {
			checks[i].Args = slices.Clone(checks[i].Args)
		}
	}
	return c
}

// CORS is a route's or domain's CORS policy (routes.conf's cors { }), as
// the router's decision applies it.
type CORS struct {
	// AllowOrigins is allow_origins: origins as browsers send them
	// ("https://app.example.com"), with a wildcard first label
	// ("https://*.example.com") or port ("http://localhost:*"), or "*" for
	// every origin.
	AllowOrigins []string
	// AllowHeaders, AllowMethods and ExposeHeaders are allow_headers,
	// allow_methods and expose_headers: the request headers and methods a
	// cross-origin request may use ("*" for any), and the response
	// headers its script may read.
	AllowHeaders     []string
	AllowMethods     []string
	ExposeHeaders    []string
	AllowCredentials bool  // allow_credentials: requests with cookies or credentials are allowed
	MaxAge           int64 // max_age in seconds: how long a browser may keep a preflight's answer
}
