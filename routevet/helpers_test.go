package routevet

import (
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestHelpersFoundByTheirRoute reads the table of the test package with
// its comments removed: a helper method is known by the route index its
// body passes, and only one that returns the URL alone is a Helper.
func TestHelpersFoundByTheirRoute(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo, Dir: "testdata"}
	pkgs, err := packages.Load(cfg, "example.com/hotels/routes")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading the test package: %v", pkgs)
	}
	for _, f := range pkgs[0].Syntax {
		ast.Inspect(f, func(n ast.Node) bool {
			if field, ok := n.(*ast.Field); ok {
				field.Doc, field.Comment = nil, nil
			}
			return true
		})
	}
	table, err := readTable(pkgs[0].Syntax, pkgs[0].TypesInfo)
	if err != nil || table == nil {
		t.Fatalf("readTable = %v, %v", table, err)
	}
	got := map[string]string{}
	for _, r := range table.Routes {
		got[table.Domains[r.Domain].Key+"."+r.Name] = r.Helper
	}
	for name, want := range map[string]string{
		"site.home":           "Home",
		"site.hotels":         "Hotels",
		"site.create_hotel":   "CreateHotel",
		"site.docs":           "", // a catch-all: it returns an error too
		"admin.dashboard":     "AdminDashboard",
		"tenants.tenant_home": "", // it takes a subdomain, which can fail
		"site.show_hotel":     "", // constrained: it returns an error too
		"site.booking":        "",
		"site.page":           "",
	} {
		if got[name] != want {
			t.Errorf("the Helper of %s = %q, want %q", name, got[name], want)
		}
	}
}

// TestFillDropsATrailingSlash: a path with a trailing slash its route does
// not have is filled into the route's pattern without it, so that a
// suggestion finds the route; a pattern that has the slash keeps it.
func TestFillDropsATrailingSlash(t *testing.T) {
	for _, c := range []struct {
		pattern, path, want string
		ok                  bool
	}{
		{"/book", "/book/", "/book", true},
		{"/hotels/:id", "/hotels/42/", "/hotels/42", true},
		{"/hotels/:id", "/hotels/42/x", "", false},
		{"/docs/*file", "/docs/a/", "/docs/a/", true},
		{"/", "/", "/", true},
	} {
		got, ok := fill(&Route{Path: c.pattern}, strings.Split(c.path, "/")[1:])
		if ok != c.ok || ok && got != c.want {
			t.Errorf("fill(%s, %s) = %q, %v; want %q, %v", c.pattern, c.path, got, ok, c.want, c.ok)
		}
	}
}
