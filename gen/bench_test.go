package gen_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

// BenchmarkGenerate measures generation alone, from a resolved table to
// the formatted file, for synthetic configs of 100 to 10,000 routes.
func BenchmarkGenerate(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		fsys := fstest.MapFS{"routes.conf": &fstest.MapFile{Data: []byte(synth.Config(n))}}
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			b.Fatal(diags)
		}
		b.Run(fmt.Sprintf("routes=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
		})
	}
}
