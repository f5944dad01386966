package bench_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/routegen/routegen/bench/internal/setgen"
)

// TestSetsAreFresh fails when a committed set package differs from what
// the route sets and the current generator produce.
func TestSetsAreFresh(t *testing.T) {
	sets, err := setgen.Sets(routesets)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		files, err := setgen.Files(s)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range files {
			file := filepath.Join("sets", s.Name, name)
			if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s is stale: run go generate in bench/", file)
			}
		}
	}
}
