package gen_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestLookupOfEscapedLiterals checks that the Lookup of a one-domain table
// calls its matcher itself only when no literal is escaped: a path is to be
// spelt canonically (by Table.Lookup) before it meets a non-ASCII literal,
// lest a raw "/α" match the parameter of "/:name" beside "/α".
func TestLookupOfEscapedLiterals(t *testing.T) {
	for conf, direct := range map[string]bool{
		`a { path = "/a"; controller = "App" }
		 b { path = "/:name"; controller = "App"; action = "Show" }`: true,
		`a { path = "/α"; controller = "App" }
		 b { path = "/:name"; controller = "App"; action = "Show" }`: false,
	} {
		src := "domains {\n  localhost {\n    host = \"localhost\"\n    routes {\n" + conf + "\n    }\n  }\n}\n"
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(src)}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		code := string(files[0].Content)
		start := strings.Index(code, "func Lookup(")
		body := code[start : start+strings.Index(code[start:], "\n}\n")]
		if got := strings.Contains(body, "routegenMatch0("); got != direct {
			t.Errorf("%s:\nLookup calls the matcher itself: %v, want %v\n%s", conf, got, direct, body)
		}
	}
}
