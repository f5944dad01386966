package decide

import (
	"crypto/tls"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/core"
)

var testSecureHeaders = []Header{
	{Name: "x-frame-options", Value: "DENY"},
	{Name: "X-Content-Type-Options", Value: "nosniff"},
	{Name: "Strict-Transport-Security", Value: "max-age=60", HTTPSOnly: true},
}

// secureTable has a route, a static route, a WebSocket route and a CORS
// route, and security.conf's secure headers.
func secureTable(t *testing.T, trustProxies, explain bool) *Table {
	t.Helper()
	hosts, problems := core.NewHosts([]core.Address{{}}, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	cors := &CORS{AllowOrigins: []string{"*"}, AllowMethods: []string{"PUT"}}
	routes := []core.Route{{Method: "GET", Path: "/page"}, {Method: "GET", Path: "/static/*file"}, {Method: "WS", Path: "/ws"}, {Method: "PUT", Path: "/api"}}
	policies := []Policy{{Method: "GET", Auth: AuthAnonymous}, {Method: "GET", Static: true}, {Method: "WS", Auth: AuthAnonymous}, {Method: "PUT", Auth: AuthAnonymous, CORS: cors}}
	return NewTable(core.NewTable(routes, []core.Domain{{RedirectTrailingSlash: true, MethodNotAllowed: true, AutoOptions: true}}, nil),
		Config{Policies: policies, Hosts: hosts, SecureHeaders: testSecureHeaders, TrustProxies: trustProxies, Explain: explain})
}

// TestSecureHeaders: the decision sets security.conf's headers on the
// responses aah set them on (an action's, a refusal's, a redirect's, a
// preflight's), not on a static file's or a WebSocket handshake's, and
// Strict-Transport-Security on HTTPS only: a TLS connection, or
// X-Forwarded-Proto behind trusted proxies.
func TestSecureHeaders(t *testing.T) {
	tab, trusting := secureTable(t, false, false), secureTable(t, true, false)
	tlsRequest := func(r *http.Request) *http.Request { r.TLS = &tls.ConnectionState{}; return r }
	forwarded := func(proto string) func(r *http.Request) *http.Request {
		return func(r *http.Request) *http.Request { r.Header.Set("X-Forwarded-Proto", proto); return r }
	}
	preflight := func(r *http.Request) *http.Request {
		r.Header.Set("Origin", "https://app.test")
		r.Header.Set("Access-Control-Request-Method", "PUT")
		return r
	}
	const plain, https = "DENY nosniff ", "DENY nosniff max-age=60"
	for _, c := range []struct {
		table          *Table
		method, target string
		with           func(*http.Request) *http.Request
		kind           Kind
		want           string
	}{
		{tab, "GET", "/page", nil, Action, plain},
		{tab, "GET", "/page", tlsRequest, Action, https},
		{tab, "GET", "/page", forwarded("https"), Action, plain}, // not a trusted proxy's
		{trusting, "GET", "/page", forwarded("HTTPS, http"), Action, https},
		{trusting, "GET", "/page", forwarded("http"), Action, plain},
		{tab, "GET", "/nowhere", nil, Refuse, plain},
		{tab, "POST", "/page", nil, Refuse, plain},
		{tab, "GET", "/page/", nil, Reply, plain},
		{tab, "OPTIONS", "/page", nil, Reply, plain},
		{tab, "OPTIONS", "/api", preflight, Reply, plain},
		{tab, "GET", "/static/app.js", tlsRequest, Static, https},
		{tab, "HEAD", "/static/app.js", nil, Static, plain},
	} {
		r := httptest.NewRequest(c.method, c.target, nil)
		if c.with != nil {
			r = c.with(r)
		}
		w := httptest.NewRecorder()
		d := Decision{Match: &core.Match{}, App: acceptAll{w}}
		kind := c.table.Decide(&d, r)
		h := w.Header()
		got := h.Get("X-Frame-Options") + " " + h.Get("X-Content-Type-Options") + " " + h.Get("Strict-Transport-Security")
		if kind != c.kind || got != c.want {
			t.Errorf("%s %s (TLS %v, X-Forwarded-Proto %q, trusted %v): %v with %q; want %v with %q", c.method, c.target, r.TLS != nil,
				r.Header.Get("X-Forwarded-Proto"), c.table.trustProxies, kind, got, c.kind, c.want)
		}
	}
	ws := httptest.NewRequest("GET", "/ws", nil)
	ws.Header.Set("Connection", "Upgrade")
	ws.Header.Set("Upgrade", "websocket")
	w := httptest.NewRecorder()
	if kind := tab.Decide(&Decision{Match: &core.Match{}, App: acceptAll{w}}, ws); kind != Action || len(w.Header()) != 0 {
		t.Errorf("WebSocket handshake: %v with %v; want the action without headers", kind, w.Header())
	}
}

// TestSecureHeadersStep: an explaining table records the step, with the
// headers set and why Strict-Transport-Security is not.
func TestSecureHeadersStep(t *testing.T) {
	tab := secureTable(t, false, true)
	for _, c := range []struct {
		target string
		tls    bool
		want   string
	}{
		{"/page", false, "set: security.conf's http_header sets X-Frame-Options, X-Content-Type-Options; Strict-Transport-Security on HTTPS only, and the request did not come over HTTPS"},
		{"/page", true, "set: security.conf's http_header sets X-Frame-Options, X-Content-Type-Options, Strict-Transport-Security"},
		{"/static/x", false, "set: security.conf's http_header sets X-Frame-Options, X-Content-Type-Options; Strict-Transport-Security on HTTPS only, and the request did not come over HTTPS"},
	} {
		r := httptest.NewRequest("GET", c.target, nil)
		if c.tls {
			r.TLS = &tls.ConnectionState{}
		}
		d := Decision{Match: &core.Match{}, App: acceptAll{httptest.NewRecorder()}}
		tab.Decide(&d, r)
		var got []string
		for _, s := range d.Steps {
			if s.Name == "secure_headers" {
				got = append(got, s.Outcome+": "+s.Reason)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint([]string{c.want}) {
			t.Errorf("GET %s (TLS %v): steps %q; want one %q", c.target, c.tls, got, c.want)
		}
	}
}

// TestSecureHeadersAllocateNothing: setting the headers on a response
// allocates nothing, over HTTP and HTTPS.
func TestSecureHeadersAllocateNothing(t *testing.T) {
	tab := secureTable(t, true, false)
	w := reusedWriter{http.Header{}}
	d := Decision{Match: &core.Match{}, App: acceptAll{w}}
	for _, proto := range []string{"http", "https"} {
		r := httptest.NewRequest("GET", "/page", nil)
		r.Header.Set("X-Forwarded-Proto", proto)
		allocs := testing.AllocsPerRun(100, func() {
			clear(w.h)
			tab.Decide(&d, r)
		})
		if allocs != 0 || len(w.h) == 0 {
			t.Errorf("%s: %v allocations, headers %v; want 0 allocations", strings.ToUpper(proto), allocs, w.h)
		}
	}
}

// reusedWriter is a writer whose header map a test clears between
// requests, as a server's own is made once per request before the handler.
type reusedWriter struct{ h http.Header }

func (w reusedWriter) Header() http.Header         { return w.h }
func (w reusedWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w reusedWriter) WriteHeader(int)             {}
