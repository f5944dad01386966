// Package decide decides the whole answer to a request: the route the
// routing core finds (core.Table.Lookup), then what comes after it —
// security.conf's secure headers, the application's middleware, a static
// file, CORS, anti-CSRF, auth and its fail-closed rule, authorization and
// the body limit — in one order, written here once.
//
// The router executes a decision: it calls the authenticators, the
// authorizer, the middleware and the action where the decision says so.
// routegen match, routegen changes and the OpenAPI export ask the same
// function with the requests they want explained, so that a tool never
// contradicts the router.
package decide

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/rs/cors"

	"github.com/routegen/routegen/internal/core"
)

// The auth values of routes.conf that name no scheme.
const (
	AuthAnonymous     = "anonymous"
	AuthAuthenticated = "authenticated"
)

// CORS is a CORS policy as routes.conf resolves it.
type CORS struct {
	AllowOrigins     []string
	AllowHeaders     []string
	AllowMethods     []string
	ExposeHeaders    []string
	AllowCredentials bool
	MaxAge           int64 // seconds
}

// Policy is what the decision applies to a route once it is found.
type Policy struct {
	Method        string         // the route's: "WS" for a WebSocket route, "*" for a catch_all, which answers every method
	Auth          string         // a scheme, AuthAnonymous, AuthAuthenticated, or "" (none)
	Authorization *Authorization // the route's authorization { }; nil for none
	AntiCSRF      bool
	MaxBodySize   int64 // bytes; 0 for no limit
	// CORS is the route's policy; nil for none. Routes that share a
	// policy share its pointer.
	CORS   *CORS
	Static bool
	List   bool // a static route's list = true: its folders are listed
	// Middleware is set when the application wraps the route
	// (runtime.WithMiddleware): its middleware runs before the policies.
	Middleware bool
}

// Config is what a Table decides with besides the routes.
type Config struct {
	// Policies are the routes' policies by the core table's route index:
	// the routes, then the catch-alls.
	Policies []Policy
	// AuthSchemes are the schemes of security.conf; nil without one.
	AuthSchemes []string
	// Authenticators are the schemes the application registered an
	// authenticator for, in the order a route of AuthAuthenticated asks
	// them.
	Authenticators []string
	// LoginPages are the login pages of the schemes that send a request
	// they refuse to sign in, by scheme: a form scheme's url.login.
	LoginPages map[string]string
	// CSRF is the anti-CSRF check, with the application's trusted
	// origins; nil for http.NewCrossOriginProtection's.
	CSRF *http.CrossOriginProtection
	// TrustProxies takes the host from X-Forwarded-Host when a request has it.
	TrustProxies bool
	// BasePath is the prefix the router is mounted under (WithBasePath),
	// which redirects keep; "" to find it from the request line.
	BasePath string
	// Hosts serve the domains.
	Hosts *core.HostTable
	// SecureHeaders are security.conf's http_header headers, set on every
	// response but a WebSocket handshake's, as aah set them; an HTTPSOnly one on a request that came over HTTPS only.
	SecureHeaders []Header
	// Explain makes every decision record its Steps, for the tools that
	// explain the router; a router's table does not.
	Explain bool
}

// Header is a response header a policy sets.
type Header struct {
	Name, Value string
	HTTPSOnly   bool
}

// Table decides the answers of one router.
type Table struct {
	core      *core.Table
	hosts     *core.HostTable
	readsHost bool // the domain of a request depends on its host: not one domain that serves every host
	// lookupInputLens has bit n set when a method of length n takes
	// lookupInput, whose OPTIONS and "WS" are 7 and 2 bytes long (a length
	// past 63 shares the bit of its remainder, and takes it in vain); every
	// bit when the table reads the host or has a WebSocket route.
	lookupInputLens uint64
	policies        []Policy
	checks          []checks     // by route index
	cors            []*cors.Cors // by route index; nil for none
	csrf            *http.CrossOriginProtection
	failClosed      bool
	authenticators  []string
	loginPages      map[string]string
	trustProxies    bool
	webSockets      bool
	basePath        string
	explain         bool
	secure          *secureHeaders // nil for none
}

// checks are the policies of a route that cost something per request,
// worked out when the table is built, so that most routes go straight to
// their action.
type checks uint8

const (
	checkAll           checks = 1 << iota // static, CORS, auth or authorization: the whole of Policies
	checkCSRF                             // anti-CSRF: the route's method is unsafe
	checkBodySize                         // max_body_size: the route's method has a body
	checkMiddleware                       // the application's middleware runs before the policies
	checkExplain                          // the table explains: every step is recorded
	checkSecureHeaders                    // security.conf's secure headers are set
)

// allMethods stand for "*" in allow_methods, which the CORS library does not read.
var allMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"}

