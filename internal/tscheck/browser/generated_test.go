package browser

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/tscheck"
	"github.com/routegen/routegen/ir"
)

var update = flag.Bool("update", false, "rewrite site/routes_gen.go and site/routes.ts")

type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error)  { return os.ReadFile(name) }
func (osFS) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }

// TestGenerated: site/routes_gen.go and site/routes.ts are what the
// go:generate directive of doc.go writes.
func TestGenerated(t *testing.T) {
	t.Chdir(tscheck.Root)
	const conf, out = "internal/tscheck/browser/routes.conf", "internal/tscheck/browser/site"
	table, diags := ir.Load(osFS{}, ir.Sources{Routes: conf})
	if table == nil {
		t.Fatal(diags)
	}
	fromOutput := func(file string) string {
		rel, err := filepath.Rel(out, file)
		if err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(rel)
	}
	// The directive runs the checkout's routegen, whose version is (devel).
	opts := gen.Options{Package: "site", Source: "../routes.conf", Output: "routes_gen.go", SourcePath: fromOutput, Version: "(devel)"}
	files, diags := gen.Generate(table, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	ts, diags := gen.TypeScript(table, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for name, content := range map[string][]byte{files[0].Name: files[0].Content, "routes.ts": ts} {
		path := filepath.Join(out, name)
		if *update {
			if err := os.WriteFile(path, content, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if want, err := os.ReadFile(path); err != nil || !bytes.Equal(content, want) {
			t.Errorf("%s is stale (%v): go generate ./internal/tscheck/browser, or go test -update, rewrites it", path, err)
		}
	}
}
