package gen_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	goparser "go/parser"
	"go/token"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

// TestLargeTableMatchesAsData: a table of more than 512 routes has no
// matcher written as code, so that NewTable builds its matchers as data,
// and a smaller table's are code, unless Options.Matcher says otherwise.
// Either way the file, rendered in parts, is gofmt's form whole.
func TestLargeTableMatchesAsData(t *testing.T) {
	for _, c := range []struct {
		routes  int
		matcher gen.Matcher
		asData  bool
	}{
		{100, gen.MatcherAuto, false},
		{1000, gen.MatcherAuto, true},
		{100, gen.MatcherData, true},
		{1000, gen.MatcherCode, false},
	} {
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(synth.Config(c.routes))}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go", Matcher: c.matcher})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		src := string(files[0].Content)
		if formatted, err := format.Source(files[0].Content); err != nil || !bytes.Equal(formatted, files[0].Content) {
			t.Errorf("%d routes, matcher %d: the file is not gofmt's form (err %v)", c.routes, c.matcher, err)
		}
		matchers, domainRoutes := strings.Count(src, "\nfunc routegenMatch"), strings.Count(src, "Matchers:")
		if c.asData && (matchers != 0 || domainRoutes != 0) || !c.asData && (matchers == 0 || domainRoutes != 1) {
			t.Errorf("%d routes, matcher %d: %d matcher functions, %d Matchers fields", c.routes, c.matcher, matchers, domainRoutes)
		}
	}
}

// TestCommentOfSlashStarPath: the comment that follows a URL helper field
// is the route's path, and a path that begins with "/*" (a catch-all at
// the root) is the text of a line comment, not the start of a block
// comment.
func TestCommentOfSlashStarPath(t *testing.T) {
	conf := strings.Replace(synth.Config(600), "    routes {\n", "    routes {\n      everything { path = \"/*rest\"; controller = \"C0\"; action = \"Rest\" }\n", 1)
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if want := regexp.MustCompile("`route:\"everything\"` +// /\\*rest\n"); !want.Match(files[0].Content) {
		t.Errorf("the file has no field commented /*rest")
	}
}

