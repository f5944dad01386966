package golden_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"

	subdomains "github.com/routegen/routegen/golden/aah_examples_domain_subdomain_routes"
	restapi "github.com/routegen/routegen/golden/aah_examples_rest_api_routes"
	"github.com/routegen/routegen/runtime"
)

// pages answers every action of the aah examples below with 200.
type pages struct{}

func (pages) Index(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "index")
	return err
}
func (pages) Dashboard(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "dashboard")
	return err
}
func (pages) Entry(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "entry")
	return err
}

// subdomainServer serves aah's domain-subdomain example, whose
// security.conf keeps aah's default secure headers, at the server's own
// address.
func subdomainServer(t *testing.T, newServer func(http.Handler) *httptest.Server, opts ...runtime.Option) *httptest.Server {
	t.Helper()
	assets := fstest.MapFS{"static/robots.txt": {Data: []byte("User-agent: *\n")}}
	rt, err := subdomains.NewRouter(pages{}, pages{}, pages{},
		append([]runtime.Option{runtime.WithDefaultDomain("sample_com"), runtime.WithStaticFS(assets)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(rt)
	t.Cleanup(srv.Close)
	return srv
}

// TestSecureHeadersServed: security.conf's http_header headers go on an
// action's response, a 404 and a redirect, over HTTP and HTTPS, with
// Strict-Transport-Security over HTTPS only (a TLS connection, or
// X-Forwarded-Proto behind trusted proxies), on a static file too, and
// on the 403 of a static folder without listing.
func TestSecureHeadersServed(t *testing.T) {
	plain := subdomainServer(t, httptest.NewServer)
	tls := subdomainServer(t, httptest.NewTLSServer)
	proxied := subdomainServer(t, httptest.NewServer, runtime.WithTrustedProxies())
	const sts = "max-age=2592000"
	for _, c := range []struct {
		srv                 *httptest.Server
		path, forwardedFrom string
		status              int
		secure              bool
		sts                 string
	}{
		{plain, "/", "", http.StatusOK, true, ""},
		{plain, "/nothing/here", "", http.StatusNotFound, true, ""},
		{plain, "/static/robots.txt", "", http.StatusOK, true, ""},
		{plain, "/static/", "", http.StatusForbidden, true, ""}, // a folder without list: "Directory listing not allowed", as aah answered
		{plain, "/", "https", http.StatusOK, true, ""},          // the header of a client, not a trusted proxy's
		{tls, "/", "", http.StatusOK, true, sts},
		{tls, "/nothing/here", "", http.StatusNotFound, true, sts},
		{tls, "/static/robots.txt", "", http.StatusOK, true, sts},
		{proxied, "/", "https", http.StatusOK, true, sts},
		{proxied, "/", "http", http.StatusOK, true, ""},
	} {
		req, err := http.NewRequest("GET", c.srv.URL+c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if c.forwardedFrom != "" {
			req.Header.Set("X-Forwarded-Proto", c.forwardedFrom)
		}
		res, err := c.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		want := map[string]string{"X-Frame-Options": "", "X-Content-Type-Options": "", "Referrer-Policy": "", "X-Permitted-Cross-Domain-Policies": ""}
		if c.secure {
			want = map[string]string{"X-Frame-Options": "SAMEORIGIN", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer-when-downgrade", "X-Permitted-Cross-Domain-Policies": "master-only"}
		}
		want["Strict-Transport-Security"] = c.sts
		if res.StatusCode != c.status {
			t.Errorf("GET %s%s: %d, want %d", c.srv.URL, c.path, res.StatusCode, c.status)
		}
		for name, value := range want {
			if got := res.Header.Get(name); got != value {
				t.Errorf("GET %s%s (X-Forwarded-Proto %q): %s %q, want %q", c.srv.URL, c.path, c.forwardedFrom, name, got, value)
			}
		}
	}
}

// TestSecureHeadersEmptyValueOff: aah's rest-api example sets xfo to
// DENY and rp and xpcdp to "": those two are not sent.
func TestSecureHeadersEmptyValueOff(t *testing.T) {
	rt, err := restapi.NewRouter(pages{}, postsStub{}, runtime.WithDefaultDomain("localhost"))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	rt.ServeHTTP(w, httptest.NewRequest("GET", "/", nil))
	h := w.Header()
	if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h["Referrer-Policy"] != nil || h["X-Permitted-Cross-Domain-Policies"] != nil {
		t.Errorf("GET /: headers %v; want X-Frame-Options DENY, X-Content-Type-Options nosniff, and no Referrer-Policy or X-Permitted-Cross-Domain-Policies", h)
	}
}

type postsStub struct{}

func (postsStub) Create(*runtime.Context) error           { return nil }
func (postsStub) Delete(*runtime.Context, string) error   { return nil }
func (postsStub) List(*runtime.Context) error             { return nil }
func (postsStub) Retrieve(*runtime.Context, string) error { return nil }
func (postsStub) Update(*runtime.Context, string) error   { return nil }

// TestServeHTTPWithSecureHeadersAllocatesNothing: the headers' keys and
// values are made once, so that a response with them allocates nothing,
// over HTTP and HTTPS.
func TestServeHTTPWithSecureHeadersAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool allocate")
	}
	rt, err := subdomains.NewRouter(quietPages{}, quietPages{}, quietPages{}, runtime.WithDefaultDomain("sample_com"), runtime.WithTrustedProxies())
	if err != nil {
		t.Fatal(err)
	}
	w := &discardWriter{header: http.Header{}}
	for _, proto := range []string{"http", "https"} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("X-Forwarded-Proto", proto)
		allocs := testing.AllocsPerRun(100, func() {
			clear(w.header)
			rt.ServeHTTP(w, r)
		})
		if allocs != 0 || w.header.Get("X-Frame-Options") == "" {
			t.Errorf("%s: ServeHTTP allocated %.1f times, headers %v; want 0 allocations", proto, allocs, w.header)
		}
	}
}

// quietPages answers every action with 200 and no body.
type quietPages struct{}

func (quietPages) Index(*runtime.Context) error     { return nil }
func (quietPages) Dashboard(*runtime.Context) error { return nil }
func (quietPages) Entry(*runtime.Context) error     { return nil }
