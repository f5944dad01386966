// Package explain answers requests from a resolved routes.conf as a
// generated router at routes.conf's addresses answers them: it builds the
// routing core's table and the router's decision (internal/core/decide)
// from the ir.Table, and asks the decision. routegen match, routegen
// changes and the OpenAPI export ask it, so that none of them keeps its
// own copy of a rule of the router.
package explain

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/http/httpguts"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/ir"
)

// Router answers requests as the generated router of a table does, with
// the domains at routes.conf's addresses (environment variables read
// when it is built) and an authenticator registered for each of Schemes.
type Router struct {
	Table *ir.Table

	core   *core.Table
	hosts  *core.HostTable
	decide *decide.Table
	routes []*ir.Route // by the core's route index; nil past them (the catch-alls)
	domain []int       // the domain of each route
	index  map[*ir.Route]int
	// schemes are how the authenticators of security.conf's schemes
	// answer, by scheme.
	schemes map[string]schemeAnswer
}

// schemeAnswer is how the authenticator of a scheme answers, as the
// application registers it with package runtime/aahauth.
type schemeAnswer struct {
	// signsIn: the scheme signs in to a session (form, oauth2), whose
	// authenticator recognises no request itself: its credential is the
	// session, which passes the routes of every scheme.
	signsIn bool
	// challenge is a basic scheme's, of its realm_name; "" for one that
	// gives none.
	challenge string
}

// New builds the router of t. A domain whose host or port cannot be read
// from the environment serves nothing; problems names it.
func New(t *ir.Table) (rt *Router, problems []string) {
	rt = &Router{Table: t, index: map[*ir.Route]int{}}
	for d, dom := range t.Domains {
		for _, r := range dom.Routes {
			rt.index[r] = len(rt.routes)
			rt.routes, rt.domain = append(rt.routes, r), append(rt.domain, d)
		}
	}
	addrs := make([]core.Address, len(t.Domains))
	for d := range t.Domains {
		addrs[d] = t.Address(d)
	}
	rt.core = core.NewTableOf(len(rt.routes), func(i int) core.Route {
		r := rt.routes[i]
		return core.Route{Method: r.Method, Domain: rt.domain[i], Path: r.Path, Static: r.Static, List: r.List, Constraints: r.Constraints()}
	}, len(t.Domains), func(d int) (core.Domain, bool) {
		dom := t.Domains[d]
		return core.Domain{RedirectTrailingSlash: dom.RedirectTrailingSlash, MethodNotAllowed: dom.MethodNotAllowed, AutoOptions: dom.AutoOptions}, dom.CatchAll != nil
	}, nil)
	cors := map[*ir.CORS]*decide.CORS{}
	policies := decide.PoliciesOf(len(rt.routes), func(i int) decide.Policy {
		r := rt.routes[i]
		return decide.Policy{Method: r.Method, Auth: r.Auth, Authorization: authorizationOf(r.Authorization), AntiCSRF: r.AntiCSRFCheck,
			MaxBodySize: r.MaxBodySize, CORS: corsOf(cors, r.CORS), Static: r.Static, List: r.List}
	}, len(t.Domains), func(d int) (decide.Policy, bool) {
		ca := t.Domains[d].CatchAll
		if ca == nil {
			return decide.Policy{}, false
		}
		return decide.Policy{Auth: ca.Auth, AntiCSRF: ca.AntiCSRFCheck, MaxBodySize: ca.MaxBodySize, CORS: corsOf(cors, ca.CORS)}, true
	})
	rt.hosts, problems = core.NewHosts(addrs, nil)
	var logins map[string]string
	rt.schemes, logins = schemesOf(t)
	rt.decide = decide.NewTable(rt.core, decide.Config{Policies: policies, AuthSchemes: t.AuthSchemes, Authenticators: Schemes(t), LoginPages: logins,
		Hosts: rt.hosts, SecureHeaders: secureHeaders(t), Explain: true})
	return rt, problems
}

// schemesOf are how the authenticators of t's schemes answer, and the
// login pages of its form schemes (url.login), which aahauth.Form gives
// the router (runtime.WithLoginPage) from the generated SignIn.Forms.
func schemesOf(t *ir.Table) (map[string]schemeAnswer, map[string]string) {
	if t.Security == nil {
		return nil, nil
	}
	answers, logins := map[string]schemeAnswer{}, map[string]string{}
	for _, s := range t.Security.Schemes {
		switch s.Kind {
		case "form":
			logins[s.Name] = s.URLs["login"]
			answers[s.Name] = schemeAnswer{signsIn: true}
		case "oauth2":
			answers[s.Name] = schemeAnswer{signsIn: true}
		case "basic":
			answers[s.Name] = schemeAnswer{challenge: decide.BasicChallenge(s.Realm)}
		}
	}
	return answers, logins
}