// NewTable builds the decisions of a router of the core table t.
func NewTable(t *core.Table, c Config) *Table {
	d := &Table{core: t, hosts: c.Hosts, policies: c.Policies, csrf: c.CSRF, trustProxies: c.TrustProxies,
		explain: c.Explain, failClosed: len(c.AuthSchemes) > 0 || len(c.Authenticators) > 0, readsHost: !c.Hosts.ServesAll(),
		authenticators: c.Authenticators, loginPages: c.LoginPages}
	if c.BasePath != "" {
		d.basePath = core.BasePath(c.BasePath) // as links write it
	}
	if d.csrf == nil {
		d.csrf = http.NewCrossOriginProtection()
	}
	d.secure = newSecureHeaders(c.SecureHeaders)
	d.checks = make([]checks, len(c.Policies))
	d.cors = make([]*cors.Cors, len(c.Policies))
	handlers := map[*CORS]*cors.Cors{}
	for i := range c.Policies {
		p := &c.Policies[i]
		d.webSockets = d.webSockets || p.Method == "WS"
		d.checks[i] = d.checksOf(p)
		if p.CORS == nil {
			continue
		}
		if handlers[p.CORS] == nil {
			methods := p.CORS.AllowMethods
			if slices.Contains(methods, "*") {
				methods = allMethods
			}
			handlers[p.CORS] = cors.New(cors.Options{
				AllowedOrigins:   p.CORS.AllowOrigins,
				AllowedMethods:   methods,
				AllowedHeaders:   p.CORS.AllowHeaders,
				ExposedHeaders:   p.CORS.ExposeHeaders,
				AllowCredentials: p.CORS.AllowCredentials,
				MaxAge:           int(p.CORS.MaxAge),
				// The decision answers a preflight itself: the library only sets its headers.
				OptionsPassthrough: true,
			})
		}
		d.cors[i] = handlers[p.CORS]
	}
	d.lookupInputLens = 1<<len(http.MethodOptions) | 1<<len("WS")
	if d.readsHost || d.webSockets {
		d.lookupInputLens = ^uint64(0)
	}
	return d
}

// checksOf works out which policies of p cost something per request. A
// route's own method decides anti-CSRF and the body limit: a request only
// reaches a route of another method by HEAD or a WebSocket upgrade falling
// back to GET, and those are safe and have no body. A catch_all takes
// every check, as it answers every method.
func (d *Table) checksOf(p *Policy) checks {
	var c checks
	switch {
	case d.explain:
		// Every route takes the whole of Policies, whose checks the route
		// does not need decide nothing: the steps show each policy.
		c = checkAll | checkExplain
	case p.Method == "*":
		c = checkAll
	default:
		c = methodChecks(p, p.Method)
		if p.Static || p.CORS != nil || p.Authorization != nil || p.Auth != AuthAnonymous && (p.Auth != "" || d.failClosed) {
			c |= checkAll
		}
	}
	if p.Middleware {
		c |= checkMiddleware
	}
	if d.secure != nil {
		c |= checkSecureHeaders
	}
	return c
}

// methodChecks are the anti-CSRF and body-limit checks of p for a request
// of method.
func methodChecks(p *Policy, method string) checks {
	var c checks
	if p.AntiCSRF && core.UnsafeMethod(method) {
		c |= checkCSRF
	}
	// A catch-all answers every method: its limit is on every body.
	if p.MaxBodySize > 0 && (core.BodyMethod(method) || p.Method == "*") {
		c |= checkBodySize
	}
	return c
}

// App is the application code a decision calls: the authenticators and
// the authorizer.
type App interface {
	// SignedIn reports a request of a signed-in session, which passes
	// the routes of every scheme without asking their authenticators.
	SignedIn() bool
	// Authenticate runs the authenticator of scheme and reports whether
	// it recognised the request; when it did not, challenge is the
	// scheme's challenge for a 401's WWW-Authenticate, "" for none.
	Authenticate(scheme string) (ok bool, challenge string)
	// Authorize runs the authorizer on a, the route's authorization { },
	// and the subject Authenticate recognised.
	Authorize(a *Authorization) bool
	// Subject is the subject Authenticate recognised, nil for none: a
	// table that explains says why the authorizer refused it.
	Subject() Subject
	// Writer is the response's writer, which takes the headers a policy
	// sets (CORS).
	Writer() http.ResponseWriter
}

// Kind is what the router does with a request.
type Kind uint8

