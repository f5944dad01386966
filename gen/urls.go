package gen

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/dave/jennifer/jen"
)

// writeURLs writes URLBuilder, with one typed helper per route name,
// and the name-based RouteURL and RouteURLNamedArgs. Each helper is a
// method, at every size of table, placed by a line directive at its route
// in routes.conf; its body hands its values, as strings, to the runtime,
// which writes the URL from the route table. A large table's helpers are
// written as text (textBlock).
func (g *generator) writeURLs() {
	helpers := g.urlHelpers()
	base := jen.Id("base").Qual(implPkg, "URLBase")
	router := jen.Id("router").Op("*").Qual(runtimePkg, "Router")
	ctx := jen.Id("ctx").Op("*").Qual(runtimePkg, "Context")
	builder := jen.Op("*").Id("URLBuilder")
	g.declare([]string{
		"URLBuilder builds the URL of each route from typed parameters, every value escaped: each",
		"method is the helper of a route, and its documentation names the route. A helper whose",
		"values can fail (a string parameter, which must not be empty or a dot segment, a",
		"constraint, a subdomain, which must be one DNS label, the address of a domain read from",
		"the environment) returns an error that names the argument or the variable. Routes outside the root domain get //host[:port], routes.conf's unless the",
		"builder is a router's (ForRouter); a wildcard domain's take the subdomain first. The",
		"builder of a request (ForRequest) writes the request's own domain's routes as paths",
		"instead, and the root domain's with their host. The zero URLBuilder builds paths from",
		"the root of the site.",
	}, jen.Type().Id("URLBuilder").Struct(base))
	urlDoc := []string{"URL builds the URLs of the routes as paths from the root of the site."}
	if len(g.table.Domains) > 1 {
		urlDoc = []string{"URL builds the URLs of the routes from the root of the site: the root domain's as paths,",
			"the other domains' as //host[:port]/path."}
	}
	g.declare(urlDoc, jen.Var().Id("URL").Op("=").Op("&").Id("URLBuilder").Values())
	g.declare([]string{
		"WithBasePath returns a URLBuilder whose paths begin with base, for an application served",
		`below a path prefix ("/svc"; "" or "/" for none), and whose hosts are u's.`,
	}, jen.Func().Params(jen.Id("u").Id("URLBuilder")).Id("WithBasePath").Params(jen.Id("base").String()).Add(builder).Block(
		jen.Return(jen.Op("&").Id("URLBuilder").Values(jen.Id("base").Op(":").Id("u").Dot("base").Dot("WithBasePath").Call(jen.Id("base")))),
	))
	g.declare([]string{
		"ForRouter returns a URLBuilder of the URLs router serves: its paths begin with the",
		"router's base path (runtime.WithBasePath), and a route outside the root domain gets the",
		"host and port that runtime.WithHost gave its domain. It panics when router is nil or was",
		"built by another generated package.",
	}, jen.Func().Params(jen.Id("URLBuilder")).Id("ForRouter").Params(router).Add(builder).Block(
		jen.Return(jen.Op("&").Id("URLBuilder").Values(jen.Id("base").Op(":").Id(tableName).Dot("URLBaseOf").Call(jen.Id("router")))),
	))
	g.declare(forRequestDoc(), jen.Func().Params(jen.Id("URLBuilder")).Id("ForRequest").Params(ctx).Add(builder).Block(
		jen.Return(jen.Op("&").Id("URLBuilder").Values(jen.Id("base").Op(":").Id(tableName).Dot("URLBaseOfRequest").Call(jen.Id("ctx")))),
	))
	g.writeHelperBuilders(helpers)
	args := jen.Id("args").Op("...").Any()
	namedArgs := jen.Id("args").Map(jen.String()).Any()
	results := func() *jen.Statement { return jen.Params(jen.String(), jen.Error()) }
	g.declare([]string{
		`RouteURL returns the URL of the named route ("name" in the root domain, "domain_key.name" in`,
		"any) with its path parameters in order; a wildcard domain's route takes the subdomain first.",
		`It takes aah's names too: "label.name", a route of the domain a subdomain label names;`,
		`"host" and "label.host" (or "domain_key.host"), a domain's origin, //host[:port]; and any`,
		`name followed by "#anchor", which the URL ends with, escaped. A route's own name wins`,
		"over aah's, and a domain key over a label. It checks each value against its parameter's",
		"constraint.",
	}, jen.Func().Params(jen.Id("u").Id("URLBuilder")).Id("RouteURL").Params(jen.Id("name").String(), args).Add(results()).Block(
		jen.Return(jen.Id(tableName).Dot("RouteURL").Call(jen.Id("u").Dot("base"), jen.Id("name"), jen.Id("args").Op("..."))),
	))
	g.declare([]string{
		"RouteURLNamedArgs returns the URL of the named route with its path parameters taken from args",
		"by name; the other args become the query string, sorted by key. args is not modified. It",
		"checks each value against its parameter's constraint.",
	}, jen.Func().Params(jen.Id("u").Id("URLBuilder")).Id("RouteURLNamedArgs").Params(jen.Id("name").String(), namedArgs).Add(results()).Block(
		jen.Return(jen.Id(tableName).Dot("RouteURLNamedArgs").Call(jen.Id("u").Dot("base"), jen.Id("name"), jen.Id("args"))),
	))
	g.declare([]string{"RouteURL is URL.RouteURL."},
		jen.Func().Id("RouteURL").Params(jen.Id("name").String(), jen.Id("args").Op("...").Any()).Add(results()).Block(
			jen.Return(jen.Id("URL").Dot("RouteURL").Call(jen.Id("name"), jen.Id("args").Op("..."))),
		))
	g.declare([]string{"RouteURLNamedArgs is URL.RouteURLNamedArgs."},
		jen.Func().Id("RouteURLNamedArgs").Params(jen.Id("name").String(), jen.Id("args").Map(jen.String()).Any()).Add(results()).Block(
			jen.Return(jen.Id("URL").Dot("RouteURLNamedArgs").Call(jen.Id("name"), jen.Id("args"))),
		))
}