// Schemes are the auth schemes the router of t is assumed to register an
// authenticator for: the fewest it can start with. They are the schemes
// its routes and catch-alls name, or, when they ask for an authenticated
// user and name none, one scheme: security.conf's first, else "default".
func Schemes(t *ir.Table) []string {
	named, authenticated := authOf(t)
	if authenticated && len(named) == 0 {
		if len(t.AuthSchemes) > 0 {
			return t.AuthSchemes[:1:1]
		}
		return []string{"default"}
	}
	return named
}

// NamedSchemes are the auth schemes the routes and catch-alls of t name,
// sorted.
func NamedSchemes(t *ir.Table) []string {
	named, _ := authOf(t)
	return named
}

// authOf are the schemes the routes and catch-alls of t name, sorted, and
// whether one asks for any authenticated user. A static route takes no
// auth: the router serves its file before auth.
func authOf(t *ir.Table) (named []string, authenticated bool) {
	add := func(auth string) {
		switch auth {
		case "", decide.AuthAnonymous:
		case decide.AuthAuthenticated:
			authenticated = true
		default:
			if !slices.Contains(named, auth) {
				named = append(named, auth)
			}
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
	slices.Sort(named)
	return named, authenticated
}

// secureHeaders are the headers of t's security.conf the router sets.
func secureHeaders(t *ir.Table) []decide.Header {
	s := t.SecureHeaders
	if s == nil || s.Off {
		return nil
	}
	out := make([]decide.Header, len(s.Headers))
	for i, h := range s.Headers {
		out[i] = decide.Header{Name: h.Name, Value: h.Value, HTTPSOnly: h.HTTPSOnly}
	}
	return out
}

// SecureHeaders are the secure headers of a response over HTTPS, or HTTP.
func (rt *Router) SecureHeaders(https bool) http.Header { return rt.decide.SecureHeaders(https) }

// authorizationOf is a route's authorization { } as the decision reads it.
func authorizationOf(a *ir.Authorization) *decide.Authorization {
	if a == nil {
		return nil
	}
	checks := func(list []ir.Check) []decide.Check {
		out := make([]decide.Check, len(list))
		for i, c := range list {
			out[i] = decide.Check{Func: c.Func, Args: c.Args}
		}
		return out
	}
	return &decide.Authorization{SatisfyBoth: a.Satisfy == "both", Roles: checks(a.Roles), Permissions: checks(a.Permissions)}
}

func corsOf(converted map[*ir.CORS]*decide.CORS, c *ir.CORS) *decide.CORS {
	if c == nil {
		return nil
	}
	if converted[c] == nil {
		converted[c] = &decide.CORS{AllowOrigins: c.AllowOrigins, AllowHeaders: c.AllowHeaders, AllowMethods: c.AllowMethods,
			ExposeHeaders: c.ExposeHeaders, AllowCredentials: c.AllowCredentials, MaxAge: c.MaxAge}
	}
	return converted[c]
}

// Refusals are the refusals the router may give a request of r instead
// of its action, in the order it meets them.
func (rt *Router) Refusals(r *ir.Route) []decide.Refusal {
	return rt.decide.Refusals(rt.index[r], r.Method)
}

// DefaultHost is the Host of a request that names none: the first
// domain's address, as routes.conf says it.
func (rt *Router) DefaultHost() string {
	addr := rt.Table.Address(0)
	host, port, _ := addr.Resolve(nil)
	if port != "" {
		host += ":" + port
	}
	return host
}

// Served are the addresses of the domains, for a message about a host
// none serves.
func (rt *Router) Served() []string {
	var served []string
	for d := range rt.Table.Domains {
		addr := rt.Table.Address(d)
		if h, port, err := addr.Resolve(nil); err == nil {
			served = append(served, strings.TrimSuffix(h+":"+port, ":"))
		}
	}
	return served
}

// NewRequest is the request a server reads from the request line
// "method target HTTP/1.1" and header, one "Name: value" line each: the
// method as sent, an absolute target's host as the Host, a target that
// begins with "//" as a path. A request without a Host header is sent to
// DefaultHost. An https:// target is a request that came over TLS, as is
// a path sent to a domain served over HTTPS (ir.Domain.Scheme).
func (rt *Router) NewRequest(method, target string, header []string) (*http.Request, error) {
	if method == "" || strings.ContainsFunc(method, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
		return nil, fmt.Errorf("method %q is not an HTTP method", method)
	}
	// CONNECT's target is an authority, which may be empty.
	if target == "" && method != http.MethodConnect || strings.ContainsFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
		return nil, fmt.Errorf("URL %q holds a space or a control character, which a request line cannot", target)
	}
	hasHost := false
	var text strings.Builder
	text.WriteString(method + " " + target + " HTTP/1.1\r\n")
	if err := CheckHeader(header); err != nil {
		return nil, err
	}
	for _, h := range header {
		name, value, _ := strings.Cut(h, ":")
		if strings.EqualFold(name, "Host") {
			hasHost = true
		}
		text.WriteString(name + ":" + value + "\r\n")
	}
	if !hasHost {
		text.WriteString("Host: " + rt.DefaultHost() + "\r\n")
	}
	text.WriteString("\r\n")
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(text.String())))
	if err != nil {
		return nil, err
	}
	// As the server sets it: the request line's target.
	r.RequestURI = target
	// A path reaches its domain over the domain's scheme.
	if d := rt.hosts.Match(r.Host); strings.EqualFold(r.URL.Scheme, "https") || r.URL.Scheme == "" && d >= 0 && rt.Table.Domains[d].Scheme == "https" {
		r.TLS = &tls.ConnectionState{}
	}
	return r, nil
}

