package difftest

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// What the router under comparison is built with: an authenticator for
// every scheme of Schemes that recognises a request with AuthHeader, its
// subject an aahauth.Subject of the roles of RolesHeader (divided by ",")
// and the permissions of PermissionsHeader (divided by "|"), or one with
// every role and permission when the request has neither header; actions
// that read the body and answer 200 with ActionHeader; StaticFiles as its
// static file system.
const (
	AuthHeader        = "X-Test-Auth"
	RolesHeader       = "X-Test-Roles"
	PermissionsHeader = "X-Test-Permissions"
	ActionHeader      = "X-Test-Action"
)

// StaticFiles are the files the tables' static routes name: file routes
// serve files/f.txt, dir routes the folder files.
var StaticFiles = fstest.MapFS{
	"files/f.txt":   {Data: []byte("f")},
	"files/d/g.txt": {Data: []byte("g")},
}

// Agreement compares routegen match's function (explain) with a router
// served over HTTP at an address, for one table.
type Agreement struct {
	explain *explain.Router
	wire    *Conn
	// Seen counts the answers by the last step of match's decision
	// ("auth refused"), to show what the requests reached.
	Seen map[string]int
}

// NewAgreement compares t's match with the router at addr (host:port).
func NewAgreement(t *ir.Table, addr string) (*Agreement, error) {
	ex, problems := explain.New(t)
	if len(problems) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(problems, "; "))
	}
	return &Agreement{explain: ex, wire: NewConn(addr), Seen: map[string]int{}}, nil
}

// Close closes the connection to the router.
func (a *Agreement) Close() { a.wire.Close() }

// PolicyRequest is a request as sent on the wire.
type PolicyRequest struct {
	Method, Target string
	Header         []string // "Name: value", Host first
	Body           int      // bytes, sent with a Content-Length header when above -1
}

func (r PolicyRequest) String() string {
	return fmt.Sprintf("%s %q %q body %d", r.Method, r.Target, r.Header, r.Body)
}

// PolicyRequests draws requests of a table with the headers its policies read.
type PolicyRequests struct {
	rng     *rand.Rand
	paths   *Requests
	routes  []Request // each route's own request: its method, its domain's host, a path it matches
	origins []string
	sizes   []int
}

