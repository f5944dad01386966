package golden_test

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

// userEcho answers with what its actions received.
type userEcho struct{ userNoop }

func (userEcho) Show(ctx *runtime.Context, id int64) error {
	_, err := fmt.Fprintf(ctx.Res, "user %d via %s", id, ctx.Req.PathValue("id"))
	return err
}

func (userEcho) Profile(ctx *runtime.Context, name string) error {
	_, err := fmt.Fprintf(ctx.Res, "profile %s q=%s", name, ctx.Req.QueryValue("q"))
	return err
}

type itemEcho struct{ itemNoop }

func (itemEcho) Show(ctx *runtime.Context, version, id string) error {
	_, err := fmt.Fprintf(ctx.Res, "item %s %s", version, id)
	return err
}

type tenantEcho struct{ tenantNoop }

func (tenantEcho) Page(ctx *runtime.Context, slug string) error {
	_, err := fmt.Fprintf(ctx.Res, "tenant %s page %s", ctx.Subdomain(), slug)
	return err
}

var assets = fstest.MapFS{
	"web/assets/css/site.css":    {Data: []byte("body{}")},
	"web/assets/img/favicon.ico": {Data: []byte("icon")},
	"web/assets/secret/../x.txt": {Data: []byte("never")},
	"web/private.txt":            {Data: []byte("private")},
}

// richServer serves the rich example over a real connection; requests are
// sent to it with the Host of the domain under test.
func richServer(t *testing.T, opts ...runtime.Option) *httptest.Server {
	opts = append([]runtime.Option{
		runtime.WithStaticFS(assets),
		runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
			var e *runtime.Error
			if errors.As(err, &e) && e.Status == http.StatusNotFound {
				http.Error(ctx.Res, "nothing here", http.StatusNotFound)
				return
			}
			http.Error(ctx.Res, e.Error(), e.Status)
		}),
	}, opts...)
	rt, err := rich.NewRouter(dashboardNoop{}, appNoop{}, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
		fileNoop{}, itemEcho{}, postNoop{}, tenantEcho{}, userEcho{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	return srv
}

// call is one request over HTTP and what must come back.
type call struct {
	method, path string
	host         string // appHost when ""
	header       map[string]string
	body         io.Reader
	length       int64 // Content-Length; -1 sends the body chunked
	status       int
	want         string            // a substring of the body
	headers      map[string]string // of the response
}

func (c call) do(t *testing.T, srv *httptest.Server) {
	t.Helper()
	req, err := http.NewRequest(c.method, srv.URL+c.path, c.body)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = cmp.Or(c.host, appHost)
	if c.body != nil {
		req.ContentLength = c.length
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	resp, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != c.status || !strings.Contains(string(body), c.want) {
		t.Errorf("%s = %d %q, want %d with %q", c.request(req.Host), resp.StatusCode, body, c.status, c.want)
	}
	for k, v := range c.headers {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", c.request(req.Host), k, got, v)
		}
	}
}

// request is how the failures of do name the request: its method, host
// and path, and its headers when it has some.
func (c call) request(host string) string {
	s := c.method + " " + host + c.path
	if len(c.header) > 0 {
		s += fmt.Sprintf(" %v", c.header)
	}
	return s
}

// TestCallRequest: the failures of call.do show a request's headers only
// when it has some.
func TestCallRequest(t *testing.T) {
	for c, want := range map[*call]string{
		{method: "GET", path: "/users"}:                                              "GET app.example.com:8080/users",
		{method: "GET", path: "/users", header: map[string]string{}}:                 "GET app.example.com:8080/users",
		{method: "POST", path: "/login", header: map[string]string{"Cookie": "s=1"}}: "POST app.example.com:8080/login map[Cookie:s=1]",
	} {
		if got := c.request(appHost); got != want {
			t.Errorf("request(%v) = %q, want %q", *c, got, want)
		}
	}
}

// noRedirects shows redirects instead of following them.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func TestServeOverHTTP(t *testing.T) {
	srv := richServer(t)
	for _, x := range []call{
		{method: "GET", host: mainHost, path: "/users/42", status: 200, want: "user 42 via 42"},
		{method: "GET", host: mainHost, path: "/users/99999999999999999999", status: 400, want: `path parameter "id": "99999999999999999999" is out of the range of a 64-bit integer`},
		{method: "GET", host: mainHost, path: "/users/abc", status: 400, want: `path parameter "id": "abc" is not a number`},
		{method: "GET", host: mainHost, path: "/user_ann?q=a+b", status: 200, want: "profile ann q=a b"},
		{method: "GET", host: mainHost, path: "/api/v2/items/a%2Fb", status: 200, want: "item v2 a/b"},
		{method: "GET", host: mainHost, path: "/user_a%20b", status: 200, want: "profile a b"},
		{method: "GET", host: mainHost, path: "/users/4%32", status: 200, want: "user 42 via 42"},
		{method: "GET", host: tenantHost, path: "/pages/about", status: 200, want: "tenant acme page about"},
		// Host names compare in any case: the subdomain an action reads is lower case.
		{method: "GET", host: strings.ToUpper(tenantHost), path: "/pages/about", status: 200, want: "tenant acme page about"},
		{method: "GET", host: mainHost, path: "/users/?page=2", status: 301, headers: map[string]string{"Location": "/users?page=2"}},
		{method: "POST", host: mainHost, path: "/users//", status: 308, headers: map[string]string{"Location": "/users/"}},
		{method: "OPTIONS", host: mainHost, path: "/users", status: 204, headers: map[string]string{"Allow": "GET, HEAD, OPTIONS, POST"}},
		{method: "DELETE", host: mainHost, path: "/users", status: 405, headers: map[string]string{"Allow": "GET, HEAD, OPTIONS, POST"}},
		{method: "GET", host: tenantHost, path: "/nowhere", status: 404, want: "nothing here"},
		{method: "GET", host: mainHost, path: "/assets/css/site.css", status: 200, want: "body{}", headers: map[string]string{"Content-Type": "text/css; charset=utf-8"}},
		{method: "GET", host: mainHost, path: "/favicon.ico", status: 200, want: "icon"},
		{method: "GET", host: mainHost, path: "/assets/", status: 200, want: "css/"},
		{method: "GET", host: mainHost, path: "/assets/%2e%2e/private.txt", status: 301, headers: map[string]string{"Location": "/private.txt"}},
		{method: "GET", host: mainHost, path: "/assets/css%2f..%2f..%2fprivate.txt", status: 400},
		{method: "GET", host: mainHost, path: "/assets/..%5cprivate.txt", status: 404},
		{method: "HEAD", host: mainHost, path: "/users/42", status: 200},
	} {
		x.do(t, srv)
	}
}

