package gen

import (
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/internal/core"
)

// The matcher of one domain and method is straight-line code written from
// the trie of its routes (core.NewTrie), which alone decides their
// precedence: the runtime walks the same trie when the matcher is data.
// Wherever the walk enters a subtree — at the root and after each
// parameter — one switch on the rest of the path answers the routes of
// the subtree that have no parameter below it (Node.Fixed). The walk goes
// on down, segment by segment, for the others: each level compares its
// literal segments with the path in place, then tries its parameters, then
// its catch-alls, in the trie's order, and falls through to the next
// choice when a deeper level fails. No map, no regexp and no tree is
// consulted at run time, and the work grows with the path's length, and
// only as the logarithm of the number of routes.

// walked are the literal edges of n that the walk follows, each through
// the chain of single literal segments below it: "gitignore/templates".
func walked(n *core.Node) []*core.LiteralEdge {
	var edges []*core.LiteralEdge
	for _, e := range n.Literals {
		if !e.Node.Dynamic {
			continue
		}
		text, node := e.Text, e.Node
		for len(node.Params) == 0 && len(node.CatchAlls) == 0 {
			next := walked(node)
			if len(next) != 1 {
				break
			}
			text, node = text+"/"+next[0].Text, next[0].Node
		}
		edges = append(edges, &core.LiteralEdge{Text: text, Node: node})
	}
	return edges
}

// codeMatcherUpTo is the most routes of a table whose matchers are written
// as code. A larger table's are data, built when the program starts
// (core.NewMatcher, by the runtime): the compiler's time on a matcher written as code
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
					jen.Id("p").Op("*").Add(impl("Params")), jen.Id("path").String(),
				).Int().Block(body...))
				body = []jen.Code{jen.Return(jen.Id(name).Call(jen.Id("p"), jen.Id("path")))}
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
			jen.Id("p").Op("*").Add(impl("Params")), jen.List(jen.Id("method"), jen.Id("path")).String(),
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
	var routes []core.TrieRoute
	byIndex := map[int]*route{}
	for _, r := range g.routes {
		if r.domain == d && r.Method == method {
			routes = append(routes, core.TrieRoute{Index: r.index, Path: r.Path, AllowEmpty: r.Static && r.List})
			byIndex[r.index] = r
		}
	}
	root := core.NewTrie(routes)
	w := &matcherWriter{generator: g, name: matchMethodFuncName(d, method), method: method, routes: byIndex}
	body := []jen.Code{w.fixedSwitch(jen.Id("path"), root.RootFixed())}
	if root.Dynamic {
		body = append(body, jen.Id("i1").Op(":=").Lit(1))
		body = append(body, w.level(root, 1)...)
	}
	return append(body, jen.Return(jen.Lit(-1))), root.Size(), w.parts
}

