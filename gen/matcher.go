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
// as code. A larger table's are data, built on the table's first use
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
		var parts []matcherPart
		for _, method := range g.domainMethods(d) {
			body, size, p := g.methodMatcher(d, method)
			if size > inlineMethodsUpTo {
				name := matchMethodFuncName(d, method)
				parts = append(parts, matcherPart{
					doc: name + " finds the " + method + " route of domain " + strconv.Quote(g.table.Domains[d].Key) + " for path.",
					fn: jen.Func().Id(name).Params(jen.Id("p").Op("*").Qual(implPkg, "Params"), jen.Id("path").String()).Int().
						Add(*body...),
				})
				body = jen.Block(jen.Return(jen.Id(name).Call(jen.Id("p"), jen.Id("path"))))
			}
			// The block itself follows the case, which jennifer writes without braces.
			cases = append(cases, jen.Case(jen.Lit(method)).Add(*body...))
			parts = append(parts, p...)
		}
		g.declare([]string{matchFuncName(d) + " finds the route of domain " + strconv.Quote(g.table.Domains[d].Key) + " for method and path."},
			jen.Func().Id(matchFuncName(d)).Params(
				jen.Id("p").Op("*").Qual(implPkg, "Params"), jen.List(jen.Id("method"), jen.Id("path")).String(),
			).Int().Block(
				jen.Switch(jen.Id("method")).Block(cases...),
				jen.Return(jen.Lit(-1)),
			))
		for _, part := range parts {
			g.declare([]string{part.doc}, part.fn)
		}
	}
}

// matcherPart is a function a matcher is split into, with its doc comment.
type matcherPart struct {
	doc string
	fn  jen.Code
}

// methodMatcher is the body of the matcher of method in domain d, as a
// block, its number of routes, and the functions of its large subtrees.
// The matchers of few routes are inlined in their domain's: a call saved.
func (g *generator) methodMatcher(d int, method string) (*jen.Statement, int, []matcherPart) {
	var routes []core.TrieRoute
	byIndex := map[int]*route{}
	for _, r := range g.routes {
		if r.domain == d && r.Method == method {
			routes = append(routes, core.TrieRoute{Index: r.index, Path: r.Path, AllowEmpty: r.Static})
			byIndex[r.index] = r
		}
	}
	root := core.NewTrie(routes)
	w := &matcherWriter{generator: g, name: matchMethodFuncName(d, method), method: method, routes: byIndex}
	body := jen.BlockFunc(func(body *jen.Group) {
		w.fixedSwitch(body, jen.Id("path"), root.RootFixed())
		if root.Dynamic {
			body.Id("i1").Op(":=").Lit(1)
			w.level(body, root, 1)
		}
		body.Return(jen.Lit(-1))
	})
	return body, root.Size(), w.parts
}

// fixedSwitch returns the route whose rest of the path is rest; nothing
// when there is none.
func (g *matcherWriter) fixedSwitch(b *jen.Group, rest jen.Code, routes []core.FixedRoute) {
	if len(routes) == 0 {
		return
	}
	b.Switch(rest).BlockFunc(func(cases *jen.Group) {
		for _, f := range routes {
			cases.Case(jen.Lit(f.Rest)).Block(g.returnRoute(f.Route))
		}
	})
}

// A matcher is split into one function per subtree: a level below which
// more than splitAbove routes lie has a function for each subtree that has
// levels of its own. The compiler's time grows faster than the size of a
// function, and a call costs Lookup little once a subtree is that large.
const splitAbove = 64

// inlineMethodsUpTo is the most routes of a method whose matcher is
// inlined in its domain's. Its subtrees of more than splitAbove routes are
// functions of their own anyway, and a request of such a method saves a
// call (the GitHub set's GET, 131 routes, 8 instructions a request; the
// static set's, 157 routes, 12).
const inlineMethodsUpTo = 256

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
	parts  []matcherPart  // each subtree split off
}