// TestServeBehindStripPrefix checks that the router routes the path a
// handler in front rewrote, not the request line's.
func TestServeBehindStripPrefix(t *testing.T) {
	rt, err := rich.NewRouter(dashboardNoop{}, appNoop{}, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
		fileNoop{}, itemEcho{}, postNoop{}, tenantEcho{}, userEcho{}, runtime.WithStaticFS(assets))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.StripPrefix("/mounted", rt))
	t.Cleanup(srv.Close)
	for _, x := range []call{
		{method: "GET", host: mainHost, path: "/mounted/users/42", status: 200, want: "user 42 via 42"},
		{method: "GET", host: mainHost, path: "/mounted/api/v2/items/a%2Fb?x=1", status: 200, want: "item v2 a/b"},
		{method: "GET", host: mainHost, path: "/mounted/user_a%20b", status: 200, want: "profile a b"},
		{method: "GET", host: mainHost, path: "/users/42", status: 404},
	} {
		x.do(t, srv)
	}
}

func TestStaticFileServing(t *testing.T) {
	modified := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	fsys := fstest.MapFS{
		"web/assets/app.js":          {Data: []byte("0123456789"), ModTime: modified},
		"web/assets/sub/a.txt":       {Data: []byte("a")},
		"web/assets/img/favicon.ico": {Data: []byte("icon")},
	}
	rt := newRichRouter(t, runtime.WithStaticFS(fsys))
	srv := httptest.NewServer(rt)
	defer srv.Close()
	for _, x := range []struct {
		header map[string]string
		path   string
		status int
		body   string
		want   map[string]string
	}{
		{path: "/assets/app.js", status: 200, body: "0123456789", want: map[string]string{
			"Content-Type": "text/javascript; charset=utf-8", "Last-Modified": modified.Format(http.TimeFormat)}},
		{path: "/assets/app.js", header: map[string]string{"If-Modified-Since": modified.Format(http.TimeFormat)}, status: 304},
		{path: "/assets/app.js", header: map[string]string{"Range": "bytes=2-4"}, status: 206, body: "234", want: map[string]string{"Content-Range": "bytes 2-4/10"}},
		{path: "/assets/sub/", status: 200, body: "a.txt"},
		{path: "/assets/missing.js", status: 404},
		{path: "/assets/..%2f..%2fetc/passwd", status: 400},
		{path: "/assets/%2e%2e%2f%2e%2e%2fetc%2fpasswd", status: 400},
		{path: "/assets/%252e%252e/x", status: 404},
		{path: "/assets/..%5c..%5cetc%5cpasswd", status: 404},
		{path: "/assets/app.js%00.png", status: 404},
	} {
		req, _ := http.NewRequest("GET", srv.URL+x.path, nil)
		req.Host = mainHost
		for k, v := range x.header {
			req.Header.Set(k, v)
		}
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != x.status || !strings.Contains(string(body), x.body) {
			t.Errorf("GET %s = %d %q, want %d with %q", x.path, resp.StatusCode, body, x.status, x.body)
		}
		for k, v := range x.want {
			if got := resp.Header.Get(k); got != v {
				t.Errorf("GET %s: %s = %q, want %q", x.path, k, got, v)
			}
		}
	}
}

