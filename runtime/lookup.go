package runtime

import (
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/constraint"
)

// MatchFunc is the matcher of one domain, generated or from NewMatcher: it returns the index in
// Routes of the route of method that matches path, recording the route's
// parameters in m, or -1 leaving m's parameters as they were. It matches
// clean paths that begin with "/" only: no parameter is "." or "..", no
// catch-all holds an empty or dot segment.
type MatchFunc func(m *Match, method, path string) int

// DomainRoutes is what a generated package tells Lookup about one domain:
// its matcher as code, or nil for NewTable to build one with NewMatcher.
type DomainRoutes struct {
	Match MatchFunc

	listDirs []string // the folders of the static listings, with their trailing slash: the path without it redirects there
	methods  []string // the methods of the domain's routes (WS excluded), sorted: the bits of allow
	allow    []string // Allow header by bit mask of methods
}

// Table is the routing data of a generated package.
type Table struct {
	Domains      []Domain
	Routes       []Route
	CatchAlls    []Route // catch_all of domain i at index i; Method "" when none
	DomainRoutes []DomainRoutes
	// AuthSchemes are the auth scheme names of the security.conf the table
	// was generated with; nil when it was generated without one.
	AuthSchemes []string
	// Root is the domain whose URLs are written as paths; every other
	// domain's begin with //host[:port].
	Root int

	escapedLiterals bool                       // a route path holds an escaped non-ASCII literal: see canonicalEscapes
	hosts           *HostTable                 // the domains at their routes.conf addresses
	hostsErr        error                      // why some of them are not in hosts
	constraints     [][]*constraint.Constraint // by route index and parameter; nil when no route has one
	urlCache
}

// NewTable completes a generated table: it builds with NewMatcher the
// matchers the table has not as code, fills the Allow headers, links the
// catch-alls to their domains, notes whether paths are to be matched
// in their canonical spelling, and serves each domain at its routes.conf
// address, environment variables read now; HostsErr says which domain it
// could not serve.
func NewTable(t *Table) *Table {
	for _, r := range t.Routes {
		t.escapedLiterals = t.escapedLiterals || strings.Contains(r.Path, "%")
	}
	t.hosts, t.hostsErr = t.Hosts(nil)
	t.constraints = routeConstraints(t.Routes)
	t.DomainRoutes = append(t.DomainRoutes, make([]DomainRoutes, len(t.Domains)-len(t.DomainRoutes))...)
	for _, r := range t.Routes {
		dr := &t.DomainRoutes[r.Domain]
		if r.Method != "WS" && !slices.Contains(dr.methods, r.Method) {
			dr.methods = append(dr.methods, r.Method)
		}
		if r.Static && r.List {
			dr.listDirs = append(dr.listDirs, strings.TrimSuffix(r.Path, "*"+r.Params[0]))
		}
	}
	for i := range t.DomainRoutes {
		dr := &t.DomainRoutes[i]
		if dr.Match == nil {
			dr.Match = NewMatcher(t.Routes, i)
		}
		slices.Sort(dr.methods)
		dr.allow = allowTable(dr.methods, t.Domains[i].AutoOptions)
		if i < len(t.CatchAlls) && t.CatchAlls[i].Method != "" {
			t.Domains[i].CatchAll = &t.CatchAlls[i]
		}
	}
	return t
}

// routeConstraints parses the constraints of the routes, each distinct text
// once. The generator writes only constraints ParseConstraint accepts: any
// other is a table made by hand, and wrong.
func routeConstraints(routes []Route) [][]*constraint.Constraint {
	var all [][]*constraint.Constraint
	parsed := map[string]*constraint.Constraint{}
	for i := range routes {
		r := &routes[i]
		if r.Constraints == nil {
			continue
		}
		if all == nil {
			all = make([][]*constraint.Constraint, len(routes))
		}
		all[i] = make([]*constraint.Constraint, len(r.Constraints))
		for k, text := range r.Constraints {
			if text == "" {
				continue
			}
			c := parsed[text]
			if c == nil {
				var err error
				if c, err = constraint.Parse(text); err != nil {
					panic("routegen: route " + r.Name + ": " + err.Error())
				}
				parsed[text] = c
			}
			all[i][k] = c
		}
	}
	return all
}

