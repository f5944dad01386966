package ir_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

func synthFS(n int) fstest.MapFS {
	return fstest.MapFS{"routes.conf": &fstest.MapFile{Data: []byte(synth.Config(n))}}
}

func TestSyntheticConfigs(t *testing.T) {
	for _, n := range []int{100, 1000, 10000} {
		table, diags := ir.Load(synthFS(n), ir.Sources{Routes: "routes.conf"})
		if table == nil || len(diags) > 0 {
			t.Fatalf("%d routes: %v", n, diags)
		}
		count := 0
		for _, d := range table.Domains {
			count += len(d.Routes)
		}
		if count != n {
			t.Errorf("synthetic config of %d routes has %d", n, count)
		}
	}
}

// BenchmarkCheck measures what `routegen check` does: parse, resolve and
// validate a whole config.
func BenchmarkCheck(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		fsys := synthFS(n)
		b.Run(fmt.Sprintf("routes=%d", n), func(b *testing.B) {
			for b.Loop() {
				if table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"}); table == nil {
					b.Fatal(diags)
				}
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"0": 0, "500b": 500, "64KB": 64 << 10, "5mb": 5 << 20, "1.5GiB": 3 << 29, " 2 k ": 2048} {
		if got, err := ir.ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "mb", "5 megs", "0.5b", "0.0001kb", "-1", "1.2.3"} {
		if got, err := ir.ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) = %d and no error", in, got)
		}
	}
}
