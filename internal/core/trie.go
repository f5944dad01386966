package core

import (
	"cmp"
	"slices"
	"strings"
)

// The routes of one domain and method form a trie, which alone decides
// their precedence. Wherever a walk enters a subtree — at the root and
// after each parameter — a route with no parameter below that point (one
// of Fixed's) wins over every other route of the subtree, as a literal
// segment wins over a parameter. Below, segment by segment, the literal
// segment comes first, then the parameters after literal text in their
// segment, the longer text first, then the bare parameter, then the
// catch-alls in the same order, coming back up to try the next choice
// when a deeper level fails. NewMatcher walks the trie as data; gen
// writes the same walk as code.

// Node is a position in the trie.
type Node struct {
	Route     int // the route that ends here; -1 for none
	Literals  []*LiteralEdge
	Params    []*ParamEdge
	CatchAlls []*CatchAllEdge
	Dynamic   bool // a parameter or catch-all lies below: a walk must come here

	// path is the pattern up to n, the start of the path of a route that
	// passes through it: a substring, so that a path of n segments costs
	// its nodes no bytes of their own.
	path string
}

// Pattern is the pattern of the routes' paths up to n: "/repos/:owner".
func (n *Node) Pattern() string { return n.path }

// LiteralEdge leads to the routes whose next segment is Text.
type LiteralEdge struct {
	Text string
	Node *Node
}

// ParamEdge leads to the routes whose next segment is a parameter after
// the literal text Prefix.
type ParamEdge struct {
	Prefix string
	Node   *Node
}

// CatchAllEdge is a route whose catch-all parameter follows the literal
// text Prefix in its segment.
type CatchAllEdge struct {
	Prefix     string
	Route      int
	AllowEmpty bool // a static folder's route also serves the folder itself
}

// TrieRoute is what the trie needs of a route.
type TrieRoute struct {
	Index      int
	Path       string // "/hotels/:id"
	AllowEmpty bool   // a catch-all that also matches an empty rest: a static route's folder
}

// NewTrie is the trie of routes, all of one domain and method, with the
// choices of every level in the order of precedence.
func NewTrie(routes []TrieRoute) *Node {
	b := newTrieBuilder(len(routes))
	root := b.node("")
	for _, r := range routes {
		b.insert(root, r)
	}
	root.finish()
	return root
}

// trieBuilder builds a trie with few allocations, which a table of many
// routes, built when a program starts, spends most of its time on: the
// nodes, the edges and a node's first edge of each kind come from chunks.
type trieBuilder struct {
	nodes         chunk[Node]
	literals      chunk[LiteralEdge]
	params        chunk[ParamEdge]
	catchAlls     chunk[CatchAllEdge]
	firstLiteral  chunk[*LiteralEdge]
	firstParam    chunk[*ParamEdge]
	firstCatchAll chunk[*CatchAllEdge]
	// last are the nodes of the route inserted last, by depth, and
	// lastPath its path: routes that share a prefix mostly come together,
	// and their nodes of the prefix are the same.
	last     []*Node
	lastPath string
}

// newTrieBuilder is the builder of a trie of n routes, whose chunks are
// as large as a trie of n routes needs, up to maxChunk.
func newTrieBuilder(n int) *trieBuilder {
	size := min(n+1, maxChunk)
	return &trieBuilder{
		nodes: chunk[Node]{size: size}, literals: chunk[LiteralEdge]{size: size},
		params: chunk[ParamEdge]{size: size}, catchAlls: chunk[CatchAllEdge]{size: size},
		firstLiteral: chunk[*LiteralEdge]{size: size}, firstParam: chunk[*ParamEdge]{size: size},
		firstCatchAll: chunk[*CatchAllEdge]{size: size},
	}
}

// maxChunk is the most elements of one kind a chunk holds: a trie's last
// chunk of each kind is partly unused.
const maxChunk = 64

// chunk hands out elements, and short slices of them, from arrays of size
// elements: one allocation for many.
type chunk[T any] struct {
	free []T // the rest of the current array
	size int
}

// cut is a slice of n new elements, of capacity n: an append to it
// allocates an array of its own.
func (c *chunk[T]) cut(n int) []T {
	if len(c.free) < n {
		c.free = make([]T, max(n, c.size))
	}
	s := c.free[:n:n]
	c.free = c.free[n:]
	return s
}

// new is a new element.
func (c *chunk[T]) new() *T { return &c.cut(1)[0] }

// appendEdge is edges with e appended: most nodes have one edge of a
// kind, which is cut from first.
func appendEdge[T any](edges []T, e T, first *chunk[T]) []T {
	if edges == nil {
		edges = first.cut(1)
		edges[0] = e
		return edges
	}
	return append(edges, e)
}

func (b *trieBuilder) node(path string) *Node {
	n := b.nodes.new()
	n.Route, n.path = -1, path
	return n
}

