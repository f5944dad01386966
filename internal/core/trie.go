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

	// parent and segment give Pattern: a node does not keep the whole
	// pattern, which would cost a path of n segments n² bytes.
	parent  *Node
	segment string // "/repos", "/:owner"
	// literalIndex finds a literal edge by text while the trie is built:
	// a scan of the edges would make n siblings cost n².
	literalIndex map[string]int
}

// Pattern is the pattern of the routes' paths up to n: "/repos/:owner".
func (n *Node) Pattern() string {
	var segments []string
	for ; n != nil; n = n.parent {
		segments = append(segments, n.segment)
	}
	slices.Reverse(segments)
	return strings.Join(segments, "")
}

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
	AllowEmpty bool // a static listing also serves its folder itself
}

// TrieRoute is what the trie needs of a route.
type TrieRoute struct {
	Index      int
	Path       string // "/hotels/:id"
	AllowEmpty bool   // a catch-all that also matches an empty rest: a static listing's folder
}

// NewTrie is the trie of routes, all of one domain and method, with the
// choices of every level in the order of precedence.
func NewTrie(routes []TrieRoute) *Node {
	root := &Node{Route: -1}
	for _, r := range routes {
		root.insert(r)
	}
	root.finish()
	return root
}

func (n *Node) insert(r TrieRoute) {
	for _, seg := range ParsePattern(r.Path) {
		switch seg.Kind {
		case StaticSegment:
			if n.literalIndex == nil {
				n.literalIndex = map[string]int{}
			}
			k, ok := n.literalIndex[seg.Literal]
			if !ok {
				k = len(n.Literals)
				n.literalIndex[seg.Literal] = k
				n.Literals = append(n.Literals, &LiteralEdge{Text: seg.Literal, Node: &Node{parent: n, segment: "/" + seg.Literal, Route: -1}})
			}
			n = n.Literals[k].Node
		case ParamSegment:
			k := slices.IndexFunc(n.Params, func(e *ParamEdge) bool { return e.Prefix == seg.Literal })
			if k < 0 {
				n.Params = append(n.Params, &ParamEdge{Prefix: seg.Literal, Node: &Node{parent: n, segment: "/" + seg.Literal + ":" + seg.Param, Route: -1}})
				k = len(n.Params) - 1
			}
			n = n.Params[k].Node
		case CatchAllSegment:
			n.CatchAlls = append(n.CatchAlls, &CatchAllEdge{Prefix: seg.Literal, Route: r.Index, AllowEmpty: r.AllowEmpty})
			return
		}
	}
	n.Route = r.Index
}

// finish orders the choices of every level — literals by text, for stable
// code; the longer parameter prefix before the shorter, more general one —
// and marks the nodes a walk must visit. It reports whether n is one.
func (n *Node) finish() bool {
	n.literalIndex = nil // the edges are sorted now; the index is no longer needed
	slices.SortFunc(n.Literals, func(a, b *LiteralEdge) int { return strings.Compare(a.Text, b.Text) })
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
// it, which win over every other route below n; rest is the text of n's
// own path after the node the walk entered at.
func (n *Node) Fixed(rest string, routes []FixedRoute) []FixedRoute {
	return n.appendFixed([]byte(rest), routes)
}

// appendFixed is Fixed with rest in a buffer the levels below extend and
// give back: a string built at each level would cost a path of n segments
// n² bytes.
func (n *Node) appendFixed(rest []byte, routes []FixedRoute) []FixedRoute {
	if n.Route >= 0 {
		routes = append(routes, FixedRoute{string(rest), n.Route})
	}
	for _, e := range n.Literals {
		routes = e.Node.appendFixed(append(append(rest, '/'), e.Text...), routes)
	}
	return routes
}

// RootFixed is Fixed of a method's root, whose own route is "/".
func (n *Node) RootFixed() []FixedRoute {
	fixed := n.Fixed("", nil)
	if len(fixed) > 0 && fixed[0].Rest == "" {
		fixed[0].Rest = "/"
	}
	return fixed
}

// BelowParam is what a walk tries once a parameter that ends at the end of
// n's segment has matched: the route that ends at n (the path ends there
// too), then the routes reached from n by literals only.
func (n *Node) BelowParam() []FixedRoute {
	var fixed []FixedRoute
	for _, e := range n.Literals {
		fixed = e.Node.Fixed("/"+e.Text, fixed)
	}
	return fixed
}
