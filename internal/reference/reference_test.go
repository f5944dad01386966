package reference_test

import (
	"io/fs"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/internal/reference"
	"github.com/routegen/routegen/ir"
)

// conf holds a case of each rule; the expectations below follow docs/reference.md
// and docs/decisions.md.
const conf = `
domains {
  main {
    host = "example.com"
    port = "8080"
    catch_all { controller = "Fallback"; action = "NotFound" }
    static {
      assets { path = "/assets"; dir = "web"; list = true }
      raw { path = "/raw"; dir = "web" }
    }
    routes {
      home { path = "/"; controller = "App" }
      users {
        path = "/users"
        controller = "User"
        action = "List"
        routes {
          create_user { method = "POST"; action = "Create" }
          new_user { path = "/new"; action = "New" }
          user {
            path = "/:id[number]"
            action = "Show"
            routes {
              delete_user { method = "DELETE"; action = "Delete" }
            }
          }
        }
      }
      profile { path = "/user_:name"; controller = "User"; action = "Profile" }
      profile_x { path = "/user_x:name"; controller = "User"; action = "ProfileX" }
      deep_static { path = "/a/b/c"; controller = "Deep"; action = "Static" }
      deep_middle { path = "/a/:x/c/d"; controller = "Deep"; action = "Middle" }
      deep_last { path = "/a/b/:y/e"; controller = "Deep"; action = "Last" }
      deep_rest { path = "/a/*rest"; controller = "Deep"; action = "Rest" }
      health { path = "/healthz"; method = "HEAD"; controller = "App"; action = "Health" }
      chat { path = "/chat"; method = "WS"; websocket = "Chat"; action = "Stream" }
      preflight { path = "/preflight"; method = "OPTIONS"; controller = "App"; action = "Preflight" }
      doc { path = "/doc/:version[oneof=v1 v2]/*page[max=5]"; controller = "Doc"; action = "Page" }
    }
  }
  tenants {
    host = "*.example.com"
    port = "8080"
    redirect_trailing_slash = false
    method_not_allowed = false
    auto_options = false
    routes {
      page { path = "/p/:slug"; controller = "Tenant"; action = "Page" }
    }
  }
  local {
    host = "localhost"
    port = "80"
    auto_options = false
    routes {
      local_home { path = "/"; controller = "Local"; action = "Home" }
    }
  }
}
`

// load resolves a routes.conf text.
func load(t *testing.T, text string) *ir.Table {
	t.Helper()
	fsys := parserFS{fstest.MapFS{"routes.conf": {Data: []byte(text)}}}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	return table
}

type parserFS struct{ fs.FS }

func (p parserFS) ReadFile(name string) ([]byte, error)  { return fs.ReadFile(p.FS, name) }
func (p parserFS) Glob(pattern string) ([]string, error) { return fs.Glob(p.FS, pattern) }

// want is an expected result, the route by name.
type want struct {
	status   int
	domain   string // key; "" for none
	route    string // name; "catch_all"; "" for none
	params   []string
	allow    string
	redirect string
}

// result turns w into a Result of table: a route is the one named that
// has the request's method, else GET.
func (w want) result(t *testing.T, table *ir.Table, method string) reference.Result {
	res := reference.Result{Status: w.status, Domain: -1, Route: -1, Allow: w.allow, Redirect: w.redirect}
	index := 0
	for _, d := range table.Domains {
		index += len(d.Routes)
	}
	for i, d := range table.Domains {
		if d.Key != w.domain {
			continue
		}
		res.Domain = i
		if w.route == "catch_all" {
			res.Route, res.CatchAll = index+i, true
		}
	}
	index = 0
	for _, d := range table.Domains {
		for _, m := range []string{method, "GET"} {
			if i := slices.IndexFunc(d.Routes, func(r *ir.Route) bool { return r.Name == w.route && r.Method == m }); i >= 0 && res.Route < 0 {
				res.Route = index + i
				for k, v := range w.params {
					res.Params = append(res.Params, reference.Param{Name: d.Routes[i].ParamSpecs[k].Name, Value: v})
				}
			}
		}
		index += len(d.Routes)
	}
	if w.route != "" && res.Route < 0 {
		t.Fatalf("no route %q", w.route)
	}
	return res
}

const mainHost = "example.com:8080"