const (
	// Action: call the route's action.
	Action Kind = iota
	// LimitedAction: call the route's action, its body held to LimitBody
	// bytes.
	LimitedAction
	// Middleware: run the application's middleware of the route, whose
	// end asks Policies.
	Middleware
	// Static: serve the static route's file: 404 when the folder has none,
	// 403 for a folder without listing or index.html.
	Static
	// Reply: write Status, with Location or Allow when set, and no body:
	// a redirect (a form scheme's to its login page among them), an
	// automatic OPTIONS reply, a CORS preflight.
	Reply
	// Refuse: answer the error Status, for Reason.
	Refuse
)

// Decision is what Decide decides on, and what it decided beyond its
// Kind. The router keeps one in each pooled context, whose Match and App
// it sets once; a field below them is written only by the decisions that
// set it.
type Decision struct {
	// Match receives the route's outcome and parameters.
	Match *core.Match
	// App is asked only where a route's policies need it.
	App App
	// routeOnly makes a decision stop at the route (Route).
	routeOnly bool

	Status   int
	Location string // of a redirect, with the mount prefix and the query
	Allow    string // of an automatic OPTIONS reply or a 405
	// Challenges are the WWW-Authenticate challenges of a 401: one for
	// each scheme asked that refused the request, in the order asked,
	// each once; "Bearer" for a scheme that gives none.
	Challenges []string
	// Reason of a refusal: "forbidden: cross-origin request"; "" for the
	// status text; a table that explains gives the login redirect's too.
	// Err is its cause, when there is one.
	Reason string
	Err    error
	// Param is the index of the parameter that failed its constraint (400).
	Param     int
	LimitBody int64 // of LimitedAction: the body limit

	// Steps are the steps taken, recorded by a table built to explain.
	Steps []Step
}

// Step is one step of a decision, for the tools that explain it.
type Step struct {
	Name    string `json:"name"`    // "host", "route", "secure_headers", "preflight", "static", "cors", "auth", "authorization", "anti_csrf", "body_size", "middleware", "action"
	Outcome string `json:"outcome"` // "ok", "refused", "answered", "skipped"…
	Reason  string `json:"reason"`
}

func (d *Decision) step(name, outcome, reason string) {
	d.Steps = append(d.Steps, Step{Name: name, Outcome: outcome, Reason: reason})
}

// Decide decides the answer to r.
func (t *Table) Decide(d *Decision, r *http.Request) Kind {
	// Most requests need none of lookupInput: their table reads no host and
	// has no WebSocket route, and their method is neither OPTIONS nor "WS".
	// They take the shortest way, which keeps only d, r and t for after
	// the lookup.
	if t.lookupInputLens>>(uint(len(r.Method))&63)&1 != 0 {
		return t.decideInput(d, r)
	}
	path, unescaped := RequestPath(r)
	m := d.Match
	m.SetUnescapedPath(unescaped)
	// The lookup's common path, inlined: it spares every request a frame.
	if dom := t.core.Direct(m, t.hosts, path); dom < 0 {
		t.core.Lookup(m, t.hosts, r.Method, "", path)
	} else {
		match, p := t.core.Matcher(m, dom, path)
		if route := match(p, r.Method, path); !t.core.Matched(m, dom, route) {
			t.core.Settle(m, dom, route, r.Method)
		}
	}
	if t.straightToAction(d, r) {
		return Action
	}
	return t.afterLookup(d, r, r.Method, "")
}

// decideInput is Decide for a request that takes lookupInput.
func (t *Table) decideInput(d *Decision, r *http.Request) Kind {
	path, unescaped := RequestPath(r)
	d.Match.SetUnescapedPath(unescaped) // before lookupInput's preflight looks the path up too
	method, host, answered := t.lookupInput(d, r, path)
	if answered {
		return Reply
	}
	t.core.Lookup(d.Match, t.hosts, method, host, path)
	if t.straightToAction(d, r) {
		return Action
	}
	return t.afterLookup(d, r, method, host)
}

// straightToAction reports a request whose route d.Match just found has
// no policy that costs it anything: most requests.
func (t *Table) straightToAction(d *Decision, r *http.Request) bool {
	o := &d.Match.Outcome
	if o.Status != http.StatusOK {
		return false
	}
	c := t.checks[o.Route]
	// A route of an unsafe method has anti-CSRF and a body limit only,
	// most often, and most requests of it carry no browser's headers and
	// no body: afterRoute would let them through, and need not be called.
	return c == 0 || d.routeOnly ||
		c&^(checkCSRF|checkBodySize) == 0 && (c&checkCSRF == 0 || !fromBrowser(r)) && (c&checkBodySize == 0 || r.ContentLength == 0)
}

