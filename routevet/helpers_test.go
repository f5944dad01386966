package routevet

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
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

// TestHelperMethodRouteOfEitherBody reads helper methods of both bodies a
// generated package has had: the builder function's call, which passes
// the URLBuilder whole, and the runtime's, which a package generated
// before that function passes its base. A function of another name is no
// helper's.
func TestHelperMethodRouteOfEitherBody(t *testing.T) {
	const src = `package routes

type URLBuilder struct{ base int }

type table struct{}

func (table) HelperURL(base *int, route int, values ...string) string { return "" }
func (table) CheckedHelperURL(base *int, route int, values ...string) (string, error) {
	return "", nil
}

var routegenTable table

func routegenHelperURL(u *URLBuilder, route int, values ...string) string { return "" }
func routegenCheckedHelperURL(u *URLBuilder, route int, values ...string) (string, error) {
	return "", nil
}
func HelperURL(u *URLBuilder, route int, values ...string) string { return "" }

func (u *URLBuilder) Home() string              { return routegenHelperURL(u, 3) }
func (u *URLBuilder) Hotel(id string) (string, error) { return routegenCheckedHelperURL(u, 4, id) }
func (u *URLBuilder) OldHome() string           { return routegenTable.HelperURL(&u.base, 5) }
func (u *URLBuilder) OldHotel(id string) (string, error) {
	return routegenTable.CheckedHelperURL(&u.base, 6, id)
}
func (u *URLBuilder) Other() string { return HelperURL(u, 7) }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "routes.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
	if _, err := (&types.Config{}).Check("routes", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	type found struct {
		route       int
		checked, ok bool
	}
	want := map[string]found{
		"Home":     {3, false, true},
		"Hotel":    {4, true, true},
		"OldHome":  {5, false, true},
		"OldHotel": {6, true, true},
		"Other":    {0, false, false},
	}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv == nil {
			continue
		}
		var got found
		got.route, got.checked, got.ok = helperMethodRoute(fn, info)
		if got != want[fn.Name.Name] {
			t.Errorf("helperMethodRoute(%s) = %v, want %v", fn.Name.Name, got, want[fn.Name.Name])
		}
		delete(want, fn.Name.Name)
	}
	if len(want) > 0 {
		t.Errorf("methods not read: %v", want)
	}
}