// TestLargeTableRoutesAsJSON: a table of more than 512 routes writes
// Routes as JSON that routegenimpl.DecodeRoutes reads, each route's
// fields by name, and its CORS policy the position of the policy's
// variable among DecodeRoutes' arguments after the JSON; the file is
// written for version 3 of routegenimpl's API then, and a smaller
// table's for version 2 (with secure headers) or 1. A table with a string that is not UTF-8 keeps
// the composite literal.
func TestLargeTableRoutesAsJSON(t *testing.T) {
	policies, err := os.ReadFile("../testdata/policies/routes.conf")
	if err != nil {
		t.Fatal(err)
	}
	security, err := os.ReadFile("../testdata/policies/security.conf")
	if err != nil {
		t.Fatal(err)
	}
	generate := func(routes int, extra string) string {
		t.Helper()
		var bulk strings.Builder
		for i := range routes {
			fmt.Fprintf(&bulk, "      bulk%d { path = \"/bulk/%d\"; controller = \"Bulk\"; action = \"Bulk%d\" }\n", i, i, i)
		}
		conf := strings.Replace(string(policies), "    routes {\n", extra+"    routes {\n"+bulk.String(), 1)
		fsys := fstest.MapFS{"routes.conf": {Data: []byte(conf)}, "security.conf": {Data: security}}
		// No application body limit, which version 5 added: the versions below are the table's.
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf", MaxBodySize: "0"})
		if table == nil {
			t.Fatal(diags)
		}
		files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		return string(files[0].Content)
	}

	src := generate(520, "    static {\n      tick { path = \"/tick\"; dir = \"a`b\" }\n    }\n")
	if !strings.Contains(src, "routegenimpl.RunGoGenerate(3 - routegenimpl.MinVersion)") {
		t.Errorf("the file is not written for version 3")
	}
	f, err := goparser.ParseFile(token.NewFileSet(), "routes_gen.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var data string
	var cors []string // DecodeRoutes' arguments after the JSON
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		spec, ok := g.Specs[0].(*ast.ValueSpec)
		if !ok {
			continue
		}
		switch spec.Names[0].Name {
		case "routegenRoutesJSON":
			data, _ = strconv.Unquote(spec.Values[0].(*ast.BasicLit).Value)
		case "Routes":
			for _, arg := range spec.Values[0].(*ast.CallExpr).Args[1:] {
				cors = append(cors, arg.(*ast.Ident).Name)
			}
		}
	}
	type check struct {
		Func string
		Args []string
	}
	var routes []struct {
		Name, Dir     string
		Authorization *struct {
			SatisfyBoth        bool
			Roles, Permissions []check
		}
		CORS *int
	}
	if err := json.Unmarshal([]byte(data), &routes); err != nil {
		t.Fatalf("routegenRoutesJSON: %v", err)
	}
	byName := map[string]int{}
	for i, r := range routes {
		byName[r.Name] = i
	}
	if len(routes) < 520 || len(byName) != len(routes)-1 { // api_items is GET and POST
		t.Errorf("%d routes of %d names in the JSON", len(routes), len(byName))
	}
	policyOf := func(name string) string {
		r := routes[byName[name]]
		if r.CORS == nil {
			return ""
		}
		return cors[*r.CORS]
	}
	if got := routes[byName["tick"]].Dir; got != "a`b" {
		t.Errorf("the folder of tick is %q", got)
	}
	if a := routes[byName["admin_users"]].Authorization; a == nil || !a.SatisfyBoth ||
		!slices.EqualFunc(a.Permissions, []check{{"ispermitted", []string{"users:read"}}}, func(a, b check) bool {
			return a.Func == b.Func && slices.Equal(a.Args, b.Args)
		}) {
		t.Errorf("the authorization of admin_users is %+v", a)
	}
	if policyOf("home") == "" || policyOf("api_private") != "" || policyOf("api_public") == policyOf("home") {
		t.Errorf("CORS policies: home %q, api_private %q, api_public %q", policyOf("home"), policyOf("api_private"), policyOf("api_public"))
	}
	if !strings.Contains(src, "var "+policyOf("api_public")+" = &runtime.CORS{\n\tAllowOrigins:  []string{\"*\"},") {
		t.Errorf("%s is not the policy of api_public", policyOf("api_public"))
	}

	// The table's security.conf gives it secure headers, which version 2 added.
	if src := generate(400, ""); !strings.Contains(src, "var Routes = []runtime.Route{") || !strings.Contains(src, "RunGoGenerate(2 - routegenimpl.MinVersion)") {
		t.Errorf("a table of some 420 routes does not write Routes as a composite literal for version 2")
	}
	if src := generate(520, "    static {\n      latin1 { path = \"/latin1\"; dir = \"caf\xe9\" }\n    }\n"); !strings.Contains(src, "var Routes = []runtime.Route{") {
		t.Errorf("a table with a folder that is not UTF-8 does not write Routes as a composite literal")
	}
}

// TestSourcePathOncePerFile: Options.SourcePath, which may cost a system
// call, is asked once for each file of the routes, not for each mention
// of a route's position in the code.
func TestSourcePathOncePerFile(t *testing.T) {
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(synth.Config(600))}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	var mu sync.Mutex
	calls := map[string]int{}
	sourcePath := func(file string) string {
		mu.Lock()
		defer mu.Unlock()
		calls[file]++
		return "../" + file
	}
	opts := gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go", SourcePath: sourcePath}
	files, diags := gen.Generate(table, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if !bytes.Contains(files[0].Content, []byte(`"Pos":"../routes.conf:`)) {
		t.Errorf("the positions do not name the file as SourcePath does")
	}
	if _, diags := gen.TypeScript(table, opts); diags.HasErrors() {
		t.Fatal(diags)
	}
	if calls["routes.conf"] != 2 || len(calls) != 1 {
		t.Errorf("SourcePath was asked %v, want routes.conf once by Generate and once by TypeScript", calls)
	}
}