// urlHelpers are the routes' helpers, one a route name, in the order of
// the table.
func (g *generator) urlHelpers() []*helperOf {
	if g.helpers != nil {
		return g.helpers
	}
	done := map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		g.helpers = append(g.helpers, &helperOf{route: r, helper: g.urlHelper(r)})
	}
	return g.helpers
}

// writeHelperMethods writes the URL helpers, methods of URLBuilder, each
// placed at its route in routes.conf (writeHelperMethod).
func (g *generator) writeHelperMethods() {
	helpers := g.urlHelpers()
	if g.linesAsText {
		g.add(g.textBlock(g.helperMethodsText(helpers)))
		return
	}
	for _, h := range helpers {
		g.writeHelperMethod(h.route, h.helper)
	}
}

// writeHelperBuilders writes the functions the helper methods call, those
// that some helper calls: each hands a builder's base to the runtime. A
// helper passes its builder whole, and the function is not inlined,
// because a selector of URLBuilder ("u.base") costs the compiler a scan of
// URLBuilder's methods: in every helper, that made a package's build
// quadratic in its routes (docs/decisions.md, "One API at every size").
func (g *generator) writeHelperBuilders(helpers []*helperOf) {
	used := map[string]bool{}
	for _, h := range helpers {
		used[h.helper.build] = true
	}
	for _, b := range []struct {
		name, runtime string
		results       jen.Code
	}{
		{helperURLName, "HelperURL", jen.String()},
		{checkedHelperURLName, "CheckedHelperURL", jen.Params(jen.String(), jen.Error())},
	} {
		if !used[b.name] {
			continue
		}
		g.add(
			comment(b.name+" is "+tableName+"."+b.runtime+" of u's base."),
			comment("The helper methods pass u whole, and it is not inlined: a selector of"),
			comment("URLBuilder in each helper would cost the compiler a scan of its methods."),
			jen.Comment("//"),
			jen.Comment("//go:noinline"),
			jen.Func().Id(b.name).Params(jen.Id("u").Op("*").Id("URLBuilder"), jen.Id("route").Int(), jen.Id("values").Op("...").String()).Add(b.results).Block(
				jen.Return(jen.Id(tableName).Dot(b.runtime).Call(jen.Op("&").Id("u").Dot("base"), jen.Id("route"), jen.Id("values").Op("..."))),
			),
		)
	}
}

