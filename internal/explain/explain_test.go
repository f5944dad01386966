package explain

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

// TestNewRequestRefusesWhatAServerRefuses: net/http's server answers 400,
// before any handler, to a Host that is not ASCII or holds a character no
// host has; match must
// not explain such a request as the router's.
func TestNewRequestRefusesWhatAServerRefuses(t *testing.T) {
	rt := newRouter(t, `domains { d { host = "example.com"; routes { home { path = "/"; controller = "C"; action = "A" } } } }`)
	for _, header := range [][]string{{"Host: e\u212aample.com"}, {"Host: example.com/x"}, {"Origin: x", "host:  exa mple.com "}} {
		if _, err := rt.NewRequest("GET", "/", header); err == nil || !strings.Contains(err.Error(), "400") {
			t.Errorf("NewRequest with %q: %v; want an error that says a server answers 400", header, err)
		}
	}
	r, err := rt.NewRequest("GET", "/", []string{"Host: example.com:8080"})
	if err != nil || r.Host != "example.com:8080" {
		t.Fatalf("NewRequest: %v, Host %q", err, r.Host)
	}
}

// TestNewRequestRefusesTheHeadersAServerRefuses: each header line is sent
// to a net/http server as is; NewRequest refuses, saying so, exactly the
// ones the server answers 400, and reads the others.
func TestNewRequestRefusesTheHeadersAServerRefuses(t *testing.T) {
	rt := newRouter(t, `domains { d { host = "example.com"; routes { home { path = "/"; controller = "C"; action = "A" } } } }`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	for _, line := range []string{
		"Bad Name: x", "X(y): x", "X\x01: x", "Caf\u00e9: x", "X-Ok: a\x01b", "X-Ok: a\x7fb", "X-Ok: a\x00b",
		"X-Ok: x", "X-Ok: a\tb", "X-Ok: caf\u00e9", "x_under~score!: x",
	} {
		status := serverStatus(t, srv.Listener.Addr().String(), "GET / HTTP/1.1\r\nHost: example.com\r\n"+line+"\r\n\r\n")
		_, err := rt.NewRequest("GET", "/", []string{line})
		switch {
		case status == http.StatusBadRequest && (err == nil || !strings.Contains(err.Error(), "a server answers 400 Bad Request")):
			t.Errorf("header %q: the server answers 400, NewRequest: %v", line, err)
		case status != http.StatusBadRequest && err != nil:
			t.Errorf("header %q: the server answers %d, NewRequest: %v", line, status, err)
		}
	}
}

// serverStatus is the status the server at addr answers the raw request.
func serverStatus(t *testing.T, addr, request string) int {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(request)); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("%q: %v", request, err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func newRouter(t *testing.T, conf string) *Router {
	t.Helper()
	table, diags := ir.Load(files{fstest.MapFS{"routes.conf": {Data: []byte(conf)}}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	rt, problems := New(table)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	return rt
}

type files struct{ fstest.MapFS }

func (f files) ReadFile(name string) ([]byte, error)  { return f.MapFS.ReadFile(name) }
func (f files) Glob(pattern string) ([]string, error) { return f.MapFS.Glob(pattern) }

// TestNewRequestEmptyConnectTarget: CONNECT's target is an authority,
// which a server reads when empty too (and the router answers); another
// method's empty target is no request line.
func TestNewRequestEmptyConnectTarget(t *testing.T) {
	rt := newRouter(t, `domains { d { host = "example.com"; routes { home { path = "/"; controller = "C"; action = "A" } } } }`)
	if _, err := rt.NewRequest("CONNECT", "", []string{"Host: example.com"}); err != nil {
		t.Errorf(`NewRequest("CONNECT", ""): %v`, err)
	}
	if _, err := rt.NewRequest("GET", "", []string{"Host: example.com"}); err == nil {
		t.Error(`NewRequest("GET", "") reads a request`)
	}
}

// TestAuthenticatedAloneNeedsAnAuthenticator: a router whose routes ask
// for an authenticated user and name no scheme starts only with an
// authenticator, which makes it fail closed: a route without auth is
// refused, as the router refuses it.
func TestAuthenticatedAloneNeedsAnAuthenticator(t *testing.T) {
	rt := newRouter(t, `domains { d { host = "example.com"; routes {
  me { path = "/me"; controller = "C"; action = "Me"; auth = "authenticated" }
  open { path = "/open"; controller = "C"; action = "Open" }
} } }`)
	if got := Schemes(rt.Table); !slices.Equal(got, []string{"default"}) {
		t.Errorf("Schemes = %q, want [default]", got)
	}
	r, err := rt.NewRequest("GET", "http://example.com/open", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a := rt.Answer(r, Subject{Authenticated: true, Every: true}); a.Status != 403 {
		t.Errorf("GET /open: %d, want 403: the router fails closed once an authenticator is registered", a.Status)
	}
}

// TestAuthorization: the decision evaluates a route's authorization { }
// with the subject's roles and permissions, aah's wildcards included, and
// says which check the subject fails.
func TestAuthorization(t *testing.T) {
	rt := newRouter(t, `domains { d { host = "example.com"; routes {
  managers { path = "/managers"; controller = "C"; action = "M"; auth = "basic"; authorization { roles = ["hasrole(manager)"] } }
  either { path = "/either"; controller = "C"; action = "E"; auth = "basic"; authorization { roles = ["hasanyrole(a, b)"]; permissions = ["ispermitted(users:view)"] } }
  both { path = "/both"; controller = "C"; action = "B"; auth = "basic"; authorization { satisfy = "both"; roles = ["hasallroles(a, b)"]; permissions = ["ispermittedall(users:view | reports:edit)"] } }
} } }`)
	for _, tt := range []struct {
		path    string
		subject Subject
		status  int
		reason  string
	}{
		{"/managers", Subject{Authenticated: true, Every: true}, 200, "the subject satisfies hasrole(manager)"},
		{"/managers", Subject{Authenticated: true, Roles: []string{"admin"}}, 403, `the subject fails hasrole(manager): it lacks role "manager"`},
		{"/managers", Subject{Authenticated: true, Roles: []string{"Manager"}}, 403, "lacks role"},
		{"/managers", Subject{Authenticated: true, Roles: []string{"manager"}}, 200, ""},
		{"/managers", Subject{Roles: []string{"manager"}}, 401, ""},
		{"/either", Subject{Authenticated: true, Roles: []string{"b"}}, 200, ""},
		{"/either", Subject{Authenticated: true, Permissions: []string{"users:*"}}, 200, ""},
		{"/either", Subject{Authenticated: true, Roles: []string{"c"}, Permissions: []string{"users:edit"}}, 403,
			`the subject fails hasanyrole(a, b): it has none of roles "a", "b"; ispermitted(users:view): it lacks permission "users:view"`},
		{"/both", Subject{Authenticated: true, Roles: []string{"a", "b"}, Permissions: []string{"users:view", "reports:*"}}, 200, ""},
		{"/both", Subject{Authenticated: true, Roles: []string{"a", "b"}, Permissions: []string{"users:view,edit"}}, 403,
			`satisfy = "both", and the subject fails ispermittedall(users:view | reports:edit): it lacks permission "reports:edit"`},
		{"/both", Subject{Authenticated: true, Roles: []string{"a"}, Permissions: []string{"*"}}, 403, `it lacks role "b"`},
	} {
		r, err := rt.NewRequest("GET", "http://example.com"+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		a := rt.Answer(r, tt.subject)
		var why string
		for _, s := range a.Steps {
			if s.Name == "authorization" {
				why = s.Reason
			}
		}
		if a.Status != tt.status || !strings.Contains(why, tt.reason) {
			t.Errorf("GET %s as %+v: %d, %q; want %d, %q", tt.path, tt.subject, a.Status, why, tt.status, tt.reason)
		}
	}
}

// TestNewRequestScheme: a path reaches its domain over the domain's
// scheme, https on port 443; an absolute URL says its own.
func TestNewRequestScheme(t *testing.T) {
	rt := newRouter(t, `domains {
  api { host = "api.example.com"; port = "443"; routes { home { path = "/"; controller = "C"; action = "A" } } }
  www { host = "www.example.com"; port = "80"; routes { home { path = "/"; controller = "C"; action = "A" } } }
}`)
	for _, tc := range []struct {
		target string
		header []string
		tls    bool
	}{
		{"/", nil, true},
		{"/", []string{"Host: www.example.com"}, false},
		{"http://api.example.com/", nil, false},
		{"https://www.example.com/", nil, true},
	} {
		r, err := rt.NewRequest("GET", tc.target, tc.header)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.TLS != nil; got != tc.tls {
			t.Errorf("GET %s %q: over TLS %v, want %v", tc.target, tc.header, got, tc.tls)
		}
	}
}
