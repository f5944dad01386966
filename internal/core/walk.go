package core

import (
	"slices"
	"strings"
)

// NewMatcher returns the matcher of routes as data: for each method, its
// trie, which the returned function walks. It answers every path exactly
// as the matcher gen writes as code from the same trie.
func NewMatcher(routes []Route) MatchFunc {
	var tries methodTries
	for i := range routes {
		tries.count(routes[i].Method)
	}
	tries.start()
	for i := range routes {
		tries.insert(i, &routes[i])
	}
	return tries.matcher(newWalkBuilder())
}

// methodTries are the tries of a matcher being built, one a method: the
// routes are counted by method (count), then inserted (insert) into tries
// sized by the counts, with no list of each method's routes in between.
type methodTries []methodTrie

type methodTrie struct {
	method string
	routes int
	build  *trieBuilder
	root   *Node
}

// count counts a route of method.
func (ts *methodTries) count(method string) {
	for k := range *ts { // a table has few methods
		if (*ts)[k].method == method {
			(*ts)[k].routes++
			return
		}
	}
	*ts = append(*ts, methodTrie{method: method, routes: 1})
}

// start readies a trie for each method counted, in the order of the methods.
func (ts methodTries) start() {
	slices.SortFunc(ts, func(a, b methodTrie) int { return strings.Compare(a.method, b.method) })
	for k := range ts {
		ts[k].build = newTrieBuilder(ts[k].routes)
		ts[k].root = ts[k].build.node("")
	}
}

// insert inserts r, of index i, into the trie of its method.
func (ts methodTries) insert(i int, r *Route) {
	for k := range ts {
		if ts[k].method == r.Method {
			ts[k].build.insert(ts[k].root, TrieRoute{Index: i, Path: r.Path, AllowEmpty: r.Static})
			return
		}
	}
}

// matcher is the matcher of the tries, once every route is inserted,
// made ready to walk by b, which the matchers of a table share.
func (ts methodTries) matcher(b *walkBuilder) MatchFunc {
	m := &walker{methods: make([]string, len(ts)), roots: make([]*entry, len(ts))}
	for k := range ts {
		root := ts[k].root
		root.finish()
		m.methods[k] = ts[k].method
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
				return root.walk(p, path, 1)
			}
			return -1
		}
	}
	return -1
}

// level is a node the walk visits, made ready to walk: its literals with a
// parameter or catch-all below, and its parameters.
type level struct {
	node      *Node
	walked    []step            // the literals with a parameter or catch-all below
	bySegment map[string]*level // walked by text, when there are many
	params    []*entry          // by the node's Params
}

// entry is a level where the walk enters a subtree: the root or a
// parameter. Its fixed routes map the rest of the path to the route with
// no parameter below the node that it names: few of them are compared one
// by one (few), more found by a map (fixed). Bit k of lengths is set when
// a rest has k bytes (63: 63 or more), which spares most misses either.
type entry struct {
	level
	few     []FixedRoute // nil when fixed is set
	fixed   map[string]int32
	lengths uint64
}

// step is a literal segment the walk compares, and where it leads.
type step struct {
	text string
	next *level
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
	levels  chunk[level]
	steps   chunk[step]
	params  chunk[*entry]
	few     chunk[FixedRoute]
	fixed   []FixedRoute // scratch: the fixed routes of the entry being made
}

func newWalkBuilder() *walkBuilder {
	return &walkBuilder{entries: chunk[entry]{size: 64}, levels: chunk[level]{size: 64}, steps: chunk[step]{size: 64},
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
	b.prepare(&e.level)
	return e
}

// prepare readies the levels below e's node that the walk visits.
func (b *walkBuilder) prepare(e *level) {
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
			next := b.levels.new()
			next.node = l.Node
			b.prepare(next)
			e.walked = append(e.walked, step{l.Text, next})
		}
	}
	if len(e.walked) > walkedByMapAbove {
		e.bySegment = make(map[string]*level, len(e.walked))
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

// walk walks the segment that starts at i below e's node.
func (e *level) walk(p *Params, path string, i int) int {
	n := e.node
	if e.bySegment != nil {
		if j := SegmentEnd(path, i); j < len(path) {
			if child := e.bySegment[path[i:j]]; child != nil {
				if r := child.walk(p, path, j+1); r >= 0 {
					return r
				}
			}
		}
	} else {
		for _, s := range e.walked {
			if end := i + len(s.text); end < len(path) && path[end] == '/' && path[i:end] == s.text {
				if r := s.next.walk(p, path, end+1); r >= 0 {
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
		return e.walk(p, path, j+1)
	}
	return -1
}
