package ir

import (
	"maps"
	"slices"
	"strings"
)

// checkConflicts reports routes of one domain that cannot live side by side:
// the same method and path twice, or two parameters of different names at
// one position of the same method's routes. A static segment and a
// parameter at one position may coexist: the static one wins.
func (b *builder) checkConflicts(d *Domain) {
	byMethod := map[string][]*Route{}
	for _, r := range d.Routes {
		byMethod[r.Method] = append(byMethod[r.Method], r)
	}
	for _, method := range slices.Sorted(maps.Keys(byMethod)) {
		routes := slices.Clone(byMethod[method])
		// The route written first is the one the later ones conflict with.
		slices.SortStableFunc(routes, func(a, b *Route) int {
			if a.Pos.Before(b.Pos) {
				return -1
			}
			if b.Pos.Before(a.Pos) {
				return 1
			}
			return 0
		})
		root := &conflictNode{}
		for _, r := range routes {
			b.insert(root, r)
		}
	}
}

// conflictNode is a node of one method's route trie.
type conflictNode struct {
	// children are found by a scan while they are few, as most nodes'
	// are, and through byShape past that: a map a node would cost a table
	// of long paths its memory many times over.
	children []conflictChild
	byShape  map[segmentShape]*conflictNode
	param    string // the parameter's name at this node
	owner    *Route // the route that named the parameter
	route    *Route // the route that ends here
}

type conflictChild struct {
	shape segmentShape
	node  *conflictNode
}

// scannedChildren is the most children a node finds by a scan.
const scannedChildren = 8

func (n *conflictNode) child(shape segmentShape) *conflictNode {
	if n.byShape != nil {
		return n.byShape[shape]
	}
	for _, c := range n.children {
		if c.shape == shape {
			return c.node
		}
	}
	return nil
}

func (n *conflictNode) add(shape segmentShape, child *conflictNode) {
	n.children = append(n.children, conflictChild{shape, child})
	if len(n.children) > scannedChildren {
		if n.byShape == nil {
			n.byShape = make(map[segmentShape]*conflictNode, len(n.children))
			for _, c := range n.children {
				n.byShape[c.shape] = c.node
			}
		}
		n.byShape[shape] = child
	}
}

func (b *builder) insert(root *conflictNode, r *Route) {
	n := root
	for _, seg := range r.Segments {
		key := segmentShape{seg.Kind, seg.Literal}
		child := n.child(key)
		if child == nil {
			child = &conflictNode{param: seg.Param, owner: r}
			n.add(key, child)
		} else if seg.Kind != StaticSegment && child.param != seg.Param {
			b.diags.Errorf(r.Pos, "route %q (%s %s): parameter %q conflicts with %q of route %q (%s %s) at %s: %s",
				r.Name, r.Method, Unescaped(r.Path), paramText(seg), paramText(Segment{Kind: seg.Kind, Param: child.param}),
				child.owner.Name, child.owner.Method, Unescaped(child.owner.Path), child.owner.Pos, Unescaped(examplePath(r.Segments, child.owner.Segments)))
			return
		}
		n = child
	}
	if n.route != nil {
		if group := n.route; r.Parent == group.Name && !group.Static {
			// The parent is a route only because it has a controller, which its
			// action (Index by default) completes: say so, and how to undo it.
			b.diags.Errorf(r.Pos, "route %q duplicates %s %s of its group %q at %s, which is a route too because it names a controller (%s.%s); to make %q a group only, move controller to its routes",
				r.Name, r.Method, Unescaped(r.Path), group.Name, group.Pos, group.Controller, group.Action, group.Name)
			return
		}
		b.diags.Errorf(r.Pos, "route %q duplicates %s %s of route %q at %s", r.Name, r.Method, Unescaped(r.Path), n.route.Name, n.route.Pos)
		return
	}
	n.route = r
}

// segmentShape is what a segment matches by: its kind and its literal text
// (a parameter's prefix), not a parameter's name.
type segmentShape struct {
	kind    SegmentKind
	literal string
}

func paramText(s Segment) string {
	if s.Kind == CatchAllSegment {
		return "*" + s.Param
	}
	return ":" + s.Param
}

// examplePath describes a request path both routes would match, in the
// manner of net/http's pattern conflicts; when no path matches both, it
// names the position where their parameters clash.
func examplePath(a, b []Segment) string {
	var parts []string
	for i := 0; ; i++ {
		switch {
		case i == len(a) && i == len(b):
			return "both match " + quotePath(parts)
		case i == len(a) || i == len(b):
			return "both have a parameter at " + quotePath(parts)
		}
		sa, sb := a[i], b[i]
		if sa.Kind == CatchAllSegment || sb.Kind == CatchAllSegment {
			other := b[i:]
			if sa.Kind != CatchAllSegment {
				other = a[i:]
			}
			for _, s := range other {
				parts = append(parts, sample(s))
			}
			return "both match " + quotePath(parts)
		}
		seg, ok := unifySegment(sa, sb)
		if !ok {
			return "both have a parameter at " + quotePath(append(parts, sample(sa)))
		}
		parts = append(parts, seg)
	}
}

// unifySegment returns a segment text both segments match.
func unifySegment(a, b Segment) (string, bool) {
	if a.Kind == StaticSegment && b.Kind == StaticSegment {
		return a.Literal, a.Literal == b.Literal
	}
	if a.Kind == StaticSegment {
		a, b = b, a
	}
	if b.Kind == StaticSegment {
		return b.Literal, strings.HasPrefix(b.Literal, a.Literal) && len(b.Literal) > len(a.Literal)
	}
	long, short := a.Literal, b.Literal
	if len(short) > len(long) {
		long, short = short, long
	}
	return long + "x", strings.HasPrefix(long, short)
}

func sample(s Segment) string {
	if s.Kind == StaticSegment {
		return s.Literal
	}
	return s.Literal + "x"
}

func quotePath(parts []string) string {
	return `"/` + strings.Join(parts, "/") + `"`
}
