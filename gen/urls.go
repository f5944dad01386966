package gen

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeURLs writes URLBuilder, with one typed helper per route
// name, and of the name-based RouteURL and RouteURLNamedArgs. Up to
// codeMatcherUpTo routes, each helper is a method, placed by a line
// directive at its route in routes.conf. Above, the helpers are func
// fields, which the runtime binds from the tags that name their routes
// (Table.BindURLs) to one function literal of each distinct signature: a
// method costs the compiler about half a millisecond, 6.5 s of the 23 s a
// package of 10,000 routes took. Either way, the runtime writes the URLs
// from Routes: a helper only turns its typed parameters into strings.
func (g *generator) writeURLs() {
	asMethods := len(g.routes) <= codeMatcherUpTo
	var helpers []*helperOf
	done := map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		helpers = append(helpers, &helperOf{route: r, helper: g.urlHelper(r)})
	}
	base := jen.Id("base").Qual(implPkg, "URLBase")
	router := jen.Id("router").Op("*").Qual(runtimePkg, "Router")
	ctx := jen.Id("ctx").Op("*").Qual(runtimePkg, "Context")
	builder := jen.Op("*").Id("URLBuilder")
	if asMethods {
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
		g.declare([]string{"URL builds the URLs of the routes as paths from the root of the site."},
			jen.Var().Id("URL").Op("=").Op("&").Id("URLBuilder").Values())
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
			jen.List(jen.Id("base"), jen.Id("_")).Op(":=").Id(tableName).Dot("URLBaseOfRequest").Call(jen.Id("ctx")),
			jen.Return(jen.Op("&").Id("URLBuilder").Values(jen.Id("base").Op(":").Id("base"))),
		))
		for _, h := range helpers {
			g.writeHelperMethod(h.route, h.helper)
		}
	} else {
		fields := []jen.Code{base, jen.Line()}
		if g.linesAsText {
			fields = append(fields, g.textBlock(g.helperFieldsText(helpers)))
		} else {
			for _, h := range helpers {
				fields = append(fields, g.helperField(h.route, h.helper))
			}
		}
		g.declare([]string{
			"URLBuilder builds the URL of each route from typed parameters, every value escaped: each",
			"field is the helper of the route its tag names, whose path follows. A helper whose values",
			"can fail (a string parameter, which must not be empty or a dot segment, a constraint, a",
			"subdomain, which must be one DNS label, the address of a domain read from the",
			"environment) returns an error that names the argument or the variable. Routes",
			"outside the root domain get //host[:port], routes.conf's unless the builder is a router's",
			"(ForRouter); a wildcard domain's take the subdomain first. The builder of a request",
			"(ForRequest) writes the request's own domain's routes as paths instead, and the root",
			"domain's with their host. The helpers are fields, set by URL, WithBasePath, ForRouter",
			"and ForRequest, as the table has more than " + strconv.Itoa(codeMatcherUpTo) + " routes: a method each would cost the",
			"compiler more than the rest of the package.",
		}, jen.Type().Id("URLBuilder").Struct(fields...))
		g.declare([]string{"URL builds the URLs of the routes as paths from the root of the site."},
			jen.Var().Id("URL").Op("=").Id("routegenURLs").Call(g.qual(implPkg, "URLBase").Values()))
		g.declare([]string{
			"WithBasePath returns a URLBuilder whose paths begin with base, for an application served",
			`below a path prefix ("/svc"; "" or "/" for none), and whose hosts are u's. It makes a`,
			"function for each route: call it once, not for every request.",
		}, jen.Func().Params(jen.Id("u").Op("*").Id("URLBuilder")).Id("WithBasePath").Params(jen.Id("base").String()).Add(builder).Block(
			jen.Return(jen.Id("routegenURLs").Call(jen.Id("u").Dot("base").Dot("WithBasePath").Call(jen.Id("base")))),
		))
		g.declare([]string{
			"ForRouter returns a URLBuilder of the URLs router serves: its paths begin with the",
			"router's base path (runtime.WithBasePath), and a route outside the root domain gets the",
			"host and port that runtime.WithHost gave its domain. It panics when router is nil or was",
			"built by another generated package. It makes a function for each route: call it once, not",
			"for every request.",
		}, jen.Func().Params(jen.Op("*").Id("URLBuilder")).Id("ForRouter").Params(router).Add(builder).Block(
			jen.Return(jen.Id("routegenURLs").Call(jen.Id(tableName).Dot("URLBaseOf").Call(jen.Id("router")))),
		))
		g.declare(forRequestDoc(
			"The builder is the Context's, made once for each Context the router pools and used again",
			"by its next request: it must not be kept after the action returns, as the Context must",
			"not. On a route with middleware, whose Context is not pooled, each call makes a function",
			"for each route."),
			jen.Func().Params(jen.Op("*").Id("URLBuilder")).Id("ForRequest").Params(ctx).Add(builder).Block(
				jen.List(jen.Id("base"), jen.Id("kept")).Op(":=").Id(tableName).Dot("URLBaseOfRequest").Call(jen.Id("ctx")),
				jen.List(jen.Id("u"), jen.Id("_")).Op(":=").Parens(jen.Op("*").Id("kept")).Assert(jen.Op("*").Id("URLBuilder")),
				jen.If(jen.Id("u").Op("==").Nil()).Block(
					jen.Id("u").Op("=").Id("routegenURLs").Call(jen.Id("base")),
					jen.Op("*").Id("kept").Op("=").Id("u"),
				).Else().Block(
					jen.Id("u").Dot("base").Op("=").Id("base"),
				),
				jen.Return(jen.Id("u")),
			))
		g.declare([]string{"routegenURLs returns the URLBuilder of base, each helper made for the type of its field."},
			jen.Func().Id("routegenURLs").Params(base).Add(builder).Block(g.bindURLs(helpers)...))
	}
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

