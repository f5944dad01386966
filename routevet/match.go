package routevet

import (
	"net/url"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/internal/core"
)

// A path is resolved by the routing core of the generated routers
// (internal/core): its trie, precedence and lookup order, with the
// constraints checked. A bare path may be requested of any domain, so
// each is asked and the best answer kept.

// outcome is how a table answers a request for a path, best first.
type outcomeKind uint8

const (
	served      outcomeKind = iota
	badParam                // a route matches, a parameter fails its constraint: 400
	redirected              // only a redirect answers it: trailing slash or an unclean path
	wrongMethod             // routes of other methods serve it: 405
	notServed
)

type outcome struct {
	kind    outcomeKind
	route   *Route
	params  []string // of route, unescaped, in path order
	param   int      // badParam: the parameter that fails
	reason  string   // badParam: why, as constraint.Constraint.Check says
	target  string   // redirected: where to
	then    *outcome // redirected: how the target is answered
	methods []string // wrongMethod: the methods that serve it
	table   *Table
}

// final is the outcome at the end of o's redirects, and the paths they
// lead through, in order.
func (o outcome) final() (outcome, []string) {
	var targets []string
	for o.kind == redirected {
		targets = append(targets, o.target)
		o = *o.then
	}
	return o, targets
}

// better reports whether o is a better answer than p: of two redirects,
// the one whose target is answered better.
func (o outcome) better(p outcome) bool {
	if o.kind != p.kind || o.kind != redirected {
		return o.kind < p.kind
	}
	of, _ := o.final()
	pf, _ := p.final()
	return of.kind < pf.kind
}

// redirectTo is the outcome of a redirect to target, answered then; a
// redirect to a served path carries its route, for the helper that
// builds the target.
func redirectTo(target string, then outcome) outcome {
	o := outcome{kind: redirected, target: target, then: &then}
	if f, _ := then.final(); f.kind == served {
		o.route, o.params = f.route, f.params
	}
	return o
}

// resolve is how domains of t answer method (any method when "") for an
// escaped path: the best outcome of any of them.
func resolve(t *Table, domains []int, method, path string) outcome {
	best := outcome{kind: notServed}
	for _, d := range domains {
		if o := resolveDomain(t, d, method, path); o.better(best) {
			best = o
		}
	}
	best.table = t
	return best
}

// coreTable is the core's table of t, built once; hosts[d] serves every
// host as domain d, and named the hosts the domains name.
type coreTable struct {
	table *core.Table
	hosts []*core.HostTable
	named *core.HostTable
}

func (t *Table) core() *coreTable {
	if t.coreCache != nil {
		return t.coreCache
	}
	ct := &coreTable{hosts: make([]*core.HostTable, len(t.Domains))}
	entries := make([]core.HostEntry, len(t.Domains))
	for d, dom := range t.Domains {
		ct.hosts[d] = core.NewHostTable([]core.HostEntry{{Domain: d}})
		entries[d] = core.HostEntry{Host: dom.Host, Port: dom.Port, Domain: d}
	}
	ct.named = core.NewNamedHostTable(entries)
	ct.table = core.NewTableOf(len(t.Routes), func(i int) core.Route {
		r := &t.Routes[i]
		return core.Route{Method: r.Method, Domain: r.Domain, Path: r.Path, Static: r.Static, List: r.List, Constraints: validConstraints(r.Constraints)}
	}, len(t.Domains), func(d int) (core.Domain, bool) {
		dom := &t.Domains[d]
		return core.Domain{RedirectTrailingSlash: dom.RedirectTrailingSlash, MethodNotAllowed: dom.MethodNotAllowed, AutoOptions: dom.AutoOptions}, dom.CatchAll
	}, nil)
	t.coreCache = ct
	return ct
}

// checkConstraint checks an unescaped value against a constraint's text,
// as the generated checks do; "" holds for anything. A text that does not
// parse is not checked: routegen wrote it, so it is from a newer routegen.
func checkConstraint(text, v string) error {
	if text == "" {
		return nil
	}
	c, err := constraint.Parse(text)
	if err != nil {
		return nil
	}
	return c.Check(v)
}

// validConstraints are the constraint texts that parse; one that does not
// is from a newer routegen, and is not checked.
func validConstraints(texts []string) []string {
	out := slices.Clone(texts)
	for i, text := range out {
		if _, err := constraint.Parse(text); text != "" && err != nil {
			out[i] = ""
		}
	}
	return out
}

// maxRedirects is the most redirects followed; the core's end at a clean
// path without its trailing slash, after two.
const maxRedirects = 4

