package gen_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestCommentEscapes: the name of the routes.conf reaches the comments of
// both languages with the characters that end a comment's line or
// reorder it escaped; internal/tscheck's TestHostileText feeds such text
// through every field and runs the module.
func TestCommentEscapes(t *testing.T) {
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(`domains {
  site {
    host = "localhost"
    routes {
      home { path = "/"; controller = "A" }
    }
  }
}
`)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	opts := gen.Options{Package: "routes", Source: "a\nb\rc\u2028d\u2029e\u202ef\u2066g*/h.conf", Output: "routes_gen.go"}
	const want = `// Source: a\nb\rc\u2028d\u2029e\u202ef\u2066g*/h.conf` + "\n"
	files, diags := gen.Generate(table, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ts, diags := gen.TypeScript(table, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for lang, text := range map[string]string{"Go": string(files[0].Content), "TypeScript": string(ts)} {
		if !strings.Contains(text, want) {
			t.Errorf("the %s file has no line %q", lang, want)
		}
	}
	if !strings.Contains(string(ts), ` * The URLs of the routes of a\nb\rc\u2028d\u2029e\u202ef\u2066g*\/h.conf,`) {
		t.Error("the TypeScript module's doc does not escape the name")
	}
}

// TestFileNameOfLineDirectives: an included file whose name a //line
// directive cannot hold is refused at its first route, by Check as by
// Generate.
func TestFileNameOfLineDirectives(t *testing.T) {
	table, diags := ir.Load(fstest.MapFS{
		"routes.conf": {Data: []byte("domains {\n  site {\n    host = \"localhost\"\n    routes {\n      include \"./x\ny.conf\"\n    }\n  }\n}\n")},
		"x\ny.conf":   {Data: []byte("home { path = \"/\"; controller = \"A\" }\n")},
	}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	const want = "x\ny.conf:1:1: the name of file \"x\\ny.conf\" cannot be written in the //line directives of the generated code; rename the file"
	if diags := gen.Check(table); diags.Error() != want {
		t.Errorf("Check reported\n%v\nwant\n%s", diags, want)
	}
	if files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}); files != nil || diags.Error() != want {
		t.Errorf("Generate reported\n%v\nwant\n%s", diags, want)
	}
}
