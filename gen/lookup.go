package gen

import (
	"slices"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeVersionCheck writes the constants that compile only with a
// routegenimpl that supports the API the code is written for.
func (g *generator) writeVersionCheck() {
	version := implVersion
	v := strconv.Itoa(version)
	g.declare([]string{
		"This file is written for version " + v + " of routegenimpl's API; with a routegen that does not support it,",
		`the constants below do not compile ("constant -1 overflows routegenimpl.RunGoGenerate"):`,
		"run go generate with the routegen the module requires.",
	}, jen.Const().Defs(
		jen.Id("_").Op("=").Qual(implPkg, "RunGoGenerate").Call(jen.Lit(version).Op("-").Qual(implPkg, "MinVersion")),
		jen.Id("_").Op("=").Qual(implPkg, "RunGoGenerate").Call(g.qual(implPkg, "MaxVersion").Op("-").Lit(version)),
	))
}

// writeTable writes the runtime table Lookup works on, and Lookup.
func (g *generator) writeTable() {
	var lit keyedLiteral
	lit.line(field{"Domains", jen.Id(domainsName)})
	lit.line(field{"Routes", jen.Id(routesName)})
	if g.hasCatchAll() {
		lit.line(field{"CatchAlls", jen.Id(catchAllsName)})
	}
	if g.matchersAsCode() {
		matchers := make([]jen.Code, len(g.table.Domains))
		for d := range g.table.Domains {
			matchers[d] = jen.Id(matchFuncName(d))
		}
		lit.line(field{"Matchers", jen.Index().Qual(implPkg, "MatchFunc").Values(matchers...)})
	}
	if g.table.AuthSchemes != nil {
		// Not nil, even empty: the runtime tells a table without
		// security.conf by its nil AuthSchemes.
		schemes := stringsLit(g.table.AuthSchemes)
		if schemes == nil {
			schemes = jen.Index().String().Values()
		}
		lit.line(field{"AuthSchemes", schemes})
	}
	if headers := g.secureHeaders(); headers != nil {
		var list []jen.Code
		for _, h := range headers {
			var hl keyedLiteral
			hl.line(field{"Name", jen.Lit(h.Name)}, field{"Value", jen.Lit(h.Value)})
			if h.HTTPSOnly {
				hl.line(field{"HTTPSOnly", jen.True()})
			}
			list = append(list, hl.inline())
		}
		lit.line(field{"SecureHeaders", jen.Index().Qual(implPkg, "SecureHeader").Add(multiLine(list...))})
	}
	var portless []jen.Code
	for d, dom := range g.table.Domains {
		if dom.PortlessLinks {
			portless = append(portless, jen.Lit(d))
		}
	}
	if portless != nil {
		lit.line(field{"PortlessLinks", jen.Index().Int().Values(portless...)})
	}
	if g.root != 0 {
		lit.line(field{"Root", jen.Lit(g.root)})
	}
	if g.table.MaxBodySize != 0 {
		lit.line(field{"MaxBodySize", nonZero(g.table.MaxBodySize)})
	}
	g.declare([]string{
		tableName + " is what the runtime knows of the routes. It is built on first use (Lookup,",
		"NewRouter, a URL, Routes or Domains), which serves each domain at its routes.conf address,",
		"environment variables read then.",
	}, jen.Var().Id(tableName).Op("=").Qual(implPkg, "NewTable").Call(jen.Op("&").Qual(implPkg, "Table").Add(lit.block())))
	g.declare([]string{
		"Routes returns a copy of the routes of " + g.opts.Source + ": domain by domain, each sorted by",
		"path, then method. Writing to it changes no router.",
	}, jen.Func().Id("Routes").Params().Index().Qual(runtimePkg, "Route").Block(jen.Return(jen.Id(tableName).Dot("CopyRoutes").Call())))
	g.declare([]string{
		"Domains returns a copy of the domains of " + g.opts.Source + ", in file order. Writing to it",
		"changes no router.",
	}, jen.Func().Id("Domains").Params().Index().Qual(runtimePkg, "Domain").Block(jen.Return(jen.Id(tableName).Dot("CopyDomains").Call())))
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
	doc := []string{"Lookup finds the route of a request: method, Host header and path as sent (still escaped)."}
	if slices.ContainsFunc(g.routes, func(r *route) bool { return strings.Contains(r.Path, "%") }) {
		doc = append(doc, "It fills m and allocates nothing, except to respell a path that writes a non-ASCII literal",
			"of a route in raw bytes or lower-case escapes; see runtime.Match for the outcomes.")
	} else {
		doc = append(doc, "It fills m and allocates nothing; see runtime.Match for the outcomes.")
	}
	g.declare(doc, jen.Func().Id("Lookup").Params(
		jen.Id("m").Op("*").Qual(runtimePkg, "Match"), jen.List(jen.Id("method"), jen.Id("host"), jen.Id("path")).String(),
	).Block(
		jen.Id(tableName).Dot("Lookup").Call(jen.Id("m"), jen.Id("method"), jen.Id("host"), jen.Id("path")),
	))
}

// secureHeaders are the headers of security.conf's http_header the
// router sets; nil for none.
func (g *generator) secureHeaders() []ir.SecureHeader {
	if s := g.table.SecureHeaders; s != nil && !s.Off && len(s.Headers) > 0 {
		return s.Headers
	}
	return nil
}
