package gen

import (
	"bytes"
	"fmt"
	"strconv"

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
	g.out.use(implPkg)
	for d := range g.table.Domains {
		var cases, parts bytes.Buffer
		for _, method := range g.domainMethods(d) {
			body, size, p := g.methodMatcher(d, method)
			if size > inlineMethodsUpTo {
				name := matchMethodFuncName(d, method)
				fmt.Fprintf(&parts, "\n// %s finds the %s route of domain %q for path.\n", name, method, g.table.Domains[d].Key)
				fmt.Fprintf(&parts, "func %s(p *routegenimpl.Params, path string) int {\n%s}\n", name, body)
				body = []byte("return " + name + "(p, path)\n")
			}
			fmt.Fprintf(&cases, "case %s:\n%s", strconv.Quote(method), body)
			for _, f := range p {
				parts.Write(f)
			}
		}
		g.out.printf("\n// %s finds the route of domain %q for method and path.\n", matchFuncName(d), g.table.Domains[d].Key)
		g.out.printf("func %s(p *routegenimpl.Params, method, path string) int {\n", matchFuncName(d))
		g.out.printf("switch method {\n%s}\nreturn -1\n}\n", &cases)
		g.out.write(parts.String())
	}
}

// methodMatcher is the body of the matcher of method in domain d, its
// number of routes, and the functions of its large subtrees. The matchers
// of few routes are inlined in their domain's: a call saved.
func (g *generator) methodMatcher(d int, method string) ([]byte, int, [][]byte) {
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
	var body bytes.Buffer
	w.fixedSwitch(&body, "path", root.RootFixed())
	if root.Dynamic {
		body.WriteString("i1 := 1\n")
		w.level(&body, root, 1)
	}
	body.WriteString("return -1\n")
	return body.Bytes(), root.Size(), w.parts
}

// fixedSwitch returns the route whose rest of the path is rest; nothing
// when there is none.
func (g *matcherWriter) fixedSwitch(b *bytes.Buffer, rest string, routes []core.FixedRoute) {
	if len(routes) == 0 {
		return
	}
	fmt.Fprintf(b, "switch %s {\n", rest)
	for _, f := range routes {
		fmt.Fprintf(b, "case %s:\n", strconv.Quote(f.Rest))
		g.returnRoute(b, f.Route)
	}
	b.WriteString("}\n")
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
	parts  [][]byte       // doc comment and function of each subtree split off
}

// level matches the segment that starts at i<depth> below n.
func (g *matcherWriter) level(b *bytes.Buffer, n *core.Node, depth int) {
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
			fmt.Fprintf(b, "%s := routegenimpl.SegmentEnd(path, %s)\n", j, i)
			fmt.Fprintf(b, "if %s < len(path) {\nswitch path[%s:%s] {\n", j, i, j)
			for _, e := range n.Literals {
				if e.Node.Dynamic {
					fmt.Fprintf(b, "case %s:\n%s := %s + 1\n", strconv.Quote(e.Text), next, j)
					g.child(b, n, e.Node, depth, false)
				}
			}
			b.WriteString("}\n}\n")
			ended = true
		case len(edges) <= seqMax:
			for _, e := range edges {
				g.literal(b, n, e, depth)
			}
		default:
			fmt.Fprintf(b, "if %s < len(path) {\nswitch path[%s] {\n", i, i)
			for _, c := range firsts {
				fmt.Fprintf(b, "case %s:\n", strconv.QuoteRune(rune(c)))
				for _, e := range groups[c] {
					g.literal(b, n, e, depth)
				}
			}
			b.WriteString("}\n}\n")
		}
	}
	if len(n.Params) > 0 && !ended {
		fmt.Fprintf(b, "%s := routegenimpl.SegmentEnd(path, %s)\n", j, i)
	}
	for _, e := range n.Params {
		start := offset(i, len(e.Prefix))
		// A parameter that ends the route's path and has nothing below
		// matches only at the end of the path: no backtracking to undo.
		leaf := e.Node.Route >= 0 && e.Node.Leaf()
		cond := j + " > " + start
		if leaf {
			cond = j + " == len(path) && " + cond
		}
		if e.Prefix != "" {
			g.out.use("strings")
			cond += fmt.Sprintf(" && strings.HasPrefix(path[%s:%s], %s)", i, j, strconv.Quote(e.Prefix))
		}
		// Only a bare parameter or one after "." can take a whole "." or ".." segment.
		if e.Prefix == "" || e.Prefix == "." {
			cond += fmt.Sprintf(" && routegenimpl.NotDot(path[%s:%s])", i, j)
		}
		fmt.Fprintf(b, "if %s {\nroutegenimpl.Push(p, path[%s:%s])\n", cond, start, j)
		if leaf {
			g.returnRoute(b, e.Node.Route)
		} else {
			g.child(b, n, e.Node, depth, true)
			b.WriteString("routegenimpl.Pop(p)\n")
		}
		b.WriteString("}\n")
	}
	for _, e := range n.CatchAlls {
		start := offset(i, len(e.Prefix))
		op := ">"
		if e.AllowEmpty {
			op = ">="
		}
		cond := "len(path) " + op + " " + start
		if e.Prefix != "" {
			g.out.use("strings")
			cond += fmt.Sprintf(" && strings.HasPrefix(path[%s:], %s)", i, strconv.Quote(e.Prefix))
		}
		cond += fmt.Sprintf(" && routegenimpl.IsCleanTail(path[%s:])", i)
		fmt.Fprintf(b, "if %s {\nroutegenimpl.Push(p, path[%s:])\n", cond, start)
		g.returnRoute(b, e.Route)
		b.WriteString("}\n")
	}
}

