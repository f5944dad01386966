package routevet_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/routevet"
)

var update = flag.Bool("update", false, "regenerate testdata/routes from testdata/routes.conf")

// testdata is a module of its own, in a workspace with this one, so that
// its packages import github.com/routegen/routegen/runtime as users' do.
var testdata = analysistest.TestData()

// TestAnalyzer checks the diagnostics against the want comments of the
// test packages, and the fixes of fixes/ against fixes.go.golden.
func TestAnalyzer(t *testing.T) {
	t.Parallel()
	analysistest.RunWithSuggestedFixes(t, testdata, routevet.Analyzer, "./routes", "./handlers", "./actions", "./unrelated", "./fixes", "./broken", "./sparse", "./sparseuse", "./ignores", "./versioned", "./versioneduse", "./twocontrollers", "./givenas")
}

func TestHelpersFlag(t *testing.T) {
	t.Parallel()
	a := routevet.NewAnalyzer()
	if err := a.Flags.Set("helpers", "true"); err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, testdata, a, "./helpers")
}

// TestTestdataFresh regenerates the test package's routes with gen, so
// that the analyzer is tested on what routegen writes today; -update
// rewrites it.
func TestTestdataFresh(t *testing.T) {
	dir := filepath.Join(testdata, "routes")
	table, diags := ir.Load(osFS{}, ir.Sources{Routes: filepath.Join(testdata, "routes.conf")})
	if table == nil || diags.HasErrors() {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{
		Package:    "routes",
		Source:     "../routes.conf",
		Output:     "routes_gen.go",
		SourcePath: func(string) string { return "../routes.conf" },
	})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if *update {
			if err := os.WriteFile(path, f.Content, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		old, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(old, f.Content) {
			t.Errorf("%s is stale; run go test ./routevet -run TestTestdataFresh -update", path)
		}
	}
}

type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error)  { return os.ReadFile(name) }
func (osFS) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }
