package gen

import "strconv"

// writeDomains writes Domains.
func (g *generator) writeDomains() {
	g.out.use(runtimePkg)
	g.out.printf("\n// Domains are the domains of %s, in file order.\n", g.opts.Source)
	g.out.write("var Domains = []runtime.Domain{\n")
	for i, d := range g.table.Domains {
		var lit keyedLiteral
		lit.line(field{"Index", strconv.Itoa(i)}, field{"Key", quotedText(d.Key)}, field{"Name", quotedText(d.Name)})
		lit.line(field{"Host", quotedText(d.Host)}, field{"Port", quotedText(d.Port)},
			field{"HostEnv", quotedText(d.HostEnv)}, field{"PortEnv", quotedText(d.PortEnv)}, field{"PortlessLinks", trueText(d.PortlessLinks)})
		lit.line(field{"Subdomain", trueText(d.Subdomain)}, field{"RedirectTrailingSlash", trueText(d.RedirectTrailingSlash)},
			field{"MethodNotAllowed", trueText(d.MethodNotAllowed)}, field{"AutoOptions", trueText(d.AutoOptions)})
		lit.line(field{"DefaultAuth", quotedText(d.DefaultAuth)}, field{"AntiCSRFCheck", trueText(d.AntiCSRFCheck)},
			field{"CORS", g.corsText(d.CORS)})
		g.out.write("{\n")
		lit.write(g.out)
		g.out.write("},\n")
	}
	g.out.write("}\n")
}
