package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// TypeScript writes the URL helpers of t as one TypeScript module, for a
// front end to build the same URLs as the Go package's URLBuilder: a
// function a route name, named as its Go helper in lowerCamelCase, and
// routeURL, which takes the names RouteURL takes. It uses opts.Source and
// opts.SourcePath (the module's folder standing for the output's). It
// reports what the Go package could not be generated for, and a name that
// TypeScript cannot take, as diagnostics, and returns nothing then.
func TypeScript(t *ir.Table, opts Options) ([]byte, parser.Diagnostics) {
	m := newModel(t)
	if m.diags.HasErrors() {
		return nil, m.diags
	}
	opts.SourcePath = m.sourcePaths(opts.SourcePath)
	g := &generator{model: m, opts: opts}
	helpers := g.tsHelpers()
	if g.diags.HasErrors() {
		return nil, g.diags
	}
	var b bytes.Buffer
	b.WriteString("// " + generatedBy(opts.Version) + "\n// Source: " + commentText(opts.Source) + "\n\n")
	b.WriteString(`/**
 * The URLs of the routes of ` + jsDoc(opts.Source) + `, as the Go package's URLBuilder
 * writes them: one function a route, and routeURL, which takes the route's name. Each
 * value is escaped; a value that fails its parameter's constraint throws an Error that
 * names the parameter. Routes outside the root domain get "//host[:port]"; a wildcard
 * domain's take the subdomain first. withBasePath gives the functions for an application
 * served below a path prefix.
 *
 * @module
 */

`)
	g.writeTSTypes(&b, helpers)
	for i, h := range helpers {
		g.writeTSHelper(&b, h, i)
	}
	b.WriteString("const _helpers = {\n")
	for _, h := range helpers {
		b.WriteString("  " + h.name + ",\n")
	}
	b.WriteString("  routeURL,\n};\n\n")
	g.writeTSTables(&b, helpers)
	b.WriteString(tsRuntime)
	return b.Bytes(), g.diags
}

// tsHelper is the TypeScript function of a route name: that of the first
// route of the name in its domain, as in Go.
type tsHelper struct {
	route   *route
	name    string   // the function's name
	methods []string // of every route of the name
	params  []tsParam
}

type tsParam struct {
	name string // in the function's signature
	key  string // in routeURL's argument: the name routes.conf gives it
	typ  string
}

// tsReserved are the names a TypeScript module cannot declare, or that the
// generated code must see as the language's own.
var tsReserved = map[string]bool{}

func init() {
	for _, name := range strings.Fields(`arguments await break case catch class const continue debugger default
		delete do else enum eval export extends false finally for function if implements import in
		Infinity instanceof interface let NaN new null package private protected public return static
		super switch this throw true try typeof undefined var void while with yield`) {
		tsReserved[name] = true
	}
}

// tsExports are the module's own exports, which no helper may be named.
var tsExports = []string{"routeURL", "withBasePath"}

// tsName is the TypeScript name of a Go name: its first word in lower case
// ("ShowHotel" → "showHotel", "APIItems" → "apiItems"), and "_" after a
// name the language reserves ("Delete" → "delete_").
func tsName(goName string) string {
	words := splitWords(goName)
	name := strings.ToLower(words[0]) + strings.Join(words[1:], "")
	if tsReserved[name] {
		name += "_"
	}
	return name
}

// tsHelpers lists the helpers in the order of the table, and reports two
// route names that become one TypeScript name.
func (g *generator) tsHelpers() []*tsHelper {
	var helpers []*tsHelper
	byKey := map[string]*tsHelper{}
	byName := map[string]*tsHelper{}
	for _, r := range g.routes {
		key := g.qualifiedName(r)
		if h := byKey[key]; h != nil {
			if !slices.Contains(h.methods, r.Method) {
				h.methods = append(h.methods, r.Method)
			}
			continue
		}
		h := &tsHelper{route: r, name: tsName(r.helper), methods: []string{r.Method}}
		byKey[key] = h
		switch other := byName[h.name]; {
		case slices.Contains(tsExports, h.name):
			g.diags.Errorf(r.Pos, "route %q becomes the TypeScript function %s, which the module exports already; rename the route", key, h.name)
		case h.name == "then":
			g.diags.Errorf(r.Pos, "route %q becomes the TypeScript function then, which a module must not export: await import() of the module would call it and never resolve; rename the route", key)
		case other != nil:
			g.diags.Errorf(r.Pos, "routes %q and %q both become the TypeScript function %s; rename one", g.qualifiedName(other.route), key, h.name)
		}
		byName[h.name] = h
		names := newNamer()
		if g.takesSubdomain(r) {
			h.params = append(h.params, tsParam{name: names.name("subdomain"), key: "subdomain", typ: "string"})
		}
		for _, p := range r.ParamSpecs {
			name := unexported(p.Name)
			if tsReserved[name] {
				name += "_"
			}
			h.params = append(h.params, tsParam{name: names.name(name), key: p.Name, typ: tsType(p)})
		}
		helpers = append(helpers, h)
	}
	g.diags.Sort()
	return helpers
}

