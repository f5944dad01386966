package gen_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestCommentEscapes: the name of the routes.conf reaches the comments of
// both languages with the characters that end a comment's line or
// reorder it, and those Go source cannot hold (U+FEFF, NUL, bytes that
// are not UTF-8), escaped; internal/tscheck's TestHostileText feeds such text
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
	opts := gen.Options{Package: "routes", Source: "a\nb\rc\u2028d\u2029e\u202ef\u2066g\ufeffh\x00i\ufdd0j\xffk*/h.conf", Output: "routes_gen.go"}
	const want = `// Source: a\nb\rc\u2028d\u2029e\u202ef\u2066g\ufeffh\x00i\ufdd0j\xffk*/h.conf` + "\n"
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
	if !strings.Contains(string(ts), ` * The URLs of the routes of a\nb\rc\u2028d\u2029e\u202ef\u2066g\ufeffh\x00i\ufdd0j\xffk*\/h.conf,`) {
		t.Error("the TypeScript module's doc does not escape the name")
	}
}

// TestFileNameOfLineDirectives: an included file whose name a //line
// directive cannot hold (a line break, or what Go source cannot hold: a
// byte order mark, NUL, a noncharacter) is
// refused at its first route, by Check as by Generate.
func TestFileNameOfLineDirectives(t *testing.T) {
	for _, name := range []string{"x\ny.conf", "x\ufeffy.conf", "x\x00y.conf", "x\ufdd0y.conf"} {
		table, diags := ir.Load(fstest.MapFS{
			"routes.conf": {Data: []byte("domains {\n  site {\n    host = \"localhost\"\n    routes {\n      include \"./" + name + "\"\n    }\n  }\n}\n")},
			name:          {Data: []byte("home { path = \"/\"; controller = \"A\" }\n")},
		}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Errorf("%q: %v", name, diags)
			continue
		}
		want := fmt.Sprintf("%s:1:1: the name of file %q cannot be written in the //line directives of the generated code; rename the file", name, name)
		if diags := gen.Check(table); diags.Error() != want {
			t.Errorf("Check reported\n%v\nwant\n%s", diags, want)
		}
		if files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}); files != nil || diags.Error() != want {
			t.Errorf("Generate reported\n%v\nwant\n%s", diags, want)
		}
	}
}