func TestLookup(t *testing.T) {
	table := load(t, conf)
	for _, c := range []struct {
		method, host, path string
		want               want
	}{
		// Static over parameter over catch-all, coming back up on failure.
		{"GET", mainHost, "/", want{status: 200, domain: "main", route: "home"}},
		{"GET", mainHost, "/users/new", want{status: 200, domain: "main", route: "new_user"}},
		{"GET", mainHost, "/users/42", want{status: 200, domain: "main", route: "user", params: []string{"42"}}},
		{"GET", mainHost, "/users/4%32", want{status: 200, domain: "main", route: "user", params: []string{"42"}}},
		{"GET", mainHost, "/user_ann", want{status: 200, domain: "main", route: "profile", params: []string{"ann"}}},
		{"GET", mainHost, "/user_xy", want{status: 200, domain: "main", route: "profile_x", params: []string{"y"}}},
		{"GET", mainHost, "/user_x", want{status: 200, domain: "main", route: "profile", params: []string{"x"}}},
		{"GET", mainHost, "/user_", want{status: 200, domain: "main", route: "catch_all"}},
		{"GET", mainHost, "/a/b/c", want{status: 200, domain: "main", route: "deep_static"}},
		{"GET", mainHost, "/a/b/x/e", want{status: 200, domain: "main", route: "deep_last", params: []string{"x"}}},
		{"GET", mainHost, "/a/b/c/d", want{status: 200, domain: "main", route: "deep_middle", params: []string{"b"}}},
		{"GET", mainHost, "/a/b/c/x", want{status: 200, domain: "main", route: "deep_rest", params: []string{"b/c/x"}}},
		{"GET", mainHost, "/a/b%2Fc/", want{status: 200, domain: "main", route: "deep_rest", params: []string{"b/c/"}}},
		{"GET", mainHost, "/a/x+y%2B", want{status: 200, domain: "main", route: "deep_rest", params: []string{"x+y+"}}},
		{"GET", mainHost, "/a/%zz", want{status: 200, domain: "main", route: "deep_rest", params: []string{"%zz"}}},
		{"GET", mainHost, "/Users", want{status: 200, domain: "main", route: "catch_all"}},

		// Methods: HEAD and WebSocket fall back to GET.
		{"HEAD", mainHost, "/users/42", want{status: 200, domain: "main", route: "user", params: []string{"42"}}},
		{"DELETE", mainHost, "/users/42", want{status: 200, domain: "main", route: "delete_user", params: []string{"42"}}},
		{"HEAD", mainHost, "/healthz", want{status: 200, domain: "main", route: "health"}},
		{"WS", mainHost, "/chat", want{status: 200, domain: "main", route: "chat"}},
		{"WS", mainHost, "/users", want{status: 200, domain: "main", route: "users"}},
		{"GET", mainHost, "/chat", want{status: 200, domain: "main", route: "catch_all"}},

		// Constraints.
		{"GET", mainHost, "/users/abc", want{status: 400, domain: "main", route: "user", params: []string{"abc"}}},
		{"GET", mainHost, "/doc/v2/a/b", want{status: 200, domain: "main", route: "doc", params: []string{"v2", "a/b"}}},
		{"GET", mainHost, "/doc/v3/a", want{status: 400, domain: "main", route: "doc", params: []string{"v3", "a"}}},
		{"GET", mainHost, "/doc/v1/abcdef", want{status: 400, domain: "main", route: "doc", params: []string{"v1", "abcdef"}}},

		// Static files.
		{"GET", mainHost, "/assets/css/a.css", want{status: 200, domain: "main", route: "assets", params: []string{"css/a.css"}}},
		{"GET", mainHost, "/assets/", want{status: 200, domain: "main", route: "assets", params: []string{""}}},
		{"GET", mainHost, "/assets", want{status: 301, domain: "main", redirect: "/assets/"}},
		{"POST", mainHost, "/assets", want{status: 200, domain: "main", route: "catch_all"}},
		{"GET", mainHost, "/raw/", want{status: 200, domain: "main", route: "raw", params: []string{""}}}, // the folder: its index.html, else 403
		{"GET", mainHost, "/raw", want{status: 200, domain: "main", route: "catch_all"}},

		// Redirects: the clean path, then the trailing slash.
		{"GET", mainHost, "/users/", want{status: 301, domain: "main", redirect: "/users"}},
		{"POST", mainHost, "/users/", want{status: 308, domain: "main", redirect: "/users"}},
		{"HEAD", mainHost, "/users/42/", want{status: 301, domain: "main", redirect: "/users/42"}},
		{"OPTIONS", mainHost, "/users/", want{status: 200, domain: "main", route: "catch_all"}},
		{"GET", mainHost, "/users//42", want{status: 301, domain: "main", redirect: "/users/42"}},
		{"PUT", mainHost, "/users/./7/../42", want{status: 308, domain: "main", redirect: "/users/42"}},
		{"GET", mainHost, "/a/b/..", want{status: 301, domain: "main", redirect: "/a"}},
		{"GET", mainHost, "/a/b/./", want{status: 301, domain: "main", redirect: "/a/b/"}},
		{"GET", mainHost, "//evil.example/", want{status: 301, domain: "main", redirect: "/evil.example/"}},
		{"GET", mainHost, `/\evil.example/./`, want{status: 301, domain: "main", redirect: "/%5Cevil.example/"}},

		// Dot segments spelt with escapes: redirected as literal ones are, or,
		// between escaped slashes (which stay in their segment), refused.
		{"GET", mainHost, "/a/%2e%2e/x", want{status: 301, domain: "main", redirect: "/x"}},
		{"GET", mainHost, "/a/b/.%2E", want{status: 301, domain: "main", redirect: "/a"}},
		{"POST", mainHost, "/users/%2E", want{status: 308, domain: "main", redirect: "/users"}},
		{"GET", mainHost, "/a/./%2e%2e/users", want{status: 301, domain: "main", redirect: "/users"}},
		{"GET", mainHost, "/a/..%2f..%2fetc/passwd", want{status: 400, domain: "main"}},
		{"GET", mainHost, "/a/x%2F.", want{status: 400, domain: "main"}},
		{"GET", mainHost, "/a/%2e%2e%2e/x%2Fy", want{status: 200, domain: "main", route: "deep_rest", params: []string{".../x/y"}}},
		{"GET", mainHost, "/user_..", want{status: 200, domain: "main", route: "catch_all"}},
		{"GET", mainHost, "/user_%2e%2e", want{status: 200, domain: "main", route: "catch_all"}},
		{"GET", mainHost, "/user_.%2e%2Fx", want{status: 200, domain: "main", route: "catch_all"}},

		// OPTIONS and 405.
		{"OPTIONS", mainHost, "/users/42", want{status: 204, domain: "main", allow: "DELETE, GET, HEAD, OPTIONS"}},
		{"PUT", mainHost, "/users/42", want{status: 405, domain: "main", allow: "DELETE, GET, HEAD, OPTIONS"}},
		{"BREW", mainHost, "/users", want{status: 405, domain: "main", allow: "GET, HEAD, OPTIONS, POST"}},
		{"GET", mainHost, "/healthz", want{status: 405, domain: "main", allow: "HEAD, OPTIONS"}},
		{"OPTIONS", mainHost, "/preflight", want{status: 200, domain: "main", route: "preflight"}},
		{"GET", mainHost, "/preflight", want{status: 405, domain: "main", allow: "OPTIONS"}},
		{"OPTIONS", mainHost, "*", want{status: 204, domain: "main", allow: "DELETE, GET, HEAD, OPTIONS, POST"}},
		{"GET", mainHost, "*", want{status: 404, domain: "main"}},
		{"GET", mainHost, "", want{status: 404, domain: "main"}},
		{"GET", mainHost, "users", want{status: 404, domain: "main"}},

		// Domains, and one with every flag off.
		{"GET", "EXAMPLE.com.:8080", "/", want{status: 200, domain: "main", route: "home"}},
		{"GET", "acme.example.com:8080", "/p/x", want{status: 200, domain: "tenants", route: "page", params: []string{"x"}}},
		{"GET", "a.b.example.com:8080", "/p/x", want{status: 404}},
		{"GET", ".example.com:8080", "/p/x", want{status: 404}},
		{"GET", "a'b.example.com:8080", "/p/x", want{status: 404}},
		{"GET", "<script>.example.com:8080", "/p/x", want{status: 404}},
		{"GET", "A-1.example.com:8080", "/p/x", want{status: 200, domain: "tenants", route: "page", params: []string{"x"}}},
		{"GET", "example.com", "/", want{status: 200, domain: "main", route: "home"}},
		{"GET", "example.com:9090", "/", want{status: 200, domain: "main", route: "home"}},
		{"GET", "example.com:80x", "/", want{status: 404}},
		{"GET", "localhost", "/", want{status: 200, domain: "local", route: "local_home"}},
		{"GET", "localhost:443", "/", want{status: 200, domain: "local", route: "local_home"}},
		{"GET", "localhost:", "/", want{status: 200, domain: "local", route: "local_home"}},
		{"GET", "LOCALHOST:80", "/", want{status: 200, domain: "local", route: "local_home"}},
		{"GET", "local\u212aost", "/", want{status: 404}},
		{"POST", "localhost", "/", want{status: 405, domain: "local", allow: "GET, HEAD"}},
		{"GET", "acme.example.com:8080", "/p/x/", want{status: 404, domain: "tenants"}},
		{"POST", "acme.example.com:8080", "/p/x", want{status: 404, domain: "tenants"}},
		{"OPTIONS", "acme.example.com:8080", "/p/x", want{status: 404, domain: "tenants"}},
		{"OPTIONS", "acme.example.com:8080", "*", want{status: 404, domain: "tenants"}},
	} {
		got := reference.Lookup(table, c.method, c.host, c.path)
		if w := c.want.result(t, table, c.method); !equal(got, w) {
			t.Errorf("%s %s %q = %+v, want %+v", c.method, c.host, c.path, got, w)
		}
	}
}

func equal(a, b reference.Result) bool {
	return a.Status == b.Status && a.Domain == b.Domain && a.Route == b.Route && a.CatchAll == b.CatchAll &&
		a.Allow == b.Allow && a.Redirect == b.Redirect && slices.Equal(a.Params, b.Params)
}

func TestOneDomainServesEveryHost(t *testing.T) {
	table := load(t, `domains { only { host = "example.com"; routes { home { path = "/"; controller = "App" } } } }`)
	for _, host := range []string{"example.com:8080", "other.org", "", "[::1]:1"} {
		if got := reference.Lookup(table, "GET", host, "/"); got.Status != 200 || got.Route != 0 {
			t.Errorf("host %q: %+v, want route 0", host, got)
		}
	}
}

func TestParams(t *testing.T) {
	table := load(t, conf)
	doc := table.Domains[0].Routes[slices.IndexFunc(table.Domains[0].Routes, func(r *ir.Route) bool { return r.Name == "doc" })]
	for path, want := range map[string][]string{
		"/doc/v9/a%20b/c": {"v9", "a b/c"},
		"/doc/x/y":        {"x", "y"},
		"/doc/x":          nil,
		"/doc/x/./y":      nil,
		"/doc//y":         nil,
	} {
		params, ok := reference.Params(doc, path)
		var values []string
		for _, p := range params {
			values = append(values, p.Value)
		}
		if ok != (want != nil) || !slices.Equal(values, want) {
			t.Errorf("Params(%s, %q) = %q, %v; want %q", doc.Path, path, values, ok, want)
		}
	}
}

