package gen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

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

// writeInterfaces writes the controller interfaces. Each method follows a
// line directive that places it at its route in routes.conf; its
// description follows it on its line, since in a doc comment above it
// gofmt would set the directive apart with an empty "//".
func (g *generator) writeInterfaces() {
	for _, c := range g.controllers {
		g.out.use(runtimePkg)
		g.out.printf("\n// %s holds the actions of controller %q.\n", c.iface, c.name)
		g.out.printf("type %s interface {\n", c.iface)
		for _, a := range c.actions {
			names := newNamer()
			params := []string{names.name("ctx") + " *runtime.Context"}
			for _, p := range a.params {
				params = append(params, names.name(p.goName)+" "+goType(p.typ))
			}
			g.out.write(lineDirective(g.opts.pathOf(a.pos), a.pos) + "\n")
			g.out.printf("%s(%s) error // serves %s\n", a.method, strings.Join(params, ", "), g.describeRoutes(a))
		}
		// The lines between the methods matter to no tool: the position
		// is handed back once.
		g.out.write(lineResetPlaceholder + "\n}\n")
	}
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
		fmt.Fprintf(&b, "case %d: // %s\n", r.index, describeMatch(r))
		args := []string{"ctx"}
		for i, p := range r.action.params {
			k := paramIndex(r, p.name)
			switch {
			case k < 0 && p.typ == ir.TypeInt:
				args = append(args, "0")
			case k < 0:
				args = append(args, `""`)
			case p.typ == ir.TypeInt:
				fmt.Fprintf(&b, "v%d, err := routegenimpl.ParamInt(p, %d)\nif err != nil {\nreturn err\n}\n", i, k)
				args = append(args, fmt.Sprintf("v%d", i))
			default:
				args = append(args, fmt.Sprintf("p.Value(%d)", k))
			}
		}
		fmt.Fprintf(&b, "return c.%s.%s(%s)\n", g.controllerOf(r).arg, r.action.method, strings.Join(args, ", "))
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
	var params, checks, fields, values strings.Builder
	for _, c := range g.controllers {
		// c.arg ends in "Controller": no parameter or local name does.
		fmt.Fprintf(&params, "%s %s, ", c.arg, c.iface)
		fmt.Fprintf(&fields, "%s %s\n", c.arg, c.iface)
		fmt.Fprintf(&values, "%s: %s,\n", c.arg, c.arg)
		fmt.Fprintf(&checks, "if %s == nil {\nreturn nil, errors.New(%s)\n}\n", c.arg, strconv.Quote(g.opts.Package+": NewRouter: "+c.iface+" is nil"))
		g.out.use("errors")
	}
	g.out.use(runtimePkg)
	g.out.printf("\n// NewRouter returns the http.Handler of %s, calling the actions of the given controllers.\n", g.opts.Source)
	g.out.printf("func NewRouter(%sopts ...runtime.Option) (*runtime.Router, error) {\n", &params)
	g.out.printf("%sc := &%s{\n%s}\n", &checks, controllersTypeName, &values)
	g.out.printf("return %s.NewRouter(c, opts...)\n}\n", tableName)
	g.out.printf("\n// %s are the controllers of a router.\n", controllersTypeName)
	g.out.printf("type %s struct {\n%s}\n", controllersTypeName, &fields)
}

// writeDispatch writes the dispatch methods: one switch when every route
// is in the first chunk, which saves a call a request.
func (g *generator) writeDispatch() {
	g.out.use("fmt", runtimePkg)
	if len(g.dispatchCases) == 1 {
		g.out.write("\n// Dispatch calls the action of the route ctx serves.\n")
		g.out.printf("func (c *%s) Dispatch(ctx *runtime.Context) error {\n", controllersTypeName)
		g.writeDispatchSwitch(g.dispatchCases[0], "ctx.Route().Index")
		return
	}
	g.out.write("\n// Dispatch calls the action of the route ctx serves, through the method of its chunk of routes.\n")
	g.out.printf("func (c *%s) Dispatch(ctx *runtime.Context) error {\n", controllersTypeName)
	if len(g.dispatchCases) > 0 {
		g.out.printf("switch i := ctx.Route().Index; i / %d {\n", dispatchChunk)
		for k, cases := range g.dispatchCases {
			if len(cases) > 0 {
				g.out.printf("case %d:\nreturn c.%s(ctx, i)\n", k, dispatchFuncName(k))
			}
		}
		g.out.write("}\n")
	}
	g.out.write("return fmt.Errorf(\"no action for route %q\", ctx.Route().Name)\n}\n")
	for k, cases := range g.dispatchCases {
		if len(cases) == 0 {
			continue
		}
		g.out.printf("\n// %s calls the actions of routes %d to %d.\n", dispatchFuncName(k), k*dispatchChunk, (k+1)*dispatchChunk-1)
		g.out.printf("func (c *%s) %s(ctx *runtime.Context, i int) error {\n", controllersTypeName, dispatchFuncName(k))
		g.writeDispatchSwitch(cases, "i")
	}
}

// writeDispatchSwitch writes the rest of a dispatch function: the switch
// of cases on index, and the error for an index without a case.
func (g *generator) writeDispatchSwitch(cases []string, index string) {
	if slices.ContainsFunc(cases, func(c string) bool { return strings.Contains(c, "p.Value(") || strings.Contains(c, "(p, ") }) {
		g.out.write("p := ctx.Params()\n")
	}
	g.out.printf("switch %s {\n", index)
	for _, c := range cases {
		g.out.write(c)
	}
	g.out.write("}\nreturn fmt.Errorf(\"no action for route %q\", ctx.Route().Name)\n}\n")
}