// TestStaticDefaultFSKeepsSymlinksIn serves from the working folder, where a
// symbolic link points out of the static folder.
func TestStaticDefaultFSKeepsSymlinksIn(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "web", "assets"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "web", "assets", "in.txt"), []byte("inside"), 0o644))
	must(os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("secret"), 0o644))
	must(os.Symlink(outside, filepath.Join(dir, "web", "assets", "out")))
	must(os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(dir, "web", "assets", "secret.txt")))
	t.Chdir(dir)
	srv := httptest.NewServer(newRichRouter(t))
	defer srv.Close()
	for path, want := range map[string]int{"/assets/in.txt": 200, "/assets/out/secret.txt": 404, "/assets/secret.txt": 404} {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Host = mainHost
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want || strings.Contains(string(body), "secret") {
			t.Errorf("GET %s = %d %q, want %d and no byte from outside", path, resp.StatusCode, body, want)
		}
	}
}

func TestForwardedHostOnlyWhenTrusted(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		var opts []runtime.Option
		if trusted {
			opts = append(opts, runtime.WithTrustedProxies())
		}
		srv := richServer(t, opts...)
		req, _ := http.NewRequest("GET", srv.URL+"/pages/x", nil)
		req.Host = mainHost
		req.Header.Set("X-Forwarded-Host", tenantHost)
		resp, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		// /pages/:slug exists only on the tenant domain; on the main domain
		// the catch-all answers, with an empty body.
		if reached := string(body) == "tenant acme page x"; reached != trusted {
			t.Errorf("trusted proxies %v: body %q", trusted, body)
		}
	}
}

// TestSubdomainIsADNSLabel: a wildcard domain serves a first label of
// letters, digits and "-" only, from the Host header and, behind trusted
// proxies, from X-Forwarded-Host alike; another host is served by no domain.
func TestSubdomainIsADNSLabel(t *testing.T) {
	srv := richServer(t, runtime.WithTrustedProxies(), runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
		var e *runtime.Error
		errors.As(err, &e)
		http.Error(ctx.Res, e.Error(), e.Status)
	}))
	for _, host := range []string{"a'b.example.com:8080", "<script>.example.com:8080", "a_b.example.com:8080", "a.b.example.com:8080", "-a.example.com:8080"} {
		for _, forwarded := range []bool{false, true} {
			if !forwarded && strings.Contains(host, "<") {
				continue // net/http sends no such Host header
			}
			req, _ := http.NewRequest("GET", srv.URL+"/pages/about", nil)
			req.Host = host
			if forwarded {
				req.Host = mainHost
				req.Header.Set("X-Forwarded-Host", host)
			}
			resp, err := srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if want := fmt.Sprintf("no domain serves host %q", host); resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), want) {
				t.Errorf("host %q (forwarded %v): %d %q, want 404 %s", host, forwarded, resp.StatusCode, body, want)
			}
		}
	}
	call{method: "GET", host: "a-1.example.com:8080", path: "/pages/about", status: 200, want: "tenant a-1 page about"}.do(t, srv)
}

// TestReplaceableMethodNotAllowed: the error handler answers a 405, with
// the Allow header already set.
func TestReplaceableMethodNotAllowed(t *testing.T) {
	srv := richServer(t, runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
		ctx.Res.WriteHeader(http.StatusMethodNotAllowed)
		io.WriteString(ctx.Res, "try "+ctx.Res.Header().Get("Allow"))
	}))
	call{method: "DELETE", host: mainHost, path: "/login", status: 405, want: "try OPTIONS, POST"}.do(t, srv)
}

// userFailing answers every request for a user with an error.
type userFailing struct{ userNoop }

func (userFailing) Show(*runtime.Context, int64) error { return errors.New("database down") }

// TestErrorHandler checks the default reply to an action's error, and that
// WithErrorHandler replaces it.
func TestErrorHandler(t *testing.T) {
	serve := func(opts ...runtime.Option) *httptest.Server {
		rt, err := rich.NewRouter(dashboardNoop{}, appNoop{}, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
			fileNoop{}, itemNoop{}, postNoop{}, tenantNoop{}, userFailing{}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(rt)
		t.Cleanup(srv.Close)
		return srv
	}
	call{method: "GET", host: mainHost, path: "/users/42", status: 500, want: "Internal Server Error"}.do(t, serve())
	custom := runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
		http.Error(ctx.Res, "sorry: "+err.Error()+" on "+ctx.Route().Name, http.StatusServiceUnavailable)
	})
	call{method: "GET", host: mainHost, path: "/users/42", status: 503, want: "sorry: database down on user"}.do(t, serve(custom))
}
