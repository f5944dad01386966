// Command loadtest drives the example application with a bounded load on
// loopback and reports throughput, latency percentiles, errors, and the
// application's memory and goroutines before and after.
//
//	cd examples && go run ./loadtest -duration 20s -connections 64
//
// It builds and starts examples/app itself, on free loopback ports, and
// exits non-zero when a request failed or the application kept goroutines
// it did not have before the load.
//
// With -slowloris N, N more connections send their headers a line at a
// time, slowly, for the whole run (a connection the server closes is opened
// again) while the normal load runs beside them; the run fails when a
// normal request fails or when the server has not closed every slow
// connection itself by the end (its header timeout is 10 s).
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
	"sync/atomic"
	"syscall"
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
	slow := flag.Int("slowloris", 0, "slow connections held beside the load (at most 5000)")
	flag.Parse()
	if *slow < 0 || *slow > 5000 {
		log.Fatal("-slowloris: from 0 to 5000 connections")
	}
	if err := run(*duration, *connections, *slow); err != nil {
		log.Fatal(err)
	}
}

func run(duration time.Duration, connections, slow int) error {
	if err := raiseFileLimit(uint64(2*(connections+slow) + 256)); err != nil {
		return err
	}
	app, err := startApp()
	if err != nil {
		return err
	}
	defer app.stop()
	before, err := app.stats()
	if err != nil {
		return err
	}
	var attack *slowloris
	if slow > 0 {
		attack = startSlowloris(app.addr, slow, duration)
		attack.waitOpen() // the normal load starts with every slow connection held
	}
	res := drive(app.addr, duration, connections)
	if attack != nil {
		attack.stop()
	}
	time.Sleep(2 * time.Second) // let the server close its idle connections
	after, err := app.stats()
	if err != nil {
		return err
	}
	res.print(duration, connections)
	if attack != nil {
		attack.print()
	}
	fmt.Printf("application before: %s\napplication after:  %s\n", before, after)
	switch {
	case res.errors > 0:
		return fmt.Errorf("%d requests failed", res.errors)
	case attack != nil && attack.outlived.Load() > 0:
		return fmt.Errorf("%d slow connections were still open at the end: the server did not time them out", attack.outlived.Load())
	case after.Goroutines > before.Goroutines:
		return fmt.Errorf("goroutines grew from %d to %d", before.Goroutines, after.Goroutines)
	}
	return nil
}

// raiseFileLimit lifts this process's limit of open files to at least n
// when the hard limit allows; the application, started from here, inherits it.
func raiseFileLimit(n uint64) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return err
	}
	if lim.Cur >= n {
		return nil
	}
	if lim.Max < n {
		return fmt.Errorf("%d files may be open at most (ulimit -Hn), %d are needed", lim.Max, n)
	}
	lim.Cur = n
	return syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
}

// slowloris holds connections that send a request's headers slowly, a
// line every few seconds, never finishing them.
type slowloris struct {
	n         int
	opened    sync.WaitGroup // done once each connection was first opened
	done      chan struct{}
	wg        sync.WaitGroup
	held      atomic.Int64 // connections opened in all
	closed    atomic.Int64 // closed by the server
	outlived  atomic.Int64 // still open when the attack stopped, past the server's timeout
	lifetimes []time.Duration
	mu        sync.Mutex
}

// slowLine is how often a slow connection sends one more header line:
// well under the server's header timeout, so only that timeout closes it.
const slowLine = 2 * time.Second

func startSlowloris(addr string, n int, duration time.Duration) *slowloris {
	s := &slowloris{n: n, done: make(chan struct{})}
	s.opened.Add(n)
	for i := range n {
		s.wg.Go(func() {
			first := true
			for {
				select {
				case <-s.done:
					if first {
						s.opened.Done()
					}
					return
				default:
				}
				s.hold(addr, i, func() {
					if first {
						first = false
						s.opened.Done()
					}
				})
			}
		})
	}
	return s
}

// hold opens one slow connection and keeps it until the server closes it
// or the attack stops; opened is called once it is open.
func (s *slowloris) hold(addr string, i int, opened func()) {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	opened()
	if err != nil {
		time.Sleep(100 * time.Millisecond)
		return
	}
	defer conn.Close()
	s.held.Add(1)
	start := time.Now()
	closedByServer := make(chan struct{})
	go func() {
		io.Copy(io.Discard, conn) // ends when the server closes the connection
		close(closedByServer)
	}()
	fmt.Fprintf(conn, "GET /slow/%d HTTP/1.1\r\nHost: localhost:8080\r\n", i)
	tick := time.NewTicker(slowLine)
	defer tick.Stop()
	for {
		select {
		case <-closedByServer:
			s.closed.Add(1)
			s.mu.Lock()
			s.lifetimes = append(s.lifetimes, time.Since(start))
			s.mu.Unlock()
			return
		case <-s.done:
			// Opened less than the server's timeout ago, a connection may
			// rightly still be open; one older was not timed out.
			if time.Since(start) > 15*time.Second {
				s.outlived.Add(1)
			}
			return
		case <-tick.C:
			fmt.Fprintf(conn, "X-Slow: %d\r\n", i)
		}
	}
}

func (s *slowloris) waitOpen() { s.opened.Wait() }

func (s *slowloris) stop() {
	close(s.done)
	s.wg.Wait()
}

func (s *slowloris) print() {
	slices.Sort(s.lifetimes)
	median := time.Duration(0)
	if len(s.lifetimes) > 0 {
		median = s.lifetimes[len(s.lifetimes)/2]
	}
	fmt.Printf("slowloris: %d slow connections held at once, %d opened in all, %d closed by the server (median after %s), %d open past its timeout\n",
		s.n, s.held.Load(), s.closed.Load(), median.Round(100*time.Millisecond), s.outlived.Load())
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
