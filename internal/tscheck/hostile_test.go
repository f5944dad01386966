package tscheck

import (
	"encoding/json"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// hostileTexts end a comment's line in Go or JavaScript (a newline, a
// carriage return, the line and paragraph separators), end a block
// comment, open one, or reorder what a reader sees (bidirectional
// controls), each followed by code that sets globalThis.PWNED or declares
// a Go variable.
var hostileTexts = []string{
	"x\u2028globalThis.PWNED=1;[]\u2028.length",
	"x\u2029globalThis.PWNED=1;[]\u2029.length",
	"x\nglobalThis.PWNED=1;var PWNED = 1\n//",
	"x\rglobalThis.PWNED=1;\r//",
	"x*/globalThis.PWNED=1;/*",
	"/*x",
	"x\u202eglobalThis.PWNED=1\u2066//\u2069",
	"x\u0085globalThis.PWNED=1;",
}

// hostileConf is a routes.conf with a placeholder in each string field a
// payload may reach, the file name of its include among them.
const hostileConf = `domains {
  site {
    name = "@name"
    host = "localhost"
    default_auth = "@auth"
    routes {
      home { path = "/"; controller = "@controller"; action = "@action" }
      item { path = "/items/:id[oneof=a @word]"; controller = "A"; action = "Show" }
      include "./@file.conf"
    }
    static {
      files { path = "/files"; dir = "@dir"; list = true }
      one { path = "/one.txt"; file = "@file.txt"; base_dir = "@dir" }
    }
    cors { allow_origins = ["https://@origin.example"]; allow_headers = ["@header"] }
  }
}
`

// TestHostileText: a payload in any string field of routes.conf, in the
// name of an included file or in the routes.conf's own name, that check
// accepts, reaches neither language's code. The Go file declares what
// the plain table's declares, and holds none of the payloads'
// characters outside its string literals' escapes; the TypeScript module
// compiles, exports what the plain table's exports, and importing it in
// Node runs none of the payload. A file name that a //line directive
// cannot hold is refused at its position.
func TestHostileText(t *testing.T) {
	RequireNode(t)
	fields := []string{"@name", "@auth", "@controller", "@action", "@word", "@file", "@dir", "@origin", "@header", "source"}
	plain := hostileTable(t, "", "")
	if plain.goDecls == nil {
		t.Fatalf("the plain table is refused: %s", plain.refusal)
	}
	dir := t.TempDir()
	modules := map[string]string{"plain.ts": plain.ts}
	generated, refused := 0, 0
	for _, field := range fields {
		for i, payload := range hostileTexts {
			got := hostileTable(t, field, payload)
			what := field + " = " + strconv.Quote(payload)
			if got.goDecls == nil {
				refused++
				if field == "@file" && strings.IndexFunc(payload, unicode.IsControl) >= 0 && !strings.Contains(got.refusal, "cannot be written in the //line directives") {
					t.Errorf("%s: refused with %q, not as a file name a //line directive cannot hold", what, got.refusal)
				}
				continue
			}
			generated++
			if !slices.Equal(got.goDecls, plain.goDecls) {
				t.Errorf("%s: the Go file declares %v, the plain one %v", what, got.goDecls, plain.goDecls)
			}
			if k := strings.IndexFunc(got.goSource, func(r rune) bool { return r != '\n' && r != '\t' && unsafe(r) }); k >= 0 {
				t.Errorf("%s: the Go file holds %q: …%s…", what, []rune(got.goSource[k:])[0], got.goSource[max(k-40, 0):k])
			}
			if k := strings.IndexFunc(got.ts, func(r rune) bool { return r == '\r' || r == '\u2028' || r == '\u2029' }); k >= 0 {
				t.Errorf("%s: the TypeScript module holds %q: …%s…", what, []rune(got.ts[k:])[0], got.ts[max(k-40, 0):k])
			}
			modules[strings.TrimPrefix(field, "@")+strconv.Itoa(i)+".ts"] = got.ts
		}
	}
	t.Logf("%d tables generated, %d refused", generated, refused)
	if generated < len(hostileTexts) {
		t.Fatalf("only %d tables with a payload were generated: the test proves little", generated)
	}
	var files []string
	for name, ts := range modules {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(ts), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(dir, name))
	}
	out := filepath.Join(dir, "js")
	if out, ok := Tsc(t, Dir, append([]string{"--ignoreConfig", "--strict", "--target", "es2020", "--module", "es2022", "--lib", "es2020", "--outDir", out}, files...)...); !ok {
		t.Fatalf("tsc: %s", out)
	}
	if err := os.WriteFile(filepath.Join(out, "package.json"), []byte(`{"type": "module"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `const results = {};
for (const name of process.argv.slice(2)) {
  const m = await import("./" + name);
  results[name] = { exports: Object.keys(m).sort(), pwned: typeof globalThis.PWNED };
}
console.log(JSON.stringify(results));
`
	if err := os.WriteFile(filepath.Join(out, "import.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	var names []string
	for name := range modules {
		names = append(names, strings.TrimSuffix(name, ".ts")+".js")
	}
	slices.Sort(names)
	var results map[string]struct {
		Exports []string
		Pwned   string
	}
	if err := json.Unmarshal(Node(t, out, nil, "import.mjs", names...), &results); err != nil {
		t.Fatal(err)
	}
	want := results["plain.js"].Exports
	if len(want) == 0 {
		t.Fatal("the plain module exports nothing")
	}
	for _, name := range names {
		r := results[name]
		if r.Pwned != "undefined" {
			t.Errorf("importing %s set globalThis.PWNED", name)
		}
		if !slices.Equal(r.Exports, want) {
			t.Errorf("%s exports %v, the plain module %v", name, r.Exports, want)
		}
	}
}

type hostileOutput struct {
	goDecls  []string // the names the Go file declares; nil when refused
	goSource string
	ts       string
	refusal  string
}

// hostileTable generates the table of hostileConf with payload in field,
// and the plain word "x" in the others.
func hostileTable(t *testing.T, field, payload string) hostileOutput {
	t.Helper()
	conf, source, file := hostileConf, "routes.conf", "x"
	for _, f := range []string{"@name", "@auth", "@controller", "@action", "@word", "@dir", "@origin", "@header"} {
		value := "x"
		if f == field {
			value = payload
		}
		conf = strings.ReplaceAll(conf, f, strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value))
	}
	switch field {
	case "@file":
		// A file's name, not a path or a glob.
		file = strings.NewReplacer("/", "_", "*", "_").Replace(payload)
	case "source":
		source = payload + ".conf"
	}
	conf = strings.ReplaceAll(conf, "@file", strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(file))
	fsys := fstest.MapFS{
		"routes.conf":   {Data: []byte(conf)},
		file + ".conf":  {Data: []byte(`extra { path = "/extra"; controller = "A"; action = "Extra" }` + "\n")},
		"x.txt":         {Data: []byte("x")},
		file + ".txt":   {Data: []byte("x")},
		"x/placeholder": {Data: []byte("x")},
	}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
	if table == nil || diags.HasErrors() {
		return hostileOutput{refusal: diags.Error()}
	}
	opts := gen.Options{Package: "routes", Source: source, Output: "routes_gen.go"}
	files, diags := gen.Generate(table, opts)
	if diags.HasErrors() {
		return hostileOutput{refusal: diags.Error()}
	}
	ts, diags := gen.TypeScript(table, opts)
	if diags.HasErrors() {
		t.Errorf("%s = %q: Generate wrote the Go file, TypeScript refused: %v", field, payload, diags)
		return hostileOutput{refusal: diags.Error()}
	}
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, "routes_gen.go", files[0].Content, 0)
	if err != nil {
		t.Errorf("%s = %q: the Go file does not parse: %v", field, payload, err)
		return hostileOutput{refusal: err.Error()}
	}
	var decls []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			decls = append(decls, d.Name.Name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.ValueSpec:
					for _, n := range s.Names {
						decls = append(decls, n.Name)
					}
				case *ast.TypeSpec:
					decls = append(decls, s.Name.Name)
				}
			}
		}
	}
	slices.Sort(decls)
	return hostileOutput{goDecls: decls, goSource: string(files[0].Content), ts: string(ts)}
}

// unsafe reports the characters no generated comment may hold.
func unsafe(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}
