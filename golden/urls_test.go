package golden_test

import (
	"fmt"
	"html/template"
	"net/http/httptest"
	"path/filepath"
	"reflect"
	goruntime "runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/golden/aah_examples_form_routes"
	"github.com/routegen/routegen/golden/clash"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

// mustURL is the URL of a helper that returned no error.
func mustURL(t *testing.T) func(string, error) string {
	return func(u string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
}

func TestTypedURLHelpers(t *testing.T) {
	must := mustURL(t)
	var zero rich.URLBuilder
	for got, want := range map[string]string{
		must(rich.URL.User(42)):                         "/users/42",
		must(rich.URL.Profile("a b")):                   "/user_a%20b",
		must(rich.URL.APIItem("v1", "a/b")):             "/api/v1/items/a%2Fb",
		must(rich.URL.Files("docs/a b/c.txt")):          "/files/docs/a%20b/c.txt",
		must(rich.URL.PublicAssets("")):                 "/assets/",
		must(rich.URL.TenantsTenantPage("acme", "x")):   "//acme.example.com:8080/pages/x",
		rich.URL.AdminHome():                            "//admin.example.com:8080/",
		rich.URL.Home():                                 "/",
		zero.Home():                                     "/",
		rich.URL.WithBasePath("/svc/").Home():           "/svc/",
		must(rich.URL.WithBasePath("svc").Profile("a")): "/svc/user_a",
		must(rich.URL.WithBasePath("/").Profile("a")):   "/user_a",
		rich.URL.WithBasePath("/svc").AdminHome():       "//admin.example.com:8080/svc/",
		// A base path that would begin with "/\" keeps the URL on its host.
		rich.URL.WithBasePath(`\evil.com`).Home(): "/%5Cevil.com/",
		// A "?" or "#" would end the path: a base path is escaped as a value.
		rich.URL.WithBasePath("/a?b#c/d e").Home(): "/a%3Fb%23c/d%20e/",
	} {
		if got != want {
			t.Errorf("URL helper gave %q, want %q", got, want)
		}
	}
}

// TestURLHelpersInjectNoHost: a subdomain argument is one DNS label (an
// "xn--" one valid Punycode, which browsers decode), and
// no value makes a path that begins with "//" or "/\", which a browser
// reads as another host; typed helpers, RouteURL and RouteURLNamedArgs
// alike refuse, naming the argument.
func TestURLHelpersInjectNoHost(t *testing.T) {
	for _, sub := range []string{"evil.com/", "evil.com#", "evil.com?", "evil.com:80@x", "a.b", "", "-a", strings.Repeat("a", 64), "xn--a", "xn--zz"} {
		for name, build := range map[string]func() (string, error){
			"TenantsTenantPage": func() (string, error) { return rich.URL.TenantsTenantPage(sub, "x") },
			"RouteURL":          func() (string, error) { return rich.RouteURL("tenants.tenant_page", sub, "x") },
			"RouteURLNamedArgs": func() (string, error) {
				return rich.RouteURLNamedArgs("tenants.tenant_page", map[string]any{"subdomain": sub, "slug": "x"})
			},
		} {
			u, err := build()
			if err == nil || !strings.Contains(err.Error(), "subdomain "+strconv.Quote(sub)+" is not one DNS label") {
				t.Errorf("%s(%q) = %q, %v; want an error naming the subdomain", name, sub, u, err)
			}
		}
	}
	for _, rest := range []string{"/evil.com", "//evil.com", ""} {
		u, err := rich.URL.DeepRest(rest)
		if err == nil || strings.HasPrefix(u, "//") || !strings.Contains(err.Error(), `parameter "rest"`) {
			t.Errorf("DeepRest(%q) = %q, %v; want an error naming the parameter", rest, u, err)
		}
	}
	if u, err := rich.URL.DeepRest(`\evil.com`); u != "/a/%5Cevil.com" || err != nil {
		t.Errorf(`DeepRest("\\evil.com") = %q, %v; want the backslash escaped`, u, err)
	}
	if u, err := rich.URL.Profile(""); err == nil {
		t.Errorf(`Profile("") = %q, a link no route serves, and no error`, u)
	}
}

// TestURLHelpersInTemplates: a helper is a method, which a template calls
// by name; one that returns an error stops the template.
func TestURLHelpersInTemplates(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<a href="{{.URL.User 42}}">{{.URL.Profile "a b"}}</a>`))
	var b strings.Builder
	if err := tmpl.Execute(&b, struct{ URL *rich.URLBuilder }{rich.URL}); err != nil {
		t.Fatal(err)
	}
	if want := `<a href="/users/42">/user_a%20b</a>`; b.String() != want {
		t.Errorf("template gave %s, want %s", b.String(), want)
	}
	if err := tmpl.Execute(&b, struct{ URL *rich.URLBuilder }{rich.URL.WithBasePath("/svc")}); err != nil {
		t.Fatal(err)
	}
	if err := template.Must(template.New("").Parse(`{{.URL.User -1}}`)).Execute(&b, struct{ URL *rich.URLBuilder }{rich.URL}); err == nil {
		t.Error("a helper's error did not stop the template")
	}
}

// TestURLHelpersCheckConstraints: a helper, RouteURL and RouteURLNamedArgs
// refuse a value that fails its parameter's constraint, and say which.
func TestURLHelpersCheckConstraints(t *testing.T) {
	for _, tt := range []struct {
		build func() (string, error)
		want  string
	}{
		{func() (string, error) { return rich.URL.User(-1) }, `routegen: route "user": parameter "id": "-1" is not a number`},
		{func() (string, error) { return rich.RouteURL("user", "abc") }, `routegen: route "user": parameter "id": "abc" is not a number`},    //routegen:ignore the test wants this refusal
		{func() (string, error) { return rich.RouteURLNamedArgs("user", map[string]any{"id": "x"}) }, `parameter "id": "x" is not a number`}, //routegen:ignore the test wants this refusal
		{func() (string, error) { return rich.URL.Files(strings.Repeat("a", 201)) }, `parameter "path": "` + strings.Repeat("a", 201) + `" is longer than 200 characters`},
		{func() (string, error) { return rich.RouteURL("doc", "v3", "x") }, `parameter "version": "v3" is not one of v1, v2`}, //routegen:ignore the test wants this refusal
		{func() (string, error) { return rich.RouteURL("api_item", "v1", "..") }, `parameter "id": ".." is a dot segment`},
		{func() (string, error) { return rich.RouteURL("api_item", "", "x") }, `parameter "version": "" is empty`},
		{func() (string, error) { return rich.RouteURL("doc", "v1", "a//b") }, `parameter "page": "a//b" has an empty or dot segment`},
		{func() (string, error) { return rich.URL.Doc("v1", "a/../b") }, `parameter "page": "a/../b" has an empty or dot segment`},
	} {
		u, err := tt.build()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("got %q, %v; want an error with %q", u, err, tt.want)
		}
	}
	if u, err := rich.URL.WithBasePath("/svc").RouteURL("doc", "v2", "a b/c"); err != nil || u != "/svc/doc/v2/a%20b/c" {
		t.Errorf("RouteURL = %q, %v", u, err)
	}
	// A listing serves its folder itself: an empty catch-all is its URL.
	if u, err := rich.RouteURL("public_assets", ""); err != nil || u != "/assets/" {
		t.Errorf("RouteURL of the listing = %q, %v", u, err)
	}
}

func TestRouteURL(t *testing.T) {
	u, err := rich.RouteURLNamedArgs("user", map[string]any{"id": 7, "tab": "posts", "a": "x y"})
	if err != nil || u != "/users/7?a=x+y&tab=posts" {
		t.Errorf("RouteURLNamedArgs = %q, %v", u, err)
	}
	for _, bad := range []func() (string, error){
		func() (string, error) { return rich.RouteURL("nope") },                                   //routegen:ignore the test wants this refusal
		func() (string, error) { return rich.RouteURL("user") },                                   //routegen:ignore the test wants this refusal
		func() (string, error) { return rich.RouteURL("user", 1, 2) },                             //routegen:ignore the test wants this refusal
		func() (string, error) { return rich.RouteURL("tenants.tenant_page") },                    //routegen:ignore the test wants this refusal
		func() (string, error) { return rich.RouteURLNamedArgs("user", map[string]any{"ID": 1}) }, //routegen:ignore the test wants this refusal
	} {
		if u, err := bad(); err == nil {
			t.Errorf("got %q and no error", u)
		}
	}
	args := map[string]any{"id": 1, "extra": 2}
	if _, err := rich.RouteURLNamedArgs("user", args); err != nil || len(args) != 2 {
		t.Errorf("the caller's map was modified: %v", args)
	}
}

// TestClashingNames: parameters named as the generated code's own
// identifiers keep their places in the URL. (A domain's host read from
// the environment could be another's: the links of every domain carry
// their port.)
func TestClashingNames(t *testing.T) {
	must := mustURL(t)
	for got, want := range map[string]string{
		must(clash.URL.Table("a", "b", "c", "d", "e")):     "/table/a/b/c/d/e",
		must(clash.URL.TenantsPage("acme", "s", "t", "u")): "//acme.example.com:8080/s/t/u",
	} {
		if got != want {
			t.Errorf("URL helper gave %q, want %q", got, want)
		}
	}
}

// TestURLHelperAtItsRoute: a helper method is placed by its line directive
// at its route in routes.conf, where go-to-definition and stack traces
// land.
func TestURLHelperAtItsRoute(t *testing.T) {
	fn := goruntime.FuncForPC(reflect.ValueOf((*rich.URLBuilder).Home).Pointer())
	file, line := fn.FileLine(fn.Entry())
	if filepath.Base(file) != "routes.conf" || line != 37 {
		t.Errorf("URLBuilder.Home is at %s:%d, want routes.conf:37 (route home)", file, line)
	}
}

// TestURLHelpersForRouter: the builder of a router builds the URLs the
// router serves, below its base path and at the address WithHost gave a
// domain; a domain it did not move keeps routes.conf's address, and
// WithBasePath on that builder keeps its hosts.
func TestURLHelpersForRouter(t *testing.T) {
	must := mustURL(t)
	newRouter := func(opts ...runtime.Option) *runtime.Router {
		t.Helper()
		rt, err := rich.NewRouter(dashboardNoop{}, appNoop{}, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
			fileNoop{}, itemEcho{}, postNoop{}, tenantEcho{}, userEcho{}, append(opts, runtime.WithStaticFS(assets))...)
		if err != nil {
			t.Fatal(err)
		}
		return rt
	}
	moved := rich.URL.ForRouter(newRouter(runtime.WithHost("admin", "admin.localhost", "9090"), runtime.WithBasePath("/svc/")))
	defaultPort := rich.URL.ForRouter(newRouter(runtime.WithHost("admin", "admin.localhost", ""), runtime.WithHost("tenants", "*.localhost", "443")))
	plain := rich.URL.ForRouter(newRouter())
	for _, c := range []struct{ got, want string }{
		{moved.Home(), "/svc/"},
		{moved.AdminHome(), "//admin.localhost:9090/svc/"},
		{must(moved.RouteURL("admin.admin_home")), "//admin.localhost:9090/svc/"},
		{must(moved.RouteURLNamedArgs("admin.admin_home", map[string]any{"q": 1})), "//admin.localhost:9090/svc/?q=1"},
		{must(moved.TenantsTenantPage("acme", "x")), "//acme.example.com:8080/svc/pages/x"},
		{moved.WithBasePath("/v2").AdminHome(), "//admin.localhost:9090/v2/"},
		{defaultPort.AdminHome(), "//admin.localhost/"},
		{must(defaultPort.TenantsTenantPage("acme", "x")), "//acme.localhost/pages/x"},
		{plain.AdminHome(), "//admin.example.com:8080/"},
		{plain.Home(), "/"},
		{rich.URL.AdminHome(), "//admin.example.com:8080/"},
	} {
		if c.got != c.want {
			t.Errorf("URL helper gave %q, want %q", c.got, c.want)
		}
	}
}

// TestForRouterWhileServing: builders of one router, made and used from
// several goroutines while it serves, share its hosts and only read them
// (run under -race in CI).
func TestForRouterWhileServing(t *testing.T) {
	rt, err := rich.NewRouter(dashboardNoop{}, appNoop{}, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
		fileNoop{}, itemEcho{}, postNoop{}, tenantEcho{}, userEcho{}, runtime.WithStaticFS(assets), runtime.WithHost("admin", "admin.localhost", "9090"))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for range 100 {
				if u := rich.URL.ForRouter(rt).WithBasePath("/svc").AdminHome(); u != "//admin.localhost:9090/svc/" {
					t.Errorf("AdminHome = %q", u)
					return
				}
				w := httptest.NewRecorder()
				rt.ServeHTTP(w, httptest.NewRequest("GET", "http://admin.localhost:9090/", nil))
				if w.Code != 200 {
					t.Errorf("GET admin.localhost:9090/ = %d", w.Code)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestForRouterOfAnotherPackage: a router whose domains are another
// package's, or none, is refused at once rather than given wrong hosts.
func TestForRouterOfAnotherPackage(t *testing.T) {
	type formApp struct {
		aah_examples_form_routes.AppController
	}
	other, err := aah_examples_form_routes.NewRouter(formApp{}, runtime.WithStaticFS(fstest.MapFS{}))
	if err != nil {
		t.Fatal(err)
	}
	for name, rt := range map[string]*runtime.Router{"another package's": other, "nil": nil} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "URLBuilder.ForRouter") {
					t.Errorf("ForRouter of %s router: recovered %v, want a panic naming ForRouter", name, r)
				}
			}()
			rich.URL.ForRouter(rt)
		}()
	}
}