// level matches the segment that starts at i<depth> below n.
func (g *matcherWriter) level(b *jen.Group, n *core.Node, depth int) {
	i, j := "i"+strconv.Itoa(depth), "j"+strconv.Itoa(depth)
	next := "i" + strconv.Itoa(depth+1)
	ended := false // j<depth> holds the end of the segment
	if edges := walked(n); len(edges) > 0 {
		groups := map[byte][]*core.LiteralEdge{}
		var firsts []byte
		largest := 0
		for _, e := range edges {
			c := e.Text[0]
			if groups[c] == nil {
				firsts = append(firsts, c)
			}
			groups[c] = append(groups[c], e)
			largest = max(largest, len(groups[c]))
		}
		switch {
		case largest > groupMax:
			b.Id(j).Op(":=").Qual(implPkg, "SegmentEnd").Call(jen.Id("path"), jen.Id(i))
			b.If(jen.Id(j).Op("<").Len(jen.Id("path"))).Block(
				jen.Switch(pathSlice(jen.Id(i), j)).BlockFunc(func(cases *jen.Group) {
					for _, e := range n.Literals {
						if e.Node.Dynamic {
							cases.Case(jen.Lit(e.Text)).BlockFunc(func(c *jen.Group) {
								c.Id(next).Op(":=").Id(j).Op("+").Lit(1)
								g.child(c, n, e.Node, depth, false)
							})
						}
					}
				}),
			)
			ended = true
		case len(edges) <= seqMax:
			for _, e := range edges {
				g.literal(b, n, e, depth)
			}
		default:
			b.If(jen.Id(i).Op("<").Len(jen.Id("path"))).Block(
				jen.Switch(jen.Id("path").Index(jen.Id(i))).BlockFunc(func(cases *jen.Group) {
					for _, c := range firsts {
						cases.Case(jen.LitRune(rune(c))).BlockFunc(func(lits *jen.Group) {
							for _, e := range groups[c] {
								g.literal(lits, n, e, depth)
							}
						})
					}
				}),
			)
		}
	}
	if len(n.Params) > 0 && !ended {
		b.Id(j).Op(":=").Qual(implPkg, "SegmentEnd").Call(jen.Id("path"), jen.Id(i))
	}
	for _, e := range n.Params {
		start := offset(i, len(e.Prefix))
		// A parameter that ends the route's path and has nothing below
		// matches only at the end of the path: no backtracking to undo.
		leaf := e.Node.Route >= 0 && e.Node.Leaf()
		var cond []jen.Code
		if leaf {
			cond = append(cond, jen.Id(j).Op("==").Len(jen.Id("path")))
		}
		cond = append(cond, jen.Id(j).Op(">").Add(start))
		if e.Prefix != "" {
			cond = append(cond, g.qual("strings", "HasPrefix").Call(pathSlice(jen.Id(i), j), jen.Lit(e.Prefix)))
		}
		// No parameter is a dot segment; after literal text, not even an escaped one.
		if e.Prefix == "" {
			cond = append(cond, g.qual(implPkg, "NotDot").Call(pathSlice(jen.Id(i), j)))
		} else {
			cond = append(cond, g.qual(implPkg, "CleanAfterPrefix").Call(pathSlice(start, j)))
		}
		b.If(and(cond)).BlockFunc(func(then *jen.Group) {
			then.Qual(implPkg, "Push").Call(jen.Id("p"), pathSlice(start, j))
			if leaf {
				then.Add(g.returnRoute(e.Node.Route))
			} else {
				g.child(then, n, e.Node, depth, true)
				then.Qual(implPkg, "Pop").Call(jen.Id("p"))
			}
		})
	}
	for _, e := range n.CatchAlls {
		start := offset(i, len(e.Prefix))
		op := ">"
		if e.AllowEmpty {
			op = ">="
		}
		cond := []jen.Code{jen.Len(jen.Id("path")).Op(op).Add(start)}
		if e.Prefix != "" {
			cond = append(cond, g.qual("strings", "HasPrefix").Call(pathFrom(jen.Id(i)), jen.Lit(e.Prefix)))
		}
		cond = append(cond, g.qual(implPkg, "IsCleanTail").Call(pathFrom(jen.Id(i))))
		if e.Prefix != "" {
			end := g.qual(implPkg, "SegmentEnd").Call(jen.Id("path"), start)
			cond = append(cond, g.qual(implPkg, "CleanAfterPrefix").Call(jen.Id("path").Index(start, end)))
		}
		b.If(and(cond)).Block(
			g.qual(implPkg, "Push").Call(jen.Id("p"), pathFrom(start)),
			g.returnRoute(e.Route),
		)
	}
}

