package gen

import (
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeTable writes the runtime table Lookup works on, and Lookup.
func (g *generator) writeTable() {
	tableDict := jen.Dict{
		jen.Id("Domains"): jen.Id("Domains"),
		jen.Id("Routes"):  jen.Id("Routes"),
	}
	if g.matchersAsCode() {
		domainRoutes := make([]jen.Code, len(g.table.Domains))
		for d := range g.table.Domains {
			domainRoutes[d] = jen.Values(jen.Dict{jen.Id("Match"): jen.Id(matchFuncName(d))})
		}
		tableDict[jen.Id("DomainRoutes")] = jen.Index().Add(rt("DomainRoutes")).Values(multiline(domainRoutes)...)
	}
	if g.hasCatchAll() {
		tableDict[jen.Id("CatchAlls")] = jen.Id(catchAllsName)
	}
	if g.table.AuthSchemes != nil {
		tableDict[jen.Id("AuthSchemes")] = jen.Index().String().Values(literals(g.table.AuthSchemes)...)
	}
	if g.root != 0 {
		tableDict[jen.Id("Root")] = jen.Lit(g.root)
	}
	g.file.Comment(tableName + " is what the runtime knows of the routes. It serves each domain at its routes.conf")
	g.file.Comment("address, environment variables read at start-up; its HostsErr names a domain it cannot serve.")
	g.file.Var().Id(tableName).Op("=").Add(rt("NewTable")).Call(jen.Op("&").Add(rt("Table")).Values(tableDict))
	g.writeLookup()
}

// hasConstraints reports whether a route has a constrained parameter.
func (g *generator) hasConstraints() bool {
	return slices.ContainsFunc(g.routes, func(r *route) bool {
		return slices.ContainsFunc(r.ParamSpecs, func(p ir.Param) bool { return p.Constraint != nil })
	})
}

// domainMethods are the methods of a domain's routes, WS included, sorted.
func (g *generator) domainMethods(d int) []string {
	var methods []string
	for _, r := range g.routes {
		if r.domain == d && !slices.Contains(methods, r.Method) {
			methods = append(methods, r.Method)
		}
	}
	slices.Sort(methods)
	return methods
}

// writeLookup writes Lookup. A table of one domain serves every host: its
// Lookup calls the domain's matcher itself, and Table.Fallback for the
// requests no route of their method answers, without matching them again
// — unless a literal is escaped (non-ASCII), as Table.Lookup spells the path
// canonically first, or the matcher is data, which Table.Lookup calls.
func (g *generator) writeLookup() {
	m, r := jen.Id("m"), jen.Id("r")
	table := jen.Id(tableName)
	var body []jen.Code
	escapedLiterals := slices.ContainsFunc(g.routes, func(r *route) bool { return strings.Contains(r.Path, "%") })
	if len(g.table.Domains) == 1 && !escapedLiterals && g.matchersAsCode() {
		found := []jen.Code{table.Clone().Dot("Found").Call(m, jen.Lit(0), r)}
		if g.hasConstraints() {
			found = append(found, table.Clone().Dot("Check").Call(m, r))
		}
		body = append(body,
			jen.If(
				r.Clone().Op(":=").Id(matchFuncName(0)).Call(m.Clone().Dot("Start").Call(jen.Id("path")), jen.Id("method"), jen.Id("path")),
				r.Clone().Op(">=").Lit(0),
			).Block(append(found, jen.Return())...),
			table.Clone().Dot("Fallback").Call(m, jen.Lit(0), jen.Id("method"), jen.Id("path")))
	} else {
		body = append(body, table.Clone().Dot("Lookup").Call(m, jen.Nil(), jen.Id("method"), jen.Id("host"), jen.Id("path")))
	}
	g.file.Comment("Lookup finds the route of a request: method, Host header and path as sent (still escaped).")
	if escapedLiterals {
		g.file.Comment("It fills m and allocates nothing, except to respell a path that writes a non-ASCII literal")
		g.file.Comment("of a route in raw bytes or lower-case escapes; see runtime.Match for the outcomes.")
	} else {
		g.file.Comment("It fills m and allocates nothing; see runtime.Match for the outcomes.")
	}
	g.file.Func().Id("Lookup").Params(
		m.Clone().Op("*").Add(rt("Match")), jen.List(jen.Id("method"), jen.Id("host"), jen.Id("path")).String(),
	).Block(body...)
}
