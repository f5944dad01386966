package golden_test

import (
	"html/template"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/clash"
	"github.com/routegen/routegen/golden/rich"
)

func TestTypedURLHelpers(t *testing.T) {
	must := func(u string, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	for got, want := range map[string]string{
		must(rich.URL.User(42)):                   "/users/42",
		rich.URL.Profile("a b"):                   "/user_a%20b",
		rich.URL.APIItem("v1", "a/b"):             "/api/v1/items/a%2Fb",
		must(rich.URL.Files("docs/a b/c.txt")):    "/files/docs/a%20b/c.txt",
		rich.URL.PublicAssets(""):                 "/assets/",
		rich.URL.TenantsTenantPage("acme", "x"):   "//acme.example.com:8080/pages/x",
		rich.URL.AdminHome():                      "//admin.example.com:8080/",
		rich.URL.Home():                           "/",
		rich.URL.WithBasePath("/svc/").Home():     "/svc/",
		rich.URL.WithBasePath("svc").Profile("a"): "/svc/user_a",
		rich.URL.WithBasePath("/").Profile("a"):   "/user_a",
		rich.URL.WithBasePath("/svc").AdminHome(): "//admin.example.com:8080/svc/",
	} {
		if got != want {
			t.Errorf("URL helper gave %q, want %q", got, want)
		}
	}
}

// TestURLHelpersInTemplates: a helper is a func field, which a template
// calls with call; one that returns an error too stops the template.
func TestURLHelpersInTemplates(t *testing.T) {
	tmpl := template.Must(template.New("").Parse(`<a href="{{call .URL.User 42}}">{{call .URL.Profile "a b"}}</a>`))
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
	if err := template.Must(template.New("").Parse(`{{call .URL.User -1}}`)).Execute(&b, struct{ URL *rich.URLBuilder }{rich.URL}); err == nil {
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
		{func() (string, error) { return rich.RouteURL("user", "abc") }, `routegen: route "user": parameter "id": "abc" is not a number`},
		{func() (string, error) { return rich.RouteURLNamedArgs("user", map[string]any{"id": "x"}) }, `parameter "id": "x" is not a number`},
		{func() (string, error) { return rich.URL.Files(strings.Repeat("a", 201)) }, `parameter "path": "` + strings.Repeat("a", 201) + `" is longer than 200 characters`},
		{func() (string, error) { return rich.RouteURL("doc", "v3", "x") }, `parameter "version": "v3" is not one of v1, v2`},
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
		func() (string, error) { return rich.RouteURL("nope") },
		func() (string, error) { return rich.RouteURL("user") },
		func() (string, error) { return rich.RouteURL("user", 1, 2) },
		func() (string, error) { return rich.RouteURL("tenants.tenant_page") },
		func() (string, error) { return rich.RouteURLNamedArgs("user", map[string]any{"ID": 1}) },
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
// identifiers keep their places in the URL.
func TestClashingNames(t *testing.T) {
	for got, want := range map[string]string{
		clash.URL.Table("a", "b", "c", "d", "e"):     "/table/a/b/c/d/e",
		clash.URL.TenantsPage("acme", "s", "t", "u"): "//acme.example.com:8080/s/t/u",
	} {
		if got != want {
			t.Errorf("URL helper gave %q, want %q", got, want)
		}
	}
}
