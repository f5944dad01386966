package runtime

import (
	"cmp"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
)

// NewMatcher returns the matcher of domain d's routes as data: a trie the
// returned function walks. It answers every path exactly as the matcher
// routegen writes as code does, in the same order of precedence: a route
// with no parameter below the point where the walk enters a subtree (the
// root, or the end of a parameter) first, then, segment by segment, the
// literal, the parameters (the longer literal prefix first), the
// catch-alls (the same), coming back up on failure.
//
// A generated table of many routes leaves its domains' Match nil, and
// NewTable fills it from here: the Go compiler's time on a matcher written
// as code grows with the number of routes, a trie's is none.
func NewMatcher(routes []Route, d int) MatchFunc {
	roots := map[string]*treeNode{}
	var methods []string
	for i := range routes {
		r := &routes[i]
		if r.Domain != d {
			continue
		}
		root := roots[r.Method]
		if root == nil {
			root = &treeNode{route: -1}
			roots[r.Method] = root
			methods = append(methods, r.Method)
		}
		root.insert(r)
	}
	slices.Sort(methods)
	m := &treeMatcher{}
	for _, method := range methods {
		root := roots[method]
		root.finish()
		m.methods = append(m.methods, method)
		m.roots = append(m.roots, newEntry(root, "/"))
	}
	return m.match
}

// treeMatcher is the trie of each method of one domain.
type treeMatcher struct {
	methods []string
	roots   []*treeEntry
}

func (t *treeMatcher) match(m *Match, method, path string) int {
	if len(path) == 0 || path[0] != '/' {
		return -1
	}
	for k, name := range t.methods {
		if name == method {
			root := t.roots[k]
			if r := root.lookupFixed(path); r >= 0 {
				return r
			}
			if root.node.dynamic {
				return root.node.level(m, path, 1)
			}
			return -1
		}
	}
	return -1
}

// treeNode is a position in the routes of one domain and method.
type treeNode struct {
	route     int32 // the route that ends here, or -1
	literals  []*treeLiteral
	params    []*treeParam
	catchAlls []treeCatchAll
	dynamic   bool                    // a parameter or catch-all lies below: the walk must come here
	walked    []*treeLiteral          // the literals with a parameter or catch-all below, in order
	bySegment map[string]*treeLiteral // walked by text, when there are many
}

type treeLiteral struct {
	text string
	node *treeNode
}

// treeParam is a parameter after the literal text prefix in its segment; its
// entry holds the routes that have no parameter below it.
type treeParam struct {
	prefix string
	entry  *treeEntry
}

type treeCatchAll struct {
	prefix     string
	route      int32
	allowEmpty bool // a static listing also serves its folder itself
}

// treeEntry is a node where the walk enters a subtree: the root or a
// parameter. fixed maps the rest of the path to the route with no
// parameter below the node that it names; bit k of lengths is set when a
// key has k bytes (63: 63 or more), which spares most misses the hash.
type treeEntry struct {
	node    *treeNode
	fixed   map[string]int32
	lengths uint64
}

// lookupFixed is the route fixed maps rest to, or -1.
func (e *treeEntry) lookupFixed(rest string) int {
	if e.lengths&(1<<min(len(rest), 63)) != 0 {
		if r, ok := e.fixed[rest]; ok {
			return int(r)
		}
	}
	return -1
}

func (e *treeEntry) add(key string, route int32) {
	e.fixed[key] = route
	e.lengths |= 1 << min(len(key), 63)
}

// walkedByMapAbove is the most walked literals a node compares one by one.
const walkedByMapAbove = 4

func (n *treeNode) insert(r *Route) {
	for _, seg := range core.ParsePattern(r.Path) {
		switch seg.Kind {
		case core.StaticSegment:
			i := slices.IndexFunc(n.literals, func(e *treeLiteral) bool { return e.text == seg.Literal })
			if i < 0 {
				n.literals = append(n.literals, &treeLiteral{text: seg.Literal, node: &treeNode{route: -1}})
				i = len(n.literals) - 1
			}
			n = n.literals[i].node
		case core.ParamSegment:
			i := slices.IndexFunc(n.params, func(e *treeParam) bool { return e.prefix == seg.Literal })
			if i < 0 {
				n.params = append(n.params, &treeParam{prefix: seg.Literal, entry: &treeEntry{node: &treeNode{route: -1}}})
				i = len(n.params) - 1
			}
			n = n.params[i].entry.node
		case core.CatchAllSegment:
			n.catchAlls = append(n.catchAlls, treeCatchAll{prefix: seg.Literal, route: int32(r.Index), allowEmpty: r.Static && r.List})
			return
		}
	}
	n.route = int32(r.Index)
}

