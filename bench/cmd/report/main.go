// Command report runs the whole benchmark comparison and prints its
// tables: routegen against the fastest Go routers on the route sets of the
// standard benchmark, the instructions of routegen and httprouter under
// callgrind, and routegen at 100 to 10,000 routes. Run it in bench/:
//
//	go run ./cmd/report                   # -count 10, then callgrind, then the scaling runs
//	go run ./cmd/report -count 0 -scale=false   # the instruction counts alone
//	go run ./cmd/report -in results.txt   # only the tables and chart of earlier results
//
// It writes the raw results to results.txt (benchstat reads it too), prints
// Markdown tables of medians and ratios, and draws chart.svg. Without
// valgrind it says so and skips the instruction counts.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

func main() {
	count := flag.Int("count", 10, "runs of each benchmark, for benchstat's statistics")
	benchtime := flag.String("benchtime", "1s", "go test -benchtime of the router benchmarks")
	bench := flag.String("bench", ".", "go test -bench: the benchmarks timed, by default all of them")
	scale := flag.Bool("scale", true, "also build and benchmark the synthetic route sets (some minutes)")
	instructions := flag.Bool("instructions", true, "also count instructions under callgrind (some minutes; needs valgrind)")
	in := flag.String("in", "", "read these results instead of running the benchmarks")
	out := flag.String("o", "results.txt", "where to write the raw results")
	chart := flag.String("chart", "chart.svg", "where to draw the chart")
	flag.Parse()
	log.SetFlags(0)

	var data []byte
	if *in != "" {
		var err error
		if data, err = os.ReadFile(*in); err != nil {
			log.Fatal(err)
		}
	} else {
		var err error
		if data, err = runBenchmarks(*count, *bench, *benchtime, *scale, *instructions); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(*out, data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	res, err := parse(data)
	if err != nil {
		log.Fatal(err)
	}
	res.print(os.Stdout)
	if err := os.WriteFile(*chart, res.chart(), 0o644); err != nil {
		log.Fatal(err)
	}
}

// runBenchmarks runs the router and generation benchmarks, then the
// router benchmarks under callgrind, then the scaling test, and returns
// their output after a description of the machine (benchfmt configuration
// lines).
func runBenchmarks(count int, bench, benchtime string, scale, instructions bool) ([]byte, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "nproc: %d\ncpu-model: %s\ngo: %s\n", runtime.NumCPU(), cpuModel(), goVersion())
	// One test binary, so that every round times the same code, and rounds
	// of every benchmark rather than -count, so that a change in the
	// machine's load falls on every router alike.
	dir, err := os.MkdirTemp("", "report")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "bench.test")
	if err := run(io.Discard, "go", "test", "-c", "-o", bin, "."); err != nil {
		return nil, err
	}
	for i := range count {
		log.Printf("round %d of %d", i+1, count)
		// The results of a round carry the machine's load at its start: the
		// machine may be shared, and the times are read beside it.
		fmt.Fprintf(&buf, "load-average: %s\n", loadAverage())
		if err := run(&buf, bin, "-test.run", "^$", "-test.bench", bench, "-test.benchmem", "-test.benchtime", benchtime, "-test.timeout", "0"); err != nil {
			return nil, err
		}
	}
	if instructions {
		if err := countInstructions(&buf, bin); err != nil {
			return nil, err
		}
	}
	if scale {
		if err := run(&buf, "go", "test", "-run", "^TestScale$", "-scale", "-scale.count", fmt.Sprint(count), "-timeout", "0", "."); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// run runs a command, its output to w and, for progress, to standard error.
func run(w io.Writer, name string, args ...string) error {
	log.Printf("%s %s", name, strings.Join(args, " "))
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = io.MultiWriter(w, os.Stderr), os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

// cpuModel is the model name /proc/cpuinfo gives, or "unknown".
func cpuModel() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// loadAverage is the load average over 1, 5 and 15 minutes that
// /proc/loadavg gives, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

func goVersion() string {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return runtime.Version()
	}
	return strings.TrimSpace(string(out))
}
