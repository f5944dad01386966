package edgecheck

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/caddyserver/caddy/v2"
	_ "github.com/caddyserver/caddy/v2/modules/caddyhttp"
	_ "github.com/caddyserver/caddy/v2/modules/caddyhttp/reverseproxy"
	"golang.org/x/net/http/httpguts"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

var (
	tables   = flag.Int("edge.tables", 8, "random tables exported to Caddy")
	requests = flag.Int("edge.requests", 400, "requests sent through Caddy for each table")
	seed     = flag.Uint64("edge.seed", 1, "the first table's seed")
	size     = flag.Int("edge.size", 30, "route sections of each table")
)

// backendHeader names the backend that answered.
const backendHeader = "X-Edge-Backend"

// TestCaddyRoutesAsRouter loads the Caddy export of random tables into
// Caddy v2, in front of one backend per --backend target, and sends random
// requests through it: each must reach the backend of the route the
// router's own Lookup chooses (through routegen match's function), or get
// the router's answer (404, 405, a redirect) from the edge or a backend.
// Each backend answers as the router does and names itself.
//
//	go test ./internal/edgecheck -run TestCaddyRoutesAsRouter -edge.tables 200 -edge.requests 2000 -v
func TestCaddyRoutesAsRouter(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	defer caddy.Stop()
	var total, misrouted, wrong, refused, badHost, rewritten int
	for i := range *tables {
		s := *seed + uint64(i)
		table := randomTable(t, s)
		router, problems := explain.New(table)
		if len(problems) > 0 {
			continue
		}
		rng := rand.New(rand.NewPCG(s, 7))
		assignments, servers := backendsFor(t, table, router, rng)
		backends, err := edge.Assign(table, assignments)
		if err != nil {
			t.Fatalf("seed %d: %v", s, err)
		}
		addr := freeAddress(t)
		config, err := edge.Caddy(table, backends, addr, false)
		if err != nil {
			t.Fatalf("seed %d: %v", s, err)
		}
		if err := caddy.Load(testConfig(t, config), true); err != nil {
			t.Fatalf("seed %d: caddy.Load: %v\n%s", s, err, config)
		}
		client := difftest.NewConn(addr)
		q := difftest.NewPolicyRequests(table, rng)
		for range *requests {
			req := q.Next()
			if req.Method == http.MethodOptions && req.Target == "*" {
				continue // net/http's server answers it itself, as difftest says
			}
			total++
			r, reqErr := router.NewRequest(req.Method, req.Target, req.Header)
			sent, err := client.Send(req)
			switch {
			case err != nil && reqErr != nil:
				refused++ // a request line neither server takes: Caddy's hangs up
				continue
			case err != nil && caddyRefusesHost(r.Host):
				badHost++ // Caddy's server hangs up on a Host it refuses (a CONNECT's empty authority)
				continue
			}
			if err != nil {
				t.Fatalf("seed %d: %v: %v", s, req, err)
			}
			res := answer{sent.StatusCode, sent.Header.Get("Location"), sent.Header.Get(backendHeader)}
			if reqErr != nil {
				// Refused before any handler, by Caddy's server as by the router's.
				refused++
				if res.status != http.StatusBadRequest || res.backend != "" {
					wrong++
					t.Errorf("seed %d: %v: match refuses it (%v); Caddy answers %d from %q", s, req, reqErr, res.status, res.backend)
				}
				continue
			}
			refusedAsURI := res.status == http.StatusBadRequest && res.backend == "" && (req.Method == http.MethodConnect || r.URL.Path == "")
			if caddyRefusesHost(r.Host) || refusedAsURI {
				// RFC 9112 has a server refuse an HTTP/1.1 request whose
				// Host is empty or invalid, which Caddy does (400), as it
				// does a CONNECT whose authority is no host and a target
				// with no path ("a:b"); net/http's server, the router's,
				// serves them, and the router answers 404.
				badHost++
				if res.status != http.StatusBadRequest || res.backend != "" {
					wrong++
					t.Errorf("seed %d: %v: Caddy answers %d from %q, want its 400 for the Host %q", s, req, res.status, res.backend, r.Host)
				}
				continue
			}
			ans := router.Answer(r, difftest.SubjectOf(req.Header))
			want := wantBackend(backends, table, ans)
			switch {
			case want != "" && res.backend != want:
				misrouted++
				t.Errorf("seed %d: %v: reached %q, want %q (%s)", s, req, res.backend, want, answerText(ans))
			case res.backend == "" && !(ans.Domain < 0 && ans.Status == http.StatusNotFound):
				wrong++
				t.Errorf("seed %d: %v: Caddy answered %d itself; the router answers %d (%s)", s, req, res.status, ans.Status, answerText(ans))
			case (res.status != ans.Status && ans.Kind != decide.Static || res.location != ans.Location) && proxiedPath(r) != routerPath(r):
				// A path with a character no URI holds unescaped (a raw
				// byte above 0x7f, "\\"), or the absolute form's empty
				// path: Caddy's proxy sends the path as net/url escapes it
				// (EscapedPath, which also decodes %2F; "/" for none), and
				// the backend answers that path.
				rewritten++
			case res.status != ans.Status && ans.Kind != decide.Static || res.location != ans.Location:
				wrong++
				t.Errorf("seed %d: %v: %d %q from %q; the router answers %d %q (%s)", s, req, res.status, res.location, res.backend, ans.Status, ans.Location, answerText(ans))
			}
			if misrouted+wrong > 20 {
				t.Fatalf("seed %d: too many differences; its config:\n%s", s, config)
			}
		}
		client.Close()
		for _, srv := range servers {
			srv.Close()
		}
	}
	t.Logf("%d tables, %d requests through Caddy (%d refused by both servers, %d by Caddy alone for their Host or target, %d answered for the path Caddy's proxy re-escapes), %d misrouted, %d answered otherwise",
		*tables, total, refused, badHost, rewritten, misrouted, wrong)
}