// allowTable computes the Allow header of every subset of methods: sorted,
// with HEAD where GET is, and OPTIONS when OPTIONS is answered automatically.
func allowTable(methods []string, autoOptions bool) []string {
	table := make([]string, 1<<len(methods))
	for mask := 1; mask < len(table); mask++ {
		var allowed []string
		for i, m := range methods {
			if mask&(1<<i) != 0 {
				allowed = append(allowed, m)
			}
		}
		if slices.Contains(allowed, "GET") && !slices.Contains(allowed, "HEAD") {
			allowed = append(allowed, "HEAD")
		}
		if autoOptions && !slices.Contains(allowed, "OPTIONS") {
			allowed = append(allowed, "OPTIONS")
		}
		slices.Sort(allowed)
		table[mask] = strings.Join(allowed, ", ")
	}
	return table
}

// Hosts builds the host table of the domains: each domain's host and port,
// or the environment variables they name, unless overridden by domain key.
// A domain whose address cannot be read (an unset variable without a
// default, an empty host, a port that is not a number from 1 to 65535) is
// left out of the table, which still serves the others, and named in the
// error. With exactly one domain, it serves every host.
func (t *Table) Hosts(overrides map[string]HostPort) (*HostTable, error) {
	entries := make([]HostEntry, 0, len(t.Domains))
	var problems []string
	for i := range t.Domains {
		d := &t.Domains[i]
		host, port, err := d.address(overrides)
		if err == nil && host == "" && len(t.Domains) > 1 {
			err = fmt.Errorf("domain %s has no host", d.Key)
		}
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		entries = append(entries, HostEntry{Host: host, Port: port, Domain: i})
	}
	hosts := newHostTable(entries, len(t.Domains) == 1 && len(entries) == 1)
	if len(problems) > 0 {
		return hosts, &ConfigError{Msg: strings.Join(problems, "; ")}
	}
	return hosts, nil
}

// HostsErr reports the domains the table's Lookup does not serve, because
// their host comes from an environment variable that was unset when the
// table was built. NewRouter reports the same error unless WithHost gives
// them a host.
func (t *Table) HostsErr() error { return t.hostsErr }

// HostPort is a domain's address, overriding routes.conf at run time.
type HostPort struct {
	Host string
	Port string // "" for the scheme's default port
}

// ConfigError is a problem with how a router is set up.
type ConfigError struct{ Msg string }

func (e *ConfigError) Error() string { return "routegen: " + e.Msg }

// Lookup finds what answers method, host and path (the path as sent, still
// escaped), in the order of routes.conf's request handling: the domain, a
// redirect to the clean path, the route, a trailing-slash redirect, an
// automatic OPTIONS reply, 405, the catch-all, 404. hosts nil serves each
// domain at its routes.conf address. It allocates nothing, but for a table
// with a non-ASCII literal, a path with raw non-ASCII bytes or lower-case
// escapes of them, which it first spells canonically.
func (t *Table) Lookup(m *Match, hosts *HostTable, method, host, path string) {
	if hosts == nil {
		hosts = t.hosts
	}
	if t.escapedLiterals {
		path = canonicalEscapes(path)
	}
	// The fast path: a route of the method itself matches.
	var d int
	if hosts != nil && hosts.only != nil {
		d = hosts.only.Domain
	} else {
		d = hosts.Match(host)
	}
	if d >= 0 && path != "" && path[0] == '/' {
		if r := t.DomainRoutes[d].Match(m.Start(path), method, path); r >= 0 {
			t.Found(m, d, r)
			if r < len(t.constraints) { // a call only for tables with constraints
				t.Check(m, r)
			}
			return
		}
	}
	t.Fallback(m, d, method, path)
}

