package gen

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

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
	var helpers, cases bytes.Buffer
	usesStrconv := false
	asMethods := len(g.routes) <= codeMatcherUpTo
	done, signatures := map[string]bool{}, map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		h := g.urlHelper(r)
		usesStrconv = usesStrconv || h.usesStrconv
		if asMethods {
			g.writeHelperMethod(&helpers, r, h)
			continue
		}
		g.writeHelperField(&helpers, r, h)
		if !signatures[h.signature] {
			signatures[h.signature] = true
			fmt.Fprintf(&cases, "\t\tcase *%s:\n\t\t\t*f = func(%s) %s { return %s }\n", h.signature, strings.Join(h.args, ", "), h.results, h.call("base", "route", h.values))
		}
	}
	var b bytes.Buffer
	if asMethods {
		b.WriteString(`
// URLBuilder builds the URL of each route from typed parameters, every value escaped: each
// method is the helper of a route, and its documentation names the route. A helper whose
// values can fail (a string parameter, which must not be empty or a dot segment, a
// constraint, a subdomain, which must be one DNS label, the address of a domain read from
// the environment) returns an error that names the argument or the variable. Routes outside the root domain get //host[:port], routes.conf's unless the
// builder is a router's (ForRouter); a wildcard domain's take the subdomain first. The zero
// URLBuilder builds paths from the root of the site.
type URLBuilder struct {
	base routegenimpl.URLBase
}

// URL builds the URLs of the routes as paths from the root of the site.
var URL = &URLBuilder{}

// WithBasePath returns a URLBuilder whose paths begin with base, for an application served
// below a path prefix ("/svc"; "" or "/" for none), and whose hosts are u's.
func (u URLBuilder) WithBasePath(base string) *URLBuilder {
	return &URLBuilder{base: u.base.WithBasePath(base)}
}

// ForRouter returns a URLBuilder of the URLs router serves: its paths begin with the
// router's base path (runtime.WithBasePath), and a route outside the root domain gets the
// host and port that runtime.WithHost gave its domain. It panics when router is nil or was
// built by another generated package.
func (URLBuilder) ForRouter(router *runtime.Router) *URLBuilder {
	return &URLBuilder{base: ` + tableName + `.URLBaseOf(router)}
}
`)
		b.Write(helpers.Bytes())
	} else {
		b.WriteString(`
// URLBuilder builds the URL of each route from typed parameters, every value escaped: each
// field is the helper of the route its tag names, whose path follows. A helper whose values
// can fail (a string parameter, which must not be empty or a dot segment, a constraint, a
// subdomain, which must be one DNS label, the address of a domain read from the
// environment) returns an error that names the argument or the variable. Routes
// outside the root domain get //host[:port], routes.conf's unless the builder is a router's
// (ForRouter); a wildcard domain's take the subdomain first. The helpers are fields, set by
// URL, WithBasePath and ForRouter, as the table has more than ` + strconv.Itoa(codeMatcherUpTo) + ` routes: a method each
// would cost the compiler more than the rest of the package.
type URLBuilder struct {
	base routegenimpl.URLBase

`)
		b.Write(helpers.Bytes())
		b.WriteString(`}

// URL builds the URLs of the routes as paths from the root of the site.
var URL = routegenURLs(routegenimpl.URLBase{})

// WithBasePath returns a URLBuilder whose paths begin with base, for an application served
// below a path prefix ("/svc"; "" or "/" for none), and whose hosts are u's. It makes a
// function for each route: call it once, not for every request.
func (u *URLBuilder) WithBasePath(base string) *URLBuilder {
	return routegenURLs(u.base.WithBasePath(base))
}

// ForRouter returns a URLBuilder of the URLs router serves: its paths begin with the
// router's base path (runtime.WithBasePath), and a route outside the root domain gets the
// host and port that runtime.WithHost gave its domain. It panics when router is nil or was
// built by another generated package. It makes a function for each route: call it once, not
// for every request.
func (*URLBuilder) ForRouter(router *runtime.Router) *URLBuilder {
	return routegenURLs(` + tableName + `.URLBaseOf(router))
}

// routegenURLs returns the URLBuilder of base, each helper made for the type of its field.
func routegenURLs(base routegenimpl.URLBase) *URLBuilder {
`)
		if cases.Len() == 0 {
			b.WriteString("\treturn &URLBuilder{base: base}\n}\n")
		} else {
			b.WriteString(`	u := &URLBuilder{base: base}
	` + tableName + `.BindURLs(u, func(field any, route int) {
		switch f := field.(type) {
`)
			b.Write(cases.Bytes())
			b.WriteString(`		}
	})
	return u
}
`)
		}
	}
	b.WriteString(`
// RouteURL returns the URL of the named route ("name" in the root domain, "domain_key.name" in
// any) with its path parameters in order; a wildcard domain's route takes the subdomain first.
// It checks each value against its parameter's constraint.
func (u URLBuilder) RouteURL(name string, args ...any) (string, error) {
	return ` + tableName + `.RouteURL(u.base, name, args...)
}

// RouteURLNamedArgs returns the URL of the named route with its path parameters taken from args
// by name; the other args become the query string, sorted by key. args is not modified. It
// checks each value against its parameter's constraint.
func (u URLBuilder) RouteURLNamedArgs(name string, args map[string]any) (string, error) {
	return ` + tableName + `.RouteURLNamedArgs(u.base, name, args)
}

// RouteURL is URL.RouteURL.
func RouteURL(name string, args ...any) (string, error) {
	return URL.RouteURL(name, args...)
}

// RouteURLNamedArgs is URL.RouteURLNamedArgs.
func RouteURLNamedArgs(name string, args map[string]any) (string, error) {
	return URL.RouteURLNamedArgs(name, args)
}
`)
	if usesStrconv {
		g.out.use("strconv")
	}
	g.out.write(b.String())
}