// literal compares the literal segments of e, and the "/" after them, with
// the path at i<depth>.
func (g *matcherWriter) literal(b *bytes.Buffer, parent *core.Node, e *core.LiteralEdge, depth int) {
	i, next := "i"+strconv.Itoa(depth), "i"+strconv.Itoa(depth+1)
	g.out.use("strings")
	fmt.Fprintf(b, "if strings.HasPrefix(path[%s:], %s) {\n%s := %s\n", i, strconv.Quote(e.Text+"/"), next, offset(i, len(e.Text)+1))
	g.child(b, parent, e.Node, depth, false)
	b.WriteString("}\n")
}

// child continues below parent: after a parameter that ends at j<depth>,
// or a literal followed by the segment at i<depth+1>. It is inline, or a
// call to the function of a large subtree.
func (g *matcherWriter) child(b *bytes.Buffer, parent, n *core.Node, depth int, afterParam bool) {
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
	g.parts = append(g.parts, nil)
	var f bytes.Buffer
	arg, param := "i"+strconv.Itoa(depth+1), "i0"
	if afterParam {
		arg, param = "j"+strconv.Itoa(depth), "j0"
	}
	fmt.Fprintf(&f, "\n// %s\nfunc %s(p *routegenimpl.Params, path string, %s int) int {\n", doc, name, param)
	if afterParam {
		g.afterParam(&f, n, 0)
	} else {
		g.level(&f, n, 0)
	}
	f.WriteString("return -1\n}\n")
	g.parts[slot] = f.Bytes()
	fmt.Fprintf(b, "if r := %s(p, path, %s); r >= 0 {\nreturn r\n}\n", name, arg)
}

// afterParam continues once the parameter ending at j<depth> matched: the
// route that ends there, the routes with no parameter below, then the walk.
func (g *matcherWriter) afterParam(b *bytes.Buffer, n *core.Node, depth int) {
	j := "j" + strconv.Itoa(depth)
	if n.Route >= 0 {
		fmt.Fprintf(b, "if %s == len(path) {\n", j)
		g.returnRoute(b, n.Route)
		b.WriteString("}\n")
	}
	g.fixedSwitch(b, "path["+j+":]", n.BelowParam())
	if n.Dynamic {
		fmt.Fprintf(b, "if %s < len(path) {\n%s := %s + 1\n", j, "i"+strconv.Itoa(depth+1), j)
		g.level(b, n, depth+1)
		b.WriteString("}\n")
	}
}

// returnRoute returns route index r, named in a comment.
func (g *matcherWriter) returnRoute(b *bytes.Buffer, r int) {
	fmt.Fprintf(b, "return %d // %s\n", r, describeMatch(g.routes[r]))
}

// describeMatch names a route in the matcher: "GET /users/:id (user)".
func describeMatch(r *route) string {
	return r.Method + " " + r.Path + " (" + r.Name + ")"
}

// offset is i+k, or just i.
func offset(i string, k int) string {
	if k == 0 {
		return i
	}
	return i + " + " + strconv.Itoa(k)
}
