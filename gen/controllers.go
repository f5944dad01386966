package gen

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// The controllers' part: one interface per controller, NewRouter, which
// takes an implementation of each (so that a missing controller or action
// does not compile), and the dispatch that calls a route's action with its
// typed parameters.

// goType is the Go type of a parameter.
func goType(t ir.ParamType) string {
	if t == ir.TypeInt {
		return "int64"
	}
	return "string"
}

// goTypeCode is the Go type of a parameter, as code.
func goTypeCode(t ir.ParamType) *jen.Statement { return jen.Id(goType(t)) }

// writeInterfaces writes the controller interfaces. Each method follows a
// line directive that places it at its route in routes.conf, on its line
// (methodDirective); its description follows it on its line too, since
// in a doc comment above it gofmt would set a //line directive apart with
// an empty "//". The directive after the interface hands the position
// back. The methods of a large table are text (interfaceText).
func (g *generator) writeInterfaces() {
	for _, c := range g.controllers {
		g.add(comment(fmt.Sprintf("%s holds the actions of controller %q.", c.iface, c.name)),
			jen.Type().Id(c.iface).InterfaceFunc(func(methods *jen.Group) {
				if g.linesAsText {
					methods.Add(g.textBlock(g.interfaceText(c)))
					return
				}
				for _, a := range c.actions {
					names := newNamer()
					params := []jen.Code{jen.Id(names.name("ctx")).Op("*").Qual(runtimePkg, "Context")}
					for _, p := range a.params {
						params = append(params, jen.Id(names.name(p.goName)).Add(goTypeCode(p.typ)))
					}
					directive, ownLine := methodDirective(g.opts.pathOf(a.pos), a.pos)
					method := methods.Comment(directive)
					if ownLine {
						method = methods.Null()
					}
					method.Id(a.method).Params(params...).Error().Add(comment("serves " + g.describeRoutes(a)))
				}
			}),
			jen.Comment(lineResetPlaceholder))
	}
}

// interfaceText is the methods of c's interface as writeInterfaces's
// code lays them out: each method alone on its line after its directive,
// so that nothing aligns its comment with another line's.
func (g *generator) interfaceText(c *controller) []byte {
	var b bytes.Buffer
	context := g.textQual(runtimePkg, "Context")
	for i, a := range c.actions {
		names := newNamer()
		if i > 0 {
			b.WriteString("\n")
		}
		directive, ownLine := methodDirective(g.opts.pathOf(a.pos), a.pos)
		if ownLine {
			b.WriteString(directive)
			b.WriteString("\n\t")
		} else {
			b.WriteString("\t")
			b.WriteString(directive)
			b.WriteString(" ")
		}
		b.WriteString(a.method)
		b.WriteString("(")
		b.WriteString(names.name("ctx"))
		b.WriteString(" *")
		b.WriteString(context)
		for _, p := range a.params {
			b.WriteString(", ")
			b.WriteString(names.name(p.goName))
			b.WriteString(" ")
			b.WriteString(goType(p.typ))
		}
		b.WriteString(") error // ")
		b.WriteString(commentText("serves " + g.describeRoutes(a)))
	}
	return b.Bytes()
}

// describeRoutes lists the routes that reach an action, for its comment.
func (g *generator) describeRoutes(a *action) string {
	parts := make([]string, len(a.routes))
	for i, r := range a.routes {
		if r.Method == "*" {
			parts[i] = fmt.Sprintf("the catch_all of domain %q (%s)", g.table.Domains[r.domain].Key, g.opts.pos(r.Pos))
		} else {
			parts[i] = fmt.Sprintf("%s: %s %s (%s)", r.Name, r.Method, r.Path, g.opts.pos(r.Pos))
		}
	}
	return strings.Join(parts, ", ")
}

// Dispatch is a switch on the route index, whose cases call the action
// with its typed parameters: a case costs the compiler much less than a
// function a route (or a method value, which is one). Up to
// dispatchOneSwitchUpTo routes and catch-alls it is one switch, which
// spares every request a call (GithubAll, 203 routes: 144,000 instructions
// an operation in chunks, 139,800 in one). Above, it is in functions of
// dispatchChunk routes each: the compiler's time grows faster than the
// size of a function, so that one switch for all routes would cost more
// than the rest of a large package.
const (
	dispatchOneSwitchUpTo = 256
	dispatchChunk         = 64
)

