package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// The matcher of one domain and method is straight-line code generated from
// the trie of its routes. Wherever the walk enters a subtree — at the root
// and after each parameter — one switch on the rest of the path answers the
// routes of the subtree that have no parameter below it: such a route wins
// over every other route of the subtree, as a literal segment wins over a
// parameter. The walk goes on down, segment by segment, for the others:
// each level compares its literal segments with the path in place, then
// tries its parameters, then its catch-alls, and falls through to the next
// choice when a deeper level fails. No map, no regexp and no tree is
// consulted at run time, and the work grows with the path's length, and
// only as the logarithm of the number of routes.

// trieNode is a position in the routes of one domain and method.
type trieNode struct {
	path      string // the pattern of the routes' paths up to here: "/repos/:owner"
	route     *route // the route that ends here
	literals  []*literalEdge
	params    []*paramEdge
	catchAlls []*catchAllEdge
	dynamic   bool // a parameter or catch-all lies below: the walk must come here
}

type literalEdge struct {
	text string
	node *trieNode
}

type paramEdge struct {
	prefix string // literal text before the parameter in its segment
	node   *trieNode
}

type catchAllEdge struct {
	prefix     string
	route      *route
	allowEmpty bool // a static listing also serves its folder itself
}

func (n *trieNode) insert(r *route) {
	for _, seg := range r.Segments {
		switch seg.Kind {
		case ir.StaticSegment:
			k := slices.IndexFunc(n.literals, func(e *literalEdge) bool { return e.text == seg.Literal })
			if k < 0 {
				n.literals = append(n.literals, &literalEdge{text: seg.Literal, node: &trieNode{path: n.path + "/" + seg.Literal}})
				k = len(n.literals) - 1
			}
			n = n.literals[k].node
		case ir.ParamSegment:
			k := slices.IndexFunc(n.params, func(e *paramEdge) bool { return e.prefix == seg.Literal })
			if k < 0 {
				n.params = append(n.params, &paramEdge{prefix: seg.Literal, node: &trieNode{path: n.path + "/" + seg.Literal + ":" + seg.Param}})
				k = len(n.params) - 1
			}
			n = n.params[k].node
		case ir.CatchAllSegment:
			n.catchAlls = append(n.catchAlls, &catchAllEdge{prefix: seg.Literal, route: r, allowEmpty: r.Static && r.List})
			return
		}
	}
	n.route = r
}

// finish orders the choices of every level — literals for stable code, the
// longer parameter prefix before the shorter, more general one — and marks
// the nodes the walk must visit. It reports whether n is one.
func (n *trieNode) finish() bool {
	slices.SortFunc(n.literals, func(a, b *literalEdge) int { return strings.Compare(a.text, b.text) })
	slices.SortStableFunc(n.params, func(a, b *paramEdge) int { return len(b.prefix) - len(a.prefix) })
	slices.SortStableFunc(n.catchAlls, func(a, b *catchAllEdge) int { return len(b.prefix) - len(a.prefix) })
	n.dynamic = len(n.params) > 0 || len(n.catchAlls) > 0
	for _, e := range n.literals {
		if e.node.finish() {
			n.dynamic = true
		}
	}
	for _, e := range n.params {
		e.node.finish()
	}
	return n.dynamic
}

// size is the number of routes at and below n.
func (n *trieNode) size() int {
	total := len(n.catchAlls)
	if n.route != nil {
		total++
	}
	for _, e := range n.literals {
		total += e.node.size()
	}
	for _, e := range n.params {
		total += e.node.size()
	}
	return total
}

// fixedRoute is a route with no parameter below a node, and the text its
// path has after the node's.
type fixedRoute struct {
	rest  string
	route *route
}

// fixed appends the routes at and below n that have no parameter below it;
// rest is the text of n's own.
func (n *trieNode) fixed(rest string, routes []fixedRoute) []fixedRoute {
	if n.route != nil {
		routes = append(routes, fixedRoute{rest, n.route})
	}
	for _, e := range n.literals {
		routes = e.node.fixed(rest+"/"+e.text, routes)
	}
	return routes
}

// walked are the literal edges of n that the walk follows, each through
// the chain of single literal segments below it: "gitignore/templates".
func (n *trieNode) walked() []*literalEdge {
	var edges []*literalEdge
	for _, e := range n.literals {
		if !e.node.dynamic {
			continue
		}
		text, node := e.text, e.node
		for len(node.params) == 0 && len(node.catchAlls) == 0 {
			next := node.walked()
			if len(next) != 1 {
				break
			}
			text, node = text+"/"+next[0].text, next[0].node
		}
		edges = append(edges, &literalEdge{text: text, node: node})
	}
	return edges
}

