package runtime

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
	for i, p := range paths {
		var params []string
		for seg := range strings.SplitSeq(p, "/") {
			if k := strings.IndexAny(seg, ":*"); k >= 0 {
				params = append(params, seg[k+1:])
			}
		}
		routes = append(routes, Route{Index: i, Method: "GET", Path: p, Params: params})
	}
	routes = append(routes, Route{Index: len(routes), Domain: 1, Method: "GET", Path: "/users/:id"})
	match := NewMatcher(routes, 0)
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
		{"GET", "users/42", -1, ""},
	} {
		var m Match
		got := match(m.Start(c.path), c.method, c.path)
		var values []string
		for i := range m.Params.Len() {
			values = append(values, m.Params.Value(i))
		}
		if got != c.route || got >= 0 && strings.Join(values, ",") != c.params {
			t.Errorf("%s %s: route %d %q, want %d %q", c.method, c.path, got, values, c.route, c.params)
		}
	}
}

// TestNewMatcherAllocatesNothing: a trie's walk, backtracking included,
// records parameters in the Match and allocates nothing.
func TestNewMatcherAllocatesNothing(t *testing.T) {
	routes := []Route{
		{Index: 0, Method: "GET", Path: "/users/:id/posts/:post", Params: []string{"id", "post"}},
		{Index: 1, Method: "GET", Path: "/users/*rest", Params: []string{"rest"}},
	}
	for i := range 10 { // enough literals for a map at one level
		routes = append(routes, Route{Index: len(routes), Method: "GET", Path: "/r" + strings.Repeat("x", i) + "/:id", Params: []string{"id"}})
	}
	match := NewMatcher(routes, 0)
	var m Match
	for _, path := range []string{"/users/42/posts/7", "/users/42/other", "/rxxx/9", "/nothing"} {
		if n := testing.AllocsPerRun(100, func() { match(m.Start(path), "GET", path) }); n != 0 {
			t.Errorf("%s: %v allocations", path, n)
		}
	}
}

// TestBindURLsPanicsOnAnUnknownRoute: a generated URLBuilder and its table
// always agree; one that does not is a bug to stop at start-up.
func TestBindURLsPanicsOnAnUnknownRoute(t *testing.T) {
	table := NewTable(&Table{Domains: []Domain{{Key: "site"}}, Routes: []Route{{Name: "home", Method: "GET", Path: "/"}}})
	var builder struct {
		Home  func() string `route:"home"`
		Other func() string `route:"other"`
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `URLBuilder.Other: no route named "other"`) {
			t.Errorf("panic %v", r)
		}
	}()
	table.BindURLs(&builder, func(field any, route int) {
		*field.(*func() string) = func() string { return table.HelperURL("", route) }
	})
}
