package routevet_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/routegen/routegen/routevet"
)

// BenchmarkLoadAndAnalyze is what `routegen vet ./examples/app/...
// ./golden/github/...` does after the go command's work: load the packages
// and their dependencies from source, type-check them and run the analyzer
// over all of them (it needs the facts of the dependencies).
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

func loadExamples(b *testing.B) []*packages.Package {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: "..", Tests: true}
	pkgs, err := packages.Load(cfg, "./examples/app/...", "./golden/github/...")
	if err != nil {
		b.Fatal(err)
	}
	return pkgs
}
