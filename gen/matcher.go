package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// The matcher of one domain and method is straight-line code: a switch on
// the whole path for the routes without parameters, then a walk down the
// path segment by segment, where each level tries its literal segments (a
// switch), then its parameters, then its catch-alls, and falls through to
// the next choice when a deeper level fails. No map, no regexp and no tree
// is consulted at run time, and the work depends on the path's length, not
// on the number of routes.

// trieNode is a position in the routes of one domain and method.
type trieNode struct {
	route     *route // the parameterized route that ends here
	literals  []*literalEdge
	params    []*paramEdge
	catchAlls []*catchAllEdge
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
	for i, seg := range r.Segments {
		last := i == len(r.Segments)-1
		switch seg.Kind {
		case ir.StaticSegment:
			k := slices.IndexFunc(n.literals, func(e *literalEdge) bool { return e.text == seg.Literal })
			if k < 0 {
				n.literals = append(n.literals, &literalEdge{text: seg.Literal, node: &trieNode{}})
				k = len(n.literals) - 1
			}
			n = n.literals[k].node
		case ir.ParamSegment:
			k := slices.IndexFunc(n.params, func(e *paramEdge) bool { return e.prefix == seg.Literal })
			if k < 0 {
				n.params = append(n.params, &paramEdge{prefix: seg.Literal, node: &trieNode{}})
				k = len(n.params) - 1
			}
			n = n.params[k].node
		case ir.CatchAllSegment:
			n.catchAlls = append(n.catchAlls, &catchAllEdge{prefix: seg.Literal, route: r, allowEmpty: r.Static && r.List})
			return
		}
		if last {
			n.route = r
		}
	}
}

// sort orders the choices of every level: literals for a stable switch,
// and the longer parameter prefix before the shorter, more general one.
func (n *trieNode) sort() {
	slices.SortFunc(n.literals, func(a, b *literalEdge) int { return strings.Compare(a.text, b.text) })
	slices.SortStableFunc(n.params, func(a, b *paramEdge) int { return len(b.prefix) - len(a.prefix) })
	slices.SortStableFunc(n.catchAlls, func(a, b *catchAllEdge) int { return len(b.prefix) - len(a.prefix) })
	for _, e := range n.literals {
		e.node.sort()
	}
	for _, e := range n.params {
		e.node.sort()
	}
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

func (n *trieNode) empty() bool {
	return len(n.literals) == 0 && len(n.params) == 0 && len(n.catchAlls) == 0
}

func matchMethodFuncName(d int, method string) string {
	return fmt.Sprintf("matchDomain%d%s", d, method)
}

// domainMethods are the methods of a domain's routes, WS included, sorted.
func (g *generator) domainMethods(d int) []string {
	var methods []string
	for _, r := range g.routes {
		if r.domain == d && !slices.Contains(methods, r.Method) {
			methods = append(methods, r.Method)
		}
	}
	slices.Sort(methods)
	return methods
}

// allowMethods are the methods that can appear in an Allow header.
func (g *generator) allowMethods(d int) []string {
	return slices.DeleteFunc(g.domainMethods(d), func(m string) bool { return m == "WS" })
}

// listDirs are the folders of the static listings of a domain.
func (g *generator) listDirs(d int) []string {
	var dirs []string
	for _, r := range g.routes {
		if r.domain == d && r.Static && r.List {
			dirs = append(dirs, strings.TrimSuffix(r.Path, "*"+r.Params[0]))
		}
	}
	return dirs
}

func (g *generator) writeMatchers() {
	for d := range g.table.Domains {
		var cases []jen.Code
		for _, method := range g.domainMethods(d) {
			cases = append(cases, jen.Case(jen.Lit(method)).Block(
				jen.Return(jen.Id(matchMethodFuncName(d, method)).Call(jen.Id("m"), jen.Id("path")))))
			g.methodMatcher(d, method)
		}
		body := []jen.Code{jen.Return(jen.Lit(-1))}
		if len(cases) > 0 {
			body = append([]jen.Code{jen.Switch(jen.Id("method")).Block(cases...)}, body...)
		}
		g.file.Comment(fmt.Sprintf("%s finds the route of domain %q for method and path.", matchFuncName(d), g.table.Domains[d].Key))
		g.file.Func().Id(matchFuncName(d)).Params(
			jen.Id("m").Op("*").Add(rt("Match")), jen.List(jen.Id("method"), jen.Id("path")).String(),
		).Int().Block(body...)
	}
}

func (g *generator) methodMatcher(d int, method string) {
	var fixed []jen.Code
	root := &trieNode{}
	for _, r := range g.routes {
		if r.domain != d || r.Method != method {
			continue
		}
		if len(r.ParamSpecs) == 0 {
			fixed = append(fixed, jen.Case(jen.Lit(r.Path)).Block(jen.Return(jen.Lit(r.index))))
			continue
		}
		root.insert(r)
	}
	root.sort()
	var body []jen.Code
	if len(fixed) > 0 {
		body = append(body, jen.Switch(jen.Id("path")).Block(fixed...))
	}
	w := &matcherWriter{generator: g, name: matchMethodFuncName(d, method)}
	if !root.empty() {
		body = append(body,
			jen.If(jen.Len(jen.Id("path")).Op("==").Lit(0)).Block(jen.Return(jen.Lit(-1))),
			jen.Id("i1").Op(":=").Lit(1))
		body = append(body, w.level(root, 1)...)
	}
	body = append(body, jen.Return(jen.Lit(-1)))
	g.file.Func().Id(w.name).Params(
		jen.Id("m").Op("*").Add(rt("Match")), jen.Id("path").String(),
	).Int().Block(body...)
	for _, f := range w.parts {
		g.file.Add(f)
	}
}

// Large route sets are split into one function per subtree, so that no
// generated function grows with the number of routes: the compiler's time
// grows faster than the size of a function.
const (
	splitAbove   = 32 // a level below which more routes than this lie is split
	splitAtLeast = 4  // into functions for its subtrees of at least this many routes
)

// matcherWriter writes the matcher of one domain and method, and the
// functions its large subtrees are split into.
type matcherWriter struct {
	*generator
	name  string
	parts []jen.Code
}

// level matches the segment that starts at i<depth>.
func (g *matcherWriter) level(n *trieNode, depth int) []jen.Code {
	i, j := jen.Id("i"+strconv.Itoa(depth)), jen.Id("j"+strconv.Itoa(depth))
	path := jen.Id("path")
	var code []jen.Code
	if len(n.literals) > 0 || len(n.params) > 0 {
		code = append(code, j.Clone().Op(":=").Add(rt("SegmentEnd")).Call(path, i))
	}
	if len(n.literals) > 0 {
		var cases []jen.Code
		for _, e := range n.literals {
			cases = append(cases, jen.Case(jen.Lit(e.text)).Block(g.child(n, e.node, depth)...))
		}
		code = append(code, jen.Switch(path.Clone().Index(i, j)).Block(cases...))
	}
	for _, e := range n.params {
		start := offset(i, len(e.prefix))
		cond := j.Clone().Op(">").Add(start)
		if e.prefix != "" {
			cond = cond.Op("&&").Qual("strings", "HasPrefix").Call(path.Clone().Index(i, j), jen.Lit(e.prefix))
		} else {
			cond = cond.Op("&&").Add(rt("NotDot")).Call(path.Clone().Index(i, j))
		}
		block := append([]jen.Code{jen.Id("m").Dot("Params").Dot("Push").Call(start, j)}, g.child(n, e.node, depth)...)
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
			jen.Return(jen.Lit(e.route.index)),
		))
	}
	return code
}

// child continues below parent once the segment ending at j<depth>
// matched: inline, or by a call to the function of a large subtree.
func (g *matcherWriter) child(parent, n *trieNode, depth int) []jen.Code {
	if parent.size() <= splitAbove || n.size() < splitAtLeast {
		return g.afterSegment(n, depth)
	}
	name := fmt.Sprintf("%s_%d", g.name, len(g.parts)+1)
	g.parts = append(g.parts, nil)
	slot := len(g.parts) - 1
	body := append(g.afterSegment(n, 0), jen.Return(jen.Lit(-1)))
	g.parts[slot] = jen.Func().Id(name).Params(
		jen.Id("m").Op("*").Add(rt("Match")), jen.Id("path").String(), jen.Id("j0").Int(),
	).Int().Block(body...)
	r := jen.Id("r")
	return []jen.Code{jen.If(r.Clone().Op(":=").Id(name).Call(jen.Id("m"), jen.Id("path"), jen.Id("j"+strconv.Itoa(depth))), r.Clone().Op(">=").Lit(0)).Block(jen.Return(r))}
}