// takesSubdomain reports whether the typed helper of r takes the
// subdomain first: r is of a wildcard domain other than the root.
func (g *generator) takesSubdomain(r *route) bool {
	return r.domain != g.root && g.table.Domains[r.domain].Wildcard()
}

// tsType is the TypeScript type of a parameter: a bigint or a number for
// an integer, the words of a oneof that is a term of its own, else string.
func tsType(p ir.Param) string {
	if p.Type == ir.TypeInt {
		return "number | bigint"
	}
	if c := p.Constraint; c != nil {
		for _, term := range c.Terms {
			if len(term) == 1 && term[0].Name == "oneof" {
				var words []string
				for _, w := range strings.Fields(term[0].Arg) {
					words = append(words, jsString(w))
				}
				return strings.Join(words, " | ")
			}
		}
	}
	return "string"
}

// writeTSTypes writes RouteParams and the types of routeURL and
// withBasePath, and the two functions.
func (g *generator) writeTSTypes(b *bytes.Buffer, helpers []*tsHelper) {
	b.WriteString(`/**
 * The arguments of each route by the name routeURL takes: "name" in the root domain,
 * "domain_key.name" in any domain; a wildcard domain's route takes its "subdomain".
 */
export interface RouteParams {
`)
	for _, h := range helpers {
		r := h.route
		var fields []string
		if g.table.Domains[r.domain].Wildcard() {
			fields = append(fields, "readonly subdomain: string")
		}
		for _, p := range h.params {
			if p.key != "subdomain" {
				fields = append(fields, "readonly "+jsKey(p.key)+": "+p.typ)
			}
		}
		params := "Record<string, never>"
		if len(fields) > 0 {
			params = "{ " + strings.Join(fields, "; ") + " }"
		}
		if r.domain == g.root {
			b.WriteString("  " + jsString(r.Name) + ": " + params + ";\n")
		}
		b.WriteString("  " + jsString(g.qualifiedName(r)) + ": " + params + ";\n")
	}
	var keys []string
	for _, d := range g.table.Domains {
		keys = append(keys, jsString(d.Key))
	}
	b.WriteString(`}

/** The name of a route, as routeURL takes it. */
export type RouteName = keyof RouteParams;

/**
 * The other names routeURL takes, aah's, whose arguments are checked when the URL is
 * built: "host", "domain_key.host" and "label.host", a domain's origin; "label.name", a
 * route of the domain whose host's first label is label, else of the wildcard domain at
 * that subdomain; and any name followed by "#anchor", which ends the URL. A name outside
 * them is a compile error; a name of type string is checked when the URL is built.
 */
export type AahRouteName = ` + g.aahRouteNames() + `;

/** The key of a domain of routes.conf. */
export type DomainKey = ` + strings.Join(keys, " | ") + `;

/** Values of the query string routeURL writes. */
export type Query = Readonly<Record<string, string | number | bigint | boolean>>;

/** The options of withBasePath. */
export interface URLOptions {
  /**
   * "host[:port]" of domains by key, in place of what routes.conf says, for the URLs of
   * routes outside the root domain: a host or port that routes.conf reads from the
   * environment without a default has no other. A wildcard domain's begins with "*.".
   */
  readonly hosts?: { readonly [key in DomainKey]?: string };
}

/** The URL functions of the module, under a base path (withBasePath). */
export type URLBuilder = typeof _helpers;

/**
 * withBasePath returns the URL functions for an application served below basePath
 * ("/svc"; "" or "/" for none), as the Go URLBuilder's WithBasePath: every path begins
 * with it. options.hosts sets the hosts of domains.
 */
export function withBasePath(basePath: string, options: URLOptions = {}): URLBuilder {
  const hosts: Readonly<Record<string, string | undefined>> = options.hosts ?? {};
  _checkHosts(hosts);
  return _withContext({ base: _cleanBasePath(basePath), hosts });
}

/**
 * routeURL returns the URL of the named route with its arguments taken by name, as the
 * Go RouteURLNamedArgs: a value that fails its parameter's constraint throws an Error
 * that names the parameter. query becomes the query string, sorted by key. It takes
 * aah's names too (AahRouteName), as the Go RouteURL does for a builder of no request.
 * A literal name it does not take is a compile error that lists names it takes.
 */
export function routeURL<N extends string>(name: N extends RouteName | AahRouteName ? N : string extends N ? N : RouteName | AahRouteName, params: N extends RouteName ? RouteParams[N] : Readonly<Record<string, unknown>>, query: Query = {}): string {
  return _routeURL(name, params as Readonly<Record<string, unknown>>, query);
}

`)
}

