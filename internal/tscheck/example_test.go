package tscheck

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestExampleFrontEnd: the example application's script and the helpers
// it imports, as committed in examples/app/static/js, are what tsc
// compiles from examples/app/web (see Front end in docs/usage.md).
func TestExampleFrontEnd(t *testing.T) {
	RequireNode(t)
	out := t.TempDir()
	web := filepath.Join(Root, "examples", "app", "web")
	if msg, ok := Tsc(t, web, "--project", "tsconfig.json", "--outDir", out); !ok {
		t.Fatalf("tsc -p examples/app/web:\n%s", msg)
	}
	committed := filepath.Join(Root, "examples", "app", "static", "js")
	compiled := map[string][]byte{}
	filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(out, p)
			compiled[rel], err = os.ReadFile(p)
		}
		return err
	})
	if len(compiled) == 0 {
		t.Fatal("tsc wrote nothing")
	}
	filepath.WalkDir(committed, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if rel, _ := filepath.Rel(committed, p); compiled[rel] == nil {
				t.Errorf("examples/app/static/js/%s is not compiled from examples/app/web: remove it", rel)
			}
		}
		return err
	})
	for rel, want := range compiled {
		if got, err := os.ReadFile(filepath.Join(committed, rel)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("examples/app/static/js/%s is stale (%v): compile examples/app/web again (Front end in docs/usage.md)", rel, err)
		}
	}
}