// resolveDomain is how domain d of t answers method (any of its routes'
// methods when "") for an escaped path, by the core's Lookup: a route, a
// redirect (followed), 405, 404, or the catch_all.
func resolveDomain(t *Table, d int, method, path string) outcome {
	if method == "" {
		best := outcome{kind: notServed}
		for _, m := range methodsOf(t, d) {
			if o := lookupIn(t, d, m, path, maxRedirects); o.better(best) {
				best = o
			}
		}
		return best
	}
	o := lookupIn(t, d, method, path, maxRedirects)
	if method == "GET" && o.kind != served {
		// A GET may be a WebSocket handshake, whose headers vet cannot see.
		if ws := lookupIn(t, d, "WS", path, maxRedirects); ws.better(o) {
			return ws
		}
	}
	return o
}

func lookupIn(t *Table, d int, method, path string, redirects int) outcome {
	ct := t.core()
	var m core.Match
	ct.table.Lookup(&m, ct.hosts[d], method, "", path)
	o := m.Outcome
	switch {
	case o.Status == 200 && o.CatchAll:
		return outcome{kind: served}
	case (o.Status == 200 || o.Status == 400) && o.Route >= 0: // a path with no clean form has none
		r := &t.Routes[o.Route]
		var params []string
		for i := range m.Params.Len() {
			params = append(params, m.Params.Value(i))
		}
		if o.Status == 200 {
			return outcome{kind: served, route: r, params: params}
		}
		for i, v := range params {
			if c := ct.table.Constraint(o.Route, i); c != nil {
				if err := c.Check(v); err != nil {
					return outcome{kind: badParam, route: r, params: params, param: i, reason: err.Error()}
				}
			}
		}
		return outcome{kind: badParam, route: r, params: params}
	case (o.Status == 301 || o.Status == 308) && redirects > 0:
		target := m.Redirect()
		return redirectTo(target, lookupIn(t, d, method, target, redirects-1))
	case o.Status == 405:
		var others []string
		for _, other := range methodsOf(t, d) {
			var mo core.Match
			// A route of that very method, not the GET route a WS or HEAD falls back to.
			ct.table.Lookup(&mo, ct.hosts[d], other, "", path)
			if oo := mo.Outcome; oo.Status <= 400 && oo.Route >= 0 && !oo.CatchAll &&
				t.Routes[oo.Route].Method == other && !slices.Contains(others, other) {
				others = append(others, other)
			}
		}
		return outcome{kind: wrongMethod, methods: others}
	}
	return outcome{kind: notServed}
}

func methodsOf(t *Table, d int) []string {
	var methods []string
	for _, r := range t.Routes {
		if r.Domain == d && !slices.Contains(methods, r.Method) {
			methods = append(methods, r.Method)
		}
	}
	return methods
}

// unescape is a value as sent, decoded; a malformed escape stays as sent.
func unescape(raw string) string {
	if v, err := url.PathUnescape(raw); err == nil {
		return v
	}
	return raw
}

// prefixFits reports whether some path that begins with prefix matches
// the pattern of r, whatever follows the prefix: a parameter the prefix
// gives whole must meet its constraint, as a request's must.
func prefixFits(r *Route, prefix string) bool {
	var items []fitItem // the pattern as a run of literals and parameters
	param := 0
	for _, s := range core.ParsePattern(r.Path) {
		items = append(items, fitItem{literal: "/" + s.Literal})
		if s.Kind != core.StaticSegment {
			items = append(items, fitItem{kind: s.Kind, constraint: r.constraint(param)})
			param++
		}
	}
	if len(items) == 0 {
		items = []fitItem{{literal: "/"}}
	}
	return fits(items, prefix)
}

// fitItem is literal text, or a parameter with its constraint.
type fitItem struct {
	kind       core.SegmentKind
	literal    string
	constraint string
}

func fits(items []fitItem, prefix string) bool {
	if prefix == "" {
		return true
	}
	if len(items) == 0 {
		return false
	}
	switch it := items[0]; it.kind {
	case core.StaticSegment:
		if rest, ok := strings.CutPrefix(prefix, it.literal); ok {
			return fits(items[1:], rest)
		}
		return strings.HasPrefix(it.literal, prefix)
	case core.ParamSegment:
		// One or more characters other than "/"; the prefix may end inside.
		end := strings.IndexByte(prefix, '/')
		if end < 0 {
			return true
		}
		return end > 0 && checkConstraint(it.constraint, unescape(prefix[:end])) == nil && fits(items[1:], prefix[end:])
	}
	return true // a catch-all takes any rest
}
