package gen_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

// hostileSize is the size of the files of BenchmarkHostile: the budgets
// are for any 10 MB routes.conf.
const hostileSize = 10 << 20

// hostileShapes write routes.conf files of about hostileSize bytes, each
// the worst of one kind: routes side by side, long paths, references to
// one key, deep nesting.
var hostileShapes = map[string]func() string{
	"siblings": func() string {
		return routesConf(func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "      r%d { path = \"/p%d\"; controller = \"A\"; action = \"A\" }\n", i, i)
		})
	},
	"long-paths": func() string {
		segments := strings.Repeat("/segment", 250)
		return routesConf(func(b *strings.Builder, i int) {
			fmt.Fprintf(b, "      r%d { path = \"/x%d%s\"; controller = \"A\"; action = \"A\" }\n", i, i, segments)
		})
	},
	"references": func() string {
		return routesConf(func(b *strings.Builder, i int) {
			controller := "domains.localhost.routes.r0.controller" // every route's reads the first one's
			if i == 0 {
				controller = `"A"`
			}
			fmt.Fprintf(b, "      r%d { path = \"/p%d\"; controller = %s; action = \"A\" }\n", i, i, controller)
		})
	},
	"nesting": func() string {
		return routesConf(func(b *strings.Builder, i int) {
			for k := range 8 {
				fmt.Fprintf(b, "g%d_%d { path = \"/g%d\"; controller = \"A\"; routes { ", i, k, i)
			}
			fmt.Fprintf(b, "r%d { path = \"/r\"; action = \"A\" }", i)
			b.WriteString(strings.Repeat(" }", 16) + "\n")
		})
	},
}

// routesConf is a routes.conf of one domain whose routes { } route writes,
// one after another, up to hostileSize bytes.
func routesConf(route func(b *strings.Builder, i int)) string {
	var b strings.Builder
	b.WriteString("domains {\n  localhost {\n    host = \"localhost\"\n    default_auth = \"anonymous\"\n    routes {\n")
	for i := 0; b.Len() < hostileSize; i++ {
		route(&b, i)
	}
	b.WriteString("    }\n  }\n}\n")
	return b.String()
}

// The budgets of BenchmarkHostile, in seconds of each operation.
const (
	checkBudget    = 2
	generateBudget = 5
)

// BenchmarkHostile checks and generates each hostile shape, and generates
// the synthetic table of 100,000 routes, the most a routes.conf may have
// (shape=routes-100000). The budgets are ≤ 2 s and ≤ 1 GB (B/op bounds
// the allocation) for check, ≤ 5 s for generation; the metric
// budget-used is the time of an operation over its budget, at most 1 when
// it is met. A shape past a limit (100,000 route sections) is refused by
// check, with a message: its generation is skipped. Run it alone:
// go test ./gen -run '^$' -bench Hostile -benchmem -benchtime 1x.
func BenchmarkHostile(b *testing.B) {
	for _, shape := range []string{"siblings", "long-paths", "references", "nesting", "routes-100000"} {
		var src string
		if shape == "routes-100000" {
			src = synth.Config(100_000)
		} else {
			src = hostileShapes[shape]()
		}
		fsys := fstest.MapFS{"routes.conf": {Data: []byte(src)}}
		b.Run("shape="+shape+"/step=check", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if table, _ := ir.Load(fsys, ir.Sources{Routes: "routes.conf"}); table != nil {
					gen.Check(table)
				}
			}
			reportBudget(b, checkBudget)
		})
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
		b.Run("shape="+shape+"/step=generate", func(b *testing.B) {
			if table == nil {
				b.Skipf("refused by check: %v", diags[0])
			}
			b.ReportAllocs()
			for b.Loop() {
				if _, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}); diags.HasErrors() {
					b.Fatal(diags)
				}
			}
			reportBudget(b, generateBudget)
		})
	}
}

// reportBudget reports the time of an operation over its budget of
// seconds.
func reportBudget(b *testing.B, seconds float64) {
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)/seconds, "budget-used")
}
