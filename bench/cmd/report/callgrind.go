package main

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"regexp"
	"strconv"
)

// The instruction counts judge the speed targets: on a shared machine the
// time of the same code moves by a third from run to run, its count of
// instructions by 1.5% at most.

// instructionCases are the whole-set cases whose ServeHTTP the report
// counts for routegen, in both configurations, and for httprouter.
var instructionCases = []string{"GithubAll", "GPlusAll", "ParseAll", "StaticAll"}

// counted are the benchmarks of BenchmarkRouters the report counts, by
// case and router: ServeHTTP on every set, and Lookup on GitHub.
func counted() [][2]string {
	var list [][2]string
	for _, c := range instructionCases {
		list = append(list, [2]string{c, serveAPI}, [2]string{c, serve}, [2]string{c, "httprouter"})
	}
	return append(list, [2]string{"GithubAll", lookup})
}

// opsOf is the number of operations of a case under callgrind: some 50
// million instructions a run.
var opsOf = map[string]int{"GithubAll": 300, "StaticAll": 500, "ParseAll": 3000, "GPlusAll": 5000}

// runsOf is the number of runs of a count, whose median is kept. A count
// repeats to a few in ten thousand, but httprouter's moved by up to 1.5%
// from process to process when its handlers recorded each request.
const runsOf = 3

// callgrindEnv is the environment of a benchmark under callgrind: no
// garbage collection and one thread, so that two runs execute the same
// code but for the operations; no asynchronous preemption, whose signals
// land anywhere; and no RDTSCP, an instruction valgrind 3.19 does not know,
// which the runtime's lock can reach.
var callgrindEnv = []string{"GOGC=off", "GOMAXPROCS=1", "GODEBUG=asyncpreemptoff=1,cpu.rdtscp=off"}

// countInstructions counts each benchmark of counted() in the test binary
// bin under callgrind, runsOf times, and writes its instructions an
// operation to w as benchmark results of unit instr/op:
//
//	BenchmarkCallgrind/case=GithubAll/router=routegen 300 148932.0 instr/op
//
// where 300 are the operations counted. Without valgrind it says so and
// counts nothing.
func countInstructions(w io.Writer, bin string) error {
	if _, err := exec.LookPath("valgrind"); err != nil {
		log.Print("valgrind is not installed: the instruction counts are skipped (apt-get install valgrind)")
		return nil
	}
	version, err := exec.Command("valgrind", "--version").Output()
	if err != nil {
		return fmt.Errorf("valgrind --version: %v", err)
	}
	fmt.Fprintf(w, "valgrind: %s\n", bytes.TrimSpace(version))
	for _, b := range counted() {
		ops := opsOf[b[0]]
		for range runsOf {
			total, err := callgrind(bin, b[0], b[1], ops)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "BenchmarkCallgrind/case=%s/router=%s %d %.1f instr/op\n", b[0], b[1], ops, total/float64(ops))
		}
	}
	return nil
}

// collected is callgrind's total of instructions executed.
var collected = regexp.MustCompile(`(?m)^==\d+== Collected : (\d+)$`)

// callgrind runs BenchmarkRouters of case c and router for ops operations
// under callgrind and returns the instructions of the operations: those
// executed inside the function of the timed loop (serveOp, or lookupOp
// for Lookup), which nothing else calls. The program's start-up, the
// check before timing and the runtime's other threads are left out.
func callgrind(bin, c, router string, ops int) (float64, error) {
	op := "*bench_test.serveOp"
	if router == lookup {
		op = "*bench_test.lookupOp"
	}
	filter := "^BenchmarkRouters$/^case=" + regexp.QuoteMeta(c) + "$/^router=" + regexp.QuoteMeta(router) + "$"
	args := []string{"--tool=callgrind", "--callgrind-out-file=/dev/null", "--collect-atstart=no", "--toggle-collect=" + op,
		bin, "-test.run", "^$", "-test.bench", filter, "-test.benchtime", fmt.Sprintf("%dx", ops)}
	log.Printf("valgrind %v", args)
	cmd := exec.Command("valgrind", args...)
	cmd.Env = append(os.Environ(), callgrindEnv...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("callgrind of %s/%s: %v\n%s%s", c, router, err, stdout.Bytes(), stderr.Bytes())
	}
	// A filter that selected no benchmark would count the start-up alone.
	ran := regexp.MustCompile(`(?m)^BenchmarkRouters/case=` + regexp.QuoteMeta(c) + `/router=` + regexp.QuoteMeta(router) + `\s`)
	if !ran.Match(stdout.Bytes()) {
		return 0, fmt.Errorf("callgrind of %s/%s: the benchmark did not run:\n%s", c, router, stdout.Bytes())
	}
	m := collected.FindSubmatch(stderr.Bytes())
	if m == nil {
		return 0, fmt.Errorf("callgrind of %s/%s: no total in its output:\n%s", c, router, stderr.Bytes())
	}
	n, err := strconv.ParseFloat(string(m[1]), 64)
	if err == nil && n == 0 {
		err = fmt.Errorf("callgrind of %s/%s: no instruction inside %s", c, router, op)
	}
	return n, err
}