// afterLookup is Decide after the lookup of r by method and host, for a
// request that straightToAction did not send to its action.
func (t *Table) afterLookup(d *Decision, r *http.Request, method, host string) Kind {
	if d.Match.Outcome.Status != http.StatusOK {
		return t.outcome(d, r, host)
	}
	c := t.checks[d.Match.Outcome.Route]
	if c&checkSecureHeaders != 0 {
		t.setSecureHeaders(d, r)
	}
	if c&checkExplain != 0 {
		t.explainRoute(d, method)
	}
	if c&checkMiddleware != 0 {
		if c&checkExplain != 0 {
			d.step("middleware", "called", "the application's middleware runs before the policies")
		}
		return Middleware
	}
	return t.withRefusalHeaders(d, r, t.afterRoute(d, r, c))
}

// lookupInput is the method and host Decide looks r up with, when its
// table reads the host or has a WebSocket route, or r's method may be
// OPTIONS or "WS"; answered reports a CORS preflight it answered.
func (t *Table) lookupInput(d *Decision, r *http.Request, path string) (method, host string, answered bool) {
	method = r.Method
	if t.readsHost { // a table of one domain that serves every host need not read it
		host = t.RequestHost(r)
	}
	if method == http.MethodOptions && !d.routeOnly && t.preflight(d, r, host, path) {
		return method, host, true
	}
	switch {
	case method == "WS":
		// The name Lookup gives WebSocket upgrades is no method a client may
		// send; HTTP methods are tokens, which have no space.
		method = " "
	case t.webSockets && method == http.MethodGet && isWebSocketUpgrade(r):
		method = "WS"
	}
	return method, host, false
}

// Route decides the route of r alone, as Decide does but for the CORS
// preflight and the policies, for a test that calls an action itself:
// Action when a route serves r, else the Reply or Refuse of its outcome.
func (t *Table) Route(d *Decision, r *http.Request) Kind {
	d.routeOnly = true
	defer func() { d.routeOnly = false }()
	return t.Decide(d, r)
}

// outcome is the decision of a request no route serves as it is: a
// redirect, an automatic OPTIONS reply, 405, 400 or 404. A route's
// middleware sees its 400 when the policies are decided too; a path with
// no clean form has no route.
func (t *Table) outcome(d *Decision, r *http.Request, host string) Kind {
	if t.secure != nil {
		t.setSecureHeaders(d, r)
	}
	m := d.Match
	o := &m.Outcome
	d.Status = o.Status
	switch o.Status {
	case http.StatusMovedPermanently, http.StatusPermanentRedirect:
		d.Location = t.MountPath(r) + m.Redirect()
		if r.URL.RawQuery != "" {
			d.Location += "?" + r.URL.RawQuery
		}
		if t.explain {
			d.step("route", "redirected", redirectReason(m))
		}
		return Reply
	case http.StatusNoContent:
		d.Allow = m.Allow
		if t.explain {
			d.step("route", "answered", "automatic OPTIONS reply: the path's methods are "+m.Allow)
		}
		return Reply
	case http.StatusMethodNotAllowed:
		d.Allow, d.Reason, d.Err = m.Allow, "", nil
		if t.explain {
			d.step("route", "refused", "no "+r.Method+" route serves the path; its methods are "+m.Allow)
		}
		return Refuse
	case http.StatusBadRequest:
		if o.Route < 0 {
			d.Reason, d.Err, d.Param = NoCleanForm, nil, -1
			if t.explain {
				d.step("route", "refused", d.Reason)
			}
			return Refuse
		}
		if t.explain {
			t.explainRoute(d, r.Method)
		}
		// The route matched: its middleware sees the 400, as every reply of it.
		if !d.routeOnly && t.policies[o.Route].Middleware {
			if t.explain {
				d.step("middleware", "called", "the application's middleware sees the route's 400")
			}
			return Middleware
		}
		return t.badParam(d)
	}
	d.Reason, d.Err = "", nil
	if o.Domain < 0 && t.explain { // the router writes its reply without allocating it
		d.Reason = string(AppendNoDomain(nil, host))
	}
	if t.explain {
		reason := d.Reason
		if reason == "" {
			reason = "no route serves " + m.Params.Path()
		}
		d.step("route", "refused", reason)
	}
	return Refuse
}

// NoCleanForm is the reason of the 400 of a path that holds a dot segment
// between escaped slashes, which would reach a parameter.
const NoCleanForm = `bad path: a segment holds "." or ".." between escaped slashes`

func redirectReason(m *core.Match) string {
	if m.CleanRedirect() {
		return "the path is not clean: it is served at its clean form"
	}
	return "the path is served with or without its trailing slash"
}

