package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/routegen/routegen/ir"
)

// urlsPart is the text of URLBuilder, with one typed helper per route
// name, and of the name-based RouteURL and RouteURLNamedArgs. The runtime
// writes the URLs from Routes: a helper only turns its typed parameters
// into strings. The methods have pointer receivers: a value receiver
// makes the compiler write a wrapper for each, which costs as much again.
func (g *generator) urlsPart() part {
	var b bytes.Buffer
	b.WriteString(`// URLBuilder builds the URL of each route from typed parameters, every value escaped. A helper
// of a route with constraints checks each value against its constraint and returns an error that
// names the parameter. Routes outside the root domain get //host[:port]; a wildcard domain's take
// the subdomain first.
type URLBuilder struct {
	base string
}

// URL builds the URLs of the routes as paths from the root of the site.
var URL = &URLBuilder{}

// WithBasePath returns a URLBuilder whose paths begin with base, for an application served
// below a path prefix ("/svc"; "" or "/" for none).
func (*URLBuilder) WithBasePath(base string) *URLBuilder {
	return &URLBuilder{base: runtime.CleanBasePath(base)}
}
`)
	usesStrconv := false
	done := map[string]bool{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if done[key] {
			continue
		}
		done[key] = true
		usesStrconv = g.writeURLHelper(&b, r) || usesStrconv
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
	imports := []string{`"` + runtimePkg + `"`}
	if usesStrconv {
		imports = append(imports, `"strconv"`)
	}
	return part{text: b.Bytes(), imports: imports}
}

// writeURLHelper writes the typed helper of r: its parameters as strings,
// in the order of the path, to the runtime's URL, or CheckedURL when a
// parameter has a constraint. routevet knows a helper by that one return
// of URL with the route's index. It reports whether it uses strconv.
func (g *generator) writeURLHelper(b *bytes.Buffer, r *route) bool {
	names := newNamer("u", tableName, "strconv")
	var params []string
	subdomain := `""`
	if g.table.Domains[r.domain].Wildcard() && r.domain != g.root {
		subdomain = names.name("subdomain")
		params = append(params, subdomain+" string")
	}
	args := []string{"u.base", strconv.Itoa(r.index), subdomain}
	constrained, usesStrconv := false, false
	for _, p := range r.ParamSpecs {
		name := names.name(unexported(p.Name))
		params = append(params, name+" "+goType(p.Type))
		if p.Type == ir.TypeInt {
			args = append(args, "strconv.FormatInt("+name+", 10)")
			usesStrconv = true
		} else {
			args = append(args, name)
		}
		constrained = constrained || p.Constraint != nil
	}
	name := r.Name
	if r.domain != g.root {
		name = g.qualifiedName(r)
	}
	build, results := "URL", "string"
	if constrained {
		build, results = "CheckedURL", "(string, error)"
	}
	fmt.Fprintf(b, "\n// %s is the URL of route %q: %s.\n", g.helperName(r), name, r.Path)
	fmt.Fprintf(b, "func (u *URLBuilder) %s(%s) %s {\n", g.helperName(r), strings.Join(params, ", "), results)
	fmt.Fprintf(b, "\treturn %s.%s(%s)\n}\n", tableName, build, strings.Join(args, ", "))
	return usesStrconv
}
