package gen_test

import (
	"bytes"
	"fmt"
	"go/format"
	goparser "go/parser"
	"go/token"
	"os"
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

// TestLargeTableRoutesAsGo: a table of more than 512 routes writes its
// routes as the smaller ones do, a composite literal of Go, every string
// quoted as jennifer quotes it: a folder with a backtick, a constraint
// word with U+FEFF (which Go source cannot hold in the middle of a file)
// and a folder that is not UTF-8 all parse; the authorization of a route
// is its literal.
func TestLargeTableRoutesAsGo(t *testing.T) {
	policies, err := os.ReadFile("../testdata/policies/routes.conf")
	if err != nil {
		t.Fatal(err)
	}
	security, err := os.ReadFile("../testdata/policies/security.conf")
	if err != nil {
		t.Fatal(err)
	}
	var bulk strings.Builder
	for i := range 520 {
		fmt.Fprintf(&bulk, "      bulk%d { path = \"/bulk/%d\"; controller = \"Bulk\"; action = \"Bulk%d\" }\n", i, i, i)
	}
	bulk.WriteString("      bom { path = \"/bom/:v[oneof=a\ufeff b]\"; controller = \"Bulk\"; action = \"Bom\" }\n")
	extra := "    static {\n      tick { path = \"/tick\"; dir = \"a`b\" }\n      latin1 { path = \"/latin1\"; dir = \"caf\xe9\" }\n    }\n"
	conf := strings.Replace(string(policies), "    routes {\n", extra+"    routes {\n"+bulk.String(), 1)
	fsys := fstest.MapFS{"routes.conf": {Data: []byte(conf)}, "security.conf": {Data: security}}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src := files[0].Content
	if _, err := goparser.ParseFile(token.NewFileSet(), "routes_gen.go", src, 0); err != nil {
		t.Fatalf("the file does not parse: %v", err)
	}
	for _, want := range []string{
		"\nvar routegenRoutes = []runtime.Route{\n",
		`Dir: "a` + "`" + `b"`,
		`Dir: "caf\xe9"`,
		`Constraints: []string{"oneof=a\ufeff b"}`,
		`Authorization: &runtime.Authorization{SatisfyBoth: true, Roles: []runtime.Check{{Func: "hasrole", Args: []string{"admin"}}}`,
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the file has no %s", want)
		}
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
	if !bytes.Contains(files[0].Content, []byte(`Pos: "../routes.conf:`)) {
		t.Errorf("the positions do not name the file as SourcePath does")
	}
	if _, diags := gen.TypeScript(table, opts); diags.HasErrors() {
		t.Fatal(diags)
	}
	if calls["routes.conf"] != 2 || len(calls) != 1 {
		t.Errorf("SourcePath was asked %v, want routes.conf once by Generate and once by TypeScript", calls)
	}
}

// TestLargeTableStaticCache: a table of more than 512 routes, whose route
// lines are written as text, gives its static routes the caching of the
// app config's cache.static as a small table's literal does.
func TestLargeTableStaticCache(t *testing.T) {
	var conf strings.Builder
	conf.WriteString("domains { site { host = \"localhost\"\n  static { tick { path = \"/tick\"; dir = \"tick\" } }\n  routes {\n")
	for i := range 520 {
		fmt.Fprintf(&conf, "    bulk%d { path = \"/bulk/%d\"; controller = \"Bulk\"; action = \"Bulk%d\" }\n", i, i, i)
	}
	conf.WriteString("  } } }\n")
	fsys := fstest.MapFS{
		"routes.conf": {Data: []byte(conf.String())},
		"aah.conf":    {Data: []byte(`cache { static { mime_types { css { mime = "text/css"; cache_control = "public, max-age=600" } } } }` + "\nenv { prod { } }\n")},
	}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", AppConfig: "aah.conf", Profile: "prod"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src := string(files[0].Content)
	for _, want := range []string{
		"var routegenStaticCache = &runtime.StaticCache{",
		`"text/css": "public, max-age=600"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the file has no %q", want)
		}
	}
	for line := range strings.Lines(src) {
		if strings.Contains(line, "Name: \"tick\"") != strings.Contains(line, "StaticCache: routegenStaticCache") {
			t.Errorf("a route line has a StaticCache only if it is the static route's: %s", line)
		}
	}
}
