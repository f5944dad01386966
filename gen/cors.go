package gen

import (
	"fmt"

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

// corsText is the variable of c's policy, or "" for none.
func (g *generator) corsText(c *ir.CORS) string {
	if c == nil {
		return ""
	}
	return g.corsOf[c].name
}

// writeCORS writes the policies' variables.
func (g *generator) writeCORS() {
	for _, c := range g.corsPolicies {
		p := c.policy
		g.out.use(runtimePkg)
		g.out.printf("\n// %s is a CORS policy of %s, shared by the routes that have it.\n", c.name, g.opts.Source)
		g.out.printf("var %s = &runtime.CORS{\n", c.name)
		var lit keyedLiteral
		lit.line(field{"AllowOrigins", stringsText(p.AllowOrigins)})
		lit.line(field{"AllowHeaders", stringsText(p.AllowHeaders)})
		lit.line(field{"AllowMethods", stringsText(p.AllowMethods)})
		lit.line(field{"ExposeHeaders", stringsText(p.ExposeHeaders)})
		lit.line(field{"AllowCredentials", trueText(p.AllowCredentials)})
		lit.line(field{"MaxAge", nonZero(int64(p.MaxAge))})
		lit.write(g.out)
		g.out.write("}\n")
	}
}
