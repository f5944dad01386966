package gen

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
)

// writeVersionCheck writes the constants that compile only with a
// routegenimpl that supports the API the code is written for.
func (g *generator) writeVersionCheck() {
	v := strconv.Itoa(implVersion)
	g.out.use(implPkg)
	g.out.write(`
// This file is written for version ` + v + ` of routegenimpl's API; with a routegen that does not support it,
// the constants below do not compile ("constant -1 overflows routegenimpl.RunGoGenerate"):
// run go generate with the routegen the module requires.
const (
	_ = routegenimpl.RunGoGenerate(` + v + ` - routegenimpl.MinVersion)
	_ = routegenimpl.RunGoGenerate(routegenimpl.MaxVersion - ` + v + `)
)
`)
}

// writeTable writes the runtime table Lookup works on, and Lookup.
func (g *generator) writeTable() {
	var lit keyedLiteral
	lit.line(field{"Domains", "Domains"})
	lit.line(field{"Routes", "Routes"})
	if g.hasCatchAll() {
		lit.line(field{"CatchAlls", catchAllsName})
	}
	if g.matchersAsCode() {
		matchers := make([]string, len(g.table.Domains))
		for d := range g.table.Domains {
			matchers[d] = matchFuncName(d)
		}
		lit.line(field{"Matchers", "[]routegenimpl.MatchFunc{" + strings.Join(matchers, ", ") + "}"})
	}
	if g.table.AuthSchemes != nil {
		// Not nil, even empty: the runtime tells a table without
		// security.conf by its nil AuthSchemes.
		lit.line(field{"AuthSchemes", cmp.Or(stringsText(g.table.AuthSchemes), "[]string{}")})
	}
	if g.root != 0 {
		lit.line(field{"Root", strconv.Itoa(g.root)})
	}
	g.out.write("\n// " + tableName + " is what the runtime knows of the routes. It serves each domain at its routes.conf\n")
	g.out.write("// address, environment variables read at start-up.\n")
	g.out.write("var " + tableName + " = routegenimpl.NewTable(&routegenimpl.Table{\n")
	lit.write(g.out)
	g.out.write("})\n")
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
	g.out.use(runtimePkg)
	g.out.write("\n// Lookup finds the route of a request: method, Host header and path as sent (still escaped).\n")
	if slices.ContainsFunc(g.routes, func(r *route) bool { return strings.Contains(r.Path, "%") }) {
		g.out.write("// It fills m and allocates nothing, except to respell a path that writes a non-ASCII literal\n")
		g.out.write("// of a route in raw bytes or lower-case escapes; see runtime.Match for the outcomes.\n")
	} else {
		g.out.write("// It fills m and allocates nothing; see runtime.Match for the outcomes.\n")
	}
	g.out.write("func Lookup(m *runtime.Match, method, host, path string) {\n")
	g.out.write("\t" + tableName + ".Lookup(m, method, host, path)\n}\n")
}