// forRequestDoc is the documentation of ForRequest.
func forRequestDoc() []string {
	return []string{
		"ForRequest returns a URLBuilder of the links of the page ctx serves: a route of the",
		"request's own domain is written as a path, as Rails' _path helpers and Phoenix's ~p write",
		"one, and a route of any other domain, the root domain included, as //host[:port]/path,",
		"as Rails' _url helpers and Phoenix's url(~p...) write a full URL, but without its scheme,",
		"which the link keeps from the page. A wildcard domain's route is the request's own when its",
		"subdomain is the request's. Its paths begin with the prefix the router is mounted under, as",
		"its redirects keep it (runtime.WithBasePath, else what a handler in front stripped), and a",
		"domain is at the host and port runtime.WithHost gave it. In RouteURL's names, the label",
		"of the request's host names the request's own domain first. URL, WithBasePath and",
		"ForRouter write the root domain's routes as paths and every other domain's with their",
		"host. It panics when ctx is nil or not of a router this package built. Inlined, as it",
		"is, it keeps the builder on the caller's stack unless the builder outlives the call (as",
		"a template's data): a link of it costs only its string.",
	}
}

// helperOf is the helper of a route.
type helperOf struct {
	route  *route
	helper helper
}

// urlHelper is the typed helper of r: its parameters in the order of
// the path, the subdomain first on a wildcard domain, and the function
// that builds its URL from their strings: helperURLName, or
// checkedHelperURLName when a value can fail (checkedHelper).
func (g *generator) urlHelper(r *route) helper {
	// The names of a method's scope: its receiver and what its body calls.
	names := newNamer("u", "routegenimpl", helperURLName, checkedHelperURLName)
	var h helper
	var params []string // the names of the parameters
	if g.takesSubdomain(r) {
		h.types, params = append(h.types, "string"), append(params, names.name("subdomain"))
	}
	for _, p := range r.ParamSpecs {
		h.types = append(h.types, goType(p.Type))
		params = append(params, names.name(unexported(p.Name)))
	}
	h.names = params
	h.build = helperURLName
	if g.checkedHelper(r) {
		h.build, h.checked = checkedHelperURLName, true
	}
	return h
}

// helper is the typed URL helper of a route.
type helper struct {
	types   []string // of each parameter, the subdomain first when it takes one
	names   []string // of each parameter
	build   string   // the function that builds the URL
	checked bool     // the helper returns an error too
}

// helperValues are the strings of h's parameters, named names:
// "routegenimpl.Int(id)".
func (g *generator) helperValues(h helper, names []string) []jen.Code {
	values := make([]jen.Code, len(h.types))
	for k, typ := range h.types {
		values[k] = jen.Id(names[k])
		if typ == "int64" {
			values[k] = g.qual(implPkg, "Int").Call(jen.Id(names[k]))
		}
	}
	return values
}

// paramsCode is the helper's parameters ("id int64").
func (h *helper) paramsCode() []jen.Code {
	params := make([]jen.Code, len(h.types))
	for k, typ := range h.types {
		params[k] = jen.Id(h.names[k]).Id(typ)
	}
	return params
}