// badParam refuses the request whose route matched but whose parameter
// failed its constraint, naming the parameter and why.
func (t *Table) badParam(d *Decision) Kind {
	m := d.Match
	d.Status, d.Reason, d.Err, d.Param = http.StatusBadRequest, "invalid value of a path parameter", nil, -1
	for i := range m.Params.Len() {
		c := t.core.Constraint(m.Outcome.Route, i)
		if c == nil {
			continue
		}
		if err := c.Check(m.Params.Value(i)); err != nil {
			d.Reason, d.Param = err.Error(), i
			break
		}
	}
	if t.explain {
		d.step("constraint", "refused", d.Reason)
	}
	return Refuse
}

// explainRoute records the route step of a request a route matched.
func (t *Table) explainRoute(d *Decision, method string) {
	o := &d.Match.Outcome
	p := &t.policies[o.Route]
	switch {
	case o.CatchAll:
		d.step("route", "matched", "no route serves the path; the domain's catch_all answers")
	case p.Method != method && method != " ":
		d.step("route", "matched", "the "+p.Method+" route answers "+method)
	default:
		d.step("route", "matched", "")
	}
}

// Policies decides, for the route d.Match matched (status 200, or 400 when a
// parameter failed its constraint), what comes after the route and its
// middleware: in this order the static file, CORS, anti-CSRF, auth (and
// its fail-closed rule), authorization, the body limit, then the action.
func (t *Table) Policies(d *Decision, r *http.Request) Kind {
	if d.Match.Outcome.Status == http.StatusBadRequest {
		return t.badParam(d)
	}
	return t.withRefusalHeaders(d, r, t.afterRoute(d, r, t.checks[d.Match.Outcome.Route]))
}

// afterRoute is Policies for a route found, whose checks are c.
func (t *Table) afterRoute(d *Decision, r *http.Request, c checks) Kind {
	if c&checkAll != 0 {
		p := &t.policies[d.Match.Outcome.Route]
		if p.Static {
			if t.explain {
				d.step("static", "served", staticReason(d.Match, p))
			}
			return Static
		}
		// A preflight that reaches a route was declined (preflight): the
		// method it asks for has no CORS route. It gets no CORS headers.
		if h := t.cors[d.Match.Outcome.Route]; h != nil && !IsPreflight(r) {
			w := d.App.Writer()
			h.ServeHTTP(w, r, noNext)
			if t.explain {
				outcome, why := corsOutcome(w), "the route's CORS policy sets its headers"
				if outcome != "allowed" {
					why = requestRefusal(h, p.CORS, r)
				}
				d.step("cors", outcome, why)
			}
		}
		// A catch-all serves every method: the request's decides.
		c |= methodChecks(p, r.Method)
		if t.explain {
			explainSkippedCSRF(d, p, r.Method, c)
		}
		// Anti-CSRF runs before auth, as aah ran it: a cross-site request
		// is refused for where it comes from (403) before its credentials
		// are read.
		if !t.antiCSRF(d, r, c) || !t.authenticate(d, r, p) || !t.authorize(d, p) {
			if d.Status == http.StatusFound { // the login redirect
				return Reply
			}
			return Refuse
		}
		if t.explain {
			explainSkippedBodySize(d, p, r.Method, c)
		}
	} else if !t.antiCSRF(d, r, c) {
		return Refuse
	}
	if c&checkBodySize != 0 {
		if n := r.ContentLength; n != 0 {
			limit := t.policies[d.Match.Outcome.Route].MaxBodySize
			if n > limit {
				d.Status, d.Reason, d.Err = http.StatusRequestEntityTooLarge, "", &http.MaxBytesError{Limit: limit}
				if t.explain {
					d.step("body_size", "refused", "Content-Length "+strconv.FormatInt(n, 10)+" is over max_body_size "+strconv.FormatInt(limit, 10)+" bytes")
				}
				return Refuse
			}
			d.LimitBody = limit
			if t.explain {
				d.step("body_size", "ok", "the body is read up to max_body_size "+strconv.FormatInt(limit, 10)+" bytes; past it the action's read fails (413)")
			}
			return LimitedAction
		}
		if c&checkExplain != 0 {
			d.step("body_size", "ok", "the request has no body; max_body_size is "+strconv.FormatInt(t.policies[d.Match.Outcome.Route].MaxBodySize, 10)+" bytes")
		}
	}
	return Action
}

// antiCSRF applies the anti-CSRF check of c, and reports whether the
// request passes it.
func (t *Table) antiCSRF(d *Decision, r *http.Request, c checks) bool {
	if c&checkCSRF == 0 {
		return true
	}
	if !fromBrowser(r) {
		if c&checkExplain != 0 {
			d.step("anti_csrf", "ok", "no Sec-Fetch-Site or Origin header: not a browser's cross-origin request")
		}
		return true
	}
	if err := t.csrf.Check(r); err != nil {
		d.Status, d.Reason, d.Err = http.StatusForbidden, "forbidden: cross-origin request", err
		if t.explain {
			d.step("anti_csrf", "refused", err.Error())
		}
		return false
	}
	if c&checkExplain != 0 {
		d.step("anti_csrf", "ok", "same origin, or a trusted one")
	}
	return true
}

