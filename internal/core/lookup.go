package core

import (
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/constraint"
)

// Route is what a lookup needs of a route.
type Route struct {
	Method string // upper case; "WS" for a WebSocket route
	Domain int
	Path   string // "/hotels/:id"
	// Static and List are a static route's, whose listing (list = true)
	// also serves its folder, which redirects there without its slash.
	Static, List bool
	Constraints  []string // the constraint of each parameter, "" for none; nil when none has one
}

// Domain is what a lookup needs of a domain.
type Domain struct {
	RedirectTrailingSlash bool
	MethodNotAllowed      bool
	AutoOptions           bool
	HasCatchAll           bool // the domain has a catch_all: NewTableOf sets it
	// catchAll is the route index its catch_all answers as: past the
	// table's routes, in the order of the domains; -1 when it has none.
	catchAll int
}

// Table is what Lookup decides on: the routes, their domains, and a
// matcher of each domain.
type Table struct {
	// Owner is what the table belongs to, for a Match's holder to reach
	// through Match.Table: runtime's table.
	Owner any

	domains         []Domain
	byDomain        []domainRoutes
	escapedLiterals bool                       // a route path holds an escaped non-ASCII literal: see CanonicalEscapes
	constraints     [][]*constraint.Constraint // by route index and parameter; nil when no route has one
}

// domainRoutes is what Lookup knows of one domain's routes.
type domainRoutes struct {
	match    MatchFunc
	listDirs []string // the folders of the static listings, with their trailing slash: the path without it redirects there
	methods  []string // the methods of the domain's routes (WS excluded), sorted: the bits of allow
	allow    []string // Allow header by bit mask of methods
}

// CatchAllRoute is the route index the catch_all of domain d answers as,
// in a table of routes routes: the catch-alls follow the routes, in the
// order of the domains, whether a domain has one or not.
func CatchAllRoute(routes, d int) int { return routes + d }

// NewTableOf builds the table of a route table as its holder keeps it (a
// generated package's Routes and Domains, an ir.Table, the table routevet
// reads from generated code), read through route and domain: route(i) is
// what a lookup needs of route i, domain(d) of domain d, with whether it
// has a catch_all. Every holder builds its table here, so that what the
// core reads of one, and where the catch-alls answer, are said once.
func NewTableOf(nRoutes int, route func(i int) Route, nDomains int, domain func(d int) (dom Domain, hasCatchAll bool), matchers []MatchFunc) *Table {
	domains := make([]Domain, nDomains)
	for d := range domains {
		dom, hasCatchAll := domain(d)
		dom.HasCatchAll = hasCatchAll
		domains[d] = dom
	}
	return newTable(nRoutes, route, domains, matchers)
}

// NewTable builds the table of routes and domains; matchers[d] is the
// matcher of domain d written as code, or nil for one built by NewMatcher.
// The constraints must parse: the generator wrote them.
func NewTable(routes []Route, domains []Domain, matchers []MatchFunc) *Table {
	return newTable(len(routes), func(i int) Route { return routes[i] }, slices.Clone(domains), matchers)
}