// resultsCode is the helper's results: string, or (string, error).
func (h *helper) resultsCode() jen.Code {
	if h.checked {
		return jen.Params(jen.String(), jen.Error())
	}
	return jen.String()
}

// checkedHelper reports whether a value of r's helper can fail, so that it
// returns an error: a subdomain that is not one DNS label, any parameter
// (a string that is empty or a dot segment, where no route would serve
// the link and a catch-all's could begin the path with "//"; an integer,
// which only the constraint number makes, and which refuses -1), or,
// outside the root domain, a host or port read from the environment that
// is unset or not one. Only a helper of no parameter, on a domain at
// routes.conf's own address, cannot fail. The TypeScript functions check
// the same values.
func (g *generator) checkedHelper(r *route) bool {
	d := g.table.Domains[r.domain]
	return g.takesSubdomain(r) || r.domain != g.root && (d.HostEnv != "" || d.PortEnv != "") || len(r.ParamSpecs) > 0
}

// writeHelperMethod writes the method of r's helper, placed by a line
// directive at r in routes.conf, so that go-to-definition lands there.
// routevet knows the route of a helper by the index its body passes.
func (g *generator) writeHelperMethod(r *route, h helper) {
	doc, directive := g.helperMethodLines(r)
	g.add(
		comment(doc),
		jen.Comment(directive),
		jen.Func().Params(jen.Id("u").Op("*").Id("URLBuilder")).Id(r.helper).Params(h.paramsCode()...).Add(h.resultsCode()).Block(
			jen.Return(jen.Id(h.build).Call(append([]jen.Code{jen.Id("u"), jen.Lit(r.index)}, g.helperValues(h, h.names)...)...)),
		),
		jen.Comment(lineResetPlaceholder),
	)
}

// helperMethodLines are the doc comment of r's helper method and the line
// directive that places it at r.
func (g *generator) helperMethodLines(r *route) (doc, directive string) {
	name, where := g.publicName(r), ""
	if r.domain != g.root {
		where = " on " + g.table.Domains[r.domain].HostText()
	}
	// The directive names the column of "func"; the helper's name follows the receiver.
	pos := r.Pos
	pos.Col -= len("func (u *URLBuilder) ") - 1 // lineDirective takes a tab off
	return fmt.Sprintf("%s returns the URL of route %q: %s%s (%s).", r.helper, name, r.Path, where, g.opts.pos(r.Pos)),
		lineDirective(g.opts.pathOf(r.Pos), pos)
}

// helperMethodsText is the methods writeHelperMethod writes, as gofmt
// lays them out: an empty comment line between the doc comment and the
// directive, and an empty line before the directive that hands the
// position back.
func (g *generator) helperMethodsText(helpers []*helperOf) []byte {
	var b bytes.Buffer
	for i, hp := range helpers {
		r, h := hp.route, hp.helper
		if i > 0 {
			b.WriteString("\n\n")
		}
		doc, directive := g.helperMethodLines(r)
		b.WriteString("// ")
		b.WriteString(commentText(doc))
		b.WriteString("\n//\n") // gofmt sets a directive apart from the doc comment
		b.WriteString(directive)
		b.WriteString("\nfunc (u *URLBuilder) ")
		b.WriteString(r.helper)
		b.WriteString("(")
		for k, typ := range h.types {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(h.names[k] + " " + typ)
		}
		b.WriteString(")")
		if h.checked {
			b.WriteString(" (string, error)")
		} else {
			b.WriteString(" string")
		}
		b.WriteString(" {\n\treturn " + h.build + "(u, " + strconv.Itoa(r.index))
		for k, typ := range h.types {
			b.WriteString(", ")
			if typ == "int64" {
				b.WriteString(g.textQual(implPkg, "Int") + "(" + h.names[k] + ")")
			} else {
				b.WriteString(h.names[k])
			}
		}
		b.WriteString(")\n}\n\n")
		b.WriteString(lineResetPlaceholder)
	}
	return b.Bytes()
}
