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
