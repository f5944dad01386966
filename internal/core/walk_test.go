package core

import (
	"strings"
	"testing"
)

// TestNewMatcherPrecedence: the trie answers as the generated matchers do
// (internal/difftest compares both with the reference on every table): a
// route with no parameter below the walk's entry first, then the literal,
// the parameter with the longer prefix, the catch-all, coming back up when
// a deeper level fails.
func TestNewMatcherPrecedence(t *testing.T) {
	paths := []string{
		"/",
		"/users/new",
		"/users/:id",
		"/users/:id/posts/:post",
		"/users/v:version/latest",
		"/users/*rest",
		"/files/*path",
		"/a/b/:c/d",
		"/a/:b/c/e",
	}
	var routes []Route
	for _, p := range paths {
		routes = append(routes, Route{Method: "GET", Path: p})
	}
	match := NewMatcher(routes)
	for _, c := range []struct {
		method, path string
		route        int
		params       string
	}{
		{"GET", "/", 0, ""},
		{"GET", "/users/new", 1, ""},
		{"GET", "/users/42", 2, "42"},
		{"GET", "/users/42/posts/7", 3, "42,7"},
		{"GET", "/users/v2/latest", 4, "2"},
		{"GET", "/users/v2/other", 5, "v2/other"}, // the parameter fails below: the catch-all
		{"GET", "/users/42/posts/7/x", 5, "42/posts/7/x"},
		{"GET", "/users/..", -1, ""}, // a dot segment is no parameter
		{"GET", "/files/a/b.txt", 6, "a/b.txt"},
		{"GET", "/files/a/../b", -1, ""}, // nor part of a catch-all
		{"GET", "/a/b/x/d", 7, "x"},
		{"GET", "/a/b/c/e", 8, "b"}, // the literal b fails below: the parameter
		{"POST", "/users/42", -1, ""},
	} {
		var p Params
		got := match(p.Start(c.path), c.method, c.path)
		var values []string
		for i := range p.Len() {
			values = append(values, p.Value(i))
		}
		if got != c.route || got >= 0 && strings.Join(values, ",") != c.params {
			t.Errorf("%s %s: route %d %q, want %d %q", c.method, c.path, got, values, c.route, c.params)
		}
	}
}

// TestNewMatcherOfRoutesSharingText: a route whose path begins with the
// text of the route before it, up to the middle of one of its segments,
// has nodes of its own: each path finds its own route.
func TestNewMatcherOfRoutesSharingText(t *testing.T) {
	paths := []string{"/a/r10", "/a/r1", "/a/r1/x", "/a/r1x/y", "/a/r", "/a/r1/x/z", "/b", "/a/:id/y", "/a/:name/z", "/a/r1/x/z/", "/", "//b"}
	var routes []Route
	for _, p := range paths {
		routes = append(routes, Route{Method: "GET", Path: p})
	}
	match := NewMatcher(routes)
	for want, path := range paths {
		path = strings.NewReplacer(":id", "5", ":name", "5").Replace(path)
		var p Params
		if got := match(p.Start(path), "GET", path); got != want {
			t.Errorf("GET %s: route %d, want %d", path, got, want)
		}
	}
}

// TestLookupOfRelativePath: a path that does not begin with "/" reaches
// no matcher, whose callers only Lookup's check guards.
func TestLookupOfRelativePath(t *testing.T) {
	routes := []Route{{Method: "GET", Path: "/users/:id"}}
	table := NewTable(routes, []Domain{{}}, nil)
	hosts, _ := NewHosts([]Address{{Key: "only", Host: "*"}}, nil)
	var m Match
	table.Lookup(&m, hosts, "GET", "example.com", "users/42")
	if o := m.Outcome; o.Route != -1 || o.Status != 404 {
		t.Errorf("GET users/42: route %d, status %d; want -1, 404", o.Route, o.Status)
	}
	table.Lookup(&m, hosts, "GET", "example.com", "/users/42")
	if o := m.Outcome; o.Route != 0 || o.Status != 200 {
		t.Errorf("GET /users/42: route %d, status %d; want 0, 200", o.Route, o.Status)
	}
}

// TestNewMatcherAllocatesNothing: a trie's walk, backtracking included,
// records parameters in its Params and allocates nothing.
func TestNewMatcherAllocatesNothing(t *testing.T) {
	routes := []Route{
		{Method: "GET", Path: "/users/:id/posts/:post"},
		{Method: "GET", Path: "/users/*rest"},
	}
	for i := range 10 { // enough literals for a map at one level
		routes = append(routes, Route{Method: "GET", Path: "/r" + strings.Repeat("x", i) + "/:id"})
	}
	match := NewMatcher(routes)
	var p Params
	for _, path := range []string{"/users/42/posts/7", "/users/42/other", "/rxxx/9", "/nothing"} {
		if n := testing.AllocsPerRun(100, func() { match(p.Start(path), "GET", path) }); n != 0 {
			t.Errorf("%s: %v allocations", path, n)
		}
	}
}

