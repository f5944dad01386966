package gen

import (
	"strconv"
	"strings"

	"github.com/routegen/routegen/ir"
)

// writeRoutes writes Routes and, when a domain has one, the catch-alls.
func (g *generator) writeRoutes() {
	g.out.use(runtimePkg)
	g.out.printf("\n// Routes are the routes of %s: domain by domain, each sorted by path, then method.\n", g.opts.Source)
	g.out.write("var Routes = []runtime.Route{\n")
	for _, r := range g.routes {
		g.writeRoute(r)
	}
	g.out.write("}\n")
	if g.hasCatchAll() {
		g.out.write("\n// " + catchAllsName + " are the catch_all routes, of domain i at index i; zero for a domain with none.\n")
		g.out.write("var " + catchAllsName + " = []runtime.Route{\n")
		for _, r := range g.catchAlls {
			if r == nil {
				g.out.write("{},\n")
				continue
			}
			g.writeRoute(r)
		}
		g.out.write("}\n")
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

// writeRoute writes r as an element of a []runtime.Route, on one line: the
// table reads as a table, and a change of a route is a change of its line.
func (g *generator) writeRoute(r *route) {
	var lit keyedLiteral
	lit.line(field{"Index", strconv.Itoa(r.index)}, field{"Domain", nonZero(int64(r.domain))}, field{"Name", quotedText(r.Name)})
	lit.line(field{"Method", quotedText(r.Method)}, field{"Path", quotedText(r.Path)})
	lit.line(field{"Controller", quotedText(r.Controller)}, field{"Action", quotedText(r.Action)},
		field{"Auth", quotedText(r.Auth)}, field{"MaxBodySize", nonZero(r.MaxBodySize)},
		field{"AntiCSRFCheck", trueText(r.AntiCSRFCheck)}, field{"WebSocket", trueText(r.WebSocket)})
	lit.line(field{"Static", trueText(r.Static)}, field{"Dir", quotedText(r.Dir)}, field{"File", quotedText(r.File)},
		field{"List", trueText(r.List)})
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
	lit.line(field{"Params", stringsText(names)}, field{"Constraints", stringsText(constraints)})
	if a := r.Authorization; a != nil {
		lit.line(field{"Authorization", "&runtime.Authorization{" + strings.Join(nonEmpty(
			prefixed("SatisfyBoth: ", trueText(a.Satisfy == "both")),
			prefixed("Roles: ", checksText(a.Roles)),
			prefixed("Permissions: ", checksText(a.Permissions))), ", ") + "}"})
	}
	lit.line(field{"CORS", g.corsText(r.CORS)}, field{"Parent", quotedText(r.Parent)})
	lit.line(field{"Pos", strconv.Quote(g.opts.pos(r.Pos))})
	lit.writeInline(g.out)
	g.out.write(",\n")
}

// checksText is a []runtime.Check literal, or "" for none.
func checksText(checks []ir.Check) string {
	if len(checks) == 0 {
		return ""
	}
	items := make([]string, len(checks))
	for i, c := range checks {
		items[i] = "{" + strings.Join(nonEmpty("Func: "+strconv.Quote(c.Func), prefixed("Args: ", stringsText(c.Args))), ", ") + "}"
	}
	return "[]runtime.Check{" + strings.Join(items, ", ") + "}"
}

// prefixed is prefix+text, or "" when text is.
func prefixed(prefix, text string) string {
	if text == "" {
		return ""
	}
	return prefix + text
}

func nonEmpty(list ...string) []string {
	var out []string
	for _, s := range list {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
