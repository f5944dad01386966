package difftest_test

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

var agreeRequests = flag.Int("agree.requests", 1500, "requests per table of TestMatchAgreesWithRouter")

// authHeader is the credential every test authenticator recognises.
const authHeader = "X-Test-Auth"

// staticFiles are the files the tables' static routes name: file routes
// serve files/f.txt, dir routes the folder files.
var staticFiles = fstest.MapFS{
	"files/f.txt":   {Data: []byte("f")},
	"files/d/g.txt": {Data: []byte("g")},
}

// TestMatchAgreesWithRouter sends random requests with random policy
// headers to the committed tables' routers over HTTP, and asks routegen
// match's function (explain) the same: both must give the same status,
// Location, Allow and CORS headers (Access-Control-*, Vary).
//
//	go test ./internal/difftest -run TestMatchAgreesWithRouter -agree.requests 200000
//
// is the long run; it logs how many requests it compared.
func TestMatchAgreesWithRouter(t *testing.T) {
	tables := loadTables(t)
	var total, failures, catchAlls, statics int
	seen := map[string]int{}
	for i, table := range tables {
		a := newAgreement(t, table, generated[i].domains, generated[i].routes)
		q := newPolicyRequests(table, rand.New(rand.NewPCG(uint64(i), 3)))
		for n := 0; n < *agreeRequests; n++ {
			req := q.next()
			if msg := a.compare(req); msg != "" {
				t.Errorf("%s: %s\n%s", tableName(i), req, msg)
				if failures++; failures == 20 {
					t.Fatal("20 disagreements: the rest are not compared")
				}
			}
			total++
		}
		for step, n := range a.seen {
			seen[step] += n
		}
		for _, d := range table.Domains {
			if d.CatchAll != nil {
				catchAlls++
			}
			for _, r := range d.Routes {
				if r.Static {
					statics++
				}
			}
		}
	}
	// The committed tables and the requests must keep reaching what the
	// differential compares.
	if catchAlls == 0 || statics == 0 {
		t.Errorf("the committed tables have %d catch_alls and %d static routes; the differential needs both", catchAlls, statics)
	}
	for _, step := range []string{"action called", "static served", "auth refused", "authorization refused", "anti_csrf refused",
		"body_size refused", "preflight allowed", "preflight not allowed", "route redirected", "route answered", "constraint refused"} {
		if seen[step] == 0 {
			t.Errorf("no answer ends with %q", step)
		}
	}
	t.Logf("%d requests on %d tables, %d disagreements; the last steps of the answers: %v", total, len(tables), failures, seen)
}

// agreement holds both sides for one table: match's function and the
// router served by httptest.
type agreement struct {
	explain *explain.Router
	server  *httptest.Server
	conn    net.Conn // to server, kept alive between requests
	reader  *bufio.Reader
	seen    map[string]int // how many answers ended at each step, for the log
}

func newAgreement(t *testing.T, table *ir.Table, domains []runtime.Domain, routes []runtime.Route) *agreement {
	t.Helper()
	ex, problems := explain.New(table)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	// An authenticator for every scheme a route names, as explain
	// assumes: the fewest a router can start with.
	opts := []runtime.Option{runtime.WithStaticFS(staticFiles)}
	opts = append(opts, authenticators(schemesOf(table))...)
	router, err := routegenimpl.NewTable(difftest.DataTable(domains, routes)).NewRouter(actions{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(router)
	a := &agreement{explain: ex, server: server, seen: map[string]int{}}
	t.Cleanup(func() {
		if a.conn != nil {
			a.conn.Close()
		}
		server.Close()
	})
	return a
}

// schemesOf are the auth schemes t's routes and catch-alls name.
func schemesOf(t *ir.Table) []string {
	var out []string
	add := func(auth string) {
		if auth != "" && auth != decide.AuthAnonymous && auth != decide.AuthAuthenticated && !slices.Contains(out, auth) {
			out = append(out, auth)
		}
	}
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			if !r.Static {
				add(r.Auth)
			}
		}
		if d.CatchAll != nil {
			add(d.CatchAll.Auth)
		}
	}
	return out
}

// authenticators register, for each scheme, one that recognises a request
// with authHeader as everyone.
func authenticators(schemes []string) []runtime.Option {
	var opts []runtime.Option
	for _, scheme := range schemes {
		opts = append(opts, runtime.WithAuthenticator(scheme, func(ctx *runtime.Context) (runtime.Subject, error) {
			if ctx.Req.Header.Get(authHeader) == "" {
				return nil, errors.New("no credentials")
			}
			return everyone{}, nil
		}))
	}
	return opts
}

// everyone is a subject with every role and permission.
type everyone struct{}

func (everyone) HasRole(string) bool     { return true }
func (everyone) IsPermitted(string) bool { return true }

// actions is the dispatcher of every route: it reads the body, as an
// action may, and answers 200, marked as the action's.
type actions struct{}

