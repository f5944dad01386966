package difftest_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/aah_examples_domain_subdomain_routes"
	"github.com/routegen/routegen/golden/github"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/difftest/tables/t00"
	"github.com/routegen/routegen/internal/difftest/tables/t01"
	"github.com/routegen/routegen/internal/difftest/tables/t02"
	"github.com/routegen/routegen/internal/difftest/tables/t03"
	"github.com/routegen/routegen/internal/difftest/tables/t04"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/internal/reference"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

// lookupFunc is a generated package's Lookup.
type lookupFunc func(m *runtime.Match, method, host, path string)

// lookups are a generated package's Lookup, its matchers written as code,
// and the Lookup of the same routes with the matchers as data that a
// large table gets (core.NewMatcher).
type lookups struct{ code, data lookupFunc }

func newLookups(code lookupFunc, domains []runtime.Domain, routes []runtime.Route) lookups {
	data := routegenimpl.NewTable(difftest.DataTable(domains, routes))
	return lookups{code, data.Lookup}
}

// generated are the committed tables' packages, in the order of tableSizes.
var generated = []struct {
	lookups
	routeURL func(name string, args ...any) (string, error)
	domains  []runtime.Domain
	routes   []runtime.Route
}{
	{newLookups(t00.Lookup, t00.Domains(), t00.Routes()), t00.RouteURL, t00.Domains(), t00.Routes()},
	{newLookups(t01.Lookup, t01.Domains(), t01.Routes()), t01.RouteURL, t01.Domains(), t01.Routes()},
	{newLookups(t02.Lookup, t02.Domains(), t02.Routes()), t02.RouteURL, t02.Domains(), t02.Routes()},
	{newLookups(t03.Lookup, t03.Domains(), t03.Routes()), t03.RouteURL, t03.Domains(), t03.Routes()},
	{newLookups(t04.Lookup, t04.Domains(), t04.Routes()), t04.RouteURL, t04.Domains(), t04.Routes()},
}

// loadTables resolves the committed routes.conf of every table.
func loadTables(tb testing.TB) []*ir.Table {
	if len(generated) != len(tableSizes) {
		tb.Fatalf("%d generated packages for %d tables: list each in generated", len(generated), len(tableSizes))
	}
	var tables []*ir.Table
	for i := range tableSizes {
		data, err := os.ReadFile(filepath.Join("tables", tableName(i), "routes.conf"))
		if err != nil {
			tb.Fatal(err)
		}
		table, err := difftest.Load(string(data))
		if err != nil {
			tb.Fatal(err)
		}
		tables = append(tables, table)
	}
	return tables
}

// check compares the answers of both matchers to a request with the
// reference's.
func check(t *testing.T, table *ir.Table, l lookups, req difftest.Request) reference.Result {
	t.Helper()
	want := reference.Lookup(table, req.Method, req.Host, req.Path)
	for _, matcher := range []struct {
		name   string
		lookup lookupFunc
	}{{"generated", l.code}, {"data", l.data}} {
		var m runtime.Match
		matcher.lookup(&m, req.Method, req.Host, req.Path)
		if got := difftest.FromMatch(&m); !difftest.Equal(got, want) {
			t.Errorf("%s:\n%s %s\nreference %s", req, matcher.name, difftest.Format(got), difftest.Format(want))
		}
	}
	return want
}

// TestDotPrefixParameter: a parameter after the prefix "." must not take
// the dot segment "..", which only an unclean path has (found by FuzzLookup).
func TestDotPrefixParameter(t *testing.T) {
	for i, table := range loadTables(t) {
		for d, dom := range table.Domains {
			for _, r := range dom.Routes {
				if s := r.Segments; len(s) != 1 || s[0].Kind != ir.ParamSegment || s[0].Literal != "." {
					continue
				}
				check(t, table, generated[i].lookups, difftest.Request{Method: r.Method, Host: difftest.Hosts(table)[d], Path: "/.."})
				return
			}
		}
	}
	t.Fatal(`no table has a route "/.:p"`)
}

