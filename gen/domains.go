package gen

import "github.com/dave/jennifer/jen"

// writeDomains writes Domains.
func (g *generator) writeDomains() {
	domains := make([]jen.Code, len(g.table.Domains))
	for i, d := range g.table.Domains {
		var lit keyedLiteral
		lit.line(field{"Index", jen.Lit(i)}, field{"Key", stringLit(d.Key)}, field{"Name", stringLit(d.Name)})
		lit.line(field{"Host", stringLit(d.Host)}, field{"Port", stringLit(d.Port)},
			field{"HostEnv", stringLit(d.HostEnv)}, field{"PortEnv", stringLit(d.PortEnv)})
		lit.line(field{"Subdomain", trueLit(d.Subdomain)}, field{"RedirectTrailingSlash", trueLit(d.RedirectTrailingSlash)},
			field{"MethodNotAllowed", trueLit(d.MethodNotAllowed)}, field{"AutoOptions", trueLit(d.AutoOptions)})
		lit.line(field{"DefaultAuth", stringLit(d.DefaultAuth)}, field{"AntiCSRFCheck", trueLit(d.AntiCSRFCheck)},
			field{"CORS", g.corsRef(d.CORS)})
		domains[i] = lit.block()
	}
	g.declare([]string{domainsName + " are the domains of " + g.opts.Source + ", in file order, as the router reads them (Domains copies them)."},
		jen.Var().Id(domainsName).Op("=").Index().Qual(runtimePkg, "Domain").Add(multiLine(domains...)))
}
