package difftest_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/routegen/routegen/internal/difftest"
)

var update = flag.Bool("update", false, "rewrite tables/t*/ from the generator")

// tableSizes are the sizes of the committed tables t00 to t04: two small,
// so that routes crowd each other, one large enough for gen to split its
// matchers into functions, and one of more than 512 routes, whose matchers
// are data, and one whose domains have catch_alls and static routes, which
// the others lack and TestMatchAgreesWithRouter needs. The fresh-table command
// (cmd/difftest) covers breadth: new tables of every size until told to
// stop.
var tableSizes = []int{15, 20, 120, 600, 80}

func tableName(i int) string { return fmt.Sprintf("t%02d", i) }

// TestTablesAreCurrent regenerates every committed table from its seed
// and requires identical routes.conf and routes_gen.go.
func TestTablesAreCurrent(t *testing.T) {
	var names []string
	for i, size := range tableSizes {
		name := tableName(i)
		names = append(names, name)
		table, err := difftest.NewTable(uint64(i), size, name)
		if err != nil {
			t.Fatal(err)
		}
		for file, content := range map[string][]byte{"routes.conf": []byte(table.Conf), "routes_gen.go": table.Source} {
			path := filepath.Join("tables", name, file)
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, content, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			if old, err := os.ReadFile(path); err != nil || !bytes.Equal(old, content) {
				t.Errorf("%s is stale: go test ./internal/difftest -update rewrites it", path)
			}
		}
	}
	entries, err := os.ReadDir("tables")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !slices.Contains(names, e.Name()) {
			t.Errorf("tables/%s is not a table of tableSizes; remove it", e.Name())
		}
	}
}