func TestMeets(t *testing.T) {
	for _, c := range []struct {
		constraint, value string
		want              bool
	}{
		{"required", "", false},
		{"required", "x", true},
		{"number", "42", true},
		{"number", "", false},
		{"number", "-1", false},
		{"number", "\u0661", false}, // a non-ASCII digit
		{"number", "9223372036854775807", true},
		{"number", "09223372036854775807", true},
		{"number", "9223372036854775808", false}, // past int64, which actions receive
		{"number", "99999999999999999999", false},
		{"numeric", "-1.5", true},
		{"numeric", "+2", true},
		{"numeric", "+-2", false},
		{"numeric", "1.", false},
		{"numeric", ".5", false},
		{"numeric", "1e3", false},
		{"alpha", "abcXYZ", true},
		{"alpha", "caf\u00e9", false},
		{"alphanum", "a1", true},
		{"alphanum", "a-1", false},
		{"uuid", "0F8FAD5B-D9CB-469F-A165-70867728950E", true},
		{"uuid", "0f8fad5bd9cb469fa16570867728950e", false},
		{"uuid4", "0f8fad5b-d9cb-469f-a165-70867728950e", true},
		{"uuid4", "0f8fad5b-d9cb-469f-B165-70867728950e", true},
		{"uuid4", "0f8fad5b-d9cb-469f-c165-70867728950e", false}, // not the RFC variant
		{"uuid3", "0f8fad5b-d9cb-469f-a165-70867728950e", false},
		{"oneof=v1 v2", "v2", true},
		{"oneof=v1 v2", "V2", false},
		{"max=3", "caf\u00e9", false},
		{"max=3", "abc", true},
		{"min=2", "\xff\xfe", true}, // an invalid byte is a character
		{"len=2", "\u00e91", true},
		{"number,max=10", "10", true},
		{"number,max=10", "11", false},
		{"number,max=10", "9999999999999999999999999", false},
		{"numeric,gt=0", "0", false},
		{"numeric,gt=0", "0.1", true},
		{"numeric,lt=0", "-0.5", true},
		{"numeric,lt=0", "0", false},
		{"numeric,gte=1,lte=2", "2", true},
		{"number|uuid,max=3", "1234", false}, // a length: no term is number alone
		{"number|uuid,max=3", "123", true},
		{"number|alpha", "ab", true},
		{"number|alpha", "a1", false},
	} {
		c0, err := ir.ParseConstraint(c.constraint)
		if err != nil {
			t.Fatal(err)
		}
		if got := reference.Meets(c0, c.value); got != c.want {
			t.Errorf("Meets(%q, %q) = %v, want %v", c.constraint, c.value, got, c.want)
		}
	}
}
