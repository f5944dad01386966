package changes

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/routegen/routegen/ir"
)

// TestCompareSelf: a table compared with itself has no change: no
// request is answered otherwise, and nothing is named otherwise.
func TestCompareSelf(t *testing.T) {
	paths, _ := filepath.Glob("../../testdata/*/routes.conf")
	for _, path := range paths {
		t.Run(path, func(t *testing.T) {
			load := func() *ir.Table {
				table, diags := ir.Load(dirFS{os.DirFS(filepath.Dir(path))}, ir.Sources{Routes: "routes.conf"})
				if table == nil {
					t.Fatal(diags)
				}
				return table
			}
			for _, c := range Compare(load(), load()) {
				t.Errorf("%s %s: %s %s: %s → %s: %s", c.Kind, c.Change, c.Route, c.Method, c.Old, c.New, c.Effect)
			}
		})
	}
}

// dirFS reads a folder as ir.Load does.
type dirFS struct{ fs.FS }

func (d dirFS) ReadFile(name string) ([]byte, error)  { return fs.ReadFile(d.FS, name) }
func (d dirFS) Glob(pattern string) ([]string, error) { return fs.Glob(d.FS, pattern) }