// forRequestDoc is the documentation of ForRequest, with more at its end.
func forRequestDoc(more ...string) []string {
	doc := []string{
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
		"host. It panics when ctx is nil or not of a router this package built.",
	}
	return append(doc, more...)
}

// helperOf is the helper of a route.
type helperOf struct {
	route  *route
	helper helper
}

// bindURLs is the body of routegenURLs: the table binds each field to the
// function literal of its signature, one a distinct signature.
func (g *generator) bindURLs(helpers []*helperOf) []jen.Code {
	var cases []jen.Code
	signatures := map[string]bool{}
	for _, h := range helpers {
		if signatures[h.helper.signature] {
			continue
		}
		signatures[h.helper.signature] = true
		hp := h.helper
		// One line, as a function literal of one short statement reads best.
		var args []jen.Code // "v0 int64"
		names := make([]string, len(hp.types))
		for k, typ := range hp.types {
			names[k] = "v" + strconv.Itoa(k)
			args = append(args, jen.Id(names[k]).Id(typ))
		}
		// It reads the base of u when called, which ForRequest sets for each request.
		body := jen.Custom(jen.Options{Open: "{", Close: "}"}, jen.Return(hp.call(jen.Id("u").Dot("base"), jen.Id("route"), g.helperValues(hp, names))))
		cases = append(cases, jen.Case(jen.Op("*").Add(hp.funcType())).Block(
			jen.Op("*").Id("f").Op("=").Func().Params(args...).Add(hp.resultsCode()).Add(body),
		))
	}
	u := jen.Op("&").Id("URLBuilder").Values(jen.Id("base").Op(":").Id("base"))
	if len(cases) == 0 {
		return []jen.Code{jen.Return(u)}
	}
	return []jen.Code{
		jen.Id("u").Op(":=").Add(u),
		jen.Id(tableName).Dot("BindURLs").Call(jen.Id("u"), jen.Func().Params(jen.Id("field").Any(), jen.Id("route").Int()).Block(
			jen.Switch(jen.Id("f").Op(":=").Id("field").Assert(jen.Type())).Block(cases...),
		)),
		jen.Return(jen.Id("u")),
	}
}

// urlHelper is the typed helper of r: its parameters in the order of
// the path, the subdomain first on a wildcard domain, and the call of the
// runtime that builds its URL from their strings: HelperURL, or
// CheckedHelperURL when a value can fail (checkedHelper).
func (g *generator) urlHelper(r *route) helper {
	// The names of a method's scope: its receiver and what its body calls.
	names := newNamer("u", "strconv", "routegenimpl", tableName)
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
	h.build = "HelperURL"
	if g.checkedHelper(r) {
		h.build, h.checked = "CheckedHelperURL", true
	}
	h.signature = strings.Join(h.types, ", ") + " " + h.build
	return h
}

// helper is the typed URL helper of a route.
type helper struct {
	types     []string // of each parameter, the subdomain first when it takes one
	names     []string // of each parameter
	build     string   // the runtime's builder
	checked   bool     // the helper returns an error too
	signature string   // its types, which tell the type of its field
}

// helperValues are the strings of h's parameters, named names:
// "strconv.FormatInt(id, 10)". Only a method and the function of each
// signature need them, not every field.
func (g *generator) helperValues(h helper, names []string) []jen.Code {
	values := make([]jen.Code, len(h.types))
	for k, typ := range h.types {
		values[k] = jen.Id(names[k])
		if typ == "int64" {
			values[k] = g.qual("strconv", "FormatInt").Call(jen.Id(names[k]), jen.Lit(10))
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

// funcType is the type of the helper's field.
func (h *helper) funcType() *jen.Statement {
	types := make([]jen.Code, len(h.types))
	for i, t := range h.types {
		types[i] = jen.Id(t)
	}
	return jen.Func().Params(types...).Add(h.resultsCode())
}

// call is the call of the runtime's builder of route in base.
func (h *helper) call(base, route jen.Code, values []jen.Code) *jen.Statement {
	return jen.Id(tableName).Dot(h.build).Call(append([]jen.Code{base, route}, values...)...)
}

// checkedHelper reports whether a value of r's helper can fail, so that it
// returns an error: a subdomain that is not one DNS label, a string that
// is empty or a dot segment (no route would serve the link, and a
// catch-all's could begin the path with "//"), a value its constraint
// refuses, or, outside the root domain, a host or port read from the
// environment that is unset or not one. A helper of integers alone, on a
// domain at routes.conf's own address, cannot fail. The TypeScript
// functions check the same values.
func (g *generator) checkedHelper(r *route) bool {
	d := g.table.Domains[r.domain]
	return g.takesSubdomain(r) || r.domain != g.root && (d.HostEnv != "" || d.PortEnv != "") ||
		slices.ContainsFunc(r.ParamSpecs, func(p ir.Param) bool {
			return p.Type != ir.TypeInt || p.Constraint != nil
		})
}

// helperField is the field of r's helper, tagged with the name BindURLs
// and routevet know it by.
func (g *generator) helperField(r *route, h helper) jen.Code {
	return jen.Id(r.helper).Func().Params(h.paramsCode()...).Add(h.resultsCode()).Tag(map[string]string{"route": g.helperTagName(r)}).Add(comment(r.Path))
}

// helperTagName is the name of r in the tag of its helper's field.
func (g *generator) helperTagName(r *route) string {
	if r.domain != g.root {
		return g.qualifiedName(r)
	}
	return r.Name
}

// helperFieldsText is the fields helperField writes, as gofmt lays them
// out: the names, the types and the tags each in a column as wide as its
// widest cell and a space, the path's comment last.
func (g *generator) helperFieldsText(helpers []*helperOf) []byte {
	types := make([]string, len(helpers))
	tags := make([]string, len(helpers))
	var nameWidth, typeWidth, tagWidth, paths int
	for i, h := range helpers {
		paths += len(h.route.Path)
		var b strings.Builder
		b.WriteString("func(")
		for k, typ := range h.helper.types {
			if k > 0 {
				b.WriteString(", ")
			}
			b.WriteString(h.helper.names[k])
			b.WriteString(" ")
			b.WriteString(typ)
		}
		b.WriteString(")")
		if h.helper.checked {
			b.WriteString(" (string, error)")
		} else {
			b.WriteString(" string")
		}
		types[i] = b.String()
		tags[i] = tagText("route", g.helperTagName(h.route))
		nameWidth = max(nameWidth, utf8.RuneCountInString(h.route.helper))
		typeWidth = max(typeWidth, utf8.RuneCountInString(types[i]))
		tagWidth = max(tagWidth, utf8.RuneCountInString(tags[i]))
	}
	var b bytes.Buffer
	b.Grow(len(helpers)*(nameWidth+typeWidth+tagWidth+8) + paths)
	cell := func(text string, width int) {
		b.WriteString(text)
		for range width + 1 - utf8.RuneCountInString(text) {
			b.WriteByte(' ')
		}
	}
	for i, h := range helpers {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteByte('\t')
		cell(h.route.helper, nameWidth)
		cell(types[i], typeWidth)
		cell(tags[i], tagWidth)
		b.WriteString("// ")
		b.WriteString(commentText(h.route.Path))
	}
	return b.Bytes()
}

// tagText is the struct tag of one key as jennifer's Tag writes it.
func tagText(key, value string) string {
	tag := key + ":" + strconv.Quote(value)
	if strconv.CanBackquote(tag) {
		return "`" + tag + "`"
	}
	return strconv.Quote(tag)
}

// writeHelperMethod writes the method of r's helper, placed by a line
// directive at r in routes.conf, so that go-to-definition lands there.
// routevet knows the route of a helper by the index its body passes.
func (g *generator) writeHelperMethod(r *route, h helper) {
	name, where := r.Name, ""
	if r.domain != g.root {
		name = g.qualifiedName(r)
		where = " on " + g.table.Domains[r.domain].HostText()
	}
	// The directive names the column of "func"; the helper's name follows the receiver.
	pos := r.Pos
	pos.Col -= len("func (u URLBuilder) ") - 1 // lineDirective takes a tab off
	g.add(
		comment(fmt.Sprintf("%s returns the URL of route %q: %s%s (%s).", r.helper, name, r.Path, where, g.opts.pos(r.Pos))),
		jen.Comment(lineDirective(g.opts.pathOf(r.Pos), pos)),
		jen.Func().Params(jen.Id("u").Id("URLBuilder")).Id(r.helper).Params(h.paramsCode()...).Add(h.resultsCode()).Block(
			jen.Return(h.call(jen.Id("u").Dot("base"), jen.Lit(r.index), g.helperValues(h, h.names))),
		),
		jen.Comment(lineResetPlaceholder),
	)
}