func (actions) Dispatch(ctx *runtime.Context) error {
	if _, err := io.Copy(io.Discard, ctx.Req.Body); err != nil {
		return err
	}
	ctx.Res.Header().Set("X-Test-Action", "called")
	ctx.Res.WriteHeader(http.StatusOK)
	return nil
}

// policyRequest is a request as sent on the wire.
type policyRequest struct {
	method, target string
	header         []string // "Name: value", Host first
	body           int      // bytes, sent with a Content-Length header when above -1
}

func (r policyRequest) String() string {
	return fmt.Sprintf("%s %q %q body %d", r.method, r.target, r.header, r.body)
}

// policyRequests draws requests of a table with the headers its policies read.
type policyRequests struct {
	rng     *rand.Rand
	paths   *difftest.Requests
	routes  []difftest.Request // each route's own request: its method, its domain's host, a path it matches
	origins []string
	sizes   []int
}

func newPolicyRequests(t *ir.Table, rng *rand.Rand) *policyRequests {
	q := &policyRequests{rng: rng, paths: difftest.NewRequests(t, rng),
		origins: []string{"https://evil.test", "null", "https://app.test"}}
	limits := map[int64]bool{}
	hosts := difftest.Hosts(t)
	for d, dom := range t.Domains {
		for _, r := range dom.Routes {
			path := difftest.PathOf(r, func(p ir.Param) string { return difftest.Escape(p, append(difftest.SampleValues(p), "")[0]) })
			q.routes = append(q.routes, difftest.Request{Method: r.Method, Host: hosts[d], Path: path})
		}
	}
	addCORS := func(c *ir.CORS) {
		if c == nil {
			return
		}
		for _, o := range c.AllowOrigins {
			// A wildcard's origin: a subdomain, a port.
			o = strings.Replace(strings.Replace(o, "://*.", "://x.", 1), ":*", ":3000", 1)
			if o != "*" && !slices.Contains(q.origins, o) {
				q.origins = append(q.origins, o)
			}
		}
	}
	for _, d := range t.Domains {
		addCORS(d.CORS)
		for _, r := range d.Routes {
			addCORS(r.CORS)
			limits[r.MaxBodySize] = true
		}
		if d.CatchAll != nil {
			addCORS(d.CatchAll.CORS)
			limits[d.CatchAll.MaxBodySize] = true
		}
	}
	q.sizes = []int{0, 1, 2}
	for limit := range limits {
		if limit > 0 && limit < 1<<16 { // the default 5mb is left out: sending it is slow
			q.sizes = append(q.sizes, int(limit)-1, int(limit), int(limit)+1)
		}
	}
	slices.Sort(q.sizes)
	return q
}

// methods are the methods sent: difftest's, odd-case ones among them, and
// a preflight's OPTIONS more often.
var agreeMethods = append(slices.Clone(difftest.Methods), "Get", "pOST", "OPTIONS", "OPTIONS")

func (q *policyRequests) chance(p float64) bool { return q.rng.Float64() < p }

func (q *policyRequests) next() policyRequest {
	// Half the requests are a route's own, so that most reach the
	// policies; the others are difftest's, mutated.
	r := q.paths.Next()
	if q.chance(0.5) {
		r = pickOne(q.rng, q.routes)
		if q.chance(0.2) {
			r.Method = pickOne(q.rng, agreeMethods)
		}
	} else {
		r.Method = pickOne(q.rng, agreeMethods)
	}
	req := policyRequest{method: r.Method, target: r.Path, body: -1}
	switch {
	case q.chance(0.1):
		req.target += "?q=1"
	case q.chance(0.05):
		// The absolute form: its host is the request's.
		req.target = "http://" + r.Host + r.Path
	}
	req.header = append(req.header, "Host: "+r.Host)
	if q.chance(0.5) {
		req.header = append(req.header, authHeader+": ok")
	}
	if q.chance(0.6) {
		origin := pickOne(q.rng, q.origins)
		if q.chance(0.3) {
			origin = "http://" + r.Host // same origin
		}
		req.header = append(req.header, "Origin: "+origin)
	}
	if q.chance(0.3) {
		req.header = append(req.header, "Sec-Fetch-Site: "+pickOne(q.rng, []string{"same-origin", "same-site", "cross-site", "none"}))
	}
	if req.method == http.MethodOptions && q.chance(0.7) {
		req.header = append(req.header, "Access-Control-Request-Method: "+pickOne(q.rng, agreeMethods))
		if q.chance(0.5) {
			req.header = append(req.header, "Access-Control-Request-Headers: "+pickOne(q.rng, []string{"x-custom", "content-type", "authorization,x-custom", "x-other"}))
		}
	}
	if req.method == "WS" && q.chance(0.8) || q.chance(0.1) {
		// A WebSocket route's request is a GET that asks to upgrade.
		if req.method == "WS" {
			req.method = http.MethodGet
		}
		req.header = append(req.header, "Upgrade: websocket", "Connection: Upgrade")
	}
	if q.chance(0.4) {
		req.body = pickOne(q.rng, q.sizes)
		req.header = append(req.header, "Content-Length: "+strconv.Itoa(req.body))
	}
	return req
}