// codeMatcherUpTo is the most routes of a table whose matchers are written
// as code. A larger table's are data, built when the program starts
// (runtime.NewMatcher): the compiler's time on a matcher written as code
// grows with its routes — about 1.1 s at 1,000 routes of the synthetic
// set, 11 s at 10,000, most of the package's build — and a trie's is none,
// for a Lookup about 1.6 times as long on that set (bench/README.md).
const codeMatcherUpTo = 512

// matchersAsCode reports whether the table's matchers are written as code.
func (g *generator) matchersAsCode() bool {
	switch g.opts.Matcher {
	case MatcherCode:
		return true
	case MatcherData:
		return false
	}
	return len(g.routes) <= codeMatcherUpTo
}

func (g *generator) writeMatchers() {
	if !g.matchersAsCode() {
		return
	}
	for d := range g.table.Domains {
		var cases []jen.Code
		var parts []jen.Code
		for _, method := range g.domainMethods(d) {
			body, size, p := g.methodMatcher(d, method)
			if size > inlineMethodsUpTo {
				name := matchMethodFuncName(d, method)
				parts = append(parts, jen.Comment(fmt.Sprintf("%s finds the %s route of domain %q for path.", name, method, g.table.Domains[d].Key)), jen.Func().Id(name).Params(
					jen.Id("m").Op("*").Add(rt("Match")), jen.Id("path").String(),
				).Int().Block(body...))
				body = []jen.Code{jen.Return(jen.Id(name).Call(jen.Id("m"), jen.Id("path")))}
			}
			cases = append(cases, jen.Case(jen.Lit(method)).Block(body...))
			parts = append(parts, p...)
		}
		path := jen.Id("path")
		body := []jen.Code{
			jen.If(jen.Len(path).Op("==").Lit(0).Op("||").Add(path).Index(jen.Lit(0)).Op("!=").LitRune('/')).Block(jen.Return(jen.Lit(-1))),
			jen.Switch(jen.Id("method")).Block(cases...),
			jen.Return(jen.Lit(-1)),
		}
		g.file.Comment(fmt.Sprintf("%s finds the route of domain %q for method and path.", matchFuncName(d), g.table.Domains[d].Key))
		g.file.Func().Id(matchFuncName(d)).Params(
			jen.Id("m").Op("*").Add(rt("Match")), jen.List(jen.Id("method"), jen.Id("path")).String(),
		).Int().Block(body...)
		for _, f := range parts {
			g.file.Add(f)
		}
	}
}

// methodMatcher is the matcher of method in domain d, its number of
// routes, and the functions of its large subtrees. The matchers of few
// routes are inlined in their domain's: a call saved.
func (g *generator) methodMatcher(d int, method string) ([]jen.Code, int, []jen.Code) {
	root := &trieNode{}
	for _, r := range g.routes {
		if r.domain == d && r.Method == method {
			root.insert(r)
		}
	}
	root.finish()
	w := &matcherWriter{generator: g, name: matchMethodFuncName(d, method), method: method}
	fixed := root.fixed("", nil)
	if len(fixed) > 0 && fixed[0].rest == "" {
		fixed[0].rest = "/" // the root route
	}
	body := []jen.Code{fixedSwitch(jen.Id("path"), fixed)}
	if root.dynamic {
		body = append(body, jen.Id("i1").Op(":=").Lit(1))
		body = append(body, w.level(root, 1)...)
	}
	return append(body, jen.Return(jen.Lit(-1))), root.size(), w.parts
}

// fixedSwitch returns the route whose rest of the path is rest; nothing
// when there is none.
func fixedSwitch(rest jen.Code, routes []fixedRoute) jen.Code {
	if len(routes) == 0 {
		return jen.Null()
	}
	cases := make([]jen.Code, len(routes))
	for i, f := range routes {
		cases[i] = jen.Case(jen.Lit(f.rest)).Block(returnRoute(f.route))
	}
	return jen.Switch(rest).Block(cases...)
}

// A matcher is split into one function per subtree: a level below which
// more than splitAbove routes lie has a function for each subtree that has
// levels of its own. The compiler's time grows faster than the size of a
// function, and a call costs Lookup little once a subtree is that large.
const splitAbove = 64

// inlineMethodsUpTo is the most routes of a method whose matcher is
// inlined in its domain's.
const inlineMethodsUpTo = 32

