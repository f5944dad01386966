package bench_test

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/bench/internal/record"
	"github.com/routegen/routegen/bench/internal/setgen"
	"github.com/routegen/routegen/internal/routeset"
	"github.com/routegen/routegen/runtime"
)

var routesets = filepath.Join("..", "testdata", "routesets")

// request is one request of a benchmark case, with the route that must
// serve it and the parameter values that route must get.
type request struct {
	method, path string
	route        routeset.Route
	params       []string
}

// A benchCase is what one operation requests of the routes of a set.
type benchCase struct {
	name     string
	set      string
	write    bool // handlers write their parameters (ParamWrite)
	requests []request
}

// cases are the *All cases of the standard benchmark, every route of a set
// requested with its pattern text as the path, then its single probes.
func cases(tb testing.TB) ([]benchCase, map[string][]routeset.Route) {
	sets, err := setgen.Sets(routesets)
	if err != nil {
		tb.Fatal(err)
	}
	routes := map[string][]routeset.Route{}
	for _, s := range sets {
		routes[s.Name] = s.Routes
	}
	var list []benchCase
	for _, c := range []struct{ name, set string }{
		{"GithubAll", "github"}, {"GPlusAll", "gplus"}, {"ParseAll", "parse"}, {"StaticAll", "static"},
	} {
		bc := benchCase{name: c.name, set: c.set}
		for _, r := range routes[c.set] {
			bc.requests = append(bc.requests, request{method: r.Method, path: r.Path, route: r, params: patternParams(r.Path)})
		}
		list = append(list, bc)
	}
	probes, err := os.ReadFile(filepath.Join(routesets, "probes.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	for line := range strings.Lines(string(probes)) {
		f := strings.Fields(line)
		if len(f) < 3 || strings.HasPrefix(f[0], "#") {
			continue
		}
		bc := benchCase{name: f[0], set: probeSet(f[0])}
		bc.write = f[0] == "ParamWrite"
		r, params, ok := route(routes[bc.set], f[1], f[2])
		if !ok {
			tb.Fatalf("probe %s: no route of set %s serves %s %s", f[0], bc.set, f[1], f[2])
		}
		bc.requests = []request{{method: f[1], path: f[2], route: r, params: params}}
		list = append(list, bc)
	}
	return list, routes
}

// probeSet is the set a probe of probes.txt is requested of.
func probeSet(name string) string {
	for _, p := range []struct{ prefix, set string }{
		{"Github", "github"}, {"GPlus", "gplus"}, {"Parse", "parse"},
		{"Param20", "param20"}, {"Param5", "param5"}, {"Param", "param"},
	} {
		if strings.HasPrefix(name, p.prefix) {
			return p.set
		}
	}
	return ""
}

// patternParams are the values a route's parameters get when its own
// pattern is requested: ":owner" for :owner.
func patternParams(pattern string) []string {
	var values []string
	for s := range strings.SplitSeq(pattern, "/") {
		if strings.HasPrefix(s, ":") {
			values = append(values, s)
		}
	}
	return values
}

// route finds the route of routes that serves a request, by the rule every
// contender follows: a literal segment wins over a parameter. None of the
// sets has a catch-all.
func route(routes []routeset.Route, method, path string) (routeset.Route, []string, bool) {
	var best routeset.Route
	var bestParams []string
	found := false
	segs := strings.Split(path, "/")
	for _, r := range routes {
		pat := strings.Split(r.Path, "/")
		if r.Method != method || len(pat) != len(segs) {
			continue
		}
		var params []string
		ok := true
		for i, p := range pat {
			if strings.HasPrefix(p, ":") && segs[i] != "" {
				params = append(params, segs[i])
			} else if p != segs[i] {
				ok = false
				break
			}
		}
		if ok && (!found || moreLiteral(pat, strings.Split(best.Path, "/"))) {
			best, bestParams, found = r, params, true
		}
	}
	return best, bestParams, found
}

// moreLiteral reports whether pattern a has a literal segment where b
// first has a parameter.
func moreLiteral(a, b []string) bool {
	for i := range a {
		pa, pb := strings.HasPrefix(a[i], ":"), strings.HasPrefix(b[i], ":")
		if pa != pb {
			return pb
		}
	}
	return false
}

// discard is a ResponseWriter that keeps nothing and allocates nothing.
type discard struct{ header http.Header }

func (w *discard) Header() http.Header               { return w.header }
func (w *discard) Write(b []byte) (int, error)       { return len(b), nil }
func (w *discard) WriteString(s string) (int, error) { return len(s), nil }
func (w *discard) WriteHeader(int)                   {}

// A response keeps the status and body a handler writes, for the checks.
type response struct {
	header http.Header
	status int
	body   strings.Builder
}

func (w *response) Header() http.Header               { return w.header }
func (w *response) Write(b []byte) (int, error)       { return w.body.Write(b) }
func (w *response) WriteString(s string) (int, error) { return w.body.WriteString(s) }
func (w *response) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

// serveAll serves every request of c once, on one reused request, as the
// standard benchmark does.
func serveAll(h http.Handler, w http.ResponseWriter, r *http.Request, c *benchCase) {
	u := r.URL
	for i := range c.requests {
		q := &c.requests[i]
		r.Method, r.RequestURI, u.Path, u.RawQuery = q.method, q.path, q.path, ""
		h.ServeHTTP(w, r)
	}
}

// serveOp and lookupOp are the operations of the timed loops: functions of
// their own that are never inlined and that nothing else calls, so that
// callgrind counts the instructions of the operations alone (cmd/report).
//
//go:noinline
func serveOp(h http.Handler, w http.ResponseWriter, r *http.Request, c *benchCase) {
	serveAll(h, w, r, c)
}

//go:noinline
func lookupOp(pkg generated, m *runtime.Match, c *benchCase) { pkg.lookupAll(m, c.requests) }

// eachRequest serves each request of c alone of h, then hands it to
// check with what h wrote.
func eachRequest(h http.Handler, c *benchCase, check func(q *request, w *response)) {
	r, _ := http.NewRequest("GET", "/", nil)
	for i := range c.requests {
		w := &response{header: http.Header{}}
		serveAll(h, w, r, &benchCase{requests: c.requests[i : i+1]})
		check(&c.requests[i], w)
	}
}

// checkServes requests every route of c once of h, a router whose
// handlers record to rec, a Recorder that has recorded nothing yet, and
// fails unless each was served by its own handler with its parameter
// values.
func checkServes(tb testing.TB, h http.Handler, rec *record.Recorder, c *benchCase) {
	tb.Helper()
	eachRequest(h, c, func(q *request, w *response) {
		if w.status != 0 && w.status != http.StatusOK || rec.Method != q.route.Method || rec.Pattern != q.route.Path || !slices.Equal(rec.Params, q.params) {
			tb.Fatalf("%s %s: status %d, served %s %s %q, want %s %s %q", q.method, q.path, w.status,
				rec.Method, rec.Pattern, rec.Params, q.route.Method, q.route.Path, q.params)
		}
		*rec = record.Recorder{}
	})
}

// checkAnswers requests every route of c once of h, the router timed,
// whose handlers do nothing or, on a case that writes, write the
// parameter "name", and fails unless each request was answered with 200
// and, when written, the value of that parameter (the request's only one).
func checkAnswers(tb testing.TB, h http.Handler, c *benchCase) {
	tb.Helper()
	eachRequest(h, c, func(q *request, w *response) {
		want := ""
		if c.write {
			want = q.params[0]
		}
		if w.status != 0 && w.status != http.StatusOK || w.body.String() != want {
			tb.Fatalf("%s %s: status %d, body %q; want 200 and %q", q.method, q.path, w.status, w.body.String(), want)
		}
	})
}

// checkLookup is checkServes for routegen's Lookup alone.
func checkLookup(tb testing.TB, lookup func(*runtime.Match, string, string, string), c *benchCase) {
	tb.Helper()
	var m runtime.Match
	for _, q := range c.requests {
		lookup(&m, q.method, "", q.path)
		var values []string
		for i := range m.Params.Len() {
			values = append(values, m.Params.Value(i))
		}
		if m.Status() != 200 || m.Route().Method != q.route.Method || m.Route().Path != q.route.Path || !slices.Equal(values, q.params) {
			tb.Fatalf("Lookup %s %s: status %d route %v params %q, want %s %s %q", q.method, q.path,
				m.Status(), m.Route(), values, q.route.Method, q.route.Path, q.params)
		}
	}
}

// checkContender builds two routers of ct for case c: one whose handlers
// record, which must serve every request with its route and parameters,
// and the one it returns, to be timed, whose handlers do what the
// standard benchmark's do, which must answer every request.
func checkContender(tb testing.TB, ct contender, c benchCase, routes []routeset.Route) http.Handler {
	tb.Helper()
	rec := &record.Recorder{}
	checked, err := ct.build(c.set, routes, handlers{rec: rec})
	if err != nil {
		tb.Fatal(err)
	}
	checkServes(tb, checked, rec, &c)
	timed, err := ct.build(c.set, routes, handlers{write: c.write})
	if err != nil {
		tb.Fatal(err)
	}
	checkAnswers(tb, timed, &c)
	return timed
}

// TestEveryContenderServesEveryRoute is the check the benchmarks make
// before timing, on its own.
func TestEveryContenderServesEveryRoute(t *testing.T) {
	list, routes := cases(t)
	for _, c := range list {
		checkLookup(t, packages[c.set].lookup, &c)
		for _, ct := range contenders {
			if ct.serves != nil && !ct.serves(c.set) {
				continue
			}
			checkContender(t, ct, c, routes[c.set])
		}
	}
}

var sink int

// BenchmarkRouters times every contender on every case, after checking
// that it serves each request with the right route and parameters.
// "routegen.Lookup" is the generated matcher alone; "map" is a
// map[string]int of the static paths, the floor for a static set.
func BenchmarkRouters(b *testing.B) {
	list, routes := cases(b)
	for _, c := range list {
		b.Run("case="+c.name+"/router=routegen.Lookup", func(b *testing.B) {
			pkg := packages[c.set]
			checkLookup(b, pkg.lookup, &c)
			var m runtime.Match
			b.ReportAllocs()
			for b.Loop() {
				lookupOp(pkg, &m, &c)
			}
		})
		for _, ct := range contenders {
			if ct.serves != nil && !ct.serves(c.set) {
				continue
			}
			b.Run("case="+c.name+"/router="+ct.name, func(b *testing.B) {
				h := checkContender(b, ct, c, routes[c.set])
				w := &discard{header: http.Header{}}
				r, _ := http.NewRequest("GET", "/", nil)
				b.ReportAllocs()
				for b.Loop() {
					serveOp(h, w, r, &c)
				}
			})
		}
		if c.set == "static" && len(c.requests) > 1 {
			b.Run("case="+c.name+"/router=map", func(b *testing.B) {
				paths := map[string]int{}
				for i, q := range c.requests {
					paths[q.path] = i
				}
				b.ReportAllocs()
				for b.Loop() {
					for i := range c.requests {
						sink += paths[c.requests[i].path]
					}
				}
			})
		}
	}
}
