package gen_test

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

// TestLargeTableCallsSegmentEnd: the matchers of a table of more than 512
// routes call runtime.SegmentEnd through one function instead of inlining
// it, and those of a smaller table inline it.
func TestLargeTableCallsSegmentEnd(t *testing.T) {
	for routes, wrapped := range map[int]bool{100: false, 1000: true} {
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(synth.Config(routes))}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		src := string(files[0].Content)
		if _, err := parser.ParseFile(token.NewFileSet(), "routes_gen.go", src, 0); err != nil {
			t.Fatal(err)
		}
		calls, inlined := strings.Count(src, "routegenSegmentEnd(path, "), strings.Count(src, "runtime.SegmentEnd(path, ")
		if wrapped && (calls == 0 || inlined != 1) || !wrapped && (calls != 0 || inlined == 0) {
			t.Errorf("%d routes: %d calls of routegenSegmentEnd, %d of runtime.SegmentEnd", routes, calls, inlined)
		}
	}
}