// dispatchCase is the case of a route in a dispatch switch: the case,
// named in a comment on its line, then its statements.
type dispatchCase struct {
	route       *route
	readsParams bool // the statements read p, the route's parameters
}

// planDispatch lists the case of each route that has an action, by chunk
// of route indexes: one, or chunks of dispatchChunk.
func (g *generator) planDispatch() [][]dispatchCase {
	var chunks [][]dispatchCase
	all := slices.Concat(g.routes, g.catchAlls)
	size := dispatchChunk
	if len(all) <= dispatchOneSwitchUpTo {
		size = max(1, len(all))
	}
	for _, r := range all {
		if r == nil || r.action == nil {
			continue
		}
		chunk := r.index / size
		for len(chunks) <= chunk {
			chunks = append(chunks, nil)
		}
		readsParams := slices.ContainsFunc(r.action.params, func(p actionParam) bool { return paramIndex(r, p.name) >= 0 })
		chunks[chunk] = append(chunks[chunk], dispatchCase{route: r, readsParams: readsParams})
	}
	return chunks
}

// code is the case and its statements, which call the action with each
// parameter's value: the path's, or the zero value of a parameter the
// path does not have.
func (c dispatchCase) code() []jen.Code {
	r := c.route
	code := []jen.Code{jen.Case(jen.Lit(r.index)).Add(comment(describeMatch(r)))}
	args := []jen.Code{jen.Id("ctx")}
	for i, p := range r.action.params {
		k := paramIndex(r, p.name)
		switch {
		case k < 0 && p.typ == ir.TypeInt:
			args = append(args, jen.Lit(0))
		case k < 0:
			args = append(args, jen.Lit(""))
		case p.typ == ir.TypeInt:
			v := "v" + strconv.Itoa(i)
			code = append(code,
				jen.List(jen.Id(v), jen.Err()).Op(":=").Qual(implPkg, "ParamInt").Call(jen.Id("p"), jen.Lit(k)),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
			args = append(args, jen.Id(v))
		default:
			args = append(args, jen.Id("p").Dot("Value").Call(jen.Lit(k)))
		}
	}
	return append(code, jen.Return(jen.Id("c").Dot(r.action.controller.arg).Dot(r.action.method).Call(args...)))
}

// writeText writes the lines of code, as gofmt lays them out in a switch
// of a function's body.
func (c dispatchCase) writeText(b *bytes.Buffer, paramInt string) {
	r := c.route
	b.WriteString("\tcase ")
	b.WriteString(strconv.Itoa(r.index))
	b.WriteString(": // ")
	b.WriteString(commentText(describeMatch(r)))
	b.WriteString("\n")
	for i, p := range r.action.params {
		if k := paramIndex(r, p.name); k >= 0 && p.typ == ir.TypeInt {
			fmt.Fprintf(b, "\t\tv%d, err := %s(p, %d)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n", i, paramInt, k)
		}
	}
	b.WriteString("\t\treturn c.")
	b.WriteString(r.action.controller.arg)
	b.WriteString(".")
	b.WriteString(r.action.method)
	b.WriteString("(ctx")
	for i, p := range r.action.params {
		b.WriteString(", ")
		k := paramIndex(r, p.name)
		switch {
		case k < 0 && p.typ == ir.TypeInt:
			b.WriteString("0")
		case k < 0:
			b.WriteString(`""`)
		case p.typ == ir.TypeInt:
			b.WriteString("v")
			b.WriteString(strconv.Itoa(i))
		default:
			b.WriteString("p.Value(")
			b.WriteString(strconv.Itoa(k))
			b.WriteString(")")
		}
	}
	b.WriteString(")\n")
}

// paramIndex is the position of the parameter name in r's path, or -1.
func paramIndex(r *route, name string) int {
	return slices.IndexFunc(r.ParamSpecs, func(p ir.Param) bool { return p.Name == name })
}

// writeNewRouter writes NewRouter and the struct of the controllers.
func (g *generator) writeNewRouter() {
	var params, body, fields, values []jen.Code
	for _, c := range g.controllers {
		// c.arg ends in "Controller": no parameter or local name does.
		params = append(params, jen.Id(c.arg).Id(c.iface))
		fields = append(fields, jen.Id(c.arg).Id(c.iface))
		values = append(values, jen.Id(c.arg).Op(":").Id(c.arg))
		body = append(body, jen.If(jen.Id(c.arg).Op("==").Nil()).Block(
			jen.Return(jen.Nil(), g.qual("errors", "New").Call(jen.Lit(g.opts.Package+": NewRouter: "+c.iface+" is nil"))),
		))
	}
	params = append(params, jen.Id("opts").Op("...").Qual(runtimePkg, "Option"))
	body = append(body,
		jen.Id("c").Op(":=").Op("&").Id(controllersTypeName).Add(multiLine(values...)),
		jen.Return(jen.Id(tableName).Dot("NewRouter").Call(jen.Id("c"), jen.Id("opts").Op("..."))))
	g.declare([]string{"NewRouter returns the http.Handler of " + g.opts.Source + ", calling the actions of the given controllers."},
		jen.Func().Id("NewRouter").Params(params...).Params(jen.Op("*").Qual(runtimePkg, "Router"), jen.Error()).Block(body...))
	g.declare([]string{controllersTypeName + " are the controllers of a router."},
		jen.Type().Id(controllersTypeName).Struct(fields...))
}

// writeDispatch writes the dispatch methods: one switch when every route
// is in the first chunk, which saves a call a request.
func (g *generator) writeDispatch() {
	receiver := jen.Id("c").Op("*").Id(controllersTypeName)
	params := []jen.Code{jen.Id("ctx").Op("*").Qual(runtimePkg, "Context"), jen.Id("route").Int()}
	dispatchCases := g.planDispatch()
	if len(dispatchCases) == 1 {
		g.declare([]string{"Dispatch calls the action of route, which ctx serves."},
			jen.Func().Params(receiver).Id("Dispatch").Params(params...).Error().
				Block(g.dispatchSwitch(dispatchCases[0], jen.Id("route"))...))
		return
	}
	var body []jen.Code
	if len(dispatchCases) > 0 {
		var chunks []jen.Code
		for k, cases := range dispatchCases {
			if len(cases) > 0 {
				chunks = append(chunks, jen.Case(jen.Lit(k)).Block(
					jen.Return(jen.Id("c").Dot(dispatchFuncName(k)).Call(jen.Id("ctx"), jen.Id("route")))))
			}
		}
		body = append(body, jen.Switch(jen.Id("route").Op("/").Lit(dispatchChunk)).Block(chunks...))
	}
	body = append(body, g.noAction())
	g.declare([]string{"Dispatch calls the action of route, which ctx serves, through the method of its chunk of routes."},
		jen.Func().Params(receiver).Id("Dispatch").Params(params...).Error().Block(body...))
	for k, cases := range dispatchCases {
		if len(cases) == 0 {
			continue
		}
		g.declare([]string{fmt.Sprintf("%s calls the actions of routes %d to %d.", dispatchFuncName(k), k*dispatchChunk, (k+1)*dispatchChunk-1)},
			jen.Func().Params(jen.Id("c").Op("*").Id(controllersTypeName)).Id(dispatchFuncName(k)).
				Params(jen.Id("ctx").Op("*").Qual(runtimePkg, "Context"), jen.Id("i").Int()).Error().
				Block(g.dispatchSwitch(cases, jen.Id("i"))...))
	}
}

// dispatchSwitch is the body of a dispatch function: the switch of cases
// on index, and the error for an index without a case. A case is written
// as a line of its own, with its comment, and the statements after it;
// the cases of a large table as text.
func (g *generator) dispatchSwitch(cases []dispatchCase, index jen.Code) []jen.Code {
	var body, clauses []jen.Code
	if slices.ContainsFunc(cases, func(c dispatchCase) bool { return c.readsParams }) {
		body = append(body, jen.Id("p").Op(":=").Id("ctx").Dot("Params").Call())
	}
	if g.linesAsText {
		var b bytes.Buffer
		paramInt := g.textQual(implPkg, "ParamInt")
		for _, c := range cases {
			c.writeText(&b, paramInt)
		}
		clauses = append(clauses, g.textBlock(bytes.TrimSuffix(b.Bytes(), []byte("\n"))))
	} else {
		for _, c := range cases {
			clauses = append(clauses, c.code()...)
		}
	}
	return append(body, jen.Switch(index).Block(clauses...), g.noAction())
}

// noAction returns the error of a route without an action.
func (g *generator) noAction() jen.Code {
	return jen.Return(g.qual("fmt", "Errorf").Call(jen.Lit("no action for route %q"), jen.Id("ctx").Dot("Route").Call().Dot("Name")))
}