// Found records route r of domain d, which its generated matcher found
// after m.Start, as the match; Check then checks its constraints. A
// generated Lookup calls both for a request its matcher answers, and
// Fallback for the others.
func (t *Table) Found(m *Match, d, r int) {
	route := &t.Routes[r]
	m.Route, m.Status, m.Domain, m.CatchAll, m.redirect = route, 200, &t.Domains[d], false, noRedirect
	m.Params.names = &route.Params
	if m.Allow != "" {
		m.Allow = ""
	}
}

// Check answers 400 when a parameter of route r, just found, fails its
// constraint.
func (t *Table) Check(m *Match, r int) {
	if r >= len(t.constraints) {
		return
	}
	for i, c := range t.constraints[r] {
		if c != nil && !c.Holds(m.Params.Checked(i)) {
			m.Status = 400
			return
		}
	}
}

// Fallback is Lookup for the requests that no route of their method
// answers, in d, the domain of the request's host (-1 for none): the
// matcher of d already failed for method and path, and is not run again
// for them.
func (t *Table) Fallback(m *Match, d int, method, path string) {
	m.Reset(path)
	if d < 0 {
		m.Status = 404
		return
	}
	dom, dr := &t.Domains[d], &t.DomainRoutes[d]
	m.Domain = dom
	if path == "*" && method == "OPTIONS" && dom.AutoOptions && len(dr.methods) > 0 {
		m.Status, m.Allow = 204, dr.allow[len(dr.allow)-1]
		return
	}
	if path == "" || path[0] != '/' {
		m.Status = 404
		return
	}
	// Lookup found no route of the method itself; HEAD falls back to GET,
	// and a WebSocket upgrade to a plain GET route. Matchers match only
	// clean paths, so the path is scanned for empty and dot segments only
	// when no route matched.
	if method == "HEAD" || method == "WS" {
		if r := dr.Match(m, "GET", path); r >= 0 {
			t.Found(m, d, r)
			t.Check(m, r)
			return
		}
	}
	if !IsClean(path) {
		m.RedirectClean(method)
		return
	}
	if dom.RedirectTrailingSlash && t.redirectSlash(m, dr, method, path) {
		return
	}
	if mask := t.allowMask(m, dr, path); mask != 0 {
		if method == "OPTIONS" && dom.AutoOptions {
			m.Status, m.Allow = 204, dr.allow[mask]
			return
		}
		if dom.MethodNotAllowed {
			m.Status, m.Allow = 405, dr.allow[mask]
			return
		}
	}
	if dom.CatchAll != nil {
		m.Found(dom.CatchAll)
		m.CatchAll = true
		return
	}
	m.Status = 404
}

// find matches method and path; HEAD falls back to GET, and a WebSocket
// upgrade to a plain GET route.
func (t *Table) find(m *Match, dr *DomainRoutes, method, path string) int {
	r := dr.Match(m, method, path)
	if r < 0 && (method == "HEAD" || method == "WS") {
		r = dr.Match(m, "GET", path)
	}
	return r
}

// redirectSlash redirects to the path with or without its trailing slash
// when that has a route of the method. It never leaves the host: the
// target is a suffix-trimmed path or a listing's own path.
func (t *Table) redirectSlash(m *Match, dr *DomainRoutes, method, path string) bool {
	if n := len(path); n > 1 && path[n-1] == '/' {
		if t.find(m, dr, method, path[:n-1]) >= 0 {
			m.Params.Truncate(0)
			m.RedirectTo(method, path[:n-1])
			return true
		}
		return false
	}
	if method != "GET" && method != "HEAD" {
		return false
	}
	for _, dir := range dr.listDirs {
		if len(dir) == len(path)+1 && dir[:len(path)] == path {
			m.RedirectTo(method, dir)
			return true
		}
	}
	return false
}

// allowMask is the set of methods with a route for path, as bits of dr.methods.
func (t *Table) allowMask(m *Match, dr *DomainRoutes, path string) int {
	mask := 0
	for i, method := range dr.methods {
		if dr.Match(m, method, path) >= 0 {
			mask |= 1 << i
			m.Params.Truncate(0)
		}
	}
	return mask
}
