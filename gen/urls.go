package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// urlsPart is the text of URLBuilder, with one typed helper per route
// name, and of the name-based RouteURL and RouteURLNamedArgs. The helpers
// are func fields, which the runtime binds from the tags that name their
// routes (Table.BindURLs) to one function literal of each distinct
// signature: a method a route cost the compiler about half a millisecond,
// 6.5 s of the 23 s a package of 10,000 routes took. The runtime writes the
// URLs from Routes: a helper only turns its typed parameters into strings.
func (g *generator) urlsPart() part {
	var fields, cases bytes.Buffer
	usesStrconv := false
	done, signatures := map[string]bool{}, map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		signature, bind := g.urlHelper(&fields, r)
		if !signatures[signature] {
			signatures[signature] = true
			cases.WriteString(bind)
			usesStrconv = usesStrconv || strings.Contains(bind, "strconv.")
		}
	}
	var b bytes.Buffer
	b.WriteString(`// URLBuilder builds the URL of each route from typed parameters, every value escaped: each
// field is the helper of the route its tag names, whose path follows. A helper of a route with
// constraints checks each value against its constraint and returns an error that names the
// parameter. Routes outside the root domain get //host[:port]; a wildcard domain's take the
// subdomain first.
type URLBuilder struct {
	base string

`)
	b.Write(fields.Bytes())
	b.WriteString(`}

// URL builds the URLs of the routes as paths from the root of the site.
var URL = routegenURLs("")

// WithBasePath returns a URLBuilder whose paths begin with base, for an application served
// below a path prefix ("/svc"; "" or "/" for none). It makes a function for each route: call
// it once, not for every request.
func (*URLBuilder) WithBasePath(base string) *URLBuilder {
	return routegenURLs(routegenimpl.CleanBasePath(base))
}

// routegenURLs returns the URLBuilder of base, each helper made for the type of its field.
func routegenURLs(base string) *URLBuilder {
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
	b.WriteString(`
// RouteURL returns the URL of the named route ("name" in the root domain, "domain_key.name" in
// any) with its path parameters in order; a wildcard domain's route takes the subdomain first.
// It checks each value against its parameter's constraint.
func (u *URLBuilder) RouteURL(name string, args ...any) (string, error) {
	return ` + tableName + `.RouteURL(u.base, name, args...)
}

// RouteURLNamedArgs returns the URL of the named route with its path parameters taken from args
// by name; the other args become the query string, sorted by key. args is not modified. It
// checks each value against its parameter's constraint.
func (u *URLBuilder) RouteURLNamedArgs(name string, args map[string]any) (string, error) {
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
	imports := []string{`"` + implPkg + `"`}
	if usesStrconv {
		imports = append(imports, `"strconv"`)
	}
	return part{text: b.Bytes(), imports: imports, format: true}
}

// urlHelper writes the field of r's typed helper: its parameters in the
// order of the path, the subdomain first on a wildcard domain. It returns
// the field's type, without parameter names, and the case of
// routegenURLs that makes a helper of that type: the strings of its
// values to the runtime's HelperURL, or CheckedHelperURL when a parameter
// has a constraint. routevet knows a helper by its field's route tag.
func (g *generator) urlHelper(b *bytes.Buffer, r *route) (signature, bind string) {
	names := newNamer() // the parameters of a func type are a scope of their own
	var params, types, values, args []string
	if g.table.Domains[r.domain].Wildcard() && r.domain != g.root {
		params, types = append(params, names.name("subdomain")+" string"), append(types, "string")
	}
	constrained := false
	for _, p := range r.ParamSpecs {
		params = append(params, names.name(unexported(p.Name))+" "+goType(p.Type))
		types = append(types, goType(p.Type))
		constrained = constrained || p.Constraint != nil
	}
	for k, typ := range types {
		v := "v" + strconv.Itoa(k)
		args = append(args, v+" "+typ)
		if typ == "int64" {
			v = "strconv.FormatInt(" + v + ", 10)"
		}
		values = append(values, v)
	}
	build, results := "HelperURL", "string"
	if constrained {
		build, results = "CheckedHelperURL", "(string, error)"
	}
	name := r.Name
	if r.domain != g.root {
		name = g.qualifiedName(r)
	}
	fmt.Fprintf(b, "\t%s func(%s) %s `route:%q` // %s\n", g.helperName(r), strings.Join(params, ", "), results, name, r.Path)
	signature = "func(" + strings.Join(types, ", ") + ") " + results
	call := strings.Join(append([]string{"base", "route"}, values...), ", ")
	bind = fmt.Sprintf("\t\tcase *%s:\n\t\t\t*f = func(%s) %s { return %s.%s(%s) }\n",
		signature, strings.Join(args, ", "), results, tableName, build, call)
	return signature, bind
}
