// Command difftest compares both kinds of matcher, generated code and the
// tries of core.NewMatcher, with internal/reference on fresh random
// route tables until they disagree or the time is up. Each table is
// generated in-process twice, with its matchers as code and as data, and
// written as two packages of a module in a temporary folder (routegen
// replaced by this module); a driver built against them reads requests on
// standard input and writes, as JSON lines, the answers of both Lookups,
// which are compared with the reference's.
//
//	go run ./internal/difftest/cmd/difftest -duration 30m
//
// With -agree it compares routegen match's function (internal/explain)
// with the router instead: the driver serves each table's router over
// HTTP, and requests with random policy headers (difftest.PolicyRequests)
// must get the same status, Location, Allow, WWW-Authenticate and CORS
// headers from both.
//
//	go run ./internal/difftest/cmd/difftest -agree -duration 30m
//
// With -changes N it holds routegen changes to the routers instead, on N
// random edits of random tables (difftest.CheckChanges), in-process, and
// prints how many requests it sent, how many were answered otherwise, the
// findings and the edits that disagree:
//
//	go run ./internal/difftest/cmd/difftest -changes 5000 -seed 7
//
// It stops at the first disagreement, printing the routes.conf, the
// request and both answers, and keeps the folder; else it prints how many
// tables and requests it checked.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/internal/reference"
)

func main() {
	duration := flag.Duration("duration", time.Minute, "how long to run")
	requests := flag.Int("requests", 20000, "requests per table")
	maxSize := flag.Int("max-size", 200, "the most route sections of a table")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the table seeds")
	agree := flag.Bool("agree", false, "compare routegen match with the router, over HTTP, instead of the matchers with the reference")
	edits := flag.Int("changes", 0, "hold routegen changes to the routers' answers on this many random edits of random tables instead (difftest.CheckChanges), and print the numbers")
	flag.Parse()
	if *edits > 0 {
		var stats difftest.ChangesStats
		start := time.Now()
		difftest.CheckChanges(*seed, *edits, 100, &stats)
		for _, e := range stats.Examples {
			fmt.Println(e)
		}
		fmt.Printf("difftest -changes: seed %d, %s, in %v\n", *seed, stats, time.Since(start).Round(time.Second))
		if stats.Disagreements > 0 {
			os.Exit(1)
		}
		return
	}
	compare := compare
	if *agree {
		compare = compareMatch
	}
	if err := run(*duration, *requests, *maxSize, *seed, compare); err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(1)
	}
}

// comparer compares n random requests of table on the driver built in
// dir, and returns how many it compared, with an error at the first
// disagreement.
type comparer func(dir string, table difftest.Table, rng *rand.Rand, n int) (int, error)

func run(duration time.Duration, requests, maxSize int, seed uint64, compare comparer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	dir, err := newDriverModule(root)
	if err != nil {
		return err
	}
	fmt.Printf("difftest: seed %d, driver module %s\n", seed, dir)
	rng := rand.New(rand.NewPCG(seed, 0))
	start := time.Now()
	var tables, routes, checked int
	for tables == 0 || time.Since(start) < duration { // one table at least
		tableSeed, size := rng.Uint64(), 1+rng.IntN(maxSize)
		table, err := difftest.NewTable(tableSeed, size, "table")
		if err != nil {
			return err
		}
		if err := writeTable(dir, table); err != nil {
			return err
		}
		n, err := compare(dir, table, rand.New(rand.NewPCG(tableSeed, 1)), requests)
		checked += n
		if err != nil {
			fmt.Printf("routes.conf of table seed %d, size %d:\n%s\n", tableSeed, size, table.Conf)
			return fmt.Errorf("%v\nafter %d tables and %d requests in %v; the driver module is kept in %s", err, tables, checked, time.Since(start).Round(time.Second), dir)
		}
		tables++
		for _, d := range table.IR.Domains {
			routes += len(d.Routes)
		}
	}
	fmt.Printf("difftest: %d tables (%d routes), %d requests in %v: no disagreement\n", tables, routes, checked, time.Since(start).Round(time.Second))
	return os.RemoveAll(dir)
}

// moduleRoot is the folder of routegen's go.mod, at or above the working one.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(data), "module github.com/routegen/routegen\n") {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run it inside the routegen module")
		}
		dir = parent
	}
}

