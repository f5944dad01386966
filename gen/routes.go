package gen

import (
	"bytes"
	"maps"
	"slices"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeRoutes writes the routes and, when a domain has one, the
// catch-alls: composite literals the linker lays out, which cost the
// program nothing at start-up. A large table's routes are written as text
// (textBlock): laying out the literal of each of 100,000 routes was most
// of what generating them cost.
func (g *generator) writeRoutes() {
	doc := []string{routesName + " are the routes of " + g.opts.Source + ": domain by domain, each sorted by path, then method,",
		"as the router reads them (Routes copies them)."}
	var body *jen.Statement
	if g.linesAsText {
		var b bytes.Buffer
		for i, r := range g.routes {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteByte('\t')
			writeLiteralText(&b, g.routeFields(r))
			b.WriteByte(',')
		}
		// The lines end with their commas: the placeholder is no element.
		body = jen.Custom(jen.Options{Open: "{", Close: "}", Multi: true}, g.textBlock(b.Bytes()))
	} else {
		routes := make([]jen.Code, len(g.routes))
		for i, r := range g.routes {
			routes[i] = g.routeLit(r)
		}
		body = multiLine(routes...)
	}
	if c := g.staticCache(); c != nil {
		var lit keyedLiteral
		lit.line(field{"Default", jen.Lit(c.Default)}, field{"ByType", staticCacheByType(c.ByType)}, field{"Expires", stringLit(c.Expires)})
		g.declare([]string{staticCacheName + " is the caching of the static routes' files, the app config's cache.static as aah applied it."},
			jen.Var().Id(staticCacheName).Op("=").Op("&").Qual(runtimePkg, "StaticCache").Add(lit.block()))
	}
	g.declare(doc, jen.Var().Id(routesName).Op("=").Index().Qual(runtimePkg, "Route").Add(body))
	if g.hasCatchAll() {
		catchAlls := make([]jen.Code, len(g.catchAlls))
		for i, r := range g.catchAlls {
			if r == nil {
				catchAlls[i] = jen.Values()
				continue
			}
			catchAlls[i] = g.routeLit(r)
		}
		g.declare([]string{catchAllsName + " are the catch_all routes, of domain i at index i; zero for a domain with none."},
			jen.Var().Id(catchAllsName).Op("=").Index().Qual(runtimePkg, "Route").Add(multiLine(catchAlls...)))
	}
}

const (
	catchAllsName   = "routegenCatchAlls"
	routesName      = "routegenRoutes"
	domainsName     = "routegenDomains"
	staticCacheName = "routegenStaticCache"
)

// staticCache is the caching of the static routes' files; nil when there
// is none, or no static route.
func (g *generator) staticCache() *ir.StaticCache {
	if g.table.StaticCache == nil || !slices.ContainsFunc(g.routes, func(r *route) bool { return r.Static }) {
		return nil
	}
	return g.table.StaticCache
}

// staticCacheByType is the literal of StaticCache.ByType, its keys sorted;
// nil for none.
func staticCacheByType(byType map[string]string) jen.Code {
	if len(byType) == 0 {
		return nil
	}
	var items []jen.Code
	for _, t := range slices.Sorted(maps.Keys(byType)) {
		items = append(items, jen.Lit(t).Op(":").Lit(byType[t]))
	}
	return jen.Map(jen.String()).String().Add(multiLine(items...))
}

func (g *generator) hasCatchAll() bool {
	for _, r := range g.catchAlls {
		if r != nil {
			return true
		}
	}
	return false
}

// routeLit is r as an element of a []runtime.Route, on one line: the table
// reads as a table, and a change of a route is a change of its line.
func (g *generator) routeLit(r *route) jen.Code {
	var lit keyedLiteral
	for _, f := range g.routeFields(r) {
		lit.line(field{f.key, f.value.code})
	}
	return lit.inline()
}

// routeFields are the fields of r's literal that are set, in the order of
// runtime.Route, each as code and as the text gofmt writes of it.
func (g *generator) routeFields(r *route) []textField {
	var fields []textField
	add := func(key string, v literal) {
		if v.code != nil {
			fields = append(fields, textField{key, v})
		}
	}
	add("Index", intLiteral(int64(r.index)))
	if r.domain != 0 {
		add("Domain", intLiteral(int64(r.domain)))
	}
	add("Name", stringLiteral(r.Name))
	add("Method", stringLiteral(r.Method))
	add("Path", stringLiteral(r.Path))
	add("Controller", stringLiteral(r.Controller))
	add("Action", stringLiteral(r.Action))
	add("Auth", stringLiteral(r.Auth))
	if r.MaxBodySize != 0 {
		add("MaxBodySize", intLiteral(r.MaxBodySize))
	}
	add("AntiCSRFCheck", trueLiteral(r.AntiCSRFCheck))
	add("WebSocket", trueLiteral(r.WebSocket))
	add("Static", trueLiteral(r.Static))
	add("Dir", stringLiteral(r.Dir))
	add("File", stringLiteral(r.File))
	add("List", trueLiteral(r.List))
	if r.Static && g.staticCache() != nil {
		add("StaticCache", literal{jen.Id(staticCacheName), staticCacheName})
	}
	names := make([]string, len(r.ParamSpecs))
	constraints := make([]string, len(r.ParamSpecs))
	constrained := false
	for i, p := range r.ParamSpecs {
		names[i] = p.Name
		if p.Constraint != nil {
			constraints[i], constrained = p.Constraint.Text, true
		}
	}
	add("Params", stringsLiteral(names))
	if constrained {
		add("Constraints", stringsLiteral(constraints))
	}
	if a := r.Authorization; a != nil {
		var auth []textField
		if a.Satisfy == "both" {
			auth = append(auth, textField{"SatisfyBoth", trueLiteral(true)})
		}
		for _, c := range []struct {
			key    string
			checks []ir.Check
		}{{"Roles", a.Roles}, {"Permissions", a.Permissions}} {
			if len(c.checks) > 0 {
				auth = append(auth, textField{c.key, g.checksLiteral(c.checks)})
			}
		}
		add("Authorization", compositeLiteral("&", g.qual(runtimePkg, "Authorization"), g.textQual(runtimePkg, "Authorization"), auth))
	}
	if c := r.CORS; c != nil {
		name := g.corsOf[c].name
		add("CORS", literal{jen.Id(name), name})
	}
	add("Parent", stringLiteral(r.Parent))
	add("AddedBy", stringLiteral(r.AddedBy))
	add("Pos", stringLiteral(g.opts.pos(r.Pos)))
	return fields
}

// checksLiteral is a []runtime.Check literal of checks, which are some.
func (g *generator) checksLiteral(checks []ir.Check) literal {
	code := make([]jen.Code, len(checks))
	var b bytes.Buffer
	b.WriteString("[]" + g.textQual(runtimePkg, "Check") + "{")
	for i, c := range checks {
		fields := []textField{{"Func", stringLiteral(c.Func)}}
		if len(c.Args) > 0 {
			fields = append(fields, textField{"Args", stringsLiteral(c.Args)})
		}
		var check keyedLiteral
		for _, f := range fields {
			check.line(field{f.key, f.value.code})
		}
		code[i] = check.inline()
		if i > 0 {
			b.WriteString(", ")
		}
		writeLiteralText(&b, fields)
	}
	b.WriteString("}")
	return literal{jen.Index().Add(g.qual(runtimePkg, "Check")).Values(code...), b.String()}
}
