package gen

import (
	"slices"
	"strings"

	"github.com/dave/jennifer/jen"
)

// writeVersionCheck writes the constants that compile only with a
// routegenimpl that supports the API the code is written for.
func (g *generator) writeVersionCheck() {
	g.file.Comment("This file is written for version " + jen.Lit(implVersion).GoString() + " of routegenimpl's API; with a routegen that does not support it,")
	g.file.Comment(`the constants below do not compile ("constant -1 overflows routegenimpl.RunGoGenerate"):`)
	g.file.Comment("run go generate with the routegen the module requires.")
	g.file.Const().Defs(
		jen.Id("_").Op("=").Add(impl("RunGoGenerate")).Call(jen.Lit(implVersion).Op("-").Add(impl("MinVersion"))),
		jen.Id("_").Op("=").Add(impl("RunGoGenerate")).Call(impl("MaxVersion").Op("-").Lit(implVersion)),
	)
}

// writeTable writes the runtime table Lookup works on, and Lookup.
func (g *generator) writeTable() {
	tableDict := jen.Dict{
		jen.Id("Domains"): jen.Id("Domains"),
		jen.Id("Routes"):  jen.Id("Routes"),
	}
	if g.matchersAsCode() {
		matchers := make([]jen.Code, len(g.table.Domains))
		for d := range g.table.Domains {
			matchers[d] = jen.Id(matchFuncName(d))
		}
		tableDict[jen.Id("Matchers")] = jen.Index().Add(impl("MatchFunc")).Values(matchers...)
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
	g.file.Comment("address, environment variables read at start-up.")
	g.file.Var().Id(tableName).Op("=").Add(impl("NewTable")).Call(jen.Op("&").Add(impl("Table")).Values(tableDict))
	g.writeLookup()
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

// writeLookup writes Lookup, which the runtime's one statement of the
// order of request handling answers.
func (g *generator) writeLookup() {
	m := jen.Id("m")
	escapedLiterals := slices.ContainsFunc(g.routes, func(r *route) bool { return strings.Contains(r.Path, "%") })
	g.file.Comment("Lookup finds the route of a request: method, Host header and path as sent (still escaped).")
	if escapedLiterals {
		g.file.Comment("It fills m and allocates nothing, except to respell a path that writes a non-ASCII literal")
		g.file.Comment("of a route in raw bytes or lower-case escapes; see runtime.Match for the outcomes.")
	} else {
		g.file.Comment("It fills m and allocates nothing; see runtime.Match for the outcomes.")
	}
	g.file.Func().Id("Lookup").Params(
		m.Clone().Op("*").Add(rt("Match")), jen.List(jen.Id("method"), jen.Id("host"), jen.Id("path")).String(),
	).Block(jen.Id(tableName).Dot("Lookup").Call(m, jen.Id("method"), jen.Id("host"), jen.Id("path")))
}