// TestEscapedDotSegments: a dot segment spelt with escapes never reaches a
// parameter. A segment that decodes to "." or ".." is redirected to the
// clean form, as a literal one is; one that holds "." or ".." between
// escaped slashes, which stay in their segment, has no clean form: 400.
// An escaped slash that makes no dot segment stays in its parameter, and
// no parameter after literal text takes a dot segment either.
func TestEscapedDotSegments(t *testing.T) {
	routes := []Route{
		{Method: "GET", Path: "/files/*rest"},
		{Method: "GET", Path: "/admin/:id"},
		{Method: "GET", Path: "/user_:name"},
		{Method: "GET", Path: "/src*path"},
		{Method: "POST", Path: "/admin/:id"},
	}
	table := NewTable(routes, []Domain{{}}, nil)
	hosts, _ := NewHosts([]Address{{Key: "only", Host: "*"}}, nil)
	for _, c := range []struct {
		method, path string
		status       int
		route        int
		want         string // the redirect's target, or the parameter
	}{
		{"GET", "/files/..%2f..%2fetc/passwd", 400, -1, ""},
		{"GET", "/files/%2e%2e/x", 301, -1, "/x"},
		{"GET", "/files/%2E%2e/x", 301, -1, "/x"},
		{"GET", "/files/a/.%2E/x", 301, -1, "/files/x"},
		{"GET", "/files/a/%2e/x", 301, -1, "/files/a/x"},
		{"GET", "/files/a/%2e", 301, -1, "/files/a"},
		{"GET", "/files/a/%2e%2e/", 301, -1, "/files/"},
		{"HEAD", "/files/%2e%2e/x", 301, -1, "/x"},
		{"POST", "/admin/%2e%2e", 308, -1, "/"},
		{"GET", "/admin/%2e%2e", 301, -1, "/"},
		{"GET", "/admin/%2e", 301, -1, "/admin"},
		{"GET", "/admin/a%2F..", 400, -1, ""},
		{"GET", "/admin/.%2Fx", 400, -1, ""},
		{"GET", "/admin/%2e%2e%2f", 400, -1, ""},
		{"GET", "/nothing/%2e%2e/x", 301, -1, "/x"},
		{"GET", "/nothing/..%2F", 400, -1, ""},
		{"GET", "/a/./%2e%2e/b", 301, -1, "/b"},
		// The rule that an escaped "/" stays in its parameter holds for the rest.
		{"GET", "/admin/a%2Fb", 200, 1, "a/b"},
		{"GET", "/admin/...%2F...", 200, 1, ".../..."},
		{"GET", "/admin/%2e%2e%2e", 200, 1, "..."},
		{"GET", "/files/a%2Fb/c", 200, 0, "a/b/c"},
		{"GET", "/files/%2e.a/x", 200, 0, "..a/x"},
		{"GET", "/admin/%2e%zz", 200, 1, "%2e%zz"},
		// After literal text, neither a literal nor an escaped dot segment is a parameter.
		{"GET", "/user_..", 404, -1, ""},
		{"GET", "/user_%2e%2e", 404, -1, ""},
		{"GET", "/user_a%2f..", 400, -1, ""},
		{"GET", "/user_%2e%2e%2fx", 404, -1, ""},
		{"GET", "/user_%2e%2e%2e", 200, 2, "..."},
		{"GET", "/src..", 404, -1, ""},
		{"GET", "/src%2E/x", 404, -1, ""},
		{"GET", "/src.x/y", 200, 3, ".x/y"},
	} {
		var m Match
		table.Lookup(&m, hosts, c.method, "example.com", c.path)
		o := m.Outcome
		got := ""
		switch {
		case o.Status == 301 || o.Status == 308:
			got = m.Redirect()
		case o.Route >= 0 && m.Params.Len() > 0:
			got = m.Params.Value(0)
		}
		if o.Status != c.status || o.Route != c.route || got != c.want {
			t.Errorf("%s %s: status %d route %d %q; want %d %d %q", c.method, c.path, o.Status, o.Route, got, c.status, c.route, c.want)
		}
	}
	// Lookup's search for escaped dot segments allocates nothing.
	var m Match
	for _, path := range []string{"/admin/a%2Fb", "/files/a%2Fb/%2e.a", "/user_%2e%2e"} {
		if n := testing.AllocsPerRun(100, func() { table.Lookup(&m, hosts, "GET", "example.com", path) }); n != 0 {
			t.Errorf("Lookup of %s: %v allocations", path, n)
		}
	}
}
