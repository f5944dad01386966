package decide

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/core"
)

// newTestTable is the decision table of routes on one domain that serves
// every host.
func newTestTable(t *testing.T, routes []core.Route, domain core.Domain, policies []Policy) *Table {
	t.Helper()
	hosts, problems := core.NewHosts([]core.Address{{}}, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	return NewTable(core.NewTable(routes, []core.Domain{domain}, nil), Config{Policies: policies, Hosts: hosts})
}

// TestPreflightClearsAllow: a Decision is reused across requests (the
// router pools it); a preflight's 204 must not carry the Allow of an
// automatic OPTIONS reply decided before it, which the router would write.
func TestPreflightClearsAllow(t *testing.T) {
	cors := &CORS{AllowOrigins: []string{"*"}, AllowMethods: []string{"POST"}}
	tab := newTestTable(t, []core.Route{{Method: "POST", Path: "/x"}, {Method: "GET", Path: "/y"}},
		core.Domain{RedirectTrailingSlash: true, MethodNotAllowed: true, AutoOptions: true},
		[]Policy{{Method: "POST", Auth: AuthAnonymous, CORS: cors}, {Method: "GET", Auth: AuthAnonymous}})
	d := Decision{Match: &core.Match{}, App: acceptAll{httptest.NewRecorder()}}
	if kind := tab.Decide(&d, httptest.NewRequest("OPTIONS", "/y", nil)); kind != Reply || d.Status != http.StatusNoContent || d.Allow == "" {
		t.Fatalf("OPTIONS /y: %v %d Allow %q; want the automatic reply", kind, d.Status, d.Allow)
	}
	r := httptest.NewRequest("OPTIONS", "/x", nil)
	r.Header.Set("Origin", "https://app.test")
	r.Header.Set("Access-Control-Request-Method", "POST")
	if kind := tab.Decide(&d, r); kind != Reply || d.Status != http.StatusNoContent || d.Allow != "" {
		t.Errorf("preflight of POST /x after it: %v %d Allow %q; want 204 without Allow", kind, d.Status, d.Allow)
	}
}

// TestActionAfterLimitedAction: a route that checks nothing goes straight
// to its action, without the body limit of the route decided before it in
// a reused Decision.
func TestActionAfterLimitedAction(t *testing.T) {
	tab := newTestTable(t, []core.Route{{Method: "POST", Path: "/upload"}, {Method: "PUT", Path: "/free"}}, core.Domain{},
		[]Policy{{Method: "POST", Auth: AuthAnonymous, MaxBodySize: 8}, {Method: "PUT", Auth: AuthAnonymous}})
	d := Decision{Match: &core.Match{}, App: acceptAll{httptest.NewRecorder()}}
	if kind := tab.Decide(&d, httptest.NewRequest("POST", "/upload", strings.NewReader("1234"))); kind != LimitedAction || d.LimitBody != 8 {
		t.Fatalf("POST /upload: %v, LimitBody %d; want the action limited to 8", kind, d.LimitBody)
	}
	if kind := tab.Decide(&d, httptest.NewRequest("PUT", "/free", strings.NewReader("123456789012"))); kind != Action {
		t.Errorf("PUT /free after it: %v; want the action without a limit", kind)
	}
}

// acceptAll is an application whose authenticators and authorizer accept
// every request.
type acceptAll struct{ w http.ResponseWriter }

func (acceptAll) SignedIn() bool                     { return false }
func (acceptAll) Authenticate(string) (bool, string) { return true, "" }
func (acceptAll) Authorize(*Authorization) bool      { return true }
func (acceptAll) Subject() Subject                   { return Holdings{} }
func (a acceptAll) Writer() http.ResponseWriter      { return a.w }

// TestRefusalsInTheDecisionsOrder: an API description states a route's
// refusals in the order the decision meets them, anti-CSRF before auth.
func TestRefusalsInTheDecisionsOrder(t *testing.T) {
	authz := &Authorization{Roles: []Check{{Func: "hasrole", Args: []string{"admin"}}}}
	tab := newTestTable(t, []core.Route{{Method: "POST", Path: "/logout"}}, core.Domain{},
		[]Policy{{Method: "POST", Auth: "session", Authorization: authz, AntiCSRF: true, MaxBodySize: 8}})
	var got []string
	for _, r := range tab.Refusals(0, "POST") {
		got = append(got, fmt.Sprint(r.Status, " ", r.Reason))
	}
	want := []string{
		"403 A cross-origin request from a browser (anti-CSRF check).",
		"401 The authenticator refuses the request.",
		"403 The subject lacks the roles or permissions of the route's authorization.",
		"413 The request body is over 8 bytes.",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Refusals:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// refuseAll is an application whose authenticators refuse every request,
// each with the challenge challenges gives its scheme.
type refuseAll struct {
	acceptAll
	challenges map[string]string
}

func (a refuseAll) Authenticate(scheme string) (bool, string) { return false, a.challenges[scheme] }

// TestLoginRedirectAndChallenges: a route of a scheme with a login page
// sends a refused request there, its target in _rt under the mount path;
// a route of "authenticated" answers 401 with the challenge of each
// scheme it asked, once each, "Bearer" for one that gives none.
func TestLoginRedirectAndChallenges(t *testing.T) {
	routes := []core.Route{{Method: "GET", Path: "/secret"}, {Method: "GET", Path: "/any"}, {Method: "GET", Path: "/api"}}
	hosts, _ := core.NewHosts([]core.Address{{}}, nil)
	tab := NewTable(core.NewTable(routes, []core.Domain{{}}, nil), Config{
		Policies:       []Policy{{Method: "GET", Auth: "form"}, {Method: "GET", Auth: AuthAuthenticated}, {Method: "GET", Auth: "api"}},
		Authenticators: []string{"api", "basic", "form", "token"},
		LoginPages:     map[string]string{"form": "/login.html?x=1"},
		BasePath:       "/svc",
		Hosts:          hosts,
	})
	app := refuseAll{acceptAll{httptest.NewRecorder()}, map[string]string{"basic": `Basic realm="r"`, "api": ""}}
	d := Decision{Match: &core.Match{}, App: app}
	if kind := tab.Decide(&d, httptest.NewRequest("GET", "/secret?a=b", nil)); kind != Reply || d.Status != http.StatusFound || d.Location != "/svc/login.html?x=1&_rt=%2Fsvc%2Fsecret%3Fa%3Db" {
		t.Errorf("GET /secret?a=b: %v %d Location %q; want 302 to the login page", kind, d.Status, d.Location)
	}
	if kind := tab.Decide(&d, httptest.NewRequest("GET", "/any", nil)); kind != Refuse || d.Status != http.StatusUnauthorized ||
		!slices.Equal(d.Challenges, []string{"Bearer", `Basic realm="r"`}) {
		t.Errorf("GET /any: %v %d challenges %q; want 401 with Bearer and Basic", kind, d.Status, d.Challenges)
	}
	if got := tab.Refusals(0, "GET"); len(got) != 1 || got[0].Status != http.StatusFound {
		t.Errorf("Refusals of the form route: %v; want the 302 alone", got)
	}
}

// TestLoginRedirectOfWebSocketRoute: a WebSocket route's redirect to its
// scheme's login page carries the secure headers, as its refusals do.
func TestLoginRedirectOfWebSocketRoute(t *testing.T) {
	hosts, _ := core.NewHosts([]core.Address{{}}, nil)
	tab := NewTable(core.NewTable([]core.Route{{Method: "WS", Path: "/live"}}, []core.Domain{{}}, nil), Config{
		Policies:       []Policy{{Method: "WS", Auth: "form"}},
		Authenticators: []string{"form"},
		LoginPages:     map[string]string{"form": "/login.html"},
		Hosts:          hosts,
		SecureHeaders:  []Header{{Name: "X-Frame-Options", Value: "DENY"}},
	})
	w := httptest.NewRecorder()
	d := Decision{Match: &core.Match{}, App: refuseAll{acceptAll{w}, nil}}
	r := httptest.NewRequest("GET", "/live", nil)
	r.Header.Set("Upgrade", "websocket")
	r.Header.Set("Connection", "Upgrade")
	if kind := tab.Decide(&d, r); kind != Reply || d.Status != http.StatusFound || w.Header().Get("X-Frame-Options") != "DENY" {
		t.Errorf("the upgrade: %v %d, X-Frame-Options %q; want 302 with the secure headers", kind, d.Status, w.Header().Get("X-Frame-Options"))
	}
}

// TestDecideLooksUpAsLookup: Decide takes the lookup's common path inlined
// (core's Direct, Matcher, Matched and Settle); what it records must be
// what Lookup records, on every branch of that path: a route found, one
// whose parameter may hide an escaped dot segment, one with a constraint,
// no route, a path that does not begin with "/", a reused Match.
func TestDecideLooksUpAsLookup(t *testing.T) {
	routes := []core.Route{
		{Method: "GET", Path: "/"},
		{Method: "GET", Path: "/hotels/:id", Constraints: []string{"number"}},
		{Method: "GET", Path: "/files/:name"},
		{Method: "GET", Path: "/files/:name/raw"},
		{Method: "POST", Path: "/files/:name"},
		{Method: "GET", Path: "/docs/"},
	}
	policies := make([]Policy, len(routes))
	for i, r := range routes {
		policies[i] = Policy{Method: r.Method, Auth: AuthAnonymous}
	}
	domain := core.Domain{RedirectTrailingSlash: true, MethodNotAllowed: true, AutoOptions: true}
	tab := newTestTable(t, routes, domain, policies)
	d := Decision{Match: &core.Match{}, App: acceptAll{httptest.NewRecorder()}}
	for _, target := range []string{
		"/", "/hotels/42", "/hotels/x", "/hotels/", "/files/a.txt", "/files/a%2Fb", "/files/%2e%2e", "/files/.%2E/raw",
		"/files/a/raw", "/files/a/raw/", "/docs", "/docs/", "/nowhere", "/files/a?x=1", "/files/%41", "*",
	} {
		for _, method := range []string{"GET", "POST", "DELETE", "HEAD"} {
			r := httptest.NewRequest(method, "/", nil)
			r.RequestURI = target
			r.URL.Path, r.URL.RawPath, r.URL.RawQuery = "", "", ""
			if u, err := r.URL.Parse(target); err == nil {
				r.URL = u
			}
			tab.Decide(&d, r)
			path, unescaped := RequestPath(r)
			var m core.Match
			m.SetUnescapedPath(unescaped)
			tab.core.Lookup(&m, tab.hosts, method, "", path)
			got, want := lookedUp(d.Match), lookedUp(&m)
			if got != want {
				t.Errorf("%s %s: Decide recorded %s; Lookup %s", method, target, got, want)
			}
		}
	}
}

// lookedUp is what a lookup recorded in m, as text.
func lookedUp(m *core.Match) string {
	s := fmt.Sprintf("%+v path %q", m.Outcome, m.Params.Path())
	for i := range m.Params.Len() {
		s += fmt.Sprintf(" %q", m.Params.Value(i))
	}
	if m.Outcome.Status == http.StatusMovedPermanently || m.Outcome.Status == http.StatusPermanentRedirect {
		s += " to " + m.Redirect()
	}
	return s
}
