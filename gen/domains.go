package gen

import (
	"bytes"
	"strconv"
)

// domainsPart is the text of Domains.
func (g *generator) domainsPart() []byte {
	var b bytes.Buffer
	b.WriteString("// Domains are the domains of " + g.opts.Source + ", in file order.\n")
	b.WriteString("var Domains = []runtime.Domain{\n")
	for i, d := range g.table.Domains {
		var lit keyedLiteral
		lit.line(field{"Index", strconv.Itoa(i)}, field{"Key", quotedText(d.Key)}, field{"Name", quotedText(d.Name)})
		lit.line(field{"Host", quotedText(d.Host)}, field{"Port", quotedText(d.Port)},
			field{"HostEnv", quotedText(d.HostEnv)}, field{"PortEnv", quotedText(d.PortEnv)}, field{"PortlessLinks", trueText(d.PortlessLinks)})
		lit.line(field{"Subdomain", trueText(d.Subdomain)}, field{"RedirectTrailingSlash", trueText(d.RedirectTrailingSlash)},
			field{"MethodNotAllowed", trueText(d.MethodNotAllowed)}, field{"AutoOptions", trueText(d.AutoOptions)})
		lit.line(field{"DefaultAuth", quotedText(d.DefaultAuth)}, field{"AntiCSRFCheck", trueText(d.AntiCSRFCheck)},
			field{"CORS", g.corsText(d.CORS)})
		b.WriteString("\t{\n")
		lit.write(&b, "\t\t")
		b.WriteString("\t},\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}