// explainSkippedCSRF records the anti-CSRF step when it does not apply to
// a request of method on p's route, and why.
func explainSkippedCSRF(d *Decision, p *Policy, method string, c checks) {
	switch {
	case c&checkCSRF != 0:
	case !p.AntiCSRF:
		d.step("anti_csrf", "off", "anti_csrf_check = false")
	default:
		d.step("anti_csrf", "skipped", method+" is a safe method")
	}
}

// explainSkippedBodySize records the body-limit step when it does not
// apply to a request of method on p's route.
func explainSkippedBodySize(d *Decision, p *Policy, method string, c checks) {
	if c&checkBodySize == 0 && p.MaxBodySize > 0 {
		d.step("body_size", "skipped", method+" has no body to limit")
	}
}

// staticReason says what the static route of p serves for m: a file, or,
// for a folder (an empty rest, or one that ends in "/"), its listing, or
// else its index.html or a 403, as aah refused a folder without listing.
func staticReason(m *core.Match, p *Policy) string {
	if n := m.Params.Len(); n > 0 {
		if rest := m.Params.Value(n - 1); rest == "" || strings.HasSuffix(rest, "/") {
			if p.List {
				return "a static route lists the folder, before any other policy"
			}
			return "a static route serves the folder's index.html, before any other policy; without one, 403 Directory listing not allowed (list is off)"
		}
	}
	return "a static route serves its file, before any other policy"
}

// noNext is the handler the CORS library calls after setting its headers.
func noNext(http.ResponseWriter, *http.Request) {}

// corsOutcome says whether the CORS headers written let the origin read the reply.
func corsOutcome(w http.ResponseWriter) string {
	if w.Header().Get("Access-Control-Allow-Origin") != "" {
		return "allowed"
	}
	return "not allowed"
}

// authenticate applies the route's auth, and its fail-closed rule: once
// security.conf or the application names schemes, a route without auth
// is refused. A signed-in session passes the route of every scheme, as
// aah's did. A request the route's scheme refuses is sent to the
// scheme's login page when it has one (302, with the request's target in
// _rt), else answered 401 with the challenge of each scheme asked; a
// route of AuthAuthenticated asks every registered scheme in turn, and
// answers 401 always, as in aah: it names no scheme whose login page to
// go to.
func (t *Table) authenticate(d *Decision, r *http.Request, p *Policy) bool {
	switch p.Auth {
	case AuthAnonymous:
		if t.explain {
			d.step("auth", "ok", "auth = \"anonymous\"")
		}
		return true
	case "":
		if t.failClosed {
			d.Status, d.Reason, d.Err = http.StatusForbidden, "forbidden: this route has no auth scheme", nil
			if t.explain {
				d.step("auth", "refused", "the route has no auth, and auth schemes are configured: routes without auth are refused (fail closed); write auth = \"anonymous\" to serve it to everyone")
			}
			return false
		}
		if t.explain {
			d.step("auth", "ok", "no auth scheme is configured")
		}
		return true
	}
	if d.App.SignedIn() {
		if t.explain {
			d.step("auth", "ok", "a signed-in session passes the routes of every scheme")
		}
		return true
	}
	d.Challenges = d.Challenges[:0]
	if p.Auth == AuthAuthenticated {
		for _, scheme := range t.authenticators {
			if t.askScheme(d, scheme) {
				return true
			}
		}
	} else if t.askScheme(d, p.Auth) {
		return true
	}
	if login := t.loginPages[p.Auth]; login != "" {
		d.Status, d.Reason, d.Err = http.StatusFound, "", nil
		d.Location = LoginLocation(t.MountPath(r), login, r.URL)
		if t.explain {
			d.Reason = "not signed in: scheme " + strconv.Quote(p.Auth) + " sends to its login page (url.login), with the return target in _rt"
			d.step("auth", "redirected", d.Reason)
		}
		return false
	}
	d.Status, d.Reason, d.Err = http.StatusUnauthorized, "", nil
	if t.explain {
		who := "the authenticator of " + strconv.Quote(p.Auth)
		if p.Auth == AuthAuthenticated {
			who = "the authenticator of each registered scheme (" + quoteAll(t.authenticators) + ")"
		}
		d.step("auth", "refused", who+" did not recognise the request")
	}
	return false
}

// quoteAll is names quoted, comma-separated.
func quoteAll(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return strings.Join(quoted, ", ")
}

