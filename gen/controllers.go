package gen

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// The controllers' part: one interface per controller, NewRouter, which
// takes an implementation of each (so that a missing controller or action
// does not compile), and the dispatch that calls a route's action with its
// typed parameters. The interfaces and the dispatch, lines a route, are
// written as text in gofmt's form; NewRouter as code.

// goType is the Go type of a parameter.
func goType(t ir.ParamType) string {
	if t == ir.TypeInt {
		return "int64"
	}
	return "string"
}

// interfacesPart is the text of the controller interfaces. Each method
// follows a line directive that places it at its route in routes.conf; its
// description follows it on its line, since in a doc comment above it
// gofmt would set the directive apart with an empty "//".
func (g *generator) interfacesPart() []byte {
	var b bytes.Buffer
	for i, c := range g.controllers {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "// %s holds the actions of controller %q.\n", c.iface, c.name)
		fmt.Fprintf(&b, "type %s interface {\n", c.iface)
		for _, a := range c.actions {
			names := newNamer()
			params := []string{names.name("ctx") + " *runtime.Context"}
			for _, p := range a.params {
				params = append(params, names.name(p.goName)+" "+goType(p.typ))
			}
			b.WriteString(lineDirective(g.opts.pathOf(a.pos), a.pos) + "\n")
			fmt.Fprintf(&b, "\t%s(%s) error // serves %s\n", a.method, strings.Join(params, ", "), g.describeRoutes(a))
		}
		// The lines between the methods matter to no tool: the position
		// is handed back once.
		b.WriteString(lineResetPlaceholder + "\n}\n")
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

// Dispatch is a switch on the route index, in functions of dispatchChunk
// routes each, whose cases call the action with its typed parameters: a
// case costs the compiler much less than a function a route (or a method
// value, which is one), and the compiler's time grows faster than the size
// of a function, so that one switch for all routes would cost more than
// the rest of a large package.
const dispatchChunk = 64

// planDispatch writes the case of each route that has an action, by chunk
// of dispatchChunk route indexes.
func (g *generator) planDispatch() {
	for _, r := range slices.Concat(g.routes, g.catchAlls) {
		if r == nil || r.action == nil {
			continue
		}
		chunk := r.index / dispatchChunk
		for len(g.dispatchCases) <= chunk {
			g.dispatchCases = append(g.dispatchCases, nil)
		}
		var b strings.Builder
		fmt.Fprintf(&b, "\tcase %d: // %s\n", r.index, describeMatch(r))
		args := []string{"ctx"}
		for i, p := range r.action.params {
			k := paramIndex(r, p.name)
			switch {
			case k < 0 && p.typ == ir.TypeInt:
				args = append(args, "0")
			case k < 0:
				args = append(args, `""`)
			case p.typ == ir.TypeInt:
				fmt.Fprintf(&b, "\t\tv%d, err := routegenimpl.ParamInt(p, %d)\n\t\tif err != nil {\n\t\t\treturn err\n\t\t}\n", i, k)
				args = append(args, fmt.Sprintf("v%d", i))
			default:
				args = append(args, fmt.Sprintf("p.Value(%d)", k))
			}
		}
		fmt.Fprintf(&b, "\t\treturn c.%s.%s(%s)\n", g.controllerOf(r).arg, r.action.method, strings.Join(args, ", "))
		g.dispatchCases[chunk] = append(g.dispatchCases[chunk], b.String())
	}
}

func (g *generator) controllerOf(r *route) *controller {
	for _, c := range g.controllers {
		if c.name == r.Controller {
			return c
		}
	}
	panic("no controller " + r.Controller)
}

// paramIndex is the position of the parameter name in r's path, or -1.
func paramIndex(r *route, name string) int {
	return slices.IndexFunc(r.ParamSpecs, func(p ir.Param) bool { return p.Name == name })
}

// writeNewRouter writes NewRouter and the struct of the controllers.
func (g *generator) writeNewRouter() {
	var params, checks, fields []jen.Code
	values := jen.Dict{}
	for _, c := range g.controllers {
		// c.arg ends in "Controller": no parameter or local name does.
		params = append(params, jen.Id(c.arg).Id(c.iface))
		fields = append(fields, jen.Id(c.arg).Id(c.iface))
		values[jen.Id(c.arg)] = jen.Id(c.arg)
		checks = append(checks, jen.If(jen.Id(c.arg).Op("==").Nil()).Block(
			jen.Return(jen.Nil(), jen.Qual("errors", "New").Call(jen.Lit(g.opts.Package+": NewRouter: "+c.iface+" is nil")))))
	}
	body := append(checks,
		jen.Id("c").Op(":=").Op("&").Id(controllersTypeName).Values(values),
		jen.Return(jen.Id(tableName).Dot("NewRouter").Call(jen.Id("c"), jen.Id("opts").Op("..."))))
	params = append(params, jen.Id("opts").Op("...").Add(rt("Option")))
	g.file.Comment("NewRouter returns the http.Handler of " + g.opts.Source + ", calling the actions of the given controllers.")
	g.file.Func().Id("NewRouter").Params(params...).Params(jen.Op("*").Add(rt("Router")), jen.Error()).Block(body...)
	g.file.Comment(controllersTypeName + " are the controllers of a router.")
	g.file.Type().Id(controllersTypeName).Struct(fields...)
}

// dispatchPart is the text of the dispatch methods: one switch when every
// route is in the first chunk, which saves a call a request.
func (g *generator) dispatchPart() []byte {
	var b bytes.Buffer
	if len(g.dispatchCases) == 1 {
		b.WriteString("// Dispatch calls the action of the route ctx serves.\n")
		fmt.Fprintf(&b, "func (c *%s) Dispatch(ctx *runtime.Context) error {\n", controllersTypeName)
		writeDispatchSwitch(&b, g.dispatchCases[0], "ctx.Route().Index")
		return b.Bytes()
	}
	b.WriteString("// Dispatch calls the action of the route ctx serves, through the method of its chunk of routes.\n")
	fmt.Fprintf(&b, "func (c *%s) Dispatch(ctx *runtime.Context) error {\n", controllersTypeName)
	if len(g.dispatchCases) > 0 {
		fmt.Fprintf(&b, "\tswitch i := ctx.Route().Index; i / %d {\n", dispatchChunk)
		for k, cases := range g.dispatchCases {
			if len(cases) > 0 {
				fmt.Fprintf(&b, "\tcase %d:\n\t\treturn c.%s(ctx, i)\n", k, dispatchFuncName(k))
			}
		}
		b.WriteString("\t}\n")
	}
	b.WriteString("\treturn fmt.Errorf(\"no action for route %q\", ctx.Route().Name)\n}\n")
	for k, cases := range g.dispatchCases {
		if len(cases) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n// %s calls the actions of routes %d to %d.\n", dispatchFuncName(k), k*dispatchChunk, (k+1)*dispatchChunk-1)
		fmt.Fprintf(&b, "func (c *%s) %s(ctx *runtime.Context, i int) error {\n", controllersTypeName, dispatchFuncName(k))
		writeDispatchSwitch(&b, cases, "i")
	}
	return b.Bytes()
}

// writeDispatchSwitch writes the rest of a dispatch function: the switch
// of cases on index, and the error for an index without a case.
func writeDispatchSwitch(b *bytes.Buffer, cases []string, index string) {
	if slices.ContainsFunc(cases, func(c string) bool { return strings.Contains(c, "p.Value(") || strings.Contains(c, "(p, ") }) {
		b.WriteString("\tp := ctx.Params()\n")
	}
	fmt.Fprintf(b, "\tswitch %s {\n", index)
	for _, c := range cases {
		b.WriteString(c)
	}
	b.WriteString("\t}\n\treturn fmt.Errorf(\"no action for route %q\", ctx.Route().Name)\n}\n")
}
