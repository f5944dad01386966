package gen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeURLs writes URL, with one typed helper per route name, and the
// name-based RouteURL and RouteURLNamedArgs.
func (g *generator) writeURLs() {
	g.file.Comment("URL builds the URL of each route from typed parameters, every value escaped.")
	g.file.Comment("Routes outside the root domain get //host[:port]; a wildcard domain's take the subdomain first.")
	g.file.Var().Id("URL").Id("urlBuilder")
	g.file.Type().Id("urlBuilder").Struct()
	done := map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		g.urlHelper(r)
	}

	g.file.Comment("RouteURL returns the URL of the named route (\"name\" in the root domain, \"domain_key.name\" in any)")
	g.file.Comment("with its path parameters in order; a wildcard domain's route takes the subdomain first.")
	g.file.Func().Id("RouteURL").Params(jen.Id("name").String(), jen.Id("args").Op("...").Any()).Params(jen.String(), jen.Error()).Block(
		jen.Return(jen.Id("table").Dot("RouteURL").Call(jen.Lit(g.root), jen.Id("name"), jen.Id("args").Op("..."))))
	g.file.Comment("RouteURLNamedArgs returns the URL of the named route with its path parameters taken from args by name;")
	g.file.Comment("the other args become the query string, sorted by key. args is not modified.")
	g.file.Func().Id("RouteURLNamedArgs").Params(jen.Id("name").String(), jen.Id("args").Map(jen.String()).Any()).Params(jen.String(), jen.Error()).Block(
		jen.Return(jen.Id("table").Dot("RouteURLNamedArgs").Call(jen.Lit(g.root), jen.Id("name"), jen.Id("args"))))
}

func (g *generator) urlHelper(r *route) {
	dom := g.table.Domains[r.domain]
	var params []jen.Code
	var parts []jen.Code
	if r.domain != g.root {
		switch {
		case dom.Wildcard():
			params = append(params, jen.Id("subdomain").String())
			parts = append(parts, g.originCode(r.domain, jen.Id("subdomain")))
		case dom.HostEnv != "" || dom.PortEnv != "":
			parts = append(parts, g.originCode(r.domain, jen.Lit("")))
		default:
			parts = append(parts, jen.Lit(staticOrigin(dom)))
		}
	}
	literal := ""
	flush := func() {
		if literal != "" {
			parts = append(parts, jen.Lit(literal))
			literal = ""
		}
	}
	for k, seg := range r.Segments {
		literal += "/" + seg.Literal
		if seg.Kind == ir.StaticSegment {
			continue
		}
		flush()
		spec := r.ParamSpecs[paramIndexOfSegment(r, k)]
		name := unexported(spec.Name)
		params = append(params, jen.Id(name).Add(goType(spec.Type)))
		switch {
		case spec.Type == ir.TypeInt:
			parts = append(parts, jen.Qual("strconv", "FormatInt").Call(jen.Id(name), jen.Lit(10)))
		case seg.Kind == ir.CatchAllSegment:
			parts = append(parts, rt("EscapeCatchAll").Call(jen.Id(name)))
		default:
			parts = append(parts, jen.Qual("net/url", "PathEscape").Call(jen.Id(name)))
		}
	}
	if len(r.Segments) == 0 {
		literal = "/"
	}
	flush()
	expr := jen.Add(parts[0])
	for _, p := range parts[1:] {
		expr = expr.Op("+").Add(p)
	}
	g.file.Comment(fmt.Sprintf("%s is the URL of route %q: %s.", g.helperName(r), r.Name, r.Path))
	g.file.Func().Params(jen.Op("*").Id("urlBuilder")).Id(g.helperName(r)).Params(params...).String().Block(jen.Return(expr))
}

func paramIndexOfSegment(r *route, seg int) int {
	k := -1
	for i := 0; i <= seg; i++ {
		if r.Segments[i].Kind != ir.StaticSegment {
			k++
		}
	}
	return k
}

func (g *generator) originCode(d int, subdomain jen.Code) jen.Code {
	return jen.Id("table").Dot("Origin").Call(jen.Lit(d), subdomain)
}

// staticOrigin is "//host[:port]" of a domain with a fixed address.
func staticOrigin(d *ir.Domain) string {
	if d.Port == "" {
		return "//" + d.Host
	}
	return "//" + d.Host + ":" + d.Port
}
