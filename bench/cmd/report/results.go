package main

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchmath"
)

// competitors are the routers routegen is compared with; "fastest" is the
// fastest of them on a case.
var competitors = []string{"httprouter", "gin", "echo", "bunrouter", "chi", "servemux"}

// The routegen contenders, and the map of the static set.
const (
	lookup   = "routegen.Lookup"
	serve    = "routegen"     // ServeHTTP, with the default anti-CSRF check
	serveAPI = "routegen.api" // ServeHTTP in the API configuration: anti_csrf_check = false
	goMap    = "map"
)

// summary is the median of a benchmark's runs and its 95% confidence
// interval, in the unit of the benchmark.
type summary = benchmath.Summary

// measure is what one contender did on one case.
type measure struct {
	ns, bytes, allocs summary
}

// results are the parsed benchmark output.
type results struct {
	config  map[string]string     // the machine: nproc, cpu-model, cpu, go
	cases   []string              // in order of appearance
	routers map[string][]string   // case → contenders, in order
	byCase  map[[2]string]measure // case, router → measure
	// instructions are the instructions an operation under callgrind, by
	// case and router.
	instructions map[[2]string]float64
	scaling      map[string]map[int]summary
	// fileSizes are the lines and bytes of each synthetic package's
	// generated file, by its number of routes.
	fileSizes map[int][2]float64
	// loads are the load averages at the starts of the rounds of timed
	// runs, over 1, 5 and 15 minutes, in order.
	loads []string
}