// FuzzLookup compares the generated Lookup of the committed tables with the
// reference: a table, a method and a host by index, and any path.
func FuzzLookup(f *testing.F) {
	tables, request := fuzzTables(f, func(string) bool { return true })
	f.Fuzz(func(t *testing.T, table, method, host byte, path string) {
		i, req := request(table, method, host, path)
		check(t, tables[i], generated[i].lookups, req)
	})
}

// fuzzTables readies a fuzz target of the committed tables, seeded with the
// requests of seeds whose path keep accepts: it returns the tables, and
// the table and request of the fuzzer's arguments.
func fuzzTables(f *testing.F, keep func(path string) bool) ([]*ir.Table, func(table, method, host byte, path string) (int, difftest.Request)) {
	tables := loadTables(f)
	hosts := make([][]string, len(tables))
	for i, table := range tables {
		hosts[i] = difftest.Hosts(table)
		for _, s := range seeds(table) {
			if keep(s.Path) {
				f.Add(byte(i), byte(slices.Index(difftest.Methods, s.Method)), byte(slices.Index(hosts[i], s.Host)), s.Path)
			}
		}
	}
	return tables, func(table, method, host byte, path string) (int, difftest.Request) {
		i := int(table) % len(tables)
		return i, difftest.Request{
			Method: difftest.Methods[int(method)%len(difftest.Methods)],
			Host:   hosts[i][int(host)%len(hosts[i])],
			Path:   path,
		}
	}
}

// seeds are requests for every route: its path with sample values, with
// odd values, with empty ones, with a trailing slash, a dot segment, a
// double slash or an escaped literal, each with the route's method and the
// next one; and its path with every value of the pool in each constrained
// parameter.
func seeds(table *ir.Table) []difftest.Request {
	var reqs []difftest.Request
	hosts := difftest.Hosts(table)
	for d, dom := range table.Domains {
		for _, r := range dom.Routes {
			good := difftest.PathOf(r, func(p ir.Param) string { return difftest.Escape(p, difftest.ValidValue(p)) })
			empty := difftest.PathOf(r, func(ir.Param) string { return "" })
			slash := strings.IndexByte(good[1:], '/') + 1
			paths := []string{good, empty, strings.TrimSuffix(empty, "/"), good + "/", "/" + good, good[:slash] + "/." + good[slash:], "/x/.." + good,
				difftest.PathOf(r, func(ir.Param) string { return "x%2Fy%zz" })}
			for _, v := range escapedDots {
				paths = append(paths, difftest.PathOf(r, func(ir.Param) string { return v }))
			}
			if i := strings.IndexAny(good, "abcdefghijklmnopqrstuvwxyz"); i >= 0 {
				paths = append(paths, good[:i]+fmt.Sprintf("%%%02X", good[i])+good[i+1:])
			}
			if strings.Contains(good, "%") {
				paths = append(paths, respellHighEscapes(good, true), respellHighEscapes(good, false))
			}
			m := slices.Index(difftest.Methods, r.Method)
			for _, p := range paths {
				for _, method := range []string{r.Method, difftest.Methods[(m+1)%len(difftest.Methods)]} {
					reqs = append(reqs, difftest.Request{Method: method, Host: hosts[d], Path: p})
				}
			}
			for _, p := range r.ParamSpecs {
				if p.Constraint == nil {
					continue
				}
				for _, v := range difftest.Values(p.Constraint) {
					path := difftest.PathOf(r, func(q ir.Param) string {
						if q.Name == p.Name {
							return difftest.Escape(q, v)
						}
						return difftest.Escape(q, difftest.ValidValue(q))
					})
					reqs = append(reqs, difftest.Request{Method: r.Method, Host: hosts[d], Path: path})
				}
			}
		}
	}
	return reqs
}

// escapedDots are parameter values, as sent, that spell a dot segment
// with escapes, alone or between escaped slashes.
var escapedDots = []string{"%2e", "%2E%2e", ".%2e", "%2e.", "..%2f..%2fetc", "%2e%2e%2F", "a%2F..", ".%2fx", "%2e%2e%2e"}

