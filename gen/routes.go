package gen

import (
	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeRoutes writes Routes and, when a domain has one, the catch-alls.
func (g *generator) writeRoutes() {
	routes := make([]jen.Code, len(g.routes))
	for i, r := range g.routes {
		routes[i] = g.routeLit(r)
	}
	g.declare([]string{"Routes are the routes of " + g.opts.Source + ": domain by domain, each sorted by path, then method."},
		jen.Var().Id("Routes").Op("=").Index().Qual(runtimePkg, "Route").Add(multiLine(routes...)))
	if g.hasCatchAll() {
		catchAlls := make([]jen.Code, len(g.catchAlls))
		for i, r := range g.catchAlls {
			if r == nil {
				catchAlls[i] = jen.Values()
				continue
			}
			catchAlls[i] = g.routeLit(r)
		}
		g.declare([]string{catchAllsName + " are the catch_all routes, of domain i at index i; zero for a domain with none."},
			jen.Var().Id(catchAllsName).Op("=").Index().Qual(runtimePkg, "Route").Add(multiLine(catchAlls...)))
	}
}

const catchAllsName = "routegenCatchAlls"

func (g *generator) hasCatchAll() bool {
	for _, r := range g.catchAlls {
		if r != nil {
			return true
		}
	}
	return false
}

// routeLit is r as an element of a []runtime.Route, on one line: the table
// reads as a table, and a change of a route is a change of its line.
func (g *generator) routeLit(r *route) jen.Code {
	var lit keyedLiteral
	lit.line(field{"Index", jen.Lit(r.index)}, field{"Domain", nonZero(int64(r.domain))}, field{"Name", stringLit(r.Name)})
	lit.line(field{"Method", stringLit(r.Method)}, field{"Path", stringLit(r.Path)})
	lit.line(field{"Controller", stringLit(r.Controller)}, field{"Action", stringLit(r.Action)},
		field{"Auth", stringLit(r.Auth)}, field{"MaxBodySize", nonZero(r.MaxBodySize)},
		field{"AntiCSRFCheck", trueLit(r.AntiCSRFCheck)}, field{"WebSocket", trueLit(r.WebSocket)})
	lit.line(field{"Static", trueLit(r.Static)}, field{"Dir", stringLit(r.Dir)}, field{"File", stringLit(r.File)},
		field{"List", trueLit(r.List)})
	names := make([]string, len(r.ParamSpecs))
	constraints := make([]string, len(r.ParamSpecs))
	constrained := false
	for i, p := range r.ParamSpecs {
		names[i] = p.Name
		if p.Constraint != nil {
			constraints[i], constrained = p.Constraint.Text, true
		}
	}
	if !constrained {
		constraints = nil
	}
	lit.line(field{"Params", stringsLit(names)}, field{"Constraints", stringsLit(constraints)})
	if a := r.Authorization; a != nil {
		var auth keyedLiteral
		auth.line(field{"SatisfyBoth", trueLit(a.Satisfy == "both")}, field{"Roles", g.checksLit(a.Roles)},
			field{"Permissions", g.checksLit(a.Permissions)})
		lit.line(field{"Authorization", jen.Op("&").Qual(runtimePkg, "Authorization").Add(auth.inline())})
	}
	lit.line(field{"CORS", g.corsRef(r.CORS)}, field{"Parent", stringLit(r.Parent)})
	lit.line(field{"Pos", jen.Lit(g.opts.pos(r.Pos))})
	return lit.inline()
}

// checksLit is a []runtime.Check literal, or nil for none.
func (g *generator) checksLit(checks []ir.Check) jen.Code {
	if len(checks) == 0 {
		return nil
	}
	items := make([]jen.Code, len(checks))
	for i, c := range checks {
		var check keyedLiteral
		check.line(field{"Func", jen.Lit(c.Func)}, field{"Args", stringsLit(c.Args)})
		items[i] = check.inline()
	}
	return jen.Index().Qual(runtimePkg, "Check").Values(items...)
}