// CheckHeader reports the first of the header lines ("Name: value") that
// is no header line, or that net/http's server answers 400 to before any
// handler runs: a name that is not a token, a value with a control
// character, a malformed Host. match does not explain such a request as
// the router's.
func CheckHeader(header []string) error {
	for _, h := range header {
		name, value, ok := strings.Cut(h, ":")
		value = strings.Trim(value, " \t")
		switch {
		case !ok || name == "" || strings.ContainsAny(h, "\r\n"):
			return fmt.Errorf("header %q: want Name: value", h)
		case !httpguts.ValidHeaderFieldName(name):
			return fmt.Errorf("header name %q is not a token: a server answers 400 Bad Request (invalid header name)", name)
		case !httpguts.ValidHeaderFieldValue(value):
			return fmt.Errorf("header %s: value %q holds a control character: a server answers 400 Bad Request (invalid header value)", name, value)
		case strings.EqualFold(name, "Host") && !httpguts.ValidHostHeader(value):
			// http.ReadRequest leaves this one to the server.
			return fmt.Errorf("Host %q is malformed: a server answers 400 Bad Request", value)
		}
	}
	return nil
}

// Answer is what the router answers a request, and why.
type Answer struct {
	Kind   decide.Kind
	Status int // the status written; for Action and Middleware the action's, 200 when it succeeds
	// Route is the route that answers, nil for none; CatchAll is set
	// when the domain's catch_all does.
	Route    *ir.Route
	CatchAll *ir.CatchAll
	// Name is the route's name as the generated code knows it ("" for none).
	Name string
	// Domain is the index of the domain that serves the host; -1 for
	// none. HostRule is the rule of the host table that chose it.
	Domain   int
	HostRule core.HostRule
	// Params are the route's path parameters, as its action receives them.
	Params []Param
	// Location and Allow are the headers of a redirect (a login
	// submit's among them), a 405 or an automatic OPTIONS reply; Header
	// the headers a policy set (CORS), and a login submit's Set-Cookie.
	Location, Allow string
	Header          http.Header
	Reason          string // why a request is refused
	Steps           []decide.Step
}

// Param is a path parameter's value as its action receives it: an int64
// for a number parameter, else a string.
type Param struct {
	Name  string
	Value any
}

// Subject is who sends a request, as the application's authenticators
// and the default authorizer see it.
type Subject struct {
	// Authenticated: the authenticators recognise the request (only
	// Scheme's, when it is set); else it is anonymous.
	Authenticated bool
	// Scheme is the one scheme whose authenticator recognises the
	// request ("authenticated" routes accept it too); "" for every one.
	Scheme string
	// Every makes the subject hold every role and permission, whatever
	// Roles and Permissions say: the authorizer accepts it on every route.
	Every bool
	// Roles and Permissions are the subject's; a permission is one of
	// aah's wildcard permissions ("user:read,edit:*"), and one that
	// decide.ParsePermission refuses grants nothing.
	Roles, Permissions []string
}