// FuzzNoDotParameter: whatever the request, no parameter of a route found
// is "." or "..", or holds one between slashes once decoded, and so no
// catch-all's value holds a dot segment; both matchers agree with the
// reference.
func FuzzNoDotParameter(f *testing.F) {
	// The seeds with escaped dots and slashes: FuzzLookup has the others.
	tables, request := fuzzTables(f, func(path string) bool { return strings.Contains(strings.ToLower(path), "%2") })
	f.Fuzz(func(t *testing.T, table, method, host byte, path string) {
		i, req := request(table, method, host, path)
		want := check(t, tables[i], generated[i].lookups, req)
		for _, p := range want.Params {
			if slices.ContainsFunc(strings.Split(p.Value, "/"), func(s string) bool { return s == "." || s == ".." }) {
				t.Errorf("%s: parameter %s is %q, which holds a dot segment", req, p.Name, p.Value)
			}
		}
	})
}

// respellHighEscapes writes the escapes of bytes from 0x80 up in path as a
// client may send them too: in lower-case hex, or (raw) as the bytes.
func respellHighEscapes(path string, lower bool) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '%' && i+2 < len(path) && strings.IndexByte("89ABCDEFabcdef", path[i+1]) >= 0 {
			hex := path[i+1 : i+3]
			if lower {
				b.WriteString("%" + strings.ToLower(hex))
			} else {
				n, _ := strconv.ParseUint(hex, 16, 8)
				b.WriteByte(byte(n))
			}
			i += 2
			continue
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// TestGoldenPackages compares the generated Lookup of golden packages with
// the reference: the rich example of every routing feature, the GitHub API
// and aah's subdomain example.
func TestGoldenPackages(t *testing.T) {
	module := difftest.FS{FS: os.DirFS("../..")}
	for i, g := range []struct {
		routes string
		lookups
	}{
		{"testdata/rich/routes.conf", newLookups(rich.Lookup, rich.Domains(), rich.Routes())},
		{"testdata/routesets/github.conf", newLookups(github.Lookup, github.Domains(), github.Routes())},
		{"testdata/aah/examples/domain-subdomain/routes.conf", newLookups(aah_examples_domain_subdomain_routes.Lookup,
			aah_examples_domain_subdomain_routes.Domains(), aah_examples_domain_subdomain_routes.Routes())},
	} {
		table, diags := ir.Load(module, ir.Sources{Routes: g.routes})
		if table == nil {
			t.Fatal(diags)
		}
		for _, req := range seeds(table) {
			check(t, table, g.lookups, req)
		}
		q := difftest.NewRequests(table, rand.New(rand.NewPCG(uint64(i), 2)))
		for range 3000 {
			check(t, table, g.lookups, q.Next())
		}
	}
}

// TestRandomRequests compares the generated Lookup of the committed tables
// with the reference on random requests from their routes.
func TestRandomRequests(t *testing.T) {
	for i, table := range loadTables(t) {
		q := difftest.NewRequests(table, rand.New(rand.NewPCG(uint64(i), 1)))
		for range 3000 {
			check(t, table, generated[i].lookups, q.Next())
		}
	}
}

// TestURLRoundTrip builds the URL of every route of every table with
// RouteURL and looks it up: the path must match the route's pattern with
// the same values, and both matchers must answer it alike. Values are
// chosen, where some are, so that the route itself answers, not one that
// takes precedence over it.
func TestURLRoundTrip(t *testing.T) {
	reached, total := 0, 0
	for i, table := range loadTables(t) {
		hosts := difftest.Hosts(table)
		index := 0
		for d, dom := range table.Domains {
			for _, r := range dom.Routes {
				total++
				values, path := roundTripValues(t, table, d, index, r)
				args := make([]any, 0, len(values)+1)
				if dom.Wildcard() {
					args = append(args, "t1")
				}
				for _, v := range values {
					args = append(args, v)
				}
				u, err := generated[i].routeURL(dom.Key+"."+r.Name, args...)
				if err != nil {
					t.Errorf("%s: RouteURL(%s.%s): %v", tableName(i), dom.Key, r.Name, err)
					continue
				}
				host, gotPath := hosts[rootDomain(table)], u
				if rest, ok := strings.CutPrefix(u, "//"); ok {
					host, gotPath, _ = strings.Cut(rest, "/")
					gotPath = "/" + gotPath
				}
				wantHost := hosts[d]
				if dom.PortlessLinks && d != rootDomain(table) {
					wantHost, _, _ = strings.Cut(wantHost, ":") // a link carries no port routes.conf does not write
				}
				if host != wantHost || gotPath != path {
					t.Errorf("%s: RouteURL(%s.%s, %q) = %q, want host %q path %q", tableName(i), dom.Key, r.Name, args, u, wantHost, path)
					continue
				}
				params, ok := reference.Params(r, path)
				if !ok || !slices.Equal(paramValues(params), values) {
					t.Errorf("%s: %s %s does not match %s with %q", tableName(i), r.Method, path, r.Path, values)
				}
				res := check(t, table, generated[i].lookups, difftest.Request{Method: r.Method, Host: host, Path: path})
				if res.Route == index {
					reached++
				}
				index++
			}
		}
	}
	t.Logf("%d of %d routes answer their own URL; routes that take precedence answer the others", reached, total)
}

// roundTripValues are values of r's parameters, unescaped, and the path
// they make: the first combination of sample values the route itself
// answers, else the first.
func roundTripValues(t *testing.T, table *ir.Table, d, index int, r *ir.Route) ([]string, string) {
	samples := make([][]string, len(r.ParamSpecs))
	tries := 1
	for k, p := range r.ParamSpecs {
		if samples[k] = difftest.SampleValues(p); len(samples[k]) == 0 {
			t.Fatalf("no sample value meets %q", p.Constraint.Text)
		}
		tries = max(tries, len(samples[k]))
	}
	var first []string
	for try := range tries {
		values := make([]string, len(samples))
		for k := range samples {
			values[k] = samples[k][try%len(samples[k])]
		}
		path := pathWith(r, values)
		if reference.Lookup(table, r.Method, difftest.Hosts(table)[d], path).Route == index {
			return values, path
		}
		if first == nil {
			first = values
		}
	}
	return first, pathWith(r, first)
}

// pathWith is r's path with values, escaped.
func pathWith(r *ir.Route, values []string) string {
	k := 0
	return difftest.PathOf(r, func(p ir.Param) string { k++; return difftest.Escape(p, values[k-1]) })
}

// rootDomain is the domain whose URLs are paths: the first that is not a
// subdomain (docs/decisions.md).
func rootDomain(t *ir.Table) int {
	for i, d := range t.Domains {
		if !d.Subdomain && !d.Wildcard() {
			return i
		}
	}
	return 0
}

func paramValues(params []reference.Param) []string {
	var out []string
	for _, p := range params {
		out = append(out, p.Value)
	}
	return out
}

// TestFieldHelpersForRouter: the URL helpers of a table with more than 512
// routes, which are fields, follow a router's base path, and WithBasePath
// on that builder gives them another.
func TestFieldHelpersForRouter(t *testing.T) {
	type (
		c0     struct{ t03.C0Controller }
		c1     struct{ t03.C1Controller }
		c2     struct{ t03.C2Controller }
		socket struct{ t03.SocketController }
	)
	rt, err := t03.NewRouter(c0{}, c1{}, c2{}, socket{}, append(authenticators(explain.Schemes(loadTables(t)[3])), runtime.WithBasePath("/svc"))...)
	if err != nil {
		t.Fatal(err)
	}
	u := t03.URL.ForRouter(rt)
	rest, err := u.R12("a/b")
	if err != nil || rest != "/svc/a/b" {
		t.Errorf(`ForRouter(router at /svc).R12("a/b") = %q, %v; want "/svc/a/b"`, rest, err)
	}
	if got := u.WithBasePath("/v2").R386(); got != "/v2/" {
		t.Errorf(`ForRouter(router at /svc).WithBasePath("/v2").R386() = %q, want "/v2/"`, got)
	}
	if got := t03.URL.R386(); got != "/" {
		t.Errorf(`URL.R386() = %q, want "/"`, got)
	}
}
