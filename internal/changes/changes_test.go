package changes

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/txtartest"
	"github.com/routegen/routegen/ir"
)

var update = flag.Bool("update", false, "rewrite the changes and reversed sections of testdata/*.txtar")

// TestCompare: each archive holds old.conf and new.conf; "changes" is
// what Compare finds from old to new, "reversed" from new to old, so that
// each change is seen both ways.
func TestCompare(t *testing.T) {
	txtartest.Suite{Pattern: "testdata/*.txtar", Min: 13, Sections: []string{"changes", "reversed"}, Update: *update}.Run(t, func(t *testing.T, c txtartest.Case) map[string]string {
		load := func(name string) *ir.Table {
			table, diags := ir.Load(c.Files, ir.Sources{Routes: name})
			if table == nil {
				t.Fatalf("%s: %v", name, diags)
			}
			return table
		}
		old, new := load("old.conf"), load("new.conf")
		return map[string]string{"changes": report(Compare(old, new)), "reversed": report(Compare(new, old))}
	})
}

// report is one line a change: where, its kind, what, the route and the
// values before and after.
func report(list []Change) string {
	var b strings.Builder
	for _, c := range list {
		fmt.Fprintf(&b, "%s %s: %s: %s %s %s: %q → %q (was %s)\n", c.Position, c.Kind, c.Change, c.Route, c.Method, c.Path, c.Old, c.New, c.OldPosition)
	}
	return b.String()
}