// afterSegment continues once the segment ending at j<depth> matched.
func (g *matcherWriter) afterSegment(n *trieNode, depth int) []jen.Code {
	j := jen.Id("j" + strconv.Itoa(depth))
	var code []jen.Code
	if n.route != nil {
		code = append(code, jen.If(j.Clone().Op("==").Len(jen.Id("path"))).Block(jen.Return(jen.Lit(n.route.index))))
	}
	if !n.empty() {
		next := "i" + strconv.Itoa(depth+1)
		inner := append([]jen.Code{jen.Id(next).Op(":=").Add(j.Clone()).Op("+").Lit(1)}, g.level(n, depth+1)...)
		code = append(code, jen.If(j.Clone().Op("<").Len(jen.Id("path"))).Block(inner...))
	}
	return code
}

// offset is i+k, or just i.
func offset(i *jen.Statement, k int) *jen.Statement {
	if k == 0 {
		return i.Clone()
	}
	return i.Clone().Op("+").Lit(k)
}

// checkFuncName is the constraint check of a route.
func checkFuncName(r *route) string { return fmt.Sprintf("checkRoute%d", r.index) }

// writeChecks writes one function a constrained route, checking its
// parameters' constraints.
func (g *generator) writeChecks() {
	for _, r := range g.routes {
		if len(r.Constraints) == 0 {
			continue
		}
		var block []jen.Code
		for i, p := range r.ParamSpecs {
			if p.Constraint == nil {
				continue
			}
			block = append(block, jen.If(
				jen.Id("v").Op(":=").Id("m").Dot("Params").Dot("Checked").Call(jen.Lit(i)),
				jen.Op("!").Parens(constraintExpr(p.Constraint)),
			).Block(jen.Return(jen.False())))
		}
		block = append(block, jen.Return(jen.True()))
		g.file.Comment(fmt.Sprintf("%s checks the constraints of route %q (%s %s).", checkFuncName(r), r.Name, r.Method, r.Path))
		g.file.Func().Id(checkFuncName(r)).Params(jen.Id("m").Op("*").Add(rt("Match"))).Bool().Block(block...)
	}
}

// checksValue is the table of the routes' checks, by route index; nil when
// no route has constraints.
func (g *generator) checksValue() jen.Code {
	dict := jen.Dict{}
	for _, r := range g.routes {
		if len(r.Constraints) > 0 {
			dict[jen.Lit(r.index)] = jen.Id(checkFuncName(r))
		}
	}
	if len(dict) == 0 {
		return nil
	}
	return jen.Index().Add(rt("CheckFunc")).Values(dict)
}

// constraintExpr is the Go condition of a constraint on the value v.
func constraintExpr(c *ir.Constraint) *jen.Statement {
	numeric := c.Numeric()
	var expr *jen.Statement
	for _, term := range c.Terms {
		var t *jen.Statement
		for _, tag := range term {
			e := tagExpr(tag, numeric)
			if t == nil {
				t = e
			} else {
				t = t.Op("||").Add(e)
			}
		}
		if len(term) > 1 {
			t = jen.Parens(t)
		}
		if expr == nil {
			expr = t
		} else {
			expr = expr.Op("&&").Add(t)
		}
	}
	return expr
}

var boundOps = map[string]string{
	"len": "BoundLen", "min": "BoundMin", "max": "BoundMax",
	"gt": "BoundGT", "gte": "BoundGTE", "lt": "BoundLT", "lte": "BoundLTE",
}

func tagExpr(tag ir.Tag, numeric bool) *jen.Statement {
	v := jen.Id("v")
	switch tag.Name {
	case "required":
		return v.Op("!=").Lit("")
	case "number":
		return rt("IsNumber").Call(v)
	case "numeric":
		return rt("IsNumeric").Call(v)
	case "alpha":
		return rt("IsAlpha").Call(v)
	case "alphanum":
		return rt("IsAlphanum").Call(v)
	case "uuid", "uuid3", "uuid4", "uuid5":
		version, _ := strconv.Atoi(strings.TrimPrefix(tag.Name, "uuid"))
		return rt("IsUUID").Call(v, jen.Lit(version))
	case "oneof":
		args := []jen.Code{v}
		for _, w := range strings.Fields(tag.Arg) {
			args = append(args, jen.Lit(w))
		}
		return rt("IsOneOf").Call(args...)
	}
	bound, _ := strconv.ParseFloat(tag.Arg, 64)
	return rt("CheckBound").Call(v, jen.Lit(numeric), rt(boundOps[tag.Name]), jen.Lit(bound))
}