// newTable is NewTable of the routes read through route, which it reads
// twice, keeping none: a table of many routes is built when a program
// starts, and the tries are all of it that the table keeps. It keeps
// domains.
func newTable(nRoutes int, route func(i int) Route, domains []Domain, matchers []MatchFunc) *Table {
	t := &Table{domains: domains, byDomain: make([]domainRoutes, len(domains))}
	tries := make([]methodTries, len(domains)) // of the domains without a matcher written as code
	byData := func(d int) bool { return d >= len(matchers) || matchers[d] == nil }
	for d := range domains {
		t.domains[d].catchAll = -1
		if domains[d].HasCatchAll {
			t.domains[d].catchAll = CatchAllRoute(nRoutes, d)
		}
	}
	parsed := map[string]*constraint.Constraint{}
	var free []*constraint.Constraint // the rest of an array the routes' constraints are cut from
	for i := range nRoutes {
		r := route(i)
		t.escapedLiterals = t.escapedLiterals || strings.Contains(r.Path, "%")
		dr := &t.byDomain[r.Domain]
		if r.Method != "WS" && !slices.Contains(dr.methods, r.Method) {
			dr.methods = append(dr.methods, r.Method)
		}
		if r.Static && r.List {
			dr.listDirs = append(dr.listDirs, r.Path[:strings.LastIndexByte(r.Path, '*')])
		}
		if byData(r.Domain) {
			tries[r.Domain].count(r.Method)
		}
		for k, text := range r.Constraints {
			if text == "" {
				continue
			}
			c := parsed[text]
			if c == nil {
				var err error
				if c, err = constraint.Parse(text); err != nil {
					panic("routegen: route " + r.Path + ": " + err.Error())
				}
				parsed[text] = c
			}
			if t.constraints == nil {
				t.constraints = make([][]*constraint.Constraint, nRoutes)
			}
			if t.constraints[i] == nil {
				if len(free) < len(r.Constraints) {
					free = make([]*constraint.Constraint, max(len(r.Constraints), min(nRoutes-i, 1024)))
				}
				t.constraints[i], free = free[:len(r.Constraints):len(r.Constraints)], free[len(r.Constraints):]
			}
			t.constraints[i][k] = c
		}
	}
	for d := range tries {
		tries[d].start()
	}
	for i := range nRoutes {
		if r := route(i); byData(r.Domain) {
			tries[r.Domain].insert(i, &r)
		}
	}
	walk := newWalkBuilder()
	for d := range t.byDomain {
		dr := &t.byDomain[d]
		if byData(d) {
			dr.match = tries[d].matcher(walk)
		} else {
			dr.match = matchers[d]
		}
		slices.Sort(dr.methods)
		dr.allow = allowTable(dr.methods, domains[d].AutoOptions)
	}
	return t
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

// Constraint is the parsed constraint of parameter k of route r; nil for none.
func (t *Table) Constraint(r, k int) *constraint.Constraint {
	if r >= len(t.constraints) || t.constraints[r] == nil {
		return nil
	}
	return t.constraints[r][k]
}

// Lookup decides what answers method, host and path (the path as sent,
// still escaped), and records it in m.Outcome, in the order of
// routes.conf's request handling: the domain of the host, the route of the
// method, HEAD by a GET route and a WebSocket upgrade ("WS") by a plain GET
// route, the redirect of an unclean path to its clean form, a
// trailing-slash redirect, an automatic OPTIONS reply, 405 with Allow, the
// catch-all, 404; a route found has its parameters checked against their
// constraints (400). A path with a segment that decodes to a dot segment
// ("%2e%2e") is redirected to its clean form too, and one whose segment
// holds a dot segment between escaped slashes ("..%2f..") has none: 400
// with no route. A host table that serves every host is not asked, and
// host is not read. Lookup allocates nothing, but for a table with a
// non-ASCII literal, a path with raw non-ASCII bytes or lower-case escapes
// of them, which it first spells canonically.
//
// This is the only statement of that order: the router, the generated
// Lookup, routevet and routegen match all decide by it.
//
// Its common path is three steps around the matcher's call, Direct,
// Matcher and Matched, small enough to inline, so that a caller on every
// request (the decision) can take it without Lookup's own frame: a caller
// that takes them calls Lookup when Direct says -1, and Settle when
// Matched says false, as Lookup does.
func (t *Table) Lookup(m *Match, hosts *HostTable, method, host, path string) {
	d := t.Direct(m, hosts, path)
	if d < 0 {
		t.lookupIndirect(m, hosts, method, host, path)
		return
	}
	match, p := t.Matcher(m, d, path)
	if r := match(p, method, path); !t.Matched(m, d, r) {
		t.Settle(m, d, r, method)
	}
}

// Direct is the domain whose matcher Lookup runs on path as it is: the
// domain that serves every host of a table with no escaped literal, when
// path begins with "/"; else -1, and Lookup decides.
func (t *Table) Direct(m *Match, hosts *HostTable, path string) int {
	if m.Table != t { // a reused Match is most often looked up in one table: no store
		m.Table = t
	}
	if d := hosts.servesAll; d >= 0 && !t.escapedLiterals && path != "" && path[0] == '/' {
		return d
	}
	return -1
}

// Matcher is the matcher of domain d, and m's parameters readied for it to
// match path in.
func (t *Table) Matcher(m *Match, d int, path string) (MatchFunc, *Params) {
	return t.byDomain[d].match, m.Params.start(path, m.unescapedPath)
}

// Matched records the outcome of route r, which d's matcher found, when it
// needs nothing more: a route found, with no parameter that may hide an
// escaped dot segment, in a table with no constraints on it. Else it
// reports false, and Settle decides.
func (t *Table) Matched(m *Match, d, r int) bool {
	if r < 0 || !m.Params.plain && m.Params.n > 0 || r < len(t.constraints) {
		return false
	}
	m.Outcome = Outcome{Route: r, Domain: d, Status: 200}
	return true
}

// Settle records the outcome of route r (-1 for none), which d's matcher
// found for method, when Matched did not.
func (t *Table) Settle(m *Match, d, r int, method string) {
	// A parameter's escapes may spell a dot segment, which the matchers,
	// comparing the path as sent, cannot see: fallback redirects or refuses it.
	if r < 0 || !m.Params.plain && m.Params.n > 0 && m.Params.escapedDot() {
		m.Outcome = t.fallback(m, d, method, m.Params.path)
		return
	}
	m.Outcome = Outcome{Route: r, Domain: d, Status: t.status(m, r)}
}

// lookupIndirect is Lookup for a request Direct did not take: a table
// whose hosts are not all served by one domain or that has a non-ASCII
// literal, or a path that does not begin with "/".
func (t *Table) lookupIndirect(m *Match, hosts *HostTable, method, host, path string) {
	d, unescaped := hosts.servesAll, m.unescapedPath
	if d < 0 {
		d = hosts.Match(host)
	}
	if t.escapedLiterals { // the matchers compare the path spelt canonically
		canonical := CanonicalEscapes(path)
		unescaped = unescaped && len(canonical) == len(path) // not respelt with escapes
		path = canonical
	}
	if d < 0 || path == "" || path[0] != '/' {
		m.Outcome = t.fallback(m, d, method, path)
		return
	}
	r := t.byDomain[d].match(m.Params.start(path, unescaped), method, path)
	if !t.Matched(m, d, r) {
		t.Settle(m, d, r, method)
	}
}

// fallback is Lookup for the requests no route of their method answers,
// in domain d (-1 for none): its matcher already failed for method and
// path, and is not run again for them.
func (t *Table) fallback(m *Match, d int, method, path string) Outcome {
	m.Params.Start(path)
	o := Outcome{Route: -1, Domain: d, Status: 404}
	if d < 0 {
		return o
	}
	dom, dr := &t.domains[d], &t.byDomain[d]
	if path == "" || path[0] != '/' {
		if path == "*" && method == "OPTIONS" && dom.AutoOptions && len(dr.methods) > 0 {
			o.Status, m.Allow = 204, dr.allow[len(dr.allow)-1]
		}
		return o
	}
	// A dot segment spelt with escapes is redirected as a literal one is;
	// one between escaped slashes, which stay in their segment, has no
	// clean form.
	if strings.IndexByte(path, '%') >= 0 {
		switch escapedDots(path) {
		case dotInSegment:
			o.Status = 400
			return o
		case escapedDotSegment:
			o.Status, m.redirect = redirectStatus(method), redirectClean
			return o
		}
	}
	// HEAD falls back to GET, and a WebSocket upgrade to a plain GET route.
	// Matchers match only clean paths, so the path is scanned for empty
	// and dot segments only when no route matched.
	if method == "HEAD" || method == "WS" {
		if r := dr.match(&m.Params, "GET", path); r >= 0 {
			o.Route, o.Status = r, t.status(m, r)
			return o
		}
	}
	if !IsClean(path) {
		o.Status, m.redirect = redirectStatus(method), redirectClean
		return o
	}
	if dom.RedirectTrailingSlash {
		if status := t.redirectSlash(m, dr, method, path); status != 0 {
			o.Status = status
			return o
		}
	}
	if mask := t.allowMask(m, dr, method, path); mask != 0 {
		if method == "OPTIONS" && dom.AutoOptions {
			o.Status, m.Allow = 204, dr.allow[mask]
			return o
		}
		if dom.MethodNotAllowed {
			o.Status, m.Allow = 405, dr.allow[mask]
			return o
		}
	}
	if dom.catchAll >= 0 {
		o.Route, o.Status, o.CatchAll = dom.catchAll, 200, true
	}
	return o
}

// find matches method and path; HEAD falls back to GET, and a WebSocket
// upgrade to a plain GET route.
func (t *Table) find(m *Match, dr *domainRoutes, method, path string) int {
	r := dr.match(&m.Params, method, path)
	if r < 0 && (method == "HEAD" || method == "WS") {
		r = dr.match(&m.Params, "GET", path)
	}
	return r
}

// status is 200 for route r, just found, or 400 when one of its
// parameters fails its constraint.
func (t *Table) status(m *Match, r int) int {
	if r >= len(t.constraints) { // most tables have no constraint: no call
		return 200
	}
	return t.checkConstraints(m, r)
}

// checkConstraints is status for a table with constraints.
func (t *Table) checkConstraints(m *Match, r int) int {
	for i, c := range t.constraints[r] {
		if c != nil && !c.Holds(m.Params.checkedValue(i)) {
			return 400
		}
	}
	return 200
}

// redirectSlash redirects to the path with or without its trailing slash
// when that has a route of the method, and returns the redirect's status;
// 0 for none. It never leaves the host: the target is a suffix-trimmed
// path or a listing's own path.
func (t *Table) redirectSlash(m *Match, dr *domainRoutes, method, path string) int {
	if n := len(path); n > 1 && path[n-1] == '/' {
		if t.find(m, dr, method, path[:n-1]) >= 0 {
			m.Params.n = 0
			return m.redirectTo(method, path[:n-1])
		}
		return 0
	}
	if method != "GET" && method != "HEAD" {
		return 0
	}
	for _, dir := range dr.listDirs {
		if len(dir) == len(path)+1 && dir[:len(path)] == path {
			return m.redirectTo(method, dir)
		}
	}
	return 0
}

// allowMask is the set of methods with a route for path, as bits of
// dr.methods. The matcher of the request's method, which already failed
// for path (and GET's, for HEAD and WebSocket upgrades), is not run again.
func (t *Table) allowMask(m *Match, dr *domainRoutes, requested, path string) int {
	mask := 0
	for i, method := range dr.methods {
		if method == requested || method == "GET" && (requested == "HEAD" || requested == "WS") {
			continue
		}
		if dr.match(&m.Params, method, path) >= 0 {
			mask |= 1 << i
			m.Params.n = 0
		}
	}
	return mask
}

// HasConstraint reports whether a parameter of route r has a constraint,
// so that a request of it may be answered 400.
func (t *Table) HasConstraint(r int) bool {
	if r >= len(t.constraints) {
		return false
	}
	return slices.ContainsFunc(t.constraints[r], func(c *constraint.Constraint) bool { return c != nil })
}