// NewPolicyRequests prepares the requests of t: its routes' own, difftest's
// mutated ones, the origins of its CORS policies and bodies at its limits.
func NewPolicyRequests(t *ir.Table, rng *rand.Rand) *PolicyRequests {
	q := &PolicyRequests{rng: rng, paths: NewRequests(t, rng),
		origins: []string{"https://evil.test", "null", "https://app.test"}}
	limits := map[int64]bool{}
	hosts := Hosts(t)
	for d, dom := range t.Domains {
		for _, r := range dom.Routes {
			path := PathOf(r, func(p ir.Param) string { return Escape(p, ValidValue(p)) })
			q.routes = append(q.routes, Request{Method: r.Method, Host: hosts[d], Path: path})
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

// policyMethods are the methods sent: difftest's, odd-case ones among them, and
// a preflight's OPTIONS more often.
var policyMethods = append(slices.Clone(Methods), "Get", "pOST", "OPTIONS", "OPTIONS")

func (q *PolicyRequests) chance(p float64) bool { return q.rng.Float64() < p }

// Next is a random request.
func (q *PolicyRequests) Next() PolicyRequest {
	// Half the requests are a route's own, so that most reach the
	// policies; the others are difftest's, mutated.
	r := q.paths.Next()
	if q.chance(0.5) {
		r = pick(q.rng, q.routes)
		if q.chance(0.2) {
			r.Method = pick(q.rng, policyMethods)
		}
	} else {
		r.Method = pick(q.rng, policyMethods)
	}
	req := PolicyRequest{Method: r.Method, Target: r.Path, Body: -1}
	switch {
	case q.chance(0.1):
		req.Target += "?q=1"
	case q.chance(0.05):
		// The absolute form: its host is the request's.
		req.Target = "http://" + r.Host + r.Path
	}
	req.Header = append(req.Header, "Host: "+r.Host)
	if q.chance(0.5) {
		req.Header = append(req.Header, AuthHeader+": ok")
		if q.chance(0.7) {
			req.Header = append(req.Header, q.subject()...)
		}
	}
	if q.chance(0.6) {
		origin := pick(q.rng, q.origins)
		if q.chance(0.3) {
			origin = "http://" + r.Host // same origin
		}
		req.Header = append(req.Header, "Origin: "+origin)
	}
	if q.chance(0.3) {
		req.Header = append(req.Header, "Sec-Fetch-Site: "+pick(q.rng, []string{"same-origin", "same-site", "cross-site", "none"}))
	}
	if req.Method == http.MethodOptions && q.chance(0.7) {
		req.Header = append(req.Header, "Access-Control-Request-Method: "+pick(q.rng, policyMethods))
		if q.chance(0.5) {
			req.Header = append(req.Header, "Access-Control-Request-Headers: "+pick(q.rng, []string{"x-custom", "content-type", "authorization,x-custom", "x-other", "X-Custom", "x-custom, Authorization", "Content-Type ,x-other"}))
		}
	}
	if req.Method == "WS" && q.chance(0.8) || q.chance(0.1) {
		// A WebSocket route's request is a GET that asks to upgrade.
		if req.Method == "WS" {
			req.Method = http.MethodGet
		}
		req.Header = append(req.Header, "Upgrade: websocket", "Connection: Upgrade")
	}
	if q.chance(0.4) {
		req.Body = pick(q.rng, q.sizes)
		req.Header = append(req.Header, "Content-Length: "+strconv.Itoa(req.Body))
	}
	return req
}

// subject is the headers of a random subject: some roles, some
// permissions, or none of either.
func (q *PolicyRequests) subject() []string {
	var h []string
	if q.chance(0.7) {
		h = append(h, RolesHeader+": "+strings.Join(pickFrom(q.rng, roles, 3), ","))
	}
	if len(h) == 0 || q.chance(0.7) {
		h = append(h, PermissionsHeader+": "+strings.Join(pickFrom(q.rng, heldPermissions, 3), "|"))
	}
	return h
}

// SubjectOf is the subject of a request with header, as the router's
// authenticator reads it.
func SubjectOf(header []string) explain.Subject {
	s := explain.Subject{Authenticated: slices.Contains(header, AuthHeader+": ok"), Every: true}
	for _, h := range header {
		switch name, value, _ := strings.Cut(h, ": "); name {
		case RolesHeader:
			s.Roles, s.Every = strings.Split(value, ","), false
		case PermissionsHeader:
			s.Permissions, s.Every = strings.Split(value, "|"), false
		}
	}
	return s
}

// response is what a client reads of an answer, and whether the action ran.
type response struct {
	status          int
	location, allow string
	challenges      string      // WWW-Authenticate's, comma-separated
	cors            http.Header // Access-Control-* and Vary
	action          bool
}

// Compare sends req to both sides and returns their differences, "" for none.
func (a *Agreement) Compare(req PolicyRequest) string {
	got, err := a.send(req)
	if err != nil {
		return "the router: " + err.Error()
	}
	r, err := a.explain.NewRequest(req.Method, req.Target, req.Header)
	if err != nil {
		// match refuses what a server refuses with 400 before any handler.
		if got.status != http.StatusBadRequest || got.action {
			return fmt.Sprintf("match refuses the request (%v); the router answers %d", err, got.status)
		}
		return ""
	}
	if req.Method == http.MethodOptions && req.Target == "*" {
		// A limitation of the differential: net/http's server answers
		// "OPTIONS *" itself, 200, and never hands it to a handler, so
		// the router cannot be asked what match explains (its automatic
		// reply for the path "*").
		if got.status != http.StatusOK || got.action {
			return fmt.Sprintf("OPTIONS *: the server answers %d, want its own 200", got.status)
		}
		return ""
	}
	ans := a.explain.Answer(r, SubjectOf(req.Header))
	if n := len(ans.Steps); n > 0 {
		a.Seen[ans.Steps[n-1].Name+" "+ans.Steps[n-1].Outcome]++
	}
	want := response{status: ans.Status, location: ans.Location, allow: ans.Allow, challenges: strings.Join(ans.Header.Values("Www-Authenticate"), ", "),
		cors: corsHeaders(ans.Header), action: ans.Kind == decide.Action || ans.Kind == decide.LimitedAction}
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
	if got.challenges != want.challenges {
		diffs = append(diffs, fmt.Sprintf("WWW-Authenticate: router %q, match %q", got.challenges, want.challenges))
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

// send sends req to the router and reads what a client reads of the answer.
func (a *Agreement) send(req PolicyRequest) (response, error) {
	res, err := a.wire.Send(req)
	if err != nil {
		return response{}, err
	}
	return response{status: res.StatusCode, location: res.Header.Get("Location"), allow: res.Header.Get("Allow"),
		challenges: strings.Join(res.Header.Values("Www-Authenticate"), ", "), cors: corsHeaders(res.Header), action: res.Header.Get(ActionHeader) != ""}, nil
}

// Conn sends requests to a server as their bytes, so that the target
// reaches it as written, on a connection kept between requests unless the
// server closes it or switches protocols.
type Conn struct {
	addr   string
	conn   net.Conn
	reader *bufio.Reader
}

// NewConn sends requests to addr (host:port).
func NewConn(addr string) *Conn { return &Conn{addr: addr} }

// Send writes req and reads the answer, its body read and closed.
func (c *Conn) Send(req PolicyRequest) (*http.Response, error) {
	if c.conn == nil {
		conn, err := net.Dial("tcp", c.addr)
		if err != nil {
			return nil, err
		}
		c.conn, c.reader = conn, bufio.NewReader(conn)
	}
	var b strings.Builder
	b.WriteString(req.Method + " " + req.Target + " HTTP/1.1\r\n")
	for _, h := range req.Header {
		b.WriteString(h + "\r\n")
	}
	b.WriteString("\r\n")
	if req.Body > 0 {
		b.WriteString(strings.Repeat("b", req.Body))
	}
	if _, err := io.WriteString(c.conn, b.String()); err != nil {
		return nil, err
	}
	res, err := http.ReadResponse(c.reader, &http.Request{Method: req.Method})
	if err == nil {
		_, err = io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	if err != nil || res.Close || res.StatusCode == http.StatusSwitchingProtocols {
		c.Close()
	}
	return res, err
}

// Close closes the connection.
func (c *Conn) Close() {
	if c.conn != nil {
		c.conn.Close()
		c.conn = nil
	}
}