// finish orders the choices of every level — the longer parameter prefix
// before the shorter, more general one — and marks the nodes the walk must
// visit. It reports whether n is one.
func (n *treeNode) finish() bool {
	slices.SortStableFunc(n.params, func(a, b *treeParam) int { return cmp.Compare(len(b.prefix), len(a.prefix)) })
	slices.SortStableFunc(n.catchAlls, func(a, b treeCatchAll) int { return cmp.Compare(len(b.prefix), len(a.prefix)) })
	n.dynamic = len(n.params) > 0 || len(n.catchAlls) > 0
	for _, e := range n.literals {
		if e.node.finish() {
			n.dynamic = true
			n.walked = append(n.walked, e)
		}
	}
	if len(n.walked) > walkedByMapAbove {
		n.bySegment = map[string]*treeLiteral{}
		for _, e := range n.walked {
			n.bySegment[e.text] = e
		}
	}
	for _, p := range n.params {
		p.entry = newEntry(p.entry.node, "")
		p.entry.node.finish()
	}
	return n.dynamic
}

// newEntry is the entry at n: its own route under the key own ("/" at
// the root, "" after a parameter: the parameter ends the path), and the
// routes below it reached by literals only.
func newEntry(n *treeNode, own string) *treeEntry {
	e := &treeEntry{node: n, fixed: map[string]int32{}}
	if n.route >= 0 {
		e.add(own, n.route)
	}
	for _, l := range n.literals {
		l.node.addFixed("/"+l.text, e)
	}
	return e
}

// addFixed enters in e the routes at and below n reached by literals only;
// rest is the text of n's path after e's node.
func (n *treeNode) addFixed(rest string, e *treeEntry) {
	if n.route >= 0 {
		e.add(rest, n.route)
	}
	for _, l := range n.literals {
		l.node.addFixed(rest+"/"+l.text, e)
	}
}

// level walks the segment that starts at i below n.
func (n *treeNode) level(m *Match, path string, i int) int {
	if n.bySegment != nil {
		if j := SegmentEnd(path, i); j < len(path) {
			if l := n.bySegment[path[i:j]]; l != nil {
				if r := l.node.level(m, path, j+1); r >= 0 {
					return r
				}
			}
		}
	} else {
		for _, l := range n.walked {
			if end := i + len(l.text); end < len(path) && path[end] == '/' && path[i:end] == l.text {
				if r := l.node.level(m, path, end+1); r >= 0 {
					return r
				}
			}
		}
	}
	if len(n.params) > 0 {
		j := SegmentEnd(path, i)
		for _, p := range n.params {
			start := i + len(p.prefix)
			if j <= start || !strings.HasPrefix(path[i:j], p.prefix) {
				continue
			}
			// Only a bare parameter or one after "." can take a whole "." or ".." segment.
			if (p.prefix == "" || p.prefix == ".") && !NotDot(path[i:j]) {
				continue
			}
			m.Params.Push(start, j)
			if r := p.entry.afterParam(m, path, j); r >= 0 {
				return r
			}
			m.Params.Pop()
		}
	}
	for _, c := range n.catchAlls {
		start := i + len(c.prefix)
		if (len(path) > start || c.allowEmpty && len(path) == start) &&
			strings.HasPrefix(path[i:], c.prefix) && IsCleanTail(path[i:]) {
			m.Params.Push(start, len(path))
			return int(c.route)
		}
	}
	return -1
}

// afterParam continues once the parameter ending at j matched: the routes
// with no parameter below, then the walk.
func (e *treeEntry) afterParam(m *Match, path string, j int) int {
	if r := e.lookupFixed(path[j:]); r >= 0 {
		return r
	}
	if e.node.dynamic && j < len(path) {
		return e.node.level(m, path, j+1)
	}
	return -1
}
