package gen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// goType is the Go type of a parameter.
func goType(t ir.ParamType) jen.Code {
	if t == ir.TypeInt {
		return jen.Int64()
	}
	return jen.String()
}

// writeControllers writes one interface per controller, NewRouter, which takes
// an implementation of each (so that a missing controller or action does
// not compile), and the dispatcher that calls the actions.
func (g *generator) writeControllers() {
	for _, c := range g.controllers {
		var methods []jen.Code
		for _, a := range c.actions {
			params := []jen.Code{jen.Id("ctx").Op("*").Add(rt("Context"))}
			for _, p := range a.params {
				params = append(params, jen.Id(p.goName).Add(goType(p.typ)))
			}
			methods = append(methods,
				jen.Comment(a.method+" serves "+g.describeRoutes(a)+"."),
				jen.Comment(lineDirective(g.opts.pathOf(a.pos), a.pos)),
				jen.Id(a.method).Params(params...).Error(),
				jen.Comment(lineResetPlaceholder),
			)
		}
		g.file.Comment(fmt.Sprintf("%s holds the actions of controller %q.", c.iface, c.name))
		g.file.Type().Id(c.iface).Interface(methods...)
	}

	var params, fields []jen.Code
	var checks []jen.Code
	values := jen.Dict{}
	for _, c := range g.controllers {
		params = append(params, jen.Id(c.arg).Id(c.iface))
		fields = append(fields, jen.Id(c.arg).Id(c.iface))
		values[jen.Id(c.arg)] = jen.Id(c.arg)
		checks = append(checks, jen.If(jen.Id(c.arg).Op("==").Nil()).Block(
			jen.Return(jen.Nil(), jen.Qual("errors", "New").Call(jen.Lit(g.opts.Package+": NewRouter: "+c.iface+" is nil")))))
	}
	params = append(params, jen.Id("opts").Op("...").Add(rt("Option")))
	g.file.Comment("NewRouter returns the http.Handler of " + g.opts.Source + ", calling the actions of the given controllers.")
	g.file.Func().Id("NewRouter").Params(params...).Params(jen.Op("*").Add(rt("Router")), jen.Error()).Block(
		append(checks,
			jen.Id("d").Op(":=").Op("&").Id("dispatcher").Values(values),
			jen.Return(rt("NewRouter").Call(jen.Id("table"), jen.Id("d").Dot("dispatch"), jen.Id("opts").Op("..."))),
		)...,
	)
	g.file.Type().Id("dispatcher").Struct(fields...)
	g.writeDispatch()
}

// describeRoutes lists the routes that reach an action, for its comment.
func (g *generator) describeRoutes(a *action) string {
	parts := make([]string, len(a.routes))
	for i, r := range a.routes {
		parts[i] = g.describeRoute(r)
	}
	return strings.Join(parts, ", ")
}

func (g *generator) describeRoute(r *route) string {
	if r.Method == "*" {
		return fmt.Sprintf("the catch_all of domain %q (%s)", g.table.Domains[r.domain].Key, g.opts.pos(r.Pos))
	}
	return fmt.Sprintf("%s: %s %s (%s)", r.Name, r.Method, r.Path, g.opts.pos(r.Pos))
}

// writeDispatch writes one small method a route, calling its action with
// its typed parameters, and the table dispatch finds them in by route
// index: small functions keep compile times linear in the number of routes.
func (g *generator) writeDispatch() {
	var routes []*route // that have an action
	for _, c := range g.controllers {
		for _, a := range c.actions {
			for _, r := range a.routes {
				name := fmt.Sprintf("route%d", r.index)
				g.file.Comment(fmt.Sprintf("%s calls %s.%s for %s.", name, c.iface, a.method, g.describeRoute(r)))
				g.file.Func().Params(jen.Id("d").Op("*").Id("dispatcher")).Id(name).Params(
					jen.Id("ctx").Op("*").Add(rt("Context"))).Error().Block(g.callAction(r, c)...)
				routes = append(routes, r)
			}
		}
	}
	slices.SortFunc(routes, func(a, b *route) int { return a.index - b.index })
	actions := make([]jen.Code, len(routes))
	for i, r := range routes {
		actions[i] = jen.Line().Lit(r.index).Op(":").Parens(jen.Op("*").Id("dispatcher")).Dot(fmt.Sprintf("route%d", r.index))
	}
	actionType := jen.Func().Params(jen.Op("*").Id("dispatcher"), jen.Op("*").Add(rt("Context"))).Error()
	g.file.Comment("actions are the dispatcher's methods by route index; nil for a static route.")
	g.file.Var().Id("actions").Op("=").Index().Add(actionType).Values(multiline(actions)...)
	ctxRoute := jen.Id("ctx").Dot("Route").Call()
	g.file.Func().Params(jen.Id("d").Op("*").Id("dispatcher")).Id("dispatch").Params(jen.Id("ctx").Op("*").Add(rt("Context"))).Error().Block(
		jen.If(jen.Id("i").Op(":=").Add(ctxRoute.Clone().Dot("Index")), jen.Id("i").Op("<").Len(jen.Id("actions")).Op("&&").Id("actions").Index(jen.Id("i")).Op("!=").Nil()).Block(
			jen.Return(jen.Id("actions").Index(jen.Id("i")).Call(jen.Id("d"), jen.Id("ctx")))),
		jen.Return(jen.Qual("fmt", "Errorf").Call(jen.Lit("no action for route %q"), ctxRoute.Clone().Dot("Name"))),
	)
}

// callAction is the body that calls the action of r: each parameter of the
// action from its place in r's path, or its zero value when r lacks it.
func (g *generator) callAction(r *route, c *controller) []jen.Code {
	var body []jen.Code
	args := []jen.Code{jen.Id("ctx")}
	usesParams := false
	for _, p := range r.action.params {
		k := paramIndex(r, p.name)
		switch {
		case k < 0 && p.typ == ir.TypeInt:
			args = append(args, jen.Lit(0))
		case k < 0:
			args = append(args, jen.Lit(""))
		case p.typ == ir.TypeInt:
			v := jen.Id(fmt.Sprintf("p%d", k))
			body = append(body,
				jen.List(v, jen.Err()).Op(":=").Add(rt("ParamInt")).Call(jen.Id("p"), jen.Lit(k)),
				jen.If(jen.Err().Op("!=").Nil()).Block(jen.Return(jen.Err())))
			args = append(args, v)
			usesParams = true
		default:
			args = append(args, jen.Id("p").Dot("Value").Call(jen.Lit(k)))
			usesParams = true
		}
	}
	if usesParams {
		body = append([]jen.Code{jen.Id("p").Op(":=").Id("ctx").Dot("Params").Call()}, body...)
	}
	return append(body, jen.Return(jen.Id("d").Dot(c.arg).Dot(r.action.method).Call(args...)))
}

func paramIndex(r *route, name string) int {
	for i, p := range r.Params {
		if p == name {
			return i
		}
	}
	return -1
}