// writeTSHelper writes the function of a route, with its documentation;
// its route is _routes[index].
func (g *generator) writeTSHelper(b *bytes.Buffer, h *tsHelper, index int) {
	r := h.route
	where := ""
	if r.domain != g.root {
		d := g.table.Domains[r.domain]
		where = " on " + d.HostText()
		if port := d.PortText(); port != "" {
			where += ":" + port
		}
	}
	name := g.publicName(r)
	b.WriteString("/**\n * Route " + jsDoc(strconv.Quote(name)) + ": " + strings.Join(h.methods, ", ") + " " + jsDoc(r.Path) + jsDoc(where) + " (" + jsDoc(g.opts.pos(r.Pos)) + ").\n")
	var constraints []string
	for _, p := range r.ParamSpecs {
		if p.Constraint != nil {
			constraints = append(constraints, p.Name+" ["+p.Constraint.Text+"]")
		}
	}
	if len(constraints) > 0 {
		b.WriteString(" * Constraints: " + jsDoc(strings.Join(constraints, ", ")) + ".\n")
	}
	b.WriteString(" */\n")
	var params, args []string
	for _, p := range h.params {
		params = append(params, p.name+": "+p.typ)
		args = append(args, p.name)
	}
	fmt.Fprintf(b, "export function %s(%s): string {\n  return _url(%d, [%s], %t);\n}\n\n",
		h.name, strings.Join(params, ", "), index, strings.Join(args, ", "), g.checkedHelper(r))
}

// writeTSTables writes the domains, the routes of the helpers (in their
// order, which their functions index) and routeURL's names.
func (g *generator) writeTSTables(b *bytes.Buffer, helpers []*tsHelper) {
	fmt.Fprintf(b, "// The root domain, whose URLs are paths; the others' begin with //host[:port].\nconst _root = %d;\n\n", g.root)
	b.WriteString("const _domains: readonly _Domain[] = [\n")
	for _, d := range g.table.Domains {
		port := d.Port
		if d.PortlessLinks {
			port = "" // links carry a port only when routes.conf writes one
		}
		fields := []string{"key: " + jsString(d.Key), "host: " + jsString(d.Host), "port: " + jsString(port)}
		if d.HostEnv != "" {
			fields = append(fields, "hostEnv: "+jsString(d.HostEnv))
		}
		if d.PortEnv != "" {
			fields = append(fields, "portEnv: "+jsString(d.PortEnv))
		}
		if d.Subdomain {
			fields = append(fields, "subdomain: true")
		}
		b.WriteString("  { " + strings.Join(fields, ", ") + " },\n")
	}
	b.WriteString("];\n\n")
	b.WriteString("const _routes: readonly _Route[] = [\n")
	for _, h := range helpers {
		b.WriteString("  " + g.tsRoute(h.route) + ",\n")
	}
	b.WriteString("];\n\n")
	b.WriteString("const _names: ReadonlyMap<string, number> = new Map([\n")
	for i, h := range helpers {
		r := h.route
		if r.domain == g.root {
			fmt.Fprintf(b, "  [%s, %d],\n", jsString(r.Name), i)
		}
		fmt.Fprintf(b, "  [%s, %d],\n", jsString(g.qualifiedName(r)), i)
	}
	b.WriteString("]);\n")
}