// fixedSwitch returns the route whose rest of the path is rest; nothing
// when there is none.
func (g *matcherWriter) fixedSwitch(rest jen.Code, routes []core.FixedRoute) jen.Code {
	if len(routes) == 0 {
		return jen.Null()
	}
	cases := make([]jen.Code, len(routes))
	for i, f := range routes {
		cases[i] = jen.Case(jen.Lit(f.Rest)).Block(g.returnRoute(f.Route))
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
	routes map[int]*route // by index
	parts  []jen.Code     // doc comment and function of each subtree split off
}

// level matches the segment that starts at i<depth> below n.
func (g *matcherWriter) level(n *core.Node, depth int) []jen.Code {
	i, j := jen.Id("i"+strconv.Itoa(depth)), jen.Id("j"+strconv.Itoa(depth))
	path := jen.Id("path")
	var code []jen.Code
	ended := false // j<depth> holds the end of the segment
	if edges := walked(n); len(edges) > 0 {
		groups := map[byte][]*core.LiteralEdge{}
		var firsts []byte
		largest := 0
		for _, e := range edges {
			b := e.Text[0]
			if groups[b] == nil {
				firsts = append(firsts, b)
			}
			groups[b] = append(groups[b], e)
			largest = max(largest, len(groups[b]))
		}
		switch {
		case largest > groupMax:
			var cases []jen.Code
			for _, e := range n.Literals {
				if e.Node.Dynamic {
					next := jen.Id("i" + strconv.Itoa(depth+1))
					cases = append(cases, jen.Case(jen.Lit(e.Text)).Block(
						append([]jen.Code{next.Clone().Op(":=").Add(j.Clone()).Op("+").Lit(1)}, g.child(n, e.Node, depth, false)...)...))
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
	if len(n.Params) > 0 && !ended {
		code = append(code, g.segmentEnd(j, i))
	}
	for _, e := range n.Params {
		start := offset(i, len(e.Prefix))
		// A parameter that ends the route's path and has nothing below
		// matches only at the end of the path: no backtracking to undo.
		leaf := e.Node.Route >= 0 && e.Node.Leaf()
		cond := j.Clone().Op(">").Add(start)
		if leaf {
			cond = j.Clone().Op("==").Len(path).Op("&&").Add(cond)
		}
		if e.Prefix != "" {
			cond = cond.Op("&&").Qual("strings", "HasPrefix").Call(path.Clone().Index(i, j), jen.Lit(e.Prefix))
		}
		// Only a bare parameter or one after "." can take a whole "." or ".." segment.
		if e.Prefix == "" || e.Prefix == "." {
			cond = cond.Op("&&").Add(impl("NotDot")).Call(path.Clone().Index(i, j))
		}
		push := impl("Push").Call(jen.Id("p"), start, j)
		if leaf {
			code = append(code, jen.If(cond).Block(push, g.returnRoute(e.Node.Route)))
			continue
		}
		block := append([]jen.Code{push}, g.child(n, e.Node, depth, true)...)
		block = append(block, impl("Pop").Call(jen.Id("p")))
		code = append(code, jen.If(cond).Block(block...))
	}
	for _, e := range n.CatchAlls {
		start := offset(i, len(e.Prefix))
		op := ">"
		if e.AllowEmpty {
			op = ">="
		}
		cond := jen.Len(path).Op(op).Add(start)
		if e.Prefix != "" {
			cond = cond.Op("&&").Qual("strings", "HasPrefix").Call(path.Clone().Index(i, jen.Empty()), jen.Lit(e.Prefix))
		}
		cond = cond.Op("&&").Add(impl("IsCleanTail")).Call(path.Clone().Index(i, jen.Empty()))
		code = append(code, jen.If(cond).Block(
			impl("Push").Call(jen.Id("p"), start, jen.Len(path)),
			g.returnRoute(e.Route),
		))
	}
	return code
}

// segmentEnd sets j to the end of the segment that starts at i.
func (g *matcherWriter) segmentEnd(j, i *jen.Statement) jen.Code {
	return j.Clone().Op(":=").Add(impl("SegmentEnd")).Call(jen.Id("path"), i)
}

// literal compares the literal segments of e, and the "/" after them, with
// the path at i<depth>.
func (g *matcherWriter) literal(parent *core.Node, e *core.LiteralEdge, depth int) jen.Code {
	i, next := jen.Id("i"+strconv.Itoa(depth)), jen.Id("i"+strconv.Itoa(depth+1))
	block := append([]jen.Code{next.Op(":=").Add(offset(i, len(e.Text)+1))}, g.child(parent, e.Node, depth, false)...)
	return jen.If(jen.Qual("strings", "HasPrefix").Call(jen.Id("path").Index(i, jen.Empty()), jen.Lit(e.Text+"/"))).Block(block...)
}

// child continues below parent: after a parameter that ends at j<depth>,
// or a literal followed by the segment at i<depth+1>. It is inline, or a
// call to the function of a large subtree.
func (g *matcherWriter) child(parent, n *core.Node, depth int, afterParam bool) []jen.Code {
	if parent.Size() <= splitAbove || n.Leaf() {
		if afterParam {
			return g.afterParam(n, depth)
		}
		return g.level(n, depth+1)
	}
	name := fmt.Sprintf("%s_%d", g.name, len(g.parts)/2+1)
	doc := fmt.Sprintf("%s serves %s routes below %s/.", name, g.method, n.Pattern())
	if afterParam {
		doc = fmt.Sprintf("%s serves %s %s and the routes below it.", name, g.method, n.Pattern())
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
		jen.Id("p").Op("*").Add(impl("Params")), jen.Id("path").String(), param.Int(),
	).Int().Block(append(body, jen.Return(jen.Lit(-1)))...)
	r := jen.Id("r")
	return []jen.Code{jen.If(r.Clone().Op(":=").Id(name).Call(jen.Id("p"), jen.Id("path"), arg), r.Clone().Op(">=").Lit(0)).Block(jen.Return(r))}
}

// afterParam continues once the parameter ending at j<depth> matched: the
// route that ends there, the routes with no parameter below, then the walk.
func (g *matcherWriter) afterParam(n *core.Node, depth int) []jen.Code {
	j := jen.Id("j" + strconv.Itoa(depth))
	path := jen.Id("path")
	var code []jen.Code
	if n.Route >= 0 {
		code = append(code, jen.If(j.Clone().Op("==").Len(path)).Block(g.returnRoute(n.Route)))
	}
	code = append(code, g.fixedSwitch(path.Clone().Index(j, jen.Empty()), n.BelowParam()))
	if n.Dynamic {
		next := jen.Id("i" + strconv.Itoa(depth+1))
		inner := append([]jen.Code{next.Clone().Op(":=").Add(j.Clone()).Op("+").Lit(1)}, g.level(n, depth+1)...)
		code = append(code, jen.If(j.Clone().Op("<").Len(path)).Block(inner...))
	}
	return code
}

// returnRoute returns route index r, named in a comment.
func (g *matcherWriter) returnRoute(r int) jen.Code {
	return jen.Return(jen.Lit(r)).Comment(describeMatch(g.routes[r]))
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
