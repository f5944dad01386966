package parser

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the expected results in testdata/*.txtar")

// TestTxtar runs the cases in testdata/*.txtar. The first file of an
// archive is loaded (with the archive's other files beside it), built and
// resolved; each stage runs only when the one before had no errors. The
// section "errors" lists the diagnostics expected, one a line; the optional
// section "object" is the resolved object expected, as dumpObject prints it.
func TestTxtar(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			runTxtar(t, file)
		})
	}
}

func runTxtar(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	var main string
	want := map[string]*txtar.File{}
	for i, f := range ar.Files {
		switch f.Name {
		case "errors", "object":
			want[f.Name] = &ar.Files[i]
		default:
			if main == "" {
				main = f.Name
			}
			fsys[f.Name] = &fstest.MapFile{Data: f.Data}
		}
	}
	if want["errors"] == nil {
		t.Fatalf("%s has no section \"errors\"", file)
	}

	diags, obj := loadBuildResolve(fsys, main)
	got := map[string]string{"errors": diagnosticLines(diags)}
	if obj != nil {
		got["object"] = dumpObjectString(obj)
	}

	if *update {
		for name, f := range want {
			f.Data = []byte(got[name])
		}
		if err := os.WriteFile(file, txtar.Format(ar), 0o666); err != nil {
			t.Fatal(err)
		}
		return
	}
	for name, f := range want {
		if got[name] != string(f.Data) {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", name, got[name], f.Data)
		}
	}
}

// loadBuildResolve runs the stages up to the first with errors, and returns
// the diagnostics of all, and the object when every stage ran.
func loadBuildResolve(fsys FS, filename string) (Diagnostics, *Object) {
	f, diags := Load(fsys, filename)
	if diags.HasErrors() {
		return diags, nil
	}
	obj, buildDiags := Build(f)
	diags = append(diags, buildDiags...)
	return append(diags, ResolveRefs(obj)...), obj
}