func pickOne[T any](rng *rand.Rand, list []T) T { return list[rng.IntN(len(list))] }

// response is what a client reads of an answer, and whether the action ran.
type response struct {
	status          int
	location, allow string
	cors            http.Header // Access-Control-* and Vary
	action          bool
}

// compare sends req to both sides and returns their differences, "" for none.
func (a *agreement) compare(req policyRequest) string {
	got, err := a.send(req)
	if err != nil {
		return "the router: " + err.Error()
	}
	r, err := a.explain.NewRequest(req.method, req.target, req.header)
	if err != nil {
		// match refuses what a server refuses with 400 before any handler.
		if got.status != http.StatusBadRequest || got.action {
			return fmt.Sprintf("match refuses the request (%v); the router answers %d", err, got.status)
		}
		return ""
	}
	if req.method == http.MethodOptions && req.target == "*" {
		// A limitation of the differential: net/http's server answers
		// "OPTIONS *" itself, 200, and never hands it to a handler, so
		// the router cannot be asked what match explains (its automatic
		// reply for the path "*").
		if got.status != http.StatusOK || got.action {
			return fmt.Sprintf("OPTIONS *: the server answers %d, want its own 200", got.status)
		}
		return ""
	}
	ans := a.explain.Answer(r, slices.Contains(req.header, authHeader+": ok"))
	if n := len(ans.Steps); n > 0 {
		a.seen[ans.Steps[n-1].Name+" "+ans.Steps[n-1].Outcome]++
	}
	want := response{status: ans.Status, location: ans.Location, allow: ans.Allow, cors: corsHeaders(ans.Header), action: ans.Kind == decide.Action}
	var diffs []string
	if ans.Kind == decide.Static {
		// The router serves a static route's file itself (http.ServeFileFS):
		// its status is the file's (200, 404, a redirect to the folder's
		// "/", 304), which is outside the decision. What the decision
		// says of it is compared: no action runs, no policy sets a header.
		want.status, want.location = got.status, got.location
	}
	if got.status != want.status {
		diffs = append(diffs, fmt.Sprintf("status: router %d, match %d", got.status, want.status))
	}
	if got.location != want.location {
		diffs = append(diffs, fmt.Sprintf("Location: router %q, match %q", got.location, want.location))
	}
	if got.allow != want.allow {
		diffs = append(diffs, fmt.Sprintf("Allow: router %q, match %q", got.allow, want.allow))
	}
	if g, w := fmt.Sprint(got.cors), fmt.Sprint(want.cors); g != w {
		diffs = append(diffs, fmt.Sprintf("CORS headers: router %s, match %s", g, w))
	}
	if got.action != want.action {
		diffs = append(diffs, fmt.Sprintf("action called: router %v, match %v (%v)", got.action, want.action, ans.Kind))
	}
	if len(diffs) == 0 {
		return ""
	}
	var steps []string
	for _, s := range ans.Steps {
		steps = append(steps, fmt.Sprintf("%s %s: %s", s.Name, s.Outcome, s.Reason))
	}
	return strings.Join(diffs, "\n") + "\nmatch's steps:\n  " + strings.Join(steps, "\n  ")
}

// corsHeaders are the Access-Control-* and Vary headers of h.
func corsHeaders(h http.Header) http.Header {
	out := http.Header{}
	for name, values := range h {
		if strings.HasPrefix(name, "Access-Control-") || name == "Vary" {
			out[name] = values
		}
	}
	return out
}

// send writes req as its bytes, so that the target reaches the server as
// written, and reads the answer; the connection is kept for the next
// request unless the server closes it.
func (a *agreement) send(req policyRequest) (response, error) {
	if a.conn == nil {
		conn, err := net.Dial("tcp", a.server.Listener.Addr().String())
		if err != nil {
			return response{}, err
		}
		a.conn, a.reader = conn, bufio.NewReader(conn)
	}
	var b strings.Builder
	b.WriteString(req.method + " " + req.target + " HTTP/1.1\r\n")
	for _, h := range req.header {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("\r\n")
	if req.body > 0 {
		b.WriteString(strings.Repeat("b", req.body))
	}
	res, err := a.roundTrip(req.method, b.String())
	if err != nil {
		return response{}, err
	}
	return response{status: res.StatusCode, location: res.Header.Get("Location"), allow: res.Header.Get("Allow"),
		cors: corsHeaders(res.Header), action: res.Header.Get("X-Test-Action") != ""}, nil
}

func (a *agreement) roundTrip(method, request string) (*http.Response, error) {
	if _, err := io.WriteString(a.conn, request); err != nil {
		return nil, err
	}
	res, err := http.ReadResponse(a.reader, &http.Request{Method: method})
	if err == nil {
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	if err != nil || res.Close {
		a.conn.Close()
		a.conn = nil
	}
	return res, err
}