// literal compares the literal segments of e, and the "/" after them, with
// the path at i<depth>.
func (g *matcherWriter) literal(b *jen.Group, parent *core.Node, e *core.LiteralEdge, depth int) {
	i, next := "i"+strconv.Itoa(depth), "i"+strconv.Itoa(depth+1)
	b.If(g.qual("strings", "HasPrefix").Call(pathFrom(jen.Id(i)), jen.Lit(e.Text+"/"))).BlockFunc(func(then *jen.Group) {
		then.Id(next).Op(":=").Add(offset(i, len(e.Text)+1))
		g.child(then, parent, e.Node, depth, false)
	})
}

// child continues below parent: after a parameter that ends at j<depth>,
// or a literal followed by the segment at i<depth+1>. It is inline, or a
// call to the function of a large subtree.
func (g *matcherWriter) child(b *jen.Group, parent, n *core.Node, depth int, afterParam bool) {
	if parent.Size() <= splitAbove || n.Leaf() {
		if afterParam {
			g.afterParam(b, n, depth)
		} else {
			g.level(b, n, depth+1)
		}
		return
	}
	name := fmt.Sprintf("%s_%d", g.name, len(g.parts)+1)
	doc := fmt.Sprintf("%s serves %s routes below %s/.", name, g.method, n.Pattern())
	if afterParam {
		doc = fmt.Sprintf("%s serves %s %s and the routes below it.", name, g.method, n.Pattern())
	}
	// The slot is taken before the body is written, which takes the
	// slots of the subtrees below.
	slot := len(g.parts)
	g.parts = append(g.parts, matcherPart{})
	arg, param := "i"+strconv.Itoa(depth+1), "i0"
	if afterParam {
		arg, param = "j"+strconv.Itoa(depth), "j0"
	}
	fn := jen.Func().Id(name).Params(jen.Id("p").Op("*").Qual(implPkg, "Params"), jen.Id("path").String(), jen.Id(param).Int()).Int().
		BlockFunc(func(body *jen.Group) {
			if afterParam {
				g.afterParam(body, n, 0)
			} else {
				g.level(body, n, 0)
			}
			body.Return(jen.Lit(-1))
		})
	g.parts[slot] = matcherPart{doc: doc, fn: fn}
	b.If(jen.Id("r").Op(":=").Id(name).Call(jen.Id("p"), jen.Id("path"), jen.Id(arg)), jen.Id("r").Op(">=").Lit(0)).Block(
		jen.Return(jen.Id("r")),
	)
}

// afterParam continues once the parameter ending at j<depth> matched: the
// route that ends there, the routes with no parameter below, then the walk.
func (g *matcherWriter) afterParam(b *jen.Group, n *core.Node, depth int) {
	j := "j" + strconv.Itoa(depth)
	if n.Route >= 0 {
		b.If(jen.Id(j).Op("==").Len(jen.Id("path"))).Block(g.returnRoute(n.Route))
	}
	g.fixedSwitch(b, pathFrom(jen.Id(j)), n.BelowParam())
	if n.Dynamic {
		b.If(jen.Id(j).Op("<").Len(jen.Id("path"))).BlockFunc(func(then *jen.Group) {
			then.Id("i" + strconv.Itoa(depth+1)).Op(":=").Id(j).Op("+").Lit(1)
			g.level(then, n, depth+1)
		})
	}
}

// returnRoute returns route index r, named in a comment.
func (g *matcherWriter) returnRoute(r int) jen.Code {
	return jen.Return(jen.Lit(r)).Add(comment(describeMatch(g.routes[r])))
}

// describeMatch names a route in the matcher: "GET /users/:id (user)".
func describeMatch(r *route) string {
	return r.Method + " " + r.Path + " (" + r.Name + ")"
}

// offset is i+k, or just i.
func offset(i string, k int) *jen.Statement {
	if k == 0 {
		return jen.Id(i)
	}
	return jen.Id(i).Op("+").Lit(k)
}

// pathFrom is path[i:].
func pathFrom(i jen.Code) *jen.Statement { return jen.Id("path").Index(i, jen.Empty()) }

// pathSlice is path[i:j].
func pathSlice(i jen.Code, j string) *jen.Statement { return jen.Id("path").Index(i, jen.Id(j)) }

// and is the conjunction of conds.
func and(conds []jen.Code) *jen.Statement {
	s := jen.Add(conds[0])
	for _, c := range conds[1:] {
		s.Op("&&").Add(c)
	}
	return s
}