// tsRoute is the _Route literal of r: its path as runtime.Table's URL
// plan splits it, literal text and the indexes of parameters.
func (g *generator) tsRoute(r *route) string {
	var path []string
	literal, next := "", 0
	for seg := range strings.SplitSeq(r.Path[1:], "/") {
		if seg == "" {
			continue
		}
		k := strings.IndexAny(seg, ":*")
		if k < 0 {
			literal += "/" + seg
			continue
		}
		path = append(path, jsString(literal+"/"+seg[:k]), strconv.Itoa(next))
		literal, next = "", next+1
	}
	if len(path) == 0 && literal == "" {
		literal = "/"
	}
	if literal != "" {
		path = append(path, jsString(literal))
	}
	var params []string
	for _, p := range r.ParamSpecs {
		fields := []string{"name: " + jsString(p.Name)}
		if p.CatchAll {
			fields = append(fields, "catchAll: true")
		}
		if p.Type == ir.TypeInt {
			fields = append(fields, "int: true")
		}
		if c := p.Constraint; c != nil {
			if c.Numeric() {
				fields = append(fields, "numeric: true")
			}
			var terms []string
			for _, term := range c.Terms {
				var tags []string
				for _, tag := range term {
					tags = append(tags, tsTag(tag))
				}
				terms = append(terms, "["+strings.Join(tags, ", ")+"]")
			}
			fields = append(fields, "terms: ["+strings.Join(terms, ", ")+"]")
		}
		params = append(params, "{ "+strings.Join(fields, ", ")+" }")
	}
	fields := []string{"name: " + jsString(r.Name), "domain: " + strconv.Itoa(r.domain),
		"path: [" + strings.Join(path, ", ") + "]", "params: [" + strings.Join(params, ", ") + "]"}
	if r.Static && r.List {
		fields = append(fields, "list: true")
	}
	return "{ " + strings.Join(fields, ", ") + " }"
}

// tsTag is a constraint tag as _Tag: its name and argument, and the
// number of a bounds tag or the words of oneof, worked out as Go does.
func tsTag(tag ir.Tag) string {
	switch {
	case tag.Name == "oneof":
		var words []string
		for _, w := range strings.Fields(tag.Arg) {
			words = append(words, jsString(w))
		}
		return "[" + jsString(tag.Name) + ", " + jsString(tag.Arg) + ", [" + strings.Join(words, ", ") + "]]"
	case tag.Arg != "":
		bound, _ := strconv.ParseFloat(tag.Arg, 64) // checked when the table was built
		return "[" + jsString(tag.Name) + ", " + jsString(tag.Arg) + ", " + jsNumber(bound) + "]"
	}
	return "[" + jsString(tag.Name) + ", \"\"]"
}

// jsNumber is a number literal of JavaScript.
func jsNumber(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// jsString is a string literal of JavaScript (and TypeScript).
func jsString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

var jsIdentifier = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// jsKey is a property name: as it is when it is an identifier, else quoted.
func jsKey(s string) string {
	if jsIdentifier.MatchString(s) {
		return s
	}
	return jsString(s)
}

// jsDoc is text for a documentation comment: "*/" would end it, and the
// characters commentText escapes have no place in it.
func jsDoc(s string) string {
	return strings.ReplaceAll(commentText(s), "*/", `*\/`)
}

// aahRouteNames is the TypeScript union of aah's names that RouteURL
// takes (core.ReadRouteName): "host" and each domain's "key.host"; for
// each label of a subdomain that no domain key is, the first such
// domain's "label.host" and "label.name"; with a wildcard domain, any
// label before its "host" and its route names; each of them, and every
// RouteName, followed by "#anchor".
func (g *generator) aahRouteNames() string {
	names := []string{jsString("host")}
	routeNames := func(d int) []string {
		var list []string
		for _, r := range g.routes {
			if r.domain == d && !slices.Contains(list, r.Name) {
				list = append(list, r.Name)
			}
		}
		return list
	}
	keys := map[string]bool{}
	for _, d := range g.table.Domains {
		keys[d.Key] = true
		names = append(names, jsString(d.Key+".host"))
	}
	labels := map[string]bool{}
	wildcard := -1
	for i, d := range g.table.Domains {
		if d.Wildcard() {
			if wildcard < 0 {
				wildcard = i
			}
			continue
		}
		label, _, _ := strings.Cut(strings.ToLower(d.Host), ".")
		if !d.Subdomain || keys[label] || labels[label] {
			continue
		}
		labels[label] = true
		names = append(names, jsString(label+".host"))
		for _, name := range routeNames(i) {
			names = append(names, jsString(label+"."+name))
		}
	}
	if wildcard >= 0 {
		names = append(names, "`${string}.host`")
		for _, name := range routeNames(wildcard) {
			names = append(names, "`${string}.${"+jsString(name)+"}`")
		}
	}
	base := strings.Join(names, " | ")
	return base + " | `${RouteName | " + base + "}#${string}`"
}
