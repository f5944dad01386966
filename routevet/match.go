package routevet

import (
	"net/url"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/internal/core"
)

// The matcher below decides which route of a table serves a path, by the
// rules of the generated matchers (routes-conf §4) over the table a
// package fact carries: every route of the method tried, the most specific
// match kept. It is slow and plain; vet matches a few literals a package.

// segment is one "/"-separated part of a route's path.
type segment struct {
	literal string // the text before a parameter, or the whole segment
	kind    segmentKind
}

type segmentKind uint8

const (
	staticSegment segmentKind = iota
	paramSegment
	catchAllSegment
)

func segments(path string) []segment {
	if path == "/" {
		return nil
	}
	var segs []segment
	for s := range strings.SplitSeq(path[1:], "/") {
		switch i := strings.IndexAny(s, ":*"); {
		case i < 0:
			segs = append(segs, segment{s, staticSegment})
		case s[i] == '*':
			segs = append(segs, segment{s[:i], catchAllSegment})
		default:
			segs = append(segs, segment{s[:i], paramSegment})
		}
	}
	return segs
}

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

// resolveDomain answers in the order of runtime.Table.Lookup: a route
// (routes match only clean paths), the redirect of an unclean path to its
// clean form whatever that answers, the trailing-slash redirect to a path
// a route matches (whose parameters are checked only after it), 405 (or a
// 404 where the domain answers none), and the domain's catch_all.
func resolveDomain(t *Table, d int, method, path string) outcome {
	if !core.IsClean(path) {
		target := core.CleanPath(path)
		return redirectTo(target, resolveDomain(t, d, method, target))
	}
	if o := find(t, d, method, path); o.kind <= badParam {
		return o
	}
	dom := &t.Domains[d]
	if dom.RedirectTrailingSlash {
		if trimmed, ok := strings.CutSuffix(path, "/"); ok && trimmed != "" {
			if o := find(t, d, method, trimmed); o.kind <= badParam {
				return redirectTo(trimmed, o)
			}
		} else if method == "" || method == "GET" || method == "HEAD" {
			for i := range t.Routes {
				if r := &t.Routes[i]; r.Domain == d && r.Static && r.List && listingFolder(r) == path+"/" {
					return redirectTo(path+"/", outcome{kind: served})
				}
			}
		}
	}
	if method != "" && (dom.MethodNotAllowed || !dom.CatchAll) {
		var others []string
		for _, m := range methodsOf(t, d) {
			if o := find(t, d, m, path); o.kind <= badParam && !slices.Contains(others, m) {
				others = append(others, m)
			}
		}
		if len(others) > 0 {
			return outcome{kind: wrongMethod, methods: others}
		}
	}
	if dom.CatchAll {
		return outcome{kind: served}
	}
	return outcome{kind: notServed}
}

// find is the route of domain d that answers method for a clean path. HEAD
// falls back to GET; a GET may be a WebSocket handshake; no method means
// any.
func find(t *Table, d int, method, path string) outcome {
	methods := []string{method}
	switch method {
	case "":
		methods = methodsOf(t, d)
	case "HEAD":
		methods = append(methods, "GET")
	case "GET":
		methods = append(methods, "WS")
	}
	best := outcome{kind: notServed}
	for _, m := range methods {
		if o := match(t, d, m, path); o.kind < best.kind {
			best = o
		}
	}
	return best
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

// match is the route of exactly method that the generated matcher finds
// for a clean path: of the routes that match, the one whose first segment
// differing from the others' is the most specific (a literal, then a
// parameter after the longer literal prefix, then a catch-all), and then
// whether its parameters meet their constraints.
func match(t *Table, d int, method, path string) outcome {
	segs := strings.Split(path, "/")[1:]
	var best *Route
	var bestRank []rank
	var bestParams []string
	for i := range t.Routes {
		r := &t.Routes[i]
		if r.Domain != d || r.Method != method {
			continue
		}
		ranks, params, ok := matchRoute(r, segs)
		if ok && (best == nil || slices.CompareFunc(ranks, bestRank, compareRank) < 0) {
			best, bestRank, bestParams = r, ranks, params
		}
	}
	if best == nil {
		return outcome{kind: notServed}
	}
	for i, v := range bestParams {
		if err := checkConstraint(best.constraint(i), v); err != nil {
			return outcome{kind: badParam, route: best, params: bestParams, param: i, reason: err.Error()}
		}
	}
	return outcome{kind: served, route: best, params: bestParams}
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

// rank is how specific a route segment is: the lower the better.
type rank struct {
	kind   segmentKind
	prefix int // literal text before a parameter, negated: longer first
}

func compareRank(a, b rank) int {
	if a.kind != b.kind {
		return int(a.kind) - int(b.kind)
	}
	return a.prefix - b.prefix
}

// matchRoute matches r's pattern against the segments of a clean path.
func matchRoute(r *Route, segs []string) ([]rank, []string, bool) {
	pattern := segments(r.Path)
	if len(pattern) == 0 {
		return nil, nil, len(segs) == 1 && segs[0] == ""
	}
	var ranks []rank
	var params []string
	for i, s := range pattern {
		if i >= len(segs) {
			return nil, nil, false
		}
		ranks = append(ranks, rank{s.kind, -len(s.literal)})
		switch s.kind {
		case staticSegment:
			// A literal matches in any spelling: "é", "%C3%A9" or "%c3%a9".
			if segs[i] != s.literal && unescape(segs[i]) != unescape(s.literal) {
				return nil, nil, false
			}
		case paramSegment:
			v, ok := strings.CutPrefix(segs[i], s.literal)
			if !ok || v == "" {
				return nil, nil, false
			}
			params = append(params, unescape(v))
		case catchAllSegment:
			// The rest of the path; a listing also serves its folder itself.
			v, ok := strings.CutPrefix(strings.Join(segs[i:], "/"), s.literal)
			if !ok || v == "" && !(r.Static && r.List) {
				return nil, nil, false
			}
			return ranks, append(params, unescape(v)), true
		}
	}
	return ranks, params, len(segs) == len(pattern)
}

// listingFolder is the path a dir route with list = true lists its folder
// at: its path up to the catch-all, with the slash.
func listingFolder(r *Route) string {
	return r.Path[:strings.LastIndexByte(r.Path, '/')+1]
}

// unescape is a value as sent, decoded; a malformed escape stays as sent.
func unescape(raw string) string {
	if v, err := url.PathUnescape(raw); err == nil {
		return v
	}
	return raw
}

// prefixFits reports whether some path that begins with prefix matches
// the pattern of r, whatever follows the prefix.
func prefixFits(r *Route, prefix string) bool {
	var items []segment // the pattern as a run of literals and parameters
	for _, s := range segments(r.Path) {
		items = append(items, segment{"/" + s.literal, staticSegment})
		if s.kind != staticSegment {
			items = append(items, segment{kind: s.kind})
		}
	}
	if len(items) == 0 {
		items = []segment{{"/", staticSegment}}
	}
	return fits(items, prefix)
}

func fits(items []segment, prefix string) bool {
	if prefix == "" {
		return true
	}
	if len(items) == 0 {
		return false
	}
	switch it := items[0]; it.kind {
	case staticSegment:
		if rest, ok := strings.CutPrefix(prefix, it.literal); ok {
			return fits(items[1:], rest)
		}
		return strings.HasPrefix(it.literal, prefix)
	case paramSegment:
		// One or more characters other than "/"; the prefix may end inside.
		end := strings.IndexByte(prefix, '/')
		if end < 0 {
			return true
		}
		return end > 0 && fits(items[1:], prefix[end:])
	}
	return true // a catch-all takes any rest
}
