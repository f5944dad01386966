// Command loadtest drives the example application with a bounded load on
// loopback and reports throughput, latency percentiles, errors, and the
// application's memory and goroutines before and after.
//
//	go run ./examples/loadtest -duration 20s -connections 64
//
// It builds and starts examples/app itself, on free loopback ports, and
// exits non-zero when a request failed or the application kept goroutines
// it did not have before the load.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// probe is one kind of request of the mix and the status it must get.
type probe struct {
	name, method, path string
	status             int
}

var mix = []probe{
	{"static", "GET", "/assets/css/site.css", 200},
	{"parameter", "GET", "/api/v2/users/42", 200},
	{"not found", "GET", "/nowhere", 404},
	{"method not allowed", "DELETE", "/search", 405},
	{"redirect", "GET", "/api/v2/users/42/", 301},
}

func main() {
	duration := flag.Duration("duration", 20*time.Second, "how long to drive the load")
	connections := flag.Int("connections", 64, "concurrent connections")
	flag.Parse()
	if err := run(*duration, *connections); err != nil {
		log.Fatal(err)
	}
}

func run(duration time.Duration, connections int) error {
	app, err := startApp()
	if err != nil {
		return err
	}
	defer app.stop()
	before, err := app.stats()
	if err != nil {
		return err
	}
	res := drive(app.addr, duration, connections)
	time.Sleep(2 * time.Second) // let the server close its idle connections
	after, err := app.stats()
	if err != nil {
		return err
	}
	res.print(duration, connections)
	fmt.Printf("application before: %s\napplication after:  %s\n", before, after)
	switch {
	case res.errors > 0:
		return fmt.Errorf("%d requests failed", res.errors)
	case after.Goroutines > before.Goroutines:
		return fmt.Errorf("goroutines grew from %d to %d", before.Goroutines, after.Goroutines)
	}
	return nil
}

// app is the example application running in its own process.
type app struct {
	cmd             *exec.Cmd
	addr, debugAddr string
	dir             string
}

func startApp() (*app, error) {
	dir, err := os.MkdirTemp("", "routegen-loadtest")
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(dir, "app")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/routegen/routegen/examples/app").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building the example: %v\n%s", err, out)
	}
	a := &app{addr: freeAddr(), debugAddr: freeAddr(), dir: dir}
	a.cmd = exec.Command(bin, "-addr", a.addr, "-debug-addr", a.debugAddr)
	a.cmd.Stderr = os.Stderr
	if err := a.cmd.Start(); err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if _, err := a.stats(); err == nil {
			return a, nil
		}
	}
	a.stop()
	return nil, fmt.Errorf("the example did not start")
}

func (a *app) stop() {
	a.cmd.Process.Kill()
	a.cmd.Wait()
	os.RemoveAll(a.dir)
}

// freeAddr is a loopback address with a port nobody listens on.
func freeAddr() string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// stats is what the application reports of itself on /debug/vars, and its
// resident memory.
type stats struct {
	Goroutines int
	MemStats   struct{ HeapAlloc, Sys uint64 } `json:"memstats"`
	rss        string
}

func (s stats) String() string {
	return fmt.Sprintf("%d goroutines, heap %.1f MiB, from the OS %.1f MiB, resident %s",
		s.Goroutines, float64(s.MemStats.HeapAlloc)/(1<<20), float64(s.MemStats.Sys)/(1<<20), s.rss)
}

func (a *app) stats() (stats, error) {
	var s stats
	resp, err := http.Get("http://" + a.debugAddr + "/debug/vars")
	if err != nil {
		return s, err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		return s, err
	}
	s.rss = residentMemory(a.cmd.Process.Pid)
	return s, nil
}

// residentMemory reads VmRSS of a process from /proc, where there is one.
func residentMemory(pid int) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "unknown"
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "unknown"
}

// result gathers what the workers measured.
type result struct {
	mu        sync.Mutex
	latencies []time.Duration
	errors    int
	byProbe   map[string]int
	firstErr  string
}

// drive sends the request mix over connections keep-alive connections
// until duration has passed.
func drive(addr string, duration time.Duration, connections int) *result {
	transport := &http.Transport{MaxIdleConnsPerHost: connections, MaxConnsPerHost: connections}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	defer transport.CloseIdleConnections()
	ctx, cancel := context.WithTimeout(context.Background(), duration)
	defer cancel()
	res := &result{byProbe: map[string]int{}}
	var wg sync.WaitGroup
	for w := range connections {
		wg.Go(func() {
			var local []time.Duration
			for i := w; ctx.Err() == nil; i++ {
				p := mix[i%len(mix)]
				start := time.Now()
				err := send(client, addr, p)
				local = append(local, time.Since(start))
				res.mu.Lock()
				res.byProbe[p.name]++
				if err != nil && ctx.Err() == nil {
					res.errors++
					if res.firstErr == "" {
						res.firstErr = err.Error()
					}
				}
				res.mu.Unlock()
			}
			res.mu.Lock()
			res.latencies = append(res.latencies, local...)
			res.mu.Unlock()
		})
	}
	wg.Wait()
	return res
}

func send(client *http.Client, addr string, p probe) error {
	req, err := http.NewRequest(p.method, "http://"+addr+p.path, nil)
	if err != nil {
		return err
	}
	req.Host = "localhost:8080" // the domain of routes.conf
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != p.status {
		return fmt.Errorf("%s %s: status %d, want %d", p.method, p.path, resp.StatusCode, p.status)
	}
	return nil
}

func (r *result) print(duration time.Duration, connections int) {
	slices.Sort(r.latencies)
	pct := func(p float64) time.Duration {
		if len(r.latencies) == 0 {
			return 0
		}
		return r.latencies[int(p*float64(len(r.latencies)-1))]
	}
	n := len(r.latencies)
	fmt.Printf("%d requests in %s over %d connections: %.0f requests/s\n", n, duration, connections, float64(n)/duration.Seconds())
	fmt.Printf("latency p50 %s, p90 %s, p99 %s, max %s\n", pct(0.50), pct(0.90), pct(0.99), pct(1))
	for _, p := range mix {
		fmt.Printf("  %-20s %d\n", p.name, r.byProbe[p.name])
	}
	fmt.Printf("errors: %d", r.errors)
	if r.firstErr != "" {
		fmt.Printf(" (first: %s)", r.firstErr)
	}
	fmt.Println()
}