// askScheme asks the authenticator of scheme, and keeps its challenge
// when it refuses.
func (t *Table) askScheme(d *Decision, scheme string) bool {
	ok, challenge := d.App.Authenticate(scheme)
	if ok {
		if t.explain {
			d.step("auth", "ok", "the authenticator of "+strconv.Quote(scheme)+" recognised the request")
		}
		return true
	}
	if challenge == "" {
		challenge = "Bearer"
	}
	if !slices.Contains(d.Challenges, challenge) {
		d.Challenges = append(d.Challenges, challenge)
	}
	return false
}

// authorize applies the route's authorization { }.
func (t *Table) authorize(d *Decision, p *Policy) bool {
	if p.Authorization == nil {
		return true
	}
	allowed := d.App.Authorize(p.Authorization)
	if !allowed {
		d.Status, d.Reason, d.Err = http.StatusForbidden, "forbidden", nil
	}
	if t.explain {
		outcome, why := "ok", "no authenticator recognised a subject"
		if !allowed {
			outcome = "refused"
		}
		if s := d.App.Subject(); s != nil {
			_, why = p.Authorization.Explain(s)
		}
		d.step("authorization", outcome, why)
	}
	return allowed
}

// preflight decides a CORS preflight: an OPTIONS request routed by the
// method it asks for, when that route has a CORS policy, is answered with
// the policy's headers and 204. Other OPTIONS requests go on to the route
// or the automatic reply.
func (t *Table) preflight(d *Decision, r *http.Request, host, path string) bool {
	m := d.Match
	if !IsPreflight(r) || r.Header.Get("Origin") == "" {
		return false
	}
	requested := r.Header.Get("Access-Control-Request-Method")
	if requested == "WS" {
		// As in Decide: the name Lookup gives upgrades is no method a client
		// may ask for, and must not reach a GET route's CORS answer.
		requested = " "
	}
	t.core.Lookup(m, t.hosts, requested, host, path)
	if m.Outcome.Status != http.StatusOK || t.cors[m.Outcome.Route] == nil {
		if t.explain {
			d.step("preflight", "declined", "no "+requested+" route with a CORS policy serves the path: the OPTIONS request goes on as any other")
		}
		return false
	}
	w := d.App.Writer()
	h := t.cors[m.Outcome.Route]
	h.ServeHTTP(w, preflightAsBrowsersSend(r), noNext)
	if t.secure != nil {
		t.setSecureHeaders(d, r)
	}
	// Allow is cleared: a reused Decision may hold an automatic reply's,
	// which the router would write on this 204 too.
	d.Status, d.Allow = http.StatusNoContent, ""
	if t.explain {
		outcome, why := corsOutcome(w), "the CORS policy of the "+requested+" route answers the preflight"
		if outcome != "allowed" {
			why += ": " + preflightRefusal(h, t.policies[m.Outcome.Route].CORS, r)
		}
		d.step("preflight", outcome, why)
	}
	return true
}

// IsPreflight reports a request that the CORS library answers as a CORS
// preflight.
func IsPreflight(r *http.Request) bool {
	return r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
}

// fromBrowser reports whether a request carries the headers the
// cross-origin check reads; without Sec-Fetch-Site and Origin it lets the
// request through, so the check is skipped (keys are canonical: direct map
// reads cost less than Header.Get).
func fromBrowser(r *http.Request) bool {
	return len(r.Header["Sec-Fetch-Site"]) > 0 || len(r.Header["Origin"]) > 0
}

// RequestHost is the Host the request was sent to.
func (t *Table) RequestHost(r *http.Request) string {
	if t.trustProxies {
		if h := r.Header.Get("X-Forwarded-Host"); h != "" {
			return h
		}
	}
	return r.Host
}

// RequestPath is the path as the client sent it, still escaped, so that
// an escaped "/" stays inside its parameter. The URL's path is used when
// the request line agrees with it, and a handler in front that rewrote
// the URL (http.StripPrefix) is obeyed. unescaped reports a path that is
// the request line's and has no escape at all, so that its parameters
// need no search for one.
func RequestPath(r *http.Request) (path string, unescaped bool) {
	// The usual request line: a path with no query that is the URL's Path,
	// which it could not be with an escape in it. Small enough to inline.
	path, unescaped = r.URL.Path, true
	if r.RequestURI != path {
		path, unescaped = requestLinePath(r)
	}
	return
}

// requestLinePath is RequestPath for a request line with a query or an
// escape, or one a handler in front rewrote.
func requestLinePath(r *http.Request) (path string, unescaped bool) {
	u := r.URL
	p := u.RawPath
	if p == "" {
		p = u.Path
	}
	if uri := r.RequestURI; p != "" && strings.HasPrefix(uri, p) && (len(uri) == len(p) || uri[len(p)] == '?') {
		// Path is the unescaped path: equal to the request line's, it holds no "%".
		return p, u.RawPath == ""
	}
	return u.EscapedPath(), false
}

