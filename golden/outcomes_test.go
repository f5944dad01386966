package golden_test

import (
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/aah_examples_rest_api_routes"
	"github.com/routegen/routegen/golden/aah_router_routes"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

const (
	mainHost   = "example.com:8080"
	tenantHost = "acme.example.com:8080"
	adminHost  = "admin.example.com:8080"
)

// outcome is what Lookup must decide for one request of the rich example.
type outcome struct {
	name                 string
	method, host, path   string
	status               int
	route                string // "" for none
	params               map[string]string
	allow, redirect      string
	catchAll, wantDomain bool
}

var outcomes = []outcome{
	// Routes found, static over parameter over catch-all.
	{name: "root", method: "GET", host: mainHost, path: "/", status: 200, route: "home"},
	{name: "static beats param", method: "GET", host: mainHost, path: "/users/new", status: 200, route: "new_user"},
	{name: "typed param", method: "GET", host: mainHost, path: "/users/42", status: 200, route: "user", params: map[string]string{"id": "42"}},
	{name: "escaped constrained value", method: "GET", host: mainHost, path: "/users/4%32", status: 200, route: "user", params: map[string]string{"id": "42"}},
	{name: "nested params", method: "GET", host: mainHost, path: "/users/7/posts/0f8fad5b-d9cb-469f-a165-70867728950e", status: 200, route: "user_post",
		params: map[string]string{"id": "7", "post": "0f8fad5b-d9cb-469f-a165-70867728950e"}},
	{name: "prefixed param", method: "GET", host: mainHost, path: "/user_ann", status: 200, route: "profile", params: map[string]string{"name": "ann"}},
	{name: "prefix needs a value", method: "GET", host: mainHost, path: "/user_", status: 200, route: "catch_all", catchAll: true},
	{name: "backtrack one level", method: "GET", host: mainHost, path: "/a/b/c", status: 200, route: "deep_static"},
	{name: "backtrack to deeper param", method: "GET", host: mainHost, path: "/a/b/x/e", status: 200, route: "deep_last", params: map[string]string{"y": "x"}},
	{name: "backtrack two levels to middle param", method: "GET", host: mainHost, path: "/a/b/c/d", status: 200, route: "deep_middle", params: map[string]string{"x": "b"}},
	{name: "backtrack to catch-all", method: "GET", host: mainHost, path: "/a/b/c/x", status: 200, route: "deep_rest", params: map[string]string{"rest": "b/c/x"}},
	{name: "deep catch-all", method: "GET", host: mainHost, path: "/files/docs/a%20b/c.txt", status: 200, route: "files", params: map[string]string{"path": "docs/a b/c.txt"}},
	{name: "root catch-all", method: "GET", host: adminHost, path: "/x/y", status: 200, route: "admin_files", params: map[string]string{"path": "x/y"}},
	{name: "catch-all needs a value", method: "GET", host: mainHost, path: "/files", status: 200, route: "catch_all", catchAll: true},
	{name: "escaped slash stays in param", method: "GET", host: mainHost, path: "/api/v1/items/a%2Fb", status: 200, route: "api_item", params: map[string]string{"version": "v1", "id": "a/b"}},
	{name: "non-ASCII param", method: "GET", host: mainHost, path: "/api/v1/items/caf%C3%A9", status: 200, route: "api_item", params: map[string]string{"id": "café"}},
	{name: "paths are case-sensitive", method: "GET", host: mainHost, path: "/Users", status: 200, route: "catch_all", catchAll: true},
	{name: "websocket route", method: "WS", host: mainHost, path: "/chat", status: 200, route: "chat"},
	{name: "plain GET of websocket path", method: "GET", host: mainHost, path: "/chat", status: 200, route: "chat_page"},
	{name: "websocket upgrade of plain route", method: "WS", host: mainHost, path: "/users", status: 200, route: "users"},
	{name: "HEAD served by GET", method: "HEAD", host: mainHost, path: "/users/42", status: 200, route: "user"},
	{name: "own HEAD route", method: "HEAD", host: mainHost, path: "/healthz", status: 200, route: "health"},
	{name: "static file", method: "GET", host: mainHost, path: "/favicon.ico", status: 200, route: "favicon"},
	{name: "listing folder", method: "GET", host: mainHost, path: "/assets/", status: 200, route: "public_assets", params: map[string]string{"filepath": ""}},
	{name: "listed file", method: "GET", host: mainHost, path: "/assets/css/site.css", status: 200, route: "public_assets", params: map[string]string{"filepath": "css/site.css"}},

	// Constraints answer 400.
	{name: "number constraint", method: "GET", host: mainHost, path: "/users/abc", status: 400, route: "user"},
	{name: "uuid4 constraint", method: "GET", host: mainHost, path: "/users/1/posts/not-a-uuid", status: 400, route: "user_post"},
	{name: "oneof constraint", method: "GET", host: mainHost, path: "/doc/v3/intro", status: 400, route: "doc"},

	// Redirects.
	{name: "trailing slash removed", method: "GET", host: mainHost, path: "/users/", status: 301, redirect: "/users"},
	{name: "trailing slash removed, POST keeps method", method: "POST", host: mainHost, path: "/users/", status: 308, redirect: "/users"},
	{name: "trailing slash added for a listing", method: "GET", host: mainHost, path: "/assets", status: 301, redirect: "/assets/"},
	{name: "unclean double slash", method: "GET", host: mainHost, path: "/users//42", status: 301, redirect: "/users/42"},
	{name: "unclean dot segments", method: "PUT", host: mainHost, path: "/users/./7/../42", status: 308, redirect: "/users/42"},
	{name: "open redirect through clean path", method: "GET", host: mainHost, path: "//evil.example/", status: 301, redirect: "/evil.example/"},
	{name: "open redirect through trailing slash", method: "GET", host: mainHost, path: "/a/%5Cevil.example/", status: 200, route: "deep_rest", params: map[string]string{"rest": "\\evil.example/"}},
	{name: "no trailing slash redirect when off", method: "GET", host: adminHost, path: "/", status: 200, route: "admin_home"},

	// OPTIONS, 405 and the catch-all.
	{name: "auto OPTIONS", method: "OPTIONS", host: mainHost, path: "/users/42", status: 204, allow: "DELETE, GET, HEAD, OPTIONS, PUT"},
	{name: "server-wide OPTIONS", method: "OPTIONS", host: mainHost, path: "*", status: 204, allow: "DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT"},
	{name: "405 with Allow", method: "DELETE", host: mainHost, path: "/users", status: 405, allow: "GET, HEAD, OPTIONS, POST"},
	{name: "405 for unknown method", method: "BREW", host: mainHost, path: "/login", status: 405, allow: "OPTIONS, POST"},
	{name: "catch-all after everything", method: "GET", host: mainHost, path: "/nowhere", status: 200, route: "catch_all", catchAll: true},
	{name: "404 without catch-all", method: "GET", host: tenantHost, path: "/nowhere", status: 404},
	{name: "404 when 405 is off", method: "POST", host: adminHost, path: "/", status: 404},

	// Domains.
	{name: "wildcard domain", method: "GET", host: tenantHost, path: "/pages/about", status: 200, route: "tenant_page", params: map[string]string{"slug": "about"}},
	{name: "exact domain beats wildcard", method: "GET", host: adminHost, path: "/", status: 200, route: "admin_home"},
	{name: "host case ignored", method: "GET", host: "EXAMPLE.com:8080", path: "/", status: 200, route: "home"},
	{name: "wildcard is one label", method: "GET", host: "a.b.example.com:8080", path: "/", status: 404, wantDomain: true},
	{name: "another port", method: "GET", host: "example.com:9090", path: "/", status: 200, route: "home"},
	{name: "default port", method: "GET", host: "example.com", path: "/", status: 200, route: "home"},
	{name: "unknown host", method: "GET", host: "other.org:8080", path: "/", status: 404, wantDomain: true},
}

func TestOutcomes(t *testing.T) {
	var m runtime.Match
	for _, o := range outcomes {
		t.Run(o.name, func(t *testing.T) {
			rich.Lookup(&m, o.method, o.host, o.path)
			name := ""
			if m.Route() != nil {
				name = m.Route().Name
			}
			if m.Status() != o.status || name != o.route || m.Allow() != o.allow || m.Redirect() != o.redirect || m.CatchAll() != o.catchAll {
				t.Fatalf("%s %s %s = status %d route %q allow %q redirect %q catch-all %v; want %d %q %q %q %v",
					o.method, o.host, o.path, m.Status(), name, m.Allow(), m.Redirect(), m.CatchAll(), o.status, o.route, o.allow, o.redirect, o.catchAll)
			}
			if o.wantDomain && m.Domain() != nil {
				t.Errorf("matched domain %q, want none", m.Domain().Key)
			}
			for k, v := range o.params {
				if got := m.Params.Get(k); got != v {
					t.Errorf("param %s = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func TestSingleDomainServesEveryHost(t *testing.T) {
	var m runtime.Match
	for _, host := range []string{"localhost:8080", "example.org", "", "10.0.0.1:1234"} {
		aah_examples_rest_api_routes.Lookup(&m, "GET", host, "/")
		if m.Status() != 200 || m.Route().Name != "index" {
			t.Errorf("host %q: status %d, want the index route", host, m.Status())
		}
	}
}

func TestRedirectNeverLeavesHost(t *testing.T) {
	var m runtime.Match
	for _, path := range []string{"//evil.example/", "///evil.example", "/.//evil.example", "/..//evil.example/"} {
		rich.Lookup(&m, "GET", mainHost, path)
		if r := m.Redirect(); m.Status() != 301 || strings.HasPrefix(r, "//") || strings.HasPrefix(r, "/\\") {
			t.Errorf("%s: status %d redirect %q, want a same-host redirect", path, m.Status(), r)
		}
	}
}

func TestLongPaths(t *testing.T) {
	var m runtime.Match
	long := strings.Repeat("x", 8<<10)
	rich.Lookup(&m, "GET", mainHost, "/a/"+long)
	if m.Status() != 200 || m.Params.Get("rest") != long {
		t.Errorf("8 KB catch-all: status %d", m.Status())
	}
	segments := strings.Repeat("a/", 4<<10) + "z"
	rich.Lookup(&m, "GET", mainHost, "/a/"+segments)
	if m.Status() != 200 || m.Params.Get("rest") != segments {
		t.Errorf("8 KB path of 4096 segments: status %d", m.Status())
	}
	rich.Lookup(&m, "GET", mainHost, "/files/"+long)
	if m.Status() != 400 {
		t.Errorf("catch-all over its max=200: status %d, want 400", m.Status())
	}
	aah_router_routes.Lookup(&m, "GET", "localhost:8080", "/hotels/"+long)
	if m.Status() != 200 || m.Route().Name != "show_hotels" {
		t.Errorf("8 KB param: status %d", m.Status())
	}
}
