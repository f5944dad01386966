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

// TestLargeTableMatchesAsData: a table of more than 512 routes has no
// matcher written as code, so that NewTable builds its matchers as data,
// and a smaller table's are code.
func TestLargeTableMatchesAsData(t *testing.T) {
	for routes, asData := range map[int]bool{100: false, 1000: true} {
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
		matchers, domainRoutes := strings.Count(src, "\nfunc routegenMatch"), strings.Count(src, "DomainRoutes:")
		if asData && (matchers != 0 || domainRoutes != 0) || !asData && (matchers == 0 || domainRoutes != 1) {
			t.Errorf("%d routes: %d matcher functions, %d DomainRoutes", routes, matchers, domainRoutes)
		}
	}
}
