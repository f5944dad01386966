package gen

import (
	"fmt"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeURLs writes URLBuilder, with one typed helper per route name, and
// the name-based RouteURL and RouteURLNamedArgs. The runtime writes the
// URLs from Routes: a helper only turns its typed parameters into strings.
func (g *generator) writeURLs() {
	u := jen.Id("u")
	g.file.Comment("URLBuilder builds the URL of each route from typed parameters, every value escaped. A helper")
	g.file.Comment("of a route with constraints checks each value against its constraint and returns an error that")
	g.file.Comment("names the parameter. Routes outside the root domain get //host[:port]; a wildcard domain's take")
	g.file.Comment("the subdomain first.")
	g.file.Type().Id("URLBuilder").Struct(jen.Id("base").String())
	g.file.Comment("URL builds the URLs of the routes as paths from the root of the site.")
	g.file.Var().Id("URL").Id("URLBuilder")
	g.file.Comment("WithBasePath returns a URLBuilder whose paths begin with base, for an application served")
	g.file.Comment("below a path prefix (\"/svc\"; \"\" or \"/\" for none).")
	g.file.Func().Params(jen.Id("URLBuilder")).Id("WithBasePath").Params(jen.Id("base").String()).Id("URLBuilder").Block(
		jen.Return(jen.Id("URLBuilder").Values(jen.Dict{jen.Id("base"): rt("CleanBasePath").Call(jen.Id("base"))})))
	done := map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		g.urlHelper(r)
	}

	table := jen.Id(tableName)
	g.file.Comment("RouteURL returns the URL of the named route (\"name\" in the root domain, \"domain_key.name\" in")
	g.file.Comment("any) with its path parameters in order; a wildcard domain's route takes the subdomain first.")
	g.file.Comment("It checks each value against its parameter's constraint.")
	g.file.Func().Params(u.Clone().Id("URLBuilder")).Id("RouteURL").Params(jen.Id("name").String(), jen.Id("args").Op("...").Any()).Params(jen.String(), jen.Error()).Block(
		jen.Return(table.Clone().Dot("RouteURL").Call(u.Clone().Dot("base"), jen.Id("name"), jen.Id("args").Op("..."))))
	g.file.Comment("RouteURLNamedArgs returns the URL of the named route with its path parameters taken from args")
	g.file.Comment("by name; the other args become the query string, sorted by key. args is not modified. It")
	g.file.Comment("checks each value against its parameter's constraint.")
	g.file.Func().Params(u.Clone().Id("URLBuilder")).Id("RouteURLNamedArgs").Params(jen.Id("name").String(), jen.Id("args").Map(jen.String()).Any()).Params(jen.String(), jen.Error()).Block(
		jen.Return(table.Clone().Dot("RouteURLNamedArgs").Call(u.Clone().Dot("base"), jen.Id("name"), jen.Id("args"))))
	g.file.Comment("RouteURL is URL.RouteURL.")
	g.file.Func().Id("RouteURL").Params(jen.Id("name").String(), jen.Id("args").Op("...").Any()).Params(jen.String(), jen.Error()).Block(
		jen.Return(jen.Id("URL").Dot("RouteURL").Call(jen.Id("name"), jen.Id("args").Op("..."))))
	g.file.Comment("RouteURLNamedArgs is URL.RouteURLNamedArgs.")
	g.file.Func().Id("RouteURLNamedArgs").Params(jen.Id("name").String(), jen.Id("args").Map(jen.String()).Any()).Params(jen.String(), jen.Error()).Block(
		jen.Return(jen.Id("URL").Dot("RouteURLNamedArgs").Call(jen.Id("name"), jen.Id("args"))))
}

// urlHelper writes the typed helper of r: its parameters as strings, in
// the order of the path, to the runtime's URL, or CheckedURL when a
// parameter has a constraint.
func (g *generator) urlHelper(r *route) {
	names := newNamer("u", tableName, "strconv")
	var params []jen.Code
	subdomain := jen.Lit("")
	if g.table.Domains[r.domain].Wildcard() && r.domain != g.root {
		name := names.name("subdomain")
		params = append(params, jen.Id(name).String())
		subdomain = jen.Id(name)
	}
	args := []jen.Code{jen.Id("u").Dot("base"), jen.Lit(r.index), subdomain}
	constrained := false
	for _, p := range r.ParamSpecs {
		name := names.name(unexported(p.Name))
		params = append(params, jen.Id(name).Add(goType(p.Type)))
		if p.Type == ir.TypeInt {
			args = append(args, jen.Qual("strconv", "FormatInt").Call(jen.Id(name), jen.Lit(10)))
		} else {
			args = append(args, jen.Id(name))
		}
		constrained = constrained || p.Constraint != nil
	}
	helper := g.helperName(r)
	name := r.Name
	if r.domain != g.root {
		name = g.qualifiedName(r)
	}
	doc := fmt.Sprintf("%s is the URL of route %q: %s.", helper, name, r.Path)
	build, results := jen.Id(tableName).Dot("URL").Call(args...), jen.String()
	if constrained {
		build, results = jen.Id(tableName).Dot("CheckedURL").Call(args...), jen.Params(jen.String(), jen.Error())
	}
	g.file.Comment(doc)
	g.file.Func().Params(jen.Id("u").Id("URLBuilder")).Id(helper).Params(params...).Add(results).Block(jen.Return(build))
}