// isWebSocketUpgrade reports a request that asks to upgrade to a WebSocket.
func isWebSocketUpgrade(r *http.Request) bool {
	return headerHasToken(r.Header.Get("Upgrade"), "websocket")
}

// headerHasToken reports whether a comma-separated header holds token, in any case.
func headerHasToken(header, token string) bool {
	for item := range strings.SplitSeq(header, ",") {
		if strings.EqualFold(strings.TrimSpace(item), token) {
			return true
		}
	}
	return false
}

// MountPath is the prefix the router is mounted under, which its
// redirects keep: WithBasePath's, else what a handler in front
// (http.StripPrefix) took off the request line's path, as the URL's path
// is a suffix of it.
func (t *Table) MountPath(r *http.Request) string {
	if t.basePath != "" {
		return t.basePath
	}
	uri, _, _ := strings.Cut(r.RequestURI, "?")
	if requestLineIsURL(uri, r.URL) {
		return "" // most requests: nothing was stripped, and nothing is allocated
	}
	if !strings.HasPrefix(uri, "/") {
		// The absolute form, "http://host/path": its path.
		u, err := url.ParseRequestURI(r.RequestURI)
		if err != nil {
			return ""
		}
		uri = u.EscapedPath()
	}
	prefix, ok := strings.CutSuffix(uri, r.URL.EscapedPath())
	// A prefix that would make the target another host's ("//evil.example") is none.
	if !ok || !strings.HasPrefix(prefix, "/") || strings.HasPrefix(prefix, "//") || strings.HasPrefix(prefix, "/\\") {
		return ""
	}
	return prefix
}

// requestLineIsURL reports whether uri, the request line's target without
// its query, has u's path as sent (its RawPath, else its Path) for its
// path: in the origin form ("/path") or the absolute form
// ("http://host/path").
func requestLineIsURL(uri string, u *url.URL) bool {
	sent := u.RawPath
	if sent == "" {
		sent = u.Path
	}
	if uri == sent {
		return true
	}
	origin, ok := strings.CutSuffix(uri, sent)
	scheme, authority, absolute := strings.Cut(origin, "://")
	return ok && absolute && scheme != "" && !strings.Contains(scheme, "/") && !strings.Contains(authority, "/")
}

// AppendNoDomain appends the reason of a 404 for a host no domain serves.
func AppendNoDomain(b []byte, host string) []byte {
	// Locally, a Host no domain names (localhost:8080) is the usual cause.
	return strconv.AppendQuote(append(b, "no domain serves host "...), host)
}

// IsMaxBytesError reports whether an action failed on a body over the limit.
func IsMaxBytesError(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// BodyLimit is the body limit of route for a request of method: its
// max_body_size when that applies to the method, else 0.
func (t *Table) BodyLimit(route int, method string) int64 {
	p := &t.policies[route]
	if methodChecks(p, method)&checkBodySize != 0 {
		return p.MaxBodySize
	}
	return 0
}

// Refusal is an answer the router may give a route's request instead of
// its action.
type Refusal struct {
	Status int
	Reason string
}

// Refusals are the refusals the policies of route may give a request of
// method, in the order the decision meets them: what an API description
// states of the route. Fail closed, a route without auth is refused
// always, and nothing after it is met.
func (t *Table) Refusals(route int, method string) []Refusal {
	p := &t.policies[route]
	if p.Static {
		return nil
	}
	var out []Refusal
	if t.core.HasConstraint(route) {
		out = append(out, Refusal{http.StatusBadRequest, "A path parameter fails its constraint."})
	}
	c := methodChecks(p, method)
	if c&checkCSRF != 0 {
		out = append(out, Refusal{http.StatusForbidden, "A cross-origin request from a browser (anti-CSRF check)."})
	}
	switch {
	case p.Auth == AuthAnonymous:
	case p.Auth == "" && t.failClosed:
		return append(out, Refusal{http.StatusForbidden, "Always: the route has no auth while the table has auth schemes, and the router fails closed."})
	case t.loginPages[p.Auth] != "":
		out = append(out, Refusal{http.StatusFound, "The request is not signed in: the scheme sends it to its login page."})
	case p.Auth != "":
		out = append(out, Refusal{http.StatusUnauthorized, "The authenticator refuses the request."})
	}
	if p.Authorization != nil {
		out = append(out, Refusal{http.StatusForbidden, "The subject lacks the roles or permissions of the route's authorization."})
	}
	if c&checkBodySize != 0 {
		out = append(out, Refusal{http.StatusRequestEntityTooLarge, fmt.Sprintf("The request body is over %d bytes.", p.MaxBodySize)})
	}
	return out
}