func (b *trieBuilder) insert(n *Node, r TrieRoute) {
	if r.Path == "/" {
		r.Path = "" // no segment, as ParsePattern reads it
	}
	last := b.lastPath
	shared := commonPrefix(r.Path, last)
	b.lastPath = r.Path
	for i, depth := 0, 0; i < len(r.Path); depth++ {
		var seg Segment
		seg, i = SegmentAt(r.Path, i)
		// The last route's segment at this depth ends here too, after the same text.
		if depth < len(b.last) && i <= shared && (i == len(last) || last[i] == '/') {
			n = b.last[depth]
			continue
		}
		b.last = b.last[:min(depth, len(b.last))]
		switch seg.Kind {
		case StaticSegment:
			n = b.literal(n, seg.Literal, r.Path[:i])
		case ParamSegment:
			k := slices.IndexFunc(n.Params, func(e *ParamEdge) bool { return e.Prefix == seg.Literal })
			if k < 0 {
				e := b.params.new()
				e.Prefix, e.Node = seg.Literal, b.node(r.Path[:i])
				n.Params = appendEdge(n.Params, e, &b.firstParam)
				k = len(n.Params) - 1
			}
			n = n.Params[k].Node
		case CatchAllSegment:
			e := b.catchAlls.new()
			*e = CatchAllEdge{Prefix: seg.Literal, Route: r.Index, AllowEmpty: r.AllowEmpty}
			n.CatchAlls = appendEdge(n.CatchAlls, e, &b.firstCatchAll)
			return
		}
		b.last = append(b.last, n)
	}
	n.Route = r.Index
}

// commonPrefix is the length of the longest prefix a and b share.
func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// literal is the node n's literal edge text leads to, made with the
// pattern path if n has none. A node's literal edges are kept in the
// order of their text, found by a binary search: a scan would make n
// siblings cost n².
func (b *trieBuilder) literal(n *Node, text, path string) *Node {
	k, found := slices.BinarySearchFunc(n.Literals, text, func(e *LiteralEdge, text string) int { return strings.Compare(e.Text, text) })
	if found {
		return n.Literals[k].Node
	}
	e := b.literals.new()
	e.Text, e.Node = text, b.node(path)
	if n.Literals == nil {
		n.Literals = appendEdge(n.Literals, e, &b.firstLiteral)
	} else {
		n.Literals = slices.Insert(n.Literals, k, e)
	}
	return e.Node
}

// finish orders the choices of every level — the longer parameter prefix
// before the shorter, more general one; literals are in the order of their
// text already, for stable code — and marks the nodes a walk must visit.
// It reports whether n is one.
func (n *Node) finish() bool {
	slices.SortStableFunc(n.Params, func(a, b *ParamEdge) int { return cmp.Compare(len(b.Prefix), len(a.Prefix)) })
	slices.SortStableFunc(n.CatchAlls, func(a, b *CatchAllEdge) int { return cmp.Compare(len(b.Prefix), len(a.Prefix)) })
	n.Dynamic = len(n.Params) > 0 || len(n.CatchAlls) > 0
	for _, e := range n.Literals {
		if e.Node.finish() {
			n.Dynamic = true
		}
	}
	for _, e := range n.Params {
		e.Node.finish()
	}
	return n.Dynamic
}

// Leaf reports whether nothing lies below n.
func (n *Node) Leaf() bool { return len(n.Literals)+len(n.Params)+len(n.CatchAlls) == 0 }

// Size is the number of routes at and below n.
func (n *Node) Size() int {
	total := len(n.CatchAlls)
	if n.Route >= 0 {
		total++
	}
	for _, e := range n.Literals {
		total += e.Node.Size()
	}
	for _, e := range n.Params {
		total += e.Node.Size()
	}
	return total
}

// FixedRoute is a route with no parameter below a node, and the text its
// path has after the node's.
type FixedRoute struct {
	Rest  string
	Route int
}

// Fixed appends the routes at and below n that have no parameter below
// it, which win over every other route below n; restLen is the length of
// the text of n's own path after the node the walk entered at. Each
// Rest is the end of the route's pattern, which it does not copy.
func (n *Node) Fixed(restLen int, routes []FixedRoute) []FixedRoute {
	if n.Route >= 0 {
		routes = append(routes, FixedRoute{n.path[len(n.path)-restLen:], n.Route})
	}
	for _, e := range n.Literals {
		routes = e.Node.Fixed(restLen+1+len(e.Text), routes)
	}
	return routes
}

// RootFixed is Fixed of a method's root, whose own route is "/".
func (n *Node) RootFixed() []FixedRoute { return n.appendRootFixed(nil) }

// appendRootFixed is RootFixed appended to fixed.
func (n *Node) appendRootFixed(fixed []FixedRoute) []FixedRoute {
	start := len(fixed)
	fixed = n.Fixed(0, fixed)
	if len(fixed) > start && fixed[start].Rest == "" {
		fixed[start].Rest = "/"
	}
	return fixed
}

// BelowParam is what a walk tries once a parameter that ends at the end of
// n's segment has matched: the route that ends at n (the path ends there
// too), then the routes reached from n by literals only.
func (n *Node) BelowParam() []FixedRoute { return n.appendBelowParam(nil) }

// appendBelowParam is BelowParam appended to fixed.
func (n *Node) appendBelowParam(fixed []FixedRoute) []FixedRoute {
	for _, e := range n.Literals {
		fixed = e.Node.Fixed(1+len(e.Text), fixed)
	}
	return fixed
}
