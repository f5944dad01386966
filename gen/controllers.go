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
// does not compile) and binds every route to its action in a table, the
// functions that bind them, and the adapters that call actions with their
// typed parameters. The interfaces and the bind functions, a line a route,
// are written as text in gofmt's form; the rest, a few functions, as code.

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

// An adapter calls actions of one shape: each parameter of the action
// taken from a position of the route's path, as a string or an int64, or
// its zero value when the route lacks it. Routes of one shape share one
// adapter, so that dispatch costs a line a route, not a function.

// argSource is where an action's parameter comes from.
type argSource struct {
	param int // in the route's path; -1 for the zero value
	typ   ir.ParamType
}

type adapter struct {
	name string
	args []argSource
}

// bindChunk is the most routes one bind function binds: the compiler's
// time grows faster than the size of a function, so that one function for
// all routes would cost more than the rest of a large package.
const bindChunk = 64

// planDispatch works out the line that binds each route's action, in bind
// functions of bindChunk lines, and the adapters they use.
func (g *generator) planDispatch() {
	byShape := map[string]*adapter{}
	for _, r := range slices.Concat(g.routes, g.catchAlls) {
		if r == nil || r.action == nil {
			continue
		}
		method := "c." + g.controllerOf(r).arg + "." + r.action.method
		args := make([]argSource, len(r.action.params))
		for i, p := range r.action.params {
			args[i] = argSource{param: paramIndex(r, p.name), typ: p.typ}
		}
		value := method
		if len(args) > 0 {
			shape := fmt.Sprint(args)
			a := byShape[shape]
			if a == nil {
				a = &adapter{name: callFuncName(len(g.adapters)), args: args}
				byShape[shape] = a
				g.adapters = append(g.adapters, a)
			}
			value = a.name + "(" + method + ")"
		}
		if len(g.binds) == 0 || len(g.binds[len(g.binds)-1]) == bindChunk {
			g.binds = append(g.binds, nil)
		}
		g.binds[len(g.binds)-1] = append(g.binds[len(g.binds)-1], fmt.Sprintf("a[%d] = %s", r.index, value))
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
		jen.Id("actions").Op(":=").Make(jen.Index().Add(rt("Dispatcher")), jen.Lit(len(g.routes)+len(g.catchAlls))))
	for i := range g.binds {
		body = append(body, jen.Id(bindFuncName(i)).Call(jen.Id("c"), jen.Id("actions")))
	}
	body = append(body, jen.Return(rt("NewRouter").Call(jen.Id(tableName), rt("Dispatch").Call(jen.Id("actions")), jen.Id("opts").Op("..."))))
	params = append(params, jen.Id("opts").Op("...").Add(rt("Option")))
	g.file.Comment("NewRouter returns the http.Handler of " + g.opts.Source + ", calling the actions of the given controllers.")
	g.file.Func().Id("NewRouter").Params(params...).Params(jen.Op("*").Add(rt("Router")), jen.Error()).Block(body...)
	g.file.Comment(controllersTypeName + " are the controllers of a router.")
	g.file.Type().Id(controllersTypeName).Struct(fields...)
}

// bindsPart is the text of the bind functions.
func (g *generator) bindsPart() []byte {
	var b bytes.Buffer
	for i, lines := range g.binds {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "// %s binds the actions of up to %d routes to their controllers, by route index.\n", bindFuncName(i), bindChunk)
		fmt.Fprintf(&b, "func %s(c *%s, a []runtime.Dispatcher) {\n", bindFuncName(i), controllersTypeName)
		for _, line := range lines {
			b.WriteString("\t" + line + "\n")
		}
		b.WriteString("}\n")
	}
	return b.Bytes()
}

// writeAdapters writes, for each adapter, a function that makes an action
// of its shape a runtime.Dispatcher.
func (g *generator) writeAdapters() {
	for _, a := range g.adapters {
		var types, body, args []jen.Code
		args = append(args, jen.Id("ctx"))
		types = append(types, jen.Op("*").Add(rt("Context")))
		var described []string
		usesParams := false
		for i, s := range a.args {
			types = append(types, jen.Id(goType(s.typ)))
			switch {
			case s.param < 0 && s.typ == ir.TypeInt:
				args = append(args, jen.Lit(0))
				described = append(described, "0")
			case s.param < 0:
				args = append(args, jen.Lit(""))
				described = append(described, `""`)
			case s.typ == ir.TypeInt:
				v := jen.Id(fmt.Sprintf("v%d", i))
				body = append(body,
					jen.List(v, jen.Err()).Op(":=").Add(rt("ParamInt")).Call(jen.Id("p"), jen.Lit(s.param)),
					jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
				args = append(args, v)
				described = append(described, fmt.Sprintf("path parameter %d as an int64", s.param))
				usesParams = true
			default:
				args = append(args, jen.Id("p").Dot("Value").Call(jen.Lit(s.param)))
				described = append(described, fmt.Sprintf("path parameter %d", s.param))
				usesParams = true
			}
		}
		if usesParams {
			body = append([]jen.Code{jen.Id("p").Op(":=").Id("ctx").Dot("Params").Call()}, body...)
		}
		body = append(body, jen.Return(jen.Id("action").Call(args...)))
		g.file.Comment(fmt.Sprintf("%s calls an action with, in order: %s.", a.name, strings.Join(described, ", ")))
		g.file.Func().Id(a.name).Params(jen.Id("action").Func().Params(types...).Error()).Add(rt("Dispatcher")).Block(
			jen.Return(jen.Func().Params(jen.Id("ctx").Op("*").Add(rt("Context"))).Error().Block(body...)),
		)
	}
}