// Answer decides r as the router does, for a request of subject s.
func (rt *Router) Answer(r *http.Request, s Subject) Answer {
	var m core.Match
	w := headerWriter{}
	d := decide.Decision{Match: &m, App: rt.newApplication(s, w)}
	kind := rt.decide.Decide(&d, r)
	submit := rt.loginSubmit(kind, &m)
	if submit == nil && (kind == decide.Action || kind == decide.LimitedAction) {
		d.Steps = append(d.Steps, decide.Step{Name: "action", Outcome: "called"})
	}
	a := Answer{Kind: kind, Status: d.Status, Domain: m.Outcome.Domain, HostRule: rt.hosts.Rule(r.Host, m.Outcome.Domain), Header: http.Header(w), Steps: d.Steps}
	switch kind {
	case decide.Action, decide.LimitedAction, decide.Middleware, decide.Static:
		a.Status = http.StatusOK
	case decide.Reply:
		a.Location, a.Allow, a.Reason = d.Location, d.Allow, d.Reason
	case decide.Refuse:
		if d.Status == http.StatusUnauthorized {
			a.Header["Www-Authenticate"] = slices.Clone(d.Challenges)
		}
		a.Allow, a.Reason = d.Allow, d.Reason
		if a.Reason == "" && d.Err != nil {
			a.Reason = d.Err.Error()
		}
		if a.Reason == "" {
			a.Reason = http.StatusText(d.Status)
		}
		if o := m.Outcome; d.Status == http.StatusBadRequest && d.Param >= 0 && !o.CatchAll {
			// As the router's 400 names it, with the constraint as routes.conf writes it.
			p := rt.routes[o.Route].ParamSpecs[d.Param]
			a.Reason = fmt.Sprintf("path parameter %q, :%s[%s]: %s", p.Name, p.Name, p.Constraint.Text, d.Reason)
		}
	}
	if o := m.Outcome; o.Route >= 0 {
		if o.CatchAll {
			a.CatchAll = rt.Table.Domains[o.Domain].CatchAll
		} else {
			a.Route = rt.routes[o.Route]
			a.Name = rt.Table.RouteName(rt.domain[o.Route], a.Route)
			for k, p := range a.Route.ParamSpecs {
				if k < m.Params.Len() {
					a.Params = append(a.Params, Param{Name: p.Name, Value: paramValue(p, m.Params.Value(k))})
				}
			}
		}
	}
	if c := rt.Table.StaticCache; c != nil && kind == decide.Static && a.Route != nil {
		// As the router sets them on the file, typed by its extension here,
		// where the file is not read.
		name := a.Route.File
		if name == "" && m.Params.Len() > 0 {
			name = m.Params.Value(0)
		}
		a.Header.Set("Cache-Control", core.StaticCacheControl(c.Default, c.ByType, mime.TypeByExtension(path.Ext(name))))
		if c.Expires != "" {
			a.Header.Set("Expires", c.Expires)
		}
	}
	if submit != nil {
		rt.submitLogin(&a, submit, r, s)
	}
	return a
}

// loginSubmit is the form scheme whose login submit route (which the
// scheme adds, and aahauth.Form's action answers) a decision of kind
// reaches with m; nil for another answer.
func (rt *Router) loginSubmit(kind decide.Kind, m *core.Match) *ir.AuthScheme {
	o := m.Outcome
	if kind != decide.Action && kind != decide.LimitedAction || o.Route < 0 || o.CatchAll || rt.Table.Security == nil {
		return nil
	}
	route := rt.routes[o.Route]
	if route.AddedBy == "" || route.Action != "login_submit" {
		return nil
	}
	for i, s := range rt.Table.Security.Schemes {
		if s.Name == route.AddedBy && s.Kind == "form" {
			return &rt.Table.Security.Schemes[i]
		}
	}
	return nil
}

