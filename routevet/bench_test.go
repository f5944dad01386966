package routevet_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/routegen/routegen/routevet"
)

// BenchmarkLoadAndAnalyze is what a driver of its own (singlechecker) does
// to vet examples/app and golden/github: load the packages and their
// dependencies from source, type-check them and run the analyzer over all
// of them (it needs the facts of the dependencies).
func BenchmarkLoadAndAnalyze(b *testing.B) {
	for b.Loop() {
		vetExamples(b)
	}
}

// BenchmarkAnalyze is the analyzer alone, over packages loaded once.
func BenchmarkAnalyze(b *testing.B) {
	pkgs := loadExamples(b)
	for b.Loop() {
		if _, err := checker.Analyze([]*analysis.Analyzer{routevet.Analyzer}, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func vetExamples(b *testing.B) {
	if _, err := checker.Analyze([]*analysis.Analyzer{routevet.Analyzer}, loadExamples(b), nil); err != nil {
		b.Fatal(err)
	}
}

// loadExamples loads examples/app and golden/github, in a workspace of the
// main module and the examples' module.
func loadExamples(b *testing.B) []*packages.Package {
	root, err := filepath.Abs("..")
	if err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	writeWorkspace(b, dir, root, filepath.Join(root, examplesModule))
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: root, Tests: true,
		Env: append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"))}
	pkgs, err := packages.Load(cfg, "github.com/routegen/routegen/examples/app/...", "./golden/github/...")
	if err != nil {
		b.Fatal(err)
	}
	return pkgs
}