// urlHelper is the typed helper of r: its parameters in the order of
// the path, the subdomain first on a wildcard domain, and the call of the
// runtime that builds its URL from their strings: HelperURL, or
// CheckedHelperURL when a value can fail (checkedHelper).
func (g *generator) urlHelper(r *route) helper {
	// The names of a method's scope: its receiver and what its body calls.
	names := newNamer("u", "strconv", "routegenimpl", tableName)
	var h helper
	if g.takesSubdomain(r) {
		name := names.name("subdomain")
		h.params, h.types, h.names = append(h.params, name+" string"), append(h.types, "string"), append(h.names, name)
	}
	for _, p := range r.ParamSpecs {
		name := names.name(unexported(p.Name))
		h.params = append(h.params, name+" "+goType(p.Type))
		h.types = append(h.types, goType(p.Type))
		h.names = append(h.names, name)
	}
	for k, typ := range h.types {
		arg, v := "v"+strconv.Itoa(k), h.names[k]
		h.args = append(h.args, arg+" "+typ)
		if typ == "int64" {
			h.usesStrconv = true
			arg, v = "strconv.FormatInt("+arg+", 10)", "strconv.FormatInt("+v+", 10)"
		}
		h.values, h.named = append(h.values, arg), append(h.named, v)
	}
	h.build, h.results = "HelperURL", "string"
	if g.checkedHelper(r) {
		h.build, h.results = "CheckedHelperURL", "(string, error)"
	}
	h.signature = "func(" + strings.Join(h.types, ", ") + ") " + h.results
	return h
}

// helper is the typed URL helper of a route.
type helper struct {
	params         []string // "id int64", the subdomain first when it takes one
	types, names   []string // of each parameter
	args, values   []string // a bound function's parameters ("v0 int64") and their strings ("strconv.FormatInt(v0, 10)")
	named          []string // the strings of the parameters by their names, for a method
	build, results string   // the runtime's builder and the helper's results
	signature      string   // the type of its field
	usesStrconv    bool
}

// call is the call of the runtime's builder of route in base.
func (h *helper) call(base, route string, values []string) string {
	return tableName + "." + h.build + "(" + strings.Join(append([]string{base, route}, values...), ", ") + ")"
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

// writeHelperField writes the field of r's helper, tagged with the name
// BindURLs and routevet know it by.
func (g *generator) writeHelperField(b *bytes.Buffer, r *route, h helper) {
	name := r.Name
	if r.domain != g.root {
		name = g.qualifiedName(r)
	}
	fmt.Fprintf(b, "\t%s func(%s) %s `route:%q` // %s\n", g.helperName(r), strings.Join(h.params, ", "), h.results, name, r.Path)
}

// writeHelperMethod writes the method of r's helper, placed by a line
// directive at r in routes.conf, so that go-to-definition lands there.
// routevet knows the route of a helper by the index its body passes.
func (g *generator) writeHelperMethod(b *bytes.Buffer, r *route, h helper) {
	name, where := r.Name, ""
	if r.domain != g.root {
		name = g.qualifiedName(r)
		where = " on " + g.table.Domains[r.domain].HostText()
	}
	fmt.Fprintf(b, "\n// %s returns the URL of route %q: %s%s (%s).\n", g.helperName(r), name, r.Path, where, g.opts.pos(r.Pos))
	// The directive names the column of "func"; the helper's name follows the receiver.
	pos := r.Pos
	pos.Col -= len("func (u URLBuilder) ") - 1 // lineDirective takes a tab off
	b.WriteString(lineDirective(g.opts.pathOf(r.Pos), pos) + "\n")
	fmt.Fprintf(b, "func (u URLBuilder) %s(%s) %s {\n\treturn %s\n}\n%s\n",
		g.helperName(r), strings.Join(h.params, ", "), h.results, h.call("u.base", strconv.Itoa(r.index), h.named), lineResetPlaceholder)
}
