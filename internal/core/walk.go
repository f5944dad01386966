package core

import (
	"maps"
	"slices"
	"strings"
)

// NewMatcher returns the matcher of routes as data: for each method, its
// trie, which the returned function walks. It answers every path exactly
// as the matcher gen writes as code from the same trie.
func NewMatcher(routes []Route) MatchFunc { return newMatcher(routes, -1) }

// newMatcher is NewMatcher of the routes of domain d (all of them for -1),
// answering their indexes in routes.
func newMatcher(routes []Route, d int) MatchFunc {
	counts := map[string]int{}
	for i := range routes {
		if r := &routes[i]; d < 0 || r.Domain == d {
			counts[r.Method]++
		}
	}
	methods := slices.Sorted(maps.Keys(counts))
	total := 0
	for _, n := range counts {
		total += n
	}
	// One array holds the routes of every method, each method's in turn.
	all := make([]TrieRoute, 0, total)
	byMethod := make(map[string][]TrieRoute, len(methods))
	for _, method := range methods {
		byMethod[method] = all[len(all) : len(all) : len(all)+counts[method]]
		all = all[:len(all)+counts[method]]
	}
	for i := range routes {
		if r := &routes[i]; d < 0 || r.Domain == d {
			byMethod[r.Method] = append(byMethod[r.Method], TrieRoute{Index: i, Path: r.Path, AllowEmpty: r.Static && r.List})
		}
	}
	m := &walker{methods: methods, roots: make([]*entry, len(methods))}
	b := newWalkBuilder()
	for k, method := range methods {
		root := NewTrie(byMethod[method])
		m.roots[k] = b.entry(root, root.appendRootFixed(b.fixed[:0]))
	}
	return m.match
}

// walker is the trie of each method of one domain, made ready to walk.
type walker struct {
	methods []string
	roots   []*entry
}

func (t *walker) match(p *Params, method, path string) int {
	for k, name := range t.methods {
		if name == method {
			root := t.roots[k]
			if r := root.lookupFixed(path); r >= 0 {
				return r
			}
			if root.node.Dynamic {
				return root.level(p, path, 1)
			}
			return -1
		}
	}
	return -1
}

// entry is a node where the walk enters a subtree: the root or a
// parameter. Its fixed routes map the rest of the path to the route with
// no parameter below the node that it names: few of them are compared one
// by one (few), more found by a map (fixed). Bit k of lengths is set when
// a rest has k bytes (63: 63 or more), which spares most misses either.
type entry struct {
	node      *Node
	few       []FixedRoute // nil when fixed is set
	fixed     map[string]int32
	lengths   uint64
	walked    []step            // the literals with a parameter or catch-all below
	bySegment map[string]*entry // walked by text, when there are many
	params    []*entry          // by the node's Params
}

// step is a literal segment the walk compares, and where it leads.
type step struct {
	text string
	next *entry
}

// walkedByMapAbove is the most walked literals a node compares one by one.
const walkedByMapAbove = 4

// fixedByMapAbove is the most fixed routes an entry compares one by one:
// a map of their own would cost most entries, which have one or two, a
// header and a group, and each lookup a hash.
const fixedByMapAbove = 8

// walkBuilder makes the entries of a walker with few allocations: the
// entries and their slices come from chunks.
type walkBuilder struct {
	entries chunk[entry]
	steps   chunk[step]
	params  chunk[*entry]
	few     chunk[FixedRoute]
	fixed   []FixedRoute // scratch: the fixed routes of the entry being made
}

func newWalkBuilder() *walkBuilder {
	return &walkBuilder{entries: chunk[entry]{size: 64}, steps: chunk[step]{size: 64},
		params: chunk[*entry]{size: 64}, few: chunk[FixedRoute]{size: 64}}
}