// newDriverModule writes the driver's module: routegen replaced by the
// module at root, its go.sum, and the driver, which looks requests up in
// the packages table and tabledata.
func newDriverModule(root string) (string, error) {
	dir, err := os.MkdirTemp("", "difftest")
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	goMod := fmt.Sprintf("module difftestdriver\n\ngo 1.25.0\n\nrequire github.com/routegen/routegen v0.0.0\n\nreplace github.com/routegen/routegen => %s\n", root)
	for name, content := range map[string]string{"go.mod": goMod, "go.sum": string(sum), "main.go": driver} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return "", err
		}
	}
	for _, pkg := range []string{"table", "tabledata"} {
		if err := os.Mkdir(filepath.Join(dir, pkg), 0o755); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// writeTable writes the table's package, and the same routes with their
// matchers as data (the form of a table of more than 512 routes) as
// package tabledata, and builds the driver with them.
func writeTable(dir string, table difftest.Table) error {
	data, diags := gen.Generate(table.IR, gen.Options{Package: "tabledata", Source: "routes.conf", Output: "routes_gen.go", Matcher: gen.MatcherData})
	if diags.HasErrors() {
		return diags.Err()
	}
	for _, f := range []struct{ pkg, name, content string }{
		{"table", "routes.conf", table.Conf},
		{"table", "routes_gen.go", string(table.Source)},
		{"tabledata", "routes.conf", table.Conf},
		{"tabledata", "routes_gen.go", string(data[0].Content)},
	} {
		if err := os.WriteFile(filepath.Join(dir, f.pkg, f.name), []byte(f.content), 0o644); err != nil {
			return err
		}
	}
	build := exec.Command("go", "build", "-o", "driver", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the driver in %s: %v\n%s", dir, err, out)
	}
	return nil
}

// compare sends n random requests of table to the driver and compares its
// answers with the reference's. It returns how many it compared, and an
// error at the first disagreement.
func compare(dir string, table difftest.Table, rng *rand.Rand, n int) (int, error) {
	q := difftest.NewRequests(table.IR, rng)
	reqs := make([]difftest.Request, n)
	for i := range reqs {
		reqs[i] = q.Next()
	}
	cmd := exec.Command(filepath.Join(dir, "driver"))
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer cmd.Wait()
	go func() {
		w := bufio.NewWriter(stdin)
		for _, r := range reqs {
			fmt.Fprintf(w, "%q %q %q\n", r.Method, r.Host, r.Path)
		}
		w.Flush()
		stdin.Close()
	}()
	dec := json.NewDecoder(bufio.NewReader(stdout))
	for i, req := range reqs {
		want := reference.Lookup(table.IR, req.Method, req.Host, req.Path)
		for _, matcher := range []string{"generated", "data"} {
			var a answer
			if err := dec.Decode(&a); err != nil {
				io.Copy(io.Discard, stdout)
				return i, fmt.Errorf("%s: the driver's answer: %v", req, err)
			}
			got, err := a.result()
			if err != nil {
				return i, fmt.Errorf("%s: the driver's answer: %v", req, err)
			}
			if !difftest.Equal(got, want) {
				io.Copy(io.Discard, stdout)
				return i + 1, fmt.Errorf("disagreement on %s:\n%s %s\nreference %s", req, matcher, difftest.Format(got), difftest.Format(want))
			}
		}
	}
	return n, nil
}

// compareMatch starts the driver's server of table's router and compares
// n random requests with policy headers between it and routegen match's
// function.
func compareMatch(dir string, table difftest.Table, rng *rand.Rand, n int) (int, error) {
	cmd := exec.Command(filepath.Join(dir, "driver"), append([]string{"serve"}, explain.Schemes(table.IR)...)...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	defer cmd.Wait()
	defer stdin.Close()
	addr, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		return 0, fmt.Errorf("the driver's server: %v", err)
	}
	a, err := difftest.NewAgreement(table.IR, strings.TrimSpace(addr))
	if err != nil {
		return 0, err
	}
	defer a.Close()
	q := difftest.NewPolicyRequests(table.IR, rng)
	for i := range n {
		req := q.Next()
		if msg := a.Compare(req); msg != "" {
			return i + 1, fmt.Errorf("disagreement on %s:\n%s", req, msg)
		}
	}
	return n, nil
}

// answer is a line of the driver: a Lookup's result with the strings that
// may hold any bytes Go-quoted, which JSON carries unchanged.
type answer struct {
	Status   int         `json:"status"`
	Domain   int         `json:"domain"`
	Route    int         `json:"route"`
	CatchAll bool        `json:"catch_all"`
	Params   [][2]string `json:"params"`
	Allow    string      `json:"allow"`
	Redirect string      `json:"redirect"`
}

func (a answer) result() (reference.Result, error) {
	res := reference.Result{Status: a.Status, Domain: a.Domain, Route: a.Route, CatchAll: a.CatchAll, Allow: a.Allow}
	var err error
	if res.Redirect, err = strconv.Unquote(a.Redirect); err != nil {
		return res, err
	}
	for _, p := range a.Params {
		v, err := strconv.Unquote(p[1])
		if err != nil {
			return res, err
		}
		res.Params = append(res.Params, reference.Param{Name: p[0], Value: v})
	}
	return res, nil
}

// driver is the program that answers requests with the generated Lookup
// and with a table of the same routes whose matchers are data: a line of
// three Go-quoted strings (method, host, path) in, two answers out.
const driver = `package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/routegenimpl"

	"difftestdriver/table"
	"difftestdriver/tabledata"
)

type answer struct {
	Status   int         ` + "`json:\"status\"`" + `
	Domain   int         ` + "`json:\"domain\"`" + `
	Route    int         ` + "`json:\"route\"`" + `
	CatchAll bool        ` + "`json:\"catch_all\"`" + `
	Params   [][2]string ` + "`json:\"params\"`" + `
	Allow    string      ` + "`json:\"allow\"`" + `
	Redirect string      ` + "`json:\"redirect\"`" + `
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		serve(os.Args[2:])
		return
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush() // also when Lookup panics: the answers before it count
	enc := json.NewEncoder(out)
	var m runtime.Match
	for in.Scan() {
		var f [3]string
		line := in.Text()
		for i := range f {
			q, err := strconv.QuotedPrefix(line)
			if err != nil {
				panic(err)
			}
			f[i], _ = strconv.Unquote(q)
			line = line[min(len(q)+1, len(line)):]
		}
		table.Lookup(&m, f[0], f[1], f[2])
		enc.Encode(answerOf(&m))
		tabledata.Lookup(&m, f[0], f[1], f[2])
		enc.Encode(answerOf(&m))
	}
}

func answerOf(m *runtime.Match) answer {
	a := answer{Status: m.Status(), Domain: -1, Route: -1, CatchAll: m.CatchAll(), Allow: m.Allow(), Redirect: strconv.Quote(m.Redirect())}
	if m.Domain() != nil {
		a.Domain = m.Domain().Index
	}
	if m.Route() != nil {
		a.Route = m.Route().Index
	}
	for i := range m.Params.Len() {
		a.Params = append(a.Params, [2]string{m.Params.Name(i), strconv.Quote(m.Params.Value(i))})
	}
	return a
}

// serve serves the router of package tabledata on a port of 127.0.0.1,
// whose address it prints, until standard input closes. It is built as
// TestMatchAgreesWithRouter builds its routers (the test's package is
// internal, which this module cannot import): an authenticator for each
// scheme named in args that recognises a request with X-Test-Auth, its
// subject that of X-Test-Roles and X-Test-Permissions, or every role and
// permission without them, actions that read the body and answer 200 with
// X-Test-Action, and difftest.StaticFiles.
func serve(schemes []string) {
	domains := tabledata.Domains()
	catchAlls := make([]runtime.Route, len(domains))
	for i, d := range domains {
		if d.CatchAll != nil {
			catchAlls[i] = *d.CatchAll
		}
	}
	opts := []runtime.Option{runtime.WithStaticFS(fstest.MapFS{
		"files/f.txt":   {Data: []byte("f")},
		"files/d/g.txt": {Data: []byte("g")},
	})}
	for _, scheme := range schemes {
		opts = append(opts, runtime.WithAuthenticator(scheme, func(ctx *runtime.Context) (runtime.Subject, error) {
			h := ctx.Req.Header
			if h.Get("X-Test-Auth") == "" {
				return nil, errors.New("no credentials")
			}
			roles, hasRoles := h["X-Test-Roles"]
			permissions, hasPermissions := h["X-Test-Permissions"]
			if !hasRoles && !hasPermissions {
				return everyone{}, nil
			}
			var subject, granted []string
			if hasRoles {
				subject = strings.Split(roles[0], ",")
			}
			if hasPermissions {
				granted = strings.Split(permissions[0], "|")
			}
			return aahauth.NewSubject(subject, granted...)
		}))
	}
	table := routegenimpl.NewTable(&routegenimpl.Table{Domains: domains, Routes: tabledata.Routes(), CatchAlls: catchAlls})
	router, err := table.NewRouter(actions{}, opts...)
	if err != nil {
		panic(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Println(ln.Addr())
	go http.Serve(ln, router)
	io.Copy(io.Discard, os.Stdin)
}

type everyone struct{}

func (everyone) HasRole(string) bool     { return true }
func (everyone) IsPermitted(string) bool { return true }

type actions struct{}

func (actions) Dispatch(ctx *runtime.Context, _ int) error {
	if _, err := io.Copy(io.Discard, ctx.Req.Body); err != nil {
		return err
	}
	ctx.Res.Header().Set("X-Test-Action", "called")
	ctx.Res.WriteHeader(http.StatusOK)
	return nil
}
`
