package gen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// The CORS policies of the table, written once each as a package variable,
// so that the routes and domains that share a policy share one handler at
// run time.

// corsPolicy is one distinct CORS policy of the table.
type corsPolicy struct {
	name   string
	policy *ir.CORS
}

// planCORS names each distinct CORS policy of the table; equal policies
// may be distinct values in the table.
func (g *generator) planCORS() {
	g.corsOf = map[*ir.CORS]*corsPolicy{}
	byFields := map[string]*corsPolicy{}
	add := func(c *ir.CORS) {
		if c == nil || g.corsOf[c] != nil {
			return
		}
		fields := fmt.Sprintf("%#v", *c)
		p := byFields[fields]
		if p == nil {
			p = &corsPolicy{name: corsVarName(len(g.corsPolicies)), policy: c}
			byFields[fields] = p
			g.corsPolicies = append(g.corsPolicies, p)
		}
		g.corsOf[c] = p
	}
	for _, d := range g.table.Domains {
		add(d.CORS)
	}
	for _, r := range g.routes {
		add(r.CORS)
	}
	for _, d := range g.table.Domains {
		if d.CatchAll != nil {
			add(d.CatchAll.CORS)
		}
	}
}

// corsRef is the variable of c's policy, or nil for none.
func (g *generator) corsRef(c *ir.CORS) jen.Code {
	if c == nil {
		return nil
	}
	return jen.Id(g.corsOf[c].name)
}

// writeCORS writes the policies' variables.
func (g *generator) writeCORS() {
	for _, c := range g.corsPolicies {
		p := c.policy
		var lit keyedLiteral
		lit.line(field{"AllowOrigins", stringsLit(p.AllowOrigins)})
		lit.line(field{"AllowHeaders", stringsLit(p.AllowHeaders)})
		lit.line(field{"AllowMethods", stringsLit(p.AllowMethods)})
		lit.line(field{"ExposeHeaders", stringsLit(p.ExposeHeaders)})
		lit.line(field{"AllowCredentials", trueLit(p.AllowCredentials)})
		lit.line(field{"MaxAge", nonZero(int64(p.MaxAge))})
		g.declare([]string{c.name + " is a CORS policy of " + g.opts.Source + ", shared by the routes that have it."},
			jen.Var().Id(c.name).Op("=").Op("&").Qual(runtimePkg, "CORS").Add(lit.block()))
	}
}
