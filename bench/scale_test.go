package bench_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/routegen/routegen/bench/internal/setgen"
	"github.com/routegen/routegen/internal/synth"
)

// sizes are the numbers of routes of the synthetic route sets.
var sizes = []int{100, 1000, 10000}

var (
	scale      = flag.Bool("scale", false, "TestScale: generate the synthetic route sets into a temporary module, time go build of each and benchmark their Lookup")
	scaleCount = flag.Int("scale.count", 6, "TestScale: how many times to build each package and run each Lookup benchmark")
)

// BenchmarkGenerate times generation in-process, from routes.conf text
// (ir.Load) to the formatted package (gen.Generate).
func BenchmarkGenerate(b *testing.B) {
	for _, n := range sizes {
		conf := synth.Config(n)
		b.Run(fmt.Sprintf("routes=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := setgen.Generate("routes", conf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestScale generates the synthetic route sets into a temporary module
// whose dependencies it builds first, then times `go build` of each
// generated package, then runs the Lookup benchmark of each package
// (lookupTemplate). It prints both in the benchmark format, to standard
// output, for cmd/report.
func TestScale(t *testing.T) {
	if !*scale {
		t.Skip("run with -scale")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// A module path of its own every run: no package can come from the build cache.
	module := fmt.Sprintf("scale%d", time.Now().UnixNano())
	write(t, filepath.Join(dir, "go.mod"), fmt.Sprintf(
		"module %s\n\ngo 1.25\n\nrequire github.com/routegen/routegen v0.0.0\n\nreplace github.com/routegen/routegen => %s\n", module, root))
	for _, n := range sizes {
		pkg := fmt.Sprintf("r%d", n)
		src, err := setgen.Generate(pkg, synth.Config(n))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, pkg, "routes_gen.go"), string(src))
		write(t, filepath.Join(dir, pkg, "lookup_test.go"), strings.NewReplacer(
			"MODULE", module, "PKG", pkg, "SIZE", fmt.Sprint(n)).Replace(lookupTemplate))
	}
	run(t, dir, "go", "mod", "tidy")
	run(t, dir, "go", "build", "github.com/routegen/routegen/runtime")
	for _, n := range sizes {
		pkg := fmt.Sprintf("r%d", n)
		src, err := os.ReadFile(filepath.Join(dir, pkg, "routes_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		for i := range *scaleCount {
			// Each build compiles a package that differs by a comment.
			write(t, filepath.Join(dir, pkg, "build.go"), fmt.Sprintf("package %s // build %d\n", pkg, i))
			start := time.Now()
			run(t, dir, "go", "build", "./"+pkg)
			fmt.Printf("BenchmarkBuild/routes=%d \t1\t%d ns/op\t%d file-lines\t%d file-bytes\n",
				n, time.Since(start).Nanoseconds(), bytes.Count(src, []byte("\n")), len(src))
		}
	}
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", ".", "-benchmem", "-count", fmt.Sprint(*scaleCount), "./...")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
}

func write(t *testing.T, file, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func run(t *testing.T, dir, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// lookupTemplate benchmarks the Lookup of a generated synthetic package
// on a fixed sample of 100 of its routes, spread over the table, with
// concrete values for their parameters.
const lookupTemplate = `package PKG_test

import (
	"strings"
	"testing"

	"MODULE/PKG"
	"github.com/routegen/routegen/runtime"
)

type request struct{ method, host, path string }

func BenchmarkScaleLookup(b *testing.B) {
	var sample []request
	var m runtime.Match
	routes, domains := PKG.Routes(), PKG.Domains()
	for i := 0; i < len(routes); i += len(routes) / 100 {
		r := &routes[i]
		path := r.Path
		for _, p := range r.Params {
			path = strings.Replace(strings.Replace(path, ":"+p, "42", 1), "*"+p, "a/b.txt", 1)
		}
		host := domains[r.Domain].Host
		if port := domains[r.Domain].Port; port != "" {
			host += ":" + port
		}
		q := request{r.Method, host, path}
		if PKG.Lookup(&m, q.method, q.host, q.path); m.Route().Index != r.Index || m.Status() != 200 {
			b.Fatalf("%s %s%s: status %d, want route %s", q.method, q.host, q.path, m.Status(), r.Name)
		}
		sample = append(sample, q)
	}
	b.Run("routes=SIZE", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			for _, q := range sample {
				PKG.Lookup(&m, q.method, q.host, q.path)
			}
		}
	})
}
`