// entry makes n ready to walk, with the routes fixed answers at once.
func (b *walkBuilder) entry(n *Node, fixed []FixedRoute) *entry {
	e := b.entries.new()
	e.node = n
	for _, f := range fixed {
		e.lengths |= 1 << min(len(f.Rest), 63)
	}
	switch {
	case len(fixed) > fixedByMapAbove:
		e.fixed = make(map[string]int32, len(fixed))
		for _, f := range fixed {
			e.fixed[f.Rest] = int32(f.Route)
		}
	case len(fixed) > 0:
		e.few = b.few.cut(len(fixed))
		copy(e.few, fixed)
	}
	b.fixed = fixed[:0] // the entry holds them now: the next one reuses the array
	b.prepare(e)
	return e
}

// prepare readies the levels below e's node that the walk visits.
func (b *walkBuilder) prepare(e *entry) {
	n := e.node
	walked := 0
	for _, l := range n.Literals {
		if l.Node.Dynamic {
			walked++
		}
	}
	if walked > 0 {
		e.walked = b.steps.cut(walked)[:0]
	}
	for _, l := range n.Literals {
		if l.Node.Dynamic {
			next := b.entries.new()
			next.node = l.Node
			b.prepare(next)
			e.walked = append(e.walked, step{l.Text, next})
		}
	}
	if len(e.walked) > walkedByMapAbove {
		e.bySegment = make(map[string]*entry, len(e.walked))
		for _, s := range e.walked {
			e.bySegment[s.text] = s.next
		}
	}
	if len(n.Params) > 0 {
		e.params = b.params.cut(len(n.Params))
	}
	for k, p := range n.Params {
		own := b.fixed[:0]
		if p.Node.Route >= 0 {
			own = append(own, FixedRoute{"", p.Node.Route})
		}
		e.params[k] = b.entry(p.Node, p.Node.appendBelowParam(own))
	}
}

// lookupFixed is the route fixed maps rest to, or -1.
func (e *entry) lookupFixed(rest string) int {
	if e.lengths&(1<<min(len(rest), 63)) != 0 {
		if e.fixed == nil {
			for i := range e.few {
				if e.few[i].Rest == rest {
					return e.few[i].Route
				}
			}
		} else if r, ok := e.fixed[rest]; ok {
			return int(r)
		}
	}
	return -1
}

// level walks the segment that starts at i below e's node.
func (e *entry) level(p *Params, path string, i int) int {
	n := e.node
	if e.bySegment != nil {
		if j := SegmentEnd(path, i); j < len(path) {
			if child := e.bySegment[path[i:j]]; child != nil {
				if r := child.level(p, path, j+1); r >= 0 {
					return r
				}
			}
		}
	} else {
		for _, s := range e.walked {
			if end := i + len(s.text); end < len(path) && path[end] == '/' && path[i:end] == s.text {
				if r := s.next.level(p, path, end+1); r >= 0 {
					return r
				}
			}
		}
	}
	if len(n.Params) > 0 {
		j := SegmentEnd(path, i)
		for k, pe := range n.Params {
			start := i + len(pe.Prefix)
			if j <= start || !strings.HasPrefix(path[i:j], pe.Prefix) {
				continue
			}
			// No parameter is a dot segment; after literal text, not even an escaped one.
			if pe.Prefix == "" && !NotDot(path[i:j]) || pe.Prefix != "" && !CleanAfterPrefix(path[start:j]) {
				continue
			}
			p.Push(path[start:j])
			if r := e.params[k].afterParam(p, path, j); r >= 0 {
				return r
			}
			p.Pop()
		}
	}
	for _, c := range n.CatchAlls {
		start := i + len(c.Prefix)
		if (len(path) > start || c.AllowEmpty && len(path) == start) &&
			strings.HasPrefix(path[i:], c.Prefix) && IsCleanTail(path[i:]) &&
			(c.Prefix == "" || CleanAfterPrefix(path[start:SegmentEnd(path, start)])) {
			p.Push(path[start:])
			return c.Route
		}
	}
	return -1
}

// afterParam continues once the parameter ending at j matched: the routes
// with no parameter below, then the walk.
func (e *entry) afterParam(p *Params, path string, j int) int {
	if r := e.lookupFixed(path[j:]); r >= 0 {
		return r
	}
	if e.node.Dynamic && j < len(path) {
		return e.level(p, path, j+1)
	}
	return -1
}