func parse(data []byte) (*results, error) {
	res := &results{config: map[string]string{}, routers: map[string][]string{},
		byCase: map[[2]string]measure{}, instructions: map[[2]string]float64{}, scaling: map[string]map[int]summary{}, fileSizes: map[int][2]float64{}}
	samples := map[string]map[string][]float64{} // benchmark name → unit → values
	loadsOf := map[string][]string{}             // benchmark name → the load averages of its runs
	var names []string
	r := benchfmt.NewReader(bytes.NewReader(data), "results")
	for r.Scan() {
		result, ok := r.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		name := result.Name.String()
		for _, c := range result.Config {
			if c.File {
				res.config[c.Key] = string(c.Value)
			}
			if c.Key == "load-average" {
				loadsOf[name] = append(loadsOf[name], string(c.Value))
			}
		}
		if samples[name] == nil {
			samples[name] = map[string][]float64{}
			names = append(names, name)
		}
		for _, v := range result.Values {
			samples[name][v.Unit] = append(samples[name][v.Unit], v.Value)
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	for _, name := range names {
		base, keys := split(name)
		s := samples[name]
		switch base {
		case "Routers":
			if res.loads == nil {
				// Every round runs every benchmark: the first one's loads are the rounds'.
				res.loads = loadsOf[name]
			}
			c, router := keys["case"], keys["router"]
			if !slices.Contains(res.cases, c) {
				res.cases = append(res.cases, c)
			}
			res.routers[c] = append(res.routers[c], router)
			res.byCase[[2]string{c, router}] = measure{
				ns: summarize(s["sec/op"], 1e9), bytes: summarize(s["B/op"], 1), allocs: summarize(s["allocs/op"], 1),
			}
		case "Callgrind":
			res.instructions[[2]string{keys["case"], keys["router"]}] = summarize(s["instr/op"], 1).Center
		case "Generate", "Build", "ScaleLookup":
			n, err := strconv.Atoi(keys["routes"])
			if err != nil {
				return nil, fmt.Errorf("%s: no routes=N", name)
			}
			if res.scaling[base] == nil {
				res.scaling[base] = map[int]summary{}
			}
			res.scaling[base][n] = summarize(s["sec/op"], 1e9)
			if lines := s["file-lines"]; len(lines) > 0 {
				res.fileSizes[n] = [2]float64{lines[0], s["file-bytes"][0]}
			}
		}
	}
	return res, nil
}

// split parses "Routers/case=GithubAll/router=gin-2" into its base name
// and keys.
func split(name string) (string, map[string]string) {
	base, parts := benchfmt.Name(name).Parts()
	keys := map[string]string{}
	for _, p := range parts {
		if k, v, ok := strings.Cut(strings.TrimPrefix(string(p), "/"), "="); ok {
			keys[k] = v
		}
	}
	return string(base), keys
}

// summarize is the median and its confidence interval, the values
// multiplied by scale; no assumption is made about their distribution.
func summarize(values []float64, scale float64) summary {
	if len(values) == 0 {
		return summary{Center: math.NaN()}
	}
	scaled := make([]float64, len(values))
	for i, v := range values {
		scaled[i] = v * scale
	}
	return benchmath.AssumeNothing.Summary(benchmath.NewSample(scaled, &benchmath.DefaultThresholds), 0.95)
}

// fastest is the fastest competitor on case c, and its time.
func (res *results) fastest(c string, among []string) (string, float64) {
	best, ns := "", math.Inf(1)
	for _, r := range among {
		if m, ok := res.byCase[[2]string{c, r}]; ok && m.ns.Center < ns {
			best, ns = r, m.ns.Center
		}
	}
	return best, ns
}

func (res *results) ns(c, router string) float64 {
	if m, ok := res.byCase[[2]string{c, router}]; ok {
		return m.ns.Center
	}
	return math.NaN()
}

func (res *results) print(w io.Writer) {
	fmt.Fprintf(w, "Machine: %s, %s CPUs, %s.\n\n", res.config["cpu-model"], res.config["nproc"], res.config["go"])
	if len(res.loads) > 0 {
		fmt.Fprintf(w, "Load average (1, 5 and 15 minutes) at the start of each round of timed runs: %s.\n\n", strings.Join(res.loads, "; "))
	}
	fmt.Fprintf(w, "Medians of the runs; ± is the 95%% confidence interval; × is the time over the fastest competitor's (%s).\n\n",
		strings.Join(competitors, ", "))
	for _, c := range res.cases {
		fast, fastNs := res.fastest(c, competitors)
		fmt.Fprintf(w, "### %s\n\n| router | ns/op | ± | B/op | allocs/op | × fastest (%s) |\n|---|--:|--:|--:|--:|--:|\n", c, fast)
		for _, r := range res.routers[c] {
			m := res.byCase[[2]string{c, r}]
			fmt.Fprintf(w, "| %s | %s | %s | %.0f | %.0f | %s |\n", r, number(m.ns.Center), m.ns.PctRangeString(),
				m.bytes.Center, m.allocs.Center, ratio(m.ns.Center, fastNs))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "### routegen over each competitor (ratio of times; below 1 is faster)\n\n| case | routegen | %s |\n|---|---|%s\n",
		strings.Join(competitors, " | "), strings.Repeat("--:|", len(competitors)))
	for _, c := range res.cases {
		for _, r := range []string{lookup, serve, serveAPI} {
			if _, ok := res.byCase[[2]string{c, r}]; !ok {
				continue
			}
			fmt.Fprintf(w, "| %s | %s |", c, r)
			for _, comp := range competitors {
				fmt.Fprintf(w, " %s |", ratio(res.ns(c, r), res.ns(c, comp)))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintln(w)
	res.printInstructions(w)
	res.printScaling(w)
	res.printTargets(w)
}

// An instructionTarget is a ratio of routegen's instructions an operation
// over httprouter's ServeHTTP on the same case, and its limit.
type instructionTarget struct {
	what   string
	c      string // the case
	router string // routegen's contender
	limit  float64
}

// apiLimits are the limits of ServeHTTP in the API configuration, by case.
var apiLimits = map[string]float64{"GithubAll": 0.67, "GPlusAll": 0.8, "ParseAll": 0.9, "StaticAll": 0.67}

func instructionTargets() []instructionTarget {
	var list []instructionTarget
	for _, c := range instructionCases {
		list = append(list, instructionTarget{"ServeHTTP, API configuration", c, serveAPI, apiLimits[c]})
	}
	for _, c := range instructionCases {
		list = append(list, instructionTarget{"ServeHTTP, default anti-CSRF check", c, serve, 1})
	}
	return append(list, instructionTarget{"Lookup", "GithubAll", lookup, 0.33})
}

// printInstructions prints the instruction counts and the speed targets
// they judge, with the ratio of wall-clock times beside them.
func (res *results) printInstructions(w io.Writer) {
	fmt.Fprintln(w, "### Instructions (callgrind)")
	fmt.Fprintln(w)
	if len(res.instructions) == 0 {
		fmt.Fprintln(w, "These results hold none: the report counts instructions where valgrind is installed, unless -instructions=false.")
		fmt.Fprintln(w)
		return
	}
	fmt.Fprintf(w, "Instructions an operation under callgrind (%s), the median of the runs. × is routegen's over httprouter's ServeHTTP on the same case. The targets are judged in instructions; the ratio of wall-clock times is beside them.\n\n",
		res.config["valgrind"])
	fmt.Fprintln(w, "| case | routegen | instructions/op | httprouter | × instructions | × wall-clock | target | |")
	fmt.Fprintln(w, "|---|---|--:|--:|--:|--:|--:|---|")
	for _, t := range instructionTargets() {
		got, base := res.instr(t.c, t.router), res.instr(t.c, "httprouter")
		verdict := "met"
		switch {
		case math.IsNaN(got / base):
			verdict = "not counted"
		case got/base > t.limit:
			verdict = "MISSED"
		}
		// Three decimals: a count repeats to better than 1%, and 0.904 is not
		// within a limit of 0.90.
		fmt.Fprintf(w, "| %s | %s (%s) | %s | %s | %s | %s | ≤ %.2f | %s |\n", t.c, t.router, t.what, number(got), number(base),
			ratio3(got, base), ratio(res.ns(t.c, t.router), res.ns(t.c, "httprouter")), t.limit, verdict)
	}
	fmt.Fprintln(w)
}

// instr is the instructions an operation of router on case c, NaN when
// they were not counted.
func (res *results) instr(c, router string) float64 {
	if n, ok := res.instructions[[2]string{c, router}]; ok {
		return n
	}
	return math.NaN()
}

func (res *results) printScaling(w io.Writer) {
	lookups, gens, builds := res.scaling["ScaleLookup"], res.scaling["Generate"], res.scaling["Build"]
	if len(lookups)+len(gens)+len(builds) == 0 {
		return
	}
	var sizes []int
	for _, m := range []map[int]summary{lookups, gens, builds} {
		for n := range m {
			if !slices.Contains(sizes, n) {
				sizes = append(sizes, n)
			}
		}
	}
	slices.Sort(sizes)
	fmt.Fprintf(w, "### Scaling (synthetic route sets)\n\n| routes | Lookup, ns per lookup | × at %d | generation (ir.Load + gen.Generate) | go build of the package | generated file |\n|--:|--:|--:|--:|--:|--:|\n", sizes[0])
	for _, n := range sizes {
		size := "–"
		if s, ok := res.fileSizes[n]; ok {
			size = fmt.Sprintf("%.0f lines, %.0f KB", s[0], s[1]/1024)
		}
		// A Lookup benchmark operation requests 100 routes.
		fmt.Fprintf(w, "| %d | %s | %s | %s | %s | %s |\n", n, number(value(lookups, n)/100),
			ratio(value(lookups, n), value(lookups, sizes[0])), seconds(value(gens, n)), seconds(value(builds, n)), size)
	}
	fmt.Fprintln(w)
}

// printTargets checks the numbers against the goals of the comparison;
// the ratios to httprouter are judged in instructions (printInstructions).
func (res *results) printTargets(w io.Writer) {
	fmt.Fprintln(w, "### Targets")
	fmt.Fprintln(w)
	check := func(what string, got, limit float64) {
		verdict := "met"
		if !(got <= limit) {
			verdict = "MISSED"
		}
		fmt.Fprintf(w, "- %s: %.2f (at most %.2f) — %s\n", what, got, limit, verdict)
	}
	allocs, counted := 0.0, false
	for _, c := range res.cases {
		for _, r := range []string{serve, serveAPI} {
			if m, ok := res.byCase[[2]string{c, r}]; ok {
				allocs, counted = max(allocs, m.bytes.Center+m.allocs.Center), true
			}
		}
	}
	if counted {
		check("ServeHTTP, every case, B/op + allocs/op", allocs, 0)
	}
	if _, ok := res.byCase[[2]string{"StaticAll", goMap}]; ok {
		check("StaticAll, Lookup over a map[string]int", res.ns("StaticAll", lookup)/res.ns("StaticAll", goMap), 1)
	}
	if l := res.scaling["ScaleLookup"]; len(l) > 0 {
		check("Lookup at 10,000 routes over Lookup at 100", value(l, 10000)/value(l, 100), 1.5)
	}
	if g := res.scaling["Generate"]; len(g) > 0 {
		check("generation of 10,000 routes, seconds", value(g, 10000)/1e9, 1)
	}
	if b := res.scaling["Build"]; len(b) > 0 {
		check("go build of 1,000 routes, seconds", value(b, 1000)/1e9, 1)
		check("go build of 10,000 routes, seconds", value(b, 10000)/1e9, 8)
	}
	if src, err := os.ReadFile(filepath.Join("sets", "github", "routes_gen.go")); err == nil {
		check("the GitHub set's generated file, thousands of lines", float64(bytes.Count(src, []byte("\n")))/1000, 3)
	}
	fmt.Fprintln(w)
}

// value is the median at size n, NaN when there is none.
func value(m map[int]summary, n int) float64 {
	if s, ok := m[n]; ok {
		return s.Center
	}
	return math.NaN()
}

// ratio is a/b to two decimals, "–" when either is missing.
func ratio(a, b float64) string {
	if math.IsNaN(a / b) {
		return "–"
	}
	return strconv.FormatFloat(a/b, 'f', 2, 64)
}

// ratio3 is a/b to three decimals, "–" when either is missing.
func ratio3(a, b float64) string {
	if math.IsNaN(a / b) {
		return "–"
	}
	return strconv.FormatFloat(a/b, 'f', 3, 64)
}

// number formats a time in nanoseconds with thousands separators.
func number(ns float64) string {
	if math.IsNaN(ns) {
		return "–"
	}
	s := strconv.FormatFloat(ns, 'f', 0, 64)
	if ns < 100 {
		s = strconv.FormatFloat(ns, 'f', 1, 64)
	}
	for i := len(s) - 3; i > 0 && !strings.Contains(s, "."); i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func seconds(ns float64) string {
	if math.IsNaN(ns) {
		return "–"
	}
	return strconv.FormatFloat(ns/1e9, 'f', 2, 64) + " s"
}