// A level where more than groupMax literal segments begin with the same
// byte finds the segment's end and switches on it. The others compare each
// literal in place, after a switch on the segment's first byte when they
// have more than seqMax literals.
const (
	groupMax = 4
	seqMax   = 2
)

// matcherWriter writes the matcher of one domain and method, and the
// functions its large subtrees are split into.
type matcherWriter struct {
	*generator
	name   string
	method string
	parts  []jen.Code // doc comment and function of each subtree split off
}

// level matches the segment that starts at i<depth> below n.
func (g *matcherWriter) level(n *trieNode, depth int) []jen.Code {
	i, j := jen.Id("i"+strconv.Itoa(depth)), jen.Id("j"+strconv.Itoa(depth))
	path := jen.Id("path")
	var code []jen.Code
	ended := false // j<depth> holds the end of the segment
	if edges := n.walked(); len(edges) > 0 {
		groups := map[byte][]*literalEdge{}
		var firsts []byte
		largest := 0
		for _, e := range edges {
			b := e.text[0]
			if groups[b] == nil {
				firsts = append(firsts, b)
			}
			groups[b] = append(groups[b], e)
			largest = max(largest, len(groups[b]))
		}
		switch {
		case largest > groupMax:
			var cases []jen.Code
			for _, e := range n.literals {
				if e.node.dynamic {
					next := jen.Id("i" + strconv.Itoa(depth+1))
					cases = append(cases, jen.Case(jen.Lit(e.text)).Block(
						append([]jen.Code{next.Clone().Op(":=").Add(j.Clone()).Op("+").Lit(1)}, g.child(n, e.node, depth, false)...)...))
				}
			}
			code = append(code,
				g.segmentEnd(j, i),
				jen.If(j.Clone().Op("<").Len(path)).Block(jen.Switch(path.Clone().Index(i, j)).Block(cases...)))
			ended = true
		case len(edges) <= seqMax:
			for _, e := range edges {
				code = append(code, g.literal(n, e, depth))
			}
		default:
			var cases []jen.Code
			for _, b := range firsts {
				var block []jen.Code
				for _, e := range groups[b] {
					block = append(block, g.literal(n, e, depth))
				}
				cases = append(cases, jen.Case(jen.LitRune(rune(b))).Block(block...))
			}
			code = append(code, jen.If(i.Clone().Op("<").Len(path)).Block(jen.Switch(path.Clone().Index(i)).Block(cases...)))
		}
	}
	if len(n.params) > 0 && !ended {
		code = append(code, g.segmentEnd(j, i))
	}
	for _, e := range n.params {
		start := offset(i, len(e.prefix))
		// A parameter that ends the route's path and has nothing below
		// matches only at the end of the path: no backtracking to undo.
		leaf := e.node.route != nil && len(e.node.literals)+len(e.node.params)+len(e.node.catchAlls) == 0
		cond := j.Clone().Op(">").Add(start)
		if leaf {
			cond = j.Clone().Op("==").Len(path).Op("&&").Add(cond)
		}
		if e.prefix != "" {
			cond = cond.Op("&&").Qual("strings", "HasPrefix").Call(path.Clone().Index(i, j), jen.Lit(e.prefix))
		}
		// Only a bare parameter or one after "." can take a whole "." or ".." segment.
		if e.prefix == "" || e.prefix == "." {
			cond = cond.Op("&&").Add(rt("NotDot")).Call(path.Clone().Index(i, j))
		}
		push := jen.Id("m").Dot("Params").Dot("Push").Call(start, j)
		if leaf {
			code = append(code, jen.If(cond).Block(push, returnRoute(e.node.route)))
			continue
		}
		block := append([]jen.Code{push}, g.child(n, e.node, depth, true)...)
		block = append(block, jen.Id("m").Dot("Params").Dot("Pop").Call())
		code = append(code, jen.If(cond).Block(block...))
	}
	for _, e := range n.catchAlls {
		start := offset(i, len(e.prefix))
		op := ">"
		if e.allowEmpty {
			op = ">="
		}
		cond := jen.Len(path).Op(op).Add(start)
		if e.prefix != "" {
			cond = cond.Op("&&").Qual("strings", "HasPrefix").Call(path.Clone().Index(i, jen.Empty()), jen.Lit(e.prefix))
		}
		cond = cond.Op("&&").Add(rt("IsCleanTail")).Call(path.Clone().Index(i, jen.Empty()))
		code = append(code, jen.If(cond).Block(
			jen.Id("m").Dot("Params").Dot("Push").Call(start, jen.Len(path)),
			returnRoute(e.route),
		))
	}
	return code
}