// caddyRefusesHost reports a Host Caddy's server answers 400 before any
// route: empty (RFC 9112), invalid, or only dots (Windows trims them).
func caddyRefusesHost(host string) bool {
	name, _, err := net.SplitHostPort(host)
	if err != nil {
		name = host
	}
	return host == "" || !httpguts.ValidHostHeader(host) || name != "" && strings.Trim(name, ".") == ""
}

// proxiedPath is the path Caddy's proxy sends on for r: net/http's
// client writes URL.RequestURI.
func proxiedPath(r *http.Request) string {
	path, _, _ := strings.Cut(r.URL.RequestURI(), "?")
	return path
}

// routerPath is the path the router matches for r.
func routerPath(r *http.Request) string {
	path, _ := decide.RequestPath(r)
	return path
}

// answer is what a client reads of Caddy's answer, and the backend that
// gave it ("" for Caddy itself).
type answer struct {
	status            int
	location, backend string
}

func answerText(a explain.Answer) string {
	var steps []string
	for _, s := range a.Steps {
		steps = append(steps, s.Name+" "+s.Outcome)
	}
	return strings.Join(steps, ", ")
}

// wantBackend is the backend that must answer: the route's, or the
// catch-all's domain's; "" when any backend's router answers alike (a
// redirect, 404, 405, a preflight).
func wantBackend(b *edge.Backends, t *ir.Table, a explain.Answer) string {
	switch {
	case a.Kind == decide.Reply:
		return ""
	case a.Route != nil:
		return b.Route(a.Route).String()
	case a.CatchAll != nil:
		return b.Fallback(t.Domains[a.Domain]).String()
	}
	return ""
}

// randomTable is difftest's random table of seed.
func randomTable(t *testing.T, seed uint64) *ir.Table {
	rng := rand.New(rand.NewPCG(seed, seed))
	for range 100 {
		if table, err := difftest.Load(difftest.Conf(rng, *size)); err == nil {
			return table
		}
	}
	t.Fatalf("seed %d: no valid table in 100 tries", seed)
	return nil
}

// backendsFor starts three backends, each answering as the router does
// and naming itself, and gives them out: one to every route, one to each
// domain at random, and one to some route sections.
func backendsFor(t *testing.T, table *ir.Table, router *explain.Router, rng *rand.Rand) ([]edge.Assignment, []*httptest.Server) {
	var servers []*httptest.Server
	var targets []edge.Backend
	for range 3 {
		var name string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			io.Copy(io.Discard, r.Body)
			var header []string
			for name, values := range r.Header {
				for _, v := range values {
					header = append(header, name+": "+v)
				}
			}
			ans := router.Answer(r, difftest.SubjectOf(header))
			w.Header().Set(backendHeader, name)
			if ans.Location != "" {
				w.Header().Set("Location", ans.Location)
			}
			if ans.Allow != "" {
				w.Header().Set("Allow", ans.Allow)
			}
			w.WriteHeader(ans.Status)
		}))
		host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
		var p int
		fmt.Sscan(port, &p)
		name = edge.Backend{Name: host, Port: p}.String()
		servers = append(servers, srv)
		targets = append(targets, edge.Backend{Name: host, Port: p})
	}
	list := []edge.Assignment{{Backend: targets[0]}}
	for _, d := range table.Domains {
		if rng.IntN(2) == 0 {
			list = append(list, edge.Assignment{Domain: d.Key, Backend: targets[rng.IntN(len(targets))]})
		}
		sections := map[string]bool{}
		for _, r := range d.Routes {
			for _, s := range append(slices.Clip(r.Sections), r.Name) {
				sections[s] = true
			}
		}
		var names []string
		for s := range sections {
			names = append(names, s)
		}
		slices.Sort(names)
		for _, s := range names {
			if rng.IntN(3) == 0 {
				list = append(list, edge.Assignment{Domain: d.Key, Group: s, Backend: targets[rng.IntN(len(targets))]})
			}
		}
	}
	return list, servers
}

// testConfig is the export with the admin endpoint off, nothing saved,
// and errors only in the log.
func testConfig(t *testing.T, export []byte) []byte {
	var config map[string]any
	if err := json.Unmarshal(export, &config); err != nil {
		t.Fatal(err)
	}
	config["admin"] = map[string]any{"disabled": true, "config": map[string]any{"persist": false}}
	config["logging"] = map[string]any{"logs": map[string]any{"default": map[string]any{"level": "ERROR"}}}
	servers := config["apps"].(map[string]any)["http"].(map[string]any)["servers"].(map[string]any)
	for _, s := range servers {
		s.(map[string]any)["automatic_https"] = map[string]any{"disable": true}
	}
	out, err := json.Marshal(config)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func freeAddress(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}