// submitLogin is a's answer as the action of form's login submit gives
// it (aahauth.Form): with the credentials s is taken to post (its
// authenticators' answer), the session's cookie and a 302 to _rt, else
// to url.login_failure, by the decision the action asks. _rt is read from
// the URL's query, as match sends no body.
func (rt *Router) submitLogin(a *Answer, form *ir.AuthScheme, r *http.Request, s Subject) {
	signedIn := s.Authenticated && (s.Scheme == "" || s.Scheme == form.Name)
	login := decide.FormLogin{LoginFailure: form.URLs["login_failure"], DefaultTarget: form.URLs["default_target"], AlwaysToDefault: form.AlwaysToDefault}
	a.Status, a.Location = http.StatusFound, login.Location("", r.URL.Query().Get("_rt"), signedIn)
	step := decide.Step{Name: "action", Outcome: "refused", Reason: "form scheme " + form.Name + "'s login submit: the credentials are wrong (--auth fail)"}
	if signedIn {
		step = decide.Step{Name: "action", Outcome: "signed in", Reason: "form scheme " + form.Name + "'s login submit: the credentials are right (--auth ok)"}
		if session := rt.Table.Security.Session; session != nil {
			now := time.Now()
			cookie := SessionCookie(session).Saved(SessionValue, decide.SessionLasts(session.TTL, decide.SessionMaxAge(session.TTL, 0), now, now), now)
			a.Header.Add("Set-Cookie", cookie.String())
		} else {
			step.Reason += "; no session keeps the sign-in (security.session.mode is not \"stateful\")"
		}
	}
	a.Steps = append(a.Steps, step)
}

// SessionValue stands for the session cookie's value in the Set-Cookie
// match shows: the router's is the session signed and encrypted.
const SessionValue = "<session>"

// SessionCookie is what session says of its cookie, as the generated
// SignIn.Session gives it the router.
func SessionCookie(session *ir.Session) decide.SessionCookie {
	return decide.SessionCookie{Name: session.CookieName, Domain: session.Domain, Path: session.Path, Secure: session.Secure,
		HTTPOnly: session.HTTPOnly, SameSite: decide.SameSite(session.SameSite)}
}

// paramValue is a parameter's value as its action receives it.
func paramValue(p ir.Param, v string) any {
	if p.Type == ir.TypeInt {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	}
	return v
}

// application stands for the application's authenticators, which
// recognise a subject as s says, and the default authorizer.
type application struct {
	s       Subject
	schemes map[string]schemeAnswer
	held    decide.Holdings
	// session: s holds a signed-in session, whose subject is the
	// request's on every route, anonymous ones included, as the router
	// loads it before any decision.
	session    bool
	recognised bool // an authenticator, or a signed-in session, recognised s
	w          headerWriter
}

func (rt *Router) newApplication(s Subject, w headerWriter) *application {
	a := &application{s: s, schemes: rt.schemes, held: decide.Holdings{Roles: s.Roles}, w: w}
	a.session = s.Authenticated && a.schemes[s.Scheme].signsIn
	if s.Authenticated && s.Scheme == "" {
		for _, answer := range a.schemes {
			a.session = a.session || answer.signsIn
		}
	}
	a.recognised = a.session
	for _, text := range s.Permissions {
		if p, err := decide.ParsePermission(text); err == nil {
			a.held.Permissions = append(a.held.Permissions, p)
		}
	}
	return a
}

// SignedIn: a subject of every credential, or of a scheme that signs in
// to a session, holds a signed-in session when the table has such a
// scheme.
func (a *application) SignedIn() bool { return a.session }

// Authenticate: the authenticator of a scheme that signs in recognises
// no request itself (its session did, or no one).
func (a *application) Authenticate(scheme string) (bool, string) {
	answer := a.schemes[scheme]
	a.recognised = a.s.Authenticated && (a.s.Scheme == "" || a.s.Scheme == scheme) && !answer.signsIn
	return a.recognised, answer.challenge
}

// Authorize is the router's default authorizer, which refuses a request
// no authenticator recognised (it has no subject).
func (a *application) Authorize(authz *decide.Authorization) bool {
	s := a.Subject()
	return s != nil && authz.Allows(s)
}

func (a *application) Subject() decide.Subject {
	switch {
	case !a.recognised:
		return nil
	case a.s.Every:
		return everything{}
	}
	return a.held
}

func (a *application) Writer() http.ResponseWriter { return a.w }

// everything holds every role and permission.
type everything struct{}

func (everything) HasRole(string) bool     { return true }
func (everything) IsPermitted(string) bool { return true }

// headerWriter keeps the headers a policy sets; a decision writes no body.
type headerWriter http.Header

func (w headerWriter) Header() http.Header { return http.Header(w) }
func (w headerWriter) Write([]byte) (int, error) {
	return 0, errors.New("explain: a decision wrote a body")
}
func (w headerWriter) WriteHeader(int) {}
