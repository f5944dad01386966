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
// or a static route.
type Route struct {
	Index         int // position in the generated Routes table
	Domain        int // position of its domain in the generated Domains table
	Name          string
	Method        string // upper case; "WS" for a WebSocket route
	Path          string // "/hotels/:id"
	Controller    string
	Action        string
	Auth          string // scheme key, "anonymous", "authenticated", or "" (undefined)
	MaxBodySize   int64  // bytes; 0 = no limit
	AntiCSRFCheck bool
	WebSocket     bool
	Static        bool
	Dir           string // static: the folder served, or the base of File
	File          string // static: the one file served
	List          bool   // static: directory listing
	// StaticCache is the Cache-Control of a static route's files (aah.conf's
	// cache.static); nil: none is set.
	StaticCache   *StaticCache
	Params        []string
	Constraints   []string // the constraint of each parameter, "" for none; nil when none has one
	Authorization *Authorization
	CORS          *CORS
	Parent        string
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
	Index                 int
	Key                   string
	Name                  string
	Host                  string // lower case; "*.example.com" for a wildcard
	Port                  string // "" for the scheme's default port
	HostEnv               string // $NAME the host is read from when the router is built
	PortEnv               string
	Subdomain             bool
	RedirectTrailingSlash bool
	MethodNotAllowed      bool
	AutoOptions           bool
	DefaultAuth           string
	AntiCSRFCheck         bool
	CORS                  *CORS
	CatchAll              *Route // the catch_all as a route of method "*"; nil when none
}

// Authorization is a route's authorization { }, inheritance applied. Its
// Allows is the default authorizer's rule.
type Authorization struct {
	SatisfyBoth bool // satisfy = "both"; otherwise "either"
	Roles       []Check
	Permissions []Check
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
	AllowOrigins     []string
	AllowHeaders     []string
	AllowMethods     []string
	ExposeHeaders    []string
	AllowCredentials bool
	MaxAge           int64 // seconds
}