// segmentEnd sets j to the end of the segment that starts at i.
func (g *matcherWriter) segmentEnd(j, i *jen.Statement) jen.Code {
	return j.Clone().Op(":=").Add(rt("SegmentEnd")).Call(jen.Id("path"), i)
}

// literal compares the literal segments of e, and the "/" after them, with
// the path at i<depth>.
func (g *matcherWriter) literal(parent *trieNode, e *literalEdge, depth int) jen.Code {
	i, next := jen.Id("i"+strconv.Itoa(depth)), jen.Id("i"+strconv.Itoa(depth+1))
	block := append([]jen.Code{next.Op(":=").Add(offset(i, len(e.text)+1))}, g.child(parent, e.node, depth, false)...)
	return jen.If(jen.Qual("strings", "HasPrefix").Call(jen.Id("path").Index(i, jen.Empty()), jen.Lit(e.text+"/"))).Block(block...)
}

// child continues below parent: after a parameter that ends at j<depth>,
// or a literal followed by the segment at i<depth+1>. It is inline, or a
// call to the function of a large subtree.
func (g *matcherWriter) child(parent, n *trieNode, depth int, afterParam bool) []jen.Code {
	if parent.size() <= splitAbove || len(n.literals)+len(n.params)+len(n.catchAlls) == 0 {
		if afterParam {
			return g.afterParam(n, depth)
		}
		return g.level(n, depth+1)
	}
	name := fmt.Sprintf("%s_%d", g.name, len(g.parts)/2+1)
	doc := fmt.Sprintf("%s serves %s routes below %s/.", name, g.method, n.path)
	if afterParam {
		doc = fmt.Sprintf("%s serves %s %s and the routes below it.", name, g.method, n.path)
	}
	g.parts = append(g.parts, jen.Comment(doc), nil)
	slot := len(g.parts) - 1
	var body []jen.Code
	arg := jen.Id("i" + strconv.Itoa(depth+1))
	param := jen.Id("i0")
	if afterParam {
		body = g.afterParam(n, 0)
		arg, param = jen.Id("j"+strconv.Itoa(depth)), jen.Id("j0")
	} else {
		body = g.level(n, 0)
	}
	g.parts[slot] = jen.Func().Id(name).Params(
		jen.Id("m").Op("*").Add(rt("Match")), jen.Id("path").String(), param.Int(),
	).Int().Block(append(body, jen.Return(jen.Lit(-1)))...)
	r := jen.Id("r")
	return []jen.Code{jen.If(r.Clone().Op(":=").Id(name).Call(jen.Id("m"), jen.Id("path"), arg), r.Clone().Op(">=").Lit(0)).Block(jen.Return(r))}
}

// afterParam continues once the parameter ending at j<depth> matched: the
// route that ends there, the routes with no parameter below, then the walk.
func (g *matcherWriter) afterParam(n *trieNode, depth int) []jen.Code {
	j := jen.Id("j" + strconv.Itoa(depth))
	path := jen.Id("path")
	var code []jen.Code
	if n.route != nil {
		code = append(code, jen.If(j.Clone().Op("==").Len(path)).Block(returnRoute(n.route)))
	}
	var fixed []fixedRoute
	for _, e := range n.literals {
		fixed = e.node.fixed("/"+e.text, fixed)
	}
	code = append(code, fixedSwitch(path.Clone().Index(j, jen.Empty()), fixed))
	if n.dynamic {
		next := jen.Id("i" + strconv.Itoa(depth+1))
		inner := append([]jen.Code{next.Clone().Op(":=").Add(j.Clone()).Op("+").Lit(1)}, g.level(n, depth+1)...)
		code = append(code, jen.If(j.Clone().Op("<").Len(path)).Block(inner...))
	}
	return code
}

// returnRoute returns the index of r, named in a comment.
func returnRoute(r *route) jen.Code {
	return jen.Return(jen.Lit(r.index)).Comment(describeMatch(r))
}

// describeMatch names a route in the matcher: "GET /users/:id (user)".
func describeMatch(r *route) string {
	return r.Method + " " + r.Path + " (" + r.Name + ")"
}

// offset is i+k, or just i.
func offset(i *jen.Statement, k int) *jen.Statement {
	if k == 0 {
		return i.Clone()
	}
	return i.Clone().Op("+").Lit(k)
}
