package golden_test

import (
	"bufio"
	"embed"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

// One test an attack, each with the answer a safe router gives.

// rawRequest sends bytes as they are, for requests no client library would
// write, and returns the status line and the headers of the answer.
func rawRequest(t *testing.T, srv *httptest.Server, raw string) (int, http.Header) {
	t.Helper()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, raw); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer to %q: %v", raw[:min(len(raw), 60)], err)
	}
	resp.Body.Close()
	return resp.StatusCode, resp.Header
}

func get(host, path string) string {
	return fmt.Sprintf("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", path, host)
}

func TestAttackOpenRedirectThroughCleanPath(t *testing.T) {
	srv := richServer(t)
	for _, path := range []string{"//evil.example/", "//evil.example/%2e%2e", "/.//evil.example", "///evil.example/"} {
		status, h := rawRequest(t, srv, get(mainHost, path))
		if loc := h.Get("Location"); status != 301 || strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") || strings.Contains(loc, "://") {
			t.Errorf("GET %s = %d Location %q, want a same-host redirect", path, status, loc)
		}
	}
}

func TestAttackOpenRedirectThroughTrailingSlash(t *testing.T) {
	srv := policyServer(t)
	for _, path := range []string{"/\\evil.example/", "/%5Cevil.example/", "/%2F%2Fevil.example/"} {
		status, h := rawRequest(t, srv, get(appHost, path))
		if loc := h.Get("Location"); strings.HasPrefix(loc, "//") || strings.HasPrefix(loc, "/\\") {
			t.Errorf("GET %s = %d Location %q: leaves the host", path, status, loc)
		}
	}
	// The redirect of a matched trailing slash keeps the path, never a host.
	var m runtime.Match
	rich.Lookup(&m, "GET", mainHost, "/users/")
	if m.Redirect() != "/users" {
		t.Errorf("redirect %q", m.Redirect())
	}
}

func TestAttackStaticTraversal(t *testing.T) {
	srv := richServer(t)
	for _, path := range []string{
		"/assets/../private.txt",             // raw: the server cleans it first
		"/assets/%2e%2e/private.txt",         // percent-encoded dots
		"/assets/%2e%2e%2fprivate.txt",       // encoded dots and slash
		"/assets/%252e%252e%252fprivate.txt", // double-encoded
		"/assets/..%5cprivate.txt",           // backslash
		"/assets/css/..%5c..%5cprivate.txt",
		"/assets/%00../private.txt", // NUL
		"/assets/css/site.css%00",
	} {
		status, _ := rawRequest(t, srv, get(mainHost, path))
		if status == 200 {
			t.Errorf("GET %s = 200: served something outside or beside the folder", path)
		}
	}
	if status, _ := rawRequest(t, srv, get(mainHost, "/assets/css/site.css")); status != 200 {
		t.Errorf("the folder's own file: %d", status)
	}
}

// TestAttackHugePathAndHeaders: a 1 MB path is within what net/http reads
// (1 MB of headers, plus slack) and is matched like any other; a request
// over that limit is refused by the server before it reaches the router.
func TestAttackHugePathAndHeaders(t *testing.T) {
	srv := richServer(t)
	long := "/a/" + strings.Repeat("x", 1<<20)
	if status, _ := rawRequest(t, srv, get(mainHost, long)); status != 200 {
		t.Errorf("1 MB path: %d, want 200 from the catch-all route /a/*rest", status)
	}
	if status, _ := rawRequest(t, srv, get(mainHost, long+long)); status != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("2 MB path: %d, want 431", status)
	}
	huge := fmt.Sprintf("GET / HTTP/1.1\r\nHost: %s\r\nX-Big: %s\r\nConnection: close\r\n\r\n", mainHost, strings.Repeat("y", 2<<20))
	if status, _ := rawRequest(t, srv, huge); status != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("2 MB header: %d, want 431", status)
	}
	var m runtime.Match
	rich.Lookup(&m, "GET", mainHost, long+long)
	if m.Status() != 200 || m.Route().Name != "deep_rest" {
		t.Errorf("Lookup of a 2 MB path: %d", m.Status())
	}
}

func TestAttackLyingContentLength(t *testing.T) {
	srv := policyServer(t)
	// A declared length over the limit is refused before the body is read.
	raw := fmt.Sprintf("POST /files HTTP/1.1\r\nHost: %s\r\nContent-Length: 1000000\r\nConnection: close\r\n\r\n", appHost)
	if status, _ := rawRequest(t, srv, raw); status != 413 {
		t.Errorf("declared 1 MB on a 1 KB route: %d, want 413", status)
	}
	// A body longer than its declared length: the server reads only what was
	// declared, and the rest is not a valid next request.
	raw = fmt.Sprintf("POST /files HTTP/1.1\r\nHost: %s\r\nContent-Length: 10\r\n\r\n%s", appHost, strings.Repeat("z", 4096))
	if status, _ := rawRequest(t, srv, raw); status != 200 {
		t.Errorf("body longer than declared: first answer %d, want 200 for the declared 10 bytes", status)
	}
}

func TestAttackChunkedBodyOverLimit(t *testing.T) {
	srv := policyServer(t)
	chunk := strings.Repeat("c", 512)
	var b strings.Builder
	fmt.Fprintf(&b, "POST /files HTTP/1.1\r\nHost: %s\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n", appHost)
	for range 8 {
		fmt.Fprintf(&b, "%x\r\n%s\r\n", len(chunk), chunk)
	}
	b.WriteString("0\r\n\r\n")
	if status, _ := rawRequest(t, srv, b.String()); status != 413 {
		t.Errorf("4 KB chunked body on a 1 KB route: %d, want 413", status)
	}
}

func TestAttackHostSpoofing(t *testing.T) {
	srv := policyServer(t)
	for _, host := range []string{"evil.example", "app.example.com.evil.example:8080", "APP.example.com:8080@evil", "app.example.com:8080:8080"} {
		if status, _ := rawRequest(t, srv, get(host, "/")); status != 404 && status != 400 {
			t.Errorf("Host %q: %d, want 404 (or 400 from the server)", host, status)
		}
	}
	raw := fmt.Sprintf("GET /undefined HTTP/1.1\r\nHost: evil.example\r\nX-Forwarded-Host: %s\r\nConnection: close\r\n\r\n", appHost)
	if status, _ := rawRequest(t, srv, raw); status != 404 {
		t.Errorf("X-Forwarded-Host without trusted proxies: %d, want 404", status)
	}
}

func TestAttackCORSReflectedOriginWithCredentials(t *testing.T) {
	srv := policyServer(t)
	for _, o := range []string{"https://evil.example", "null", "https://spa.example.com.evil.example", "https://spa.example.com:444"} {
		c := call{method: "GET", path: "/dashboard", header: map[string]string{"Origin": o, "Cookie": "session=alice"}, status: 200,
			headers: map[string]string{"Access-Control-Allow-Origin": "", "Access-Control-Allow-Credentials": ""}}
		c.do(t, srv)
	}
}

func TestAttackCrossOriginFormPost(t *testing.T) {
	srv := policyServer(t)
	call{method: "POST", path: "/form", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example",
		"Content-Type": "application/x-www-form-urlencoded"}, body: strings.NewReader("a=1"), length: 3, status: 403}.do(t, srv)
	call{method: "POST", path: "/form", header: map[string]string{"Origin": "null"}, status: 403}.do(t, srv)
}

func TestAttackAuthBypassVariants(t *testing.T) {
	srv := policyServer(t)
	for _, c := range []call{
		{method: "HEAD", path: "/dashboard", status: 401},
		{method: "GET", path: "/dashboard/", status: 301},
		{method: "GET", path: "//dashboard", status: 301},
		{method: "GET", path: "/./dashboard", status: 301},
		{method: "GET", path: "/DASHBOARD", status: 404},
		{method: "GET", path: "/Dashboard", status: 404},
		{method: "GET", path: "/dashboard%2F", status: 404},
		{method: "OPTIONS", path: "/dashboard", status: 204, want: ""},
		{method: "GET", path: "/admin/users", header: session("alice"), status: 403},
		{method: "HEAD", path: "/admin/users", header: session("alice"), status: 403},
	} {
		c.do(t, srv)
	}
}

func TestAttackOddMethods(t *testing.T) {
	srv := policyServer(t)
	for _, method := range []string{"get", "Get", "GETX", "PROPFIND", "CONNECTX"} {
		status, h := rawRequest(t, srv, fmt.Sprintf("%s / HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", method, appHost))
		if status != 405 || h.Get("Allow") != "GET, HEAD, OPTIONS" {
			t.Errorf("%s /: %d Allow %q, want 405 and the GET route's Allow", method, status, h.Get("Allow"))
		}
	}
}

// TestAttackPreflightOnExplicitOptionsRoute: a preflight whose method has no
// CORS route reaches the explicit OPTIONS route, whose auth answers; rs/cors
// must not answer 204 first, and with credentials the action's reply stands.
func TestAttackPreflightOnExplicitOptionsRoute(t *testing.T) {
	srv := deployServer(t)
	const app = "https://app.example.com"
	withCredentials := preflight(app, "DELETE")
	withCredentials["Authorization"] = "Basic YW5uOnNlY3JldA==" // ann:secret
	for _, c := range []call{
		{method: "OPTIONS", path: "/api/items", header: preflight(app, "DELETE"), status: 401, headers: map[string]string{"Access-Control-Allow-Origin": ""}},
		{method: "OPTIONS", path: "/api/items", header: withCredentials, status: 200, want: "Options"},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
}

// staticFolder makes a working folder with a static folder public/ beside
// a secret, a symbolic link out of public/ to it, and dotfiles.
func staticFolder(t *testing.T) {
	dir := t.TempDir()
	for name, data := range map[string]string{
		"secret.txt":         "secret",
		"public/hello.txt":   "hello",
		"public/.env":        "TOKEN=1",
		"public/.git/config": "[core]",
		"public/sub/.hidden": "hidden",
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink("../secret.txt", filepath.Join(dir, "public", "secret_link")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink("..", filepath.Join(dir, "public", "up")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
}

func TestAttackStaticSymlinkOutOfFolder(t *testing.T) {
	staticFolder(t)
	srv := deployServer(t)
	for _, path := range []string{"/pub/secret_link", "/pub/up/secret.txt", "/pub/up/"} {
		if status, _ := rawRequest(t, srv, get("example.com:8080", path)); status == 200 {
			t.Errorf("GET %s = 200: served a file outside the route's folder", path)
		}
	}
	call{method: "GET", host: "example.com:8080", path: "/pub/hello.txt", status: 200, want: "hello"}.do(t, srv)
}

func TestAttackStaticDotfiles(t *testing.T) {
	staticFolder(t)
	srv := deployServer(t)
	for _, path := range []string{"/pub/.env", "/pub/.git/config", "/pub/.git/", "/pub/sub/.hidden", "/pub/%2eenv"} {
		if status, _ := rawRequest(t, srv, get("example.com:8080", path)); status != 404 {
			t.Errorf("GET %s = %d, want 404", path, status)
		}
	}
	listing := call{method: "GET", host: "example.com:8080", path: "/pub/", status: 200, want: "hello.txt"}
	listing.do(t, srv)
	for _, hidden := range []string{".env", ".git"} {
		if body := getBody(t, srv, "/pub/"); strings.Contains(body, hidden) {
			t.Errorf("the listing of /pub/ shows %s: %q", hidden, body)
		}
	}
	allowed := deployServer(t, runtime.WithStaticDotfiles())
	call{method: "GET", host: "example.com:8080", path: "/pub/.env", status: 200, want: "TOKEN=1"}.do(t, allowed)
	if body := getBody(t, allowed, "/pub/"); !strings.Contains(body, ".env") {
		t.Errorf("with WithStaticDotfiles, the listing of /pub/ leaves out .env: %q", body)
	}
}

func getBody(t *testing.T, srv *httptest.Server, path string) string {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	req.Host = "example.com:8080"
	resp, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

// TestAttackMethodWS: "WS" names WebSocket upgrades inside the router; sent
// as a method, it is an unknown one and never reaches a GET action.
func TestAttackMethodWS(t *testing.T) {
	srv := deployServer(t)
	raw := "WS /secret HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n"
	if status, h := rawRequest(t, srv, raw); status != 405 || h.Get("Allow") != "GET, HEAD, OPTIONS" {
		t.Errorf("WS /secret = %d Allow %q, want 405 like any unknown method", status, h.Get("Allow"))
	}
	rich := richServer(t)
	raw = fmt.Sprintf("WS /chat HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n", mainHost)
	if status, _ := rawRequest(t, rich, raw); status == 101 || status == 200 {
		t.Errorf("WS /chat = %d, want no WebSocket route reached", status)
	}
}

// TestAttackCatchAllBodyLimitEveryMethod: the catch_all's max_body_size
// covers every method that carries a body, not only POST, PUT, PATCH and
// DELETE.
func TestAttackCatchAllBodyLimitEveryMethod(t *testing.T) {
	srv := deployServer(t)
	for _, c := range []call{
		{method: "PROPFIND", path: "/dav", body: bodyOf(2 << 20), length: 2 << 20, status: 413},
		{method: "PROPFIND", path: "/dav", body: chunked{bodyOf(4096)}, length: -1, status: 413},
		{method: "GET", path: "/dav", body: bodyOf(2048), length: 2048, status: 413},
		{method: "PROPFIND", path: "/dav", body: bodyOf(1024), length: 1024, status: 200, want: "Any"},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
}

// TestAttackNilOptions: a nil authenticator, authorizer or handler is an
// error of NewRouter, not a panic on the first request.
func TestAttackNilOptions(t *testing.T) {
	for name, opt := range map[string]runtime.Option{
		"WithAuthenticator": runtime.WithAuthenticator("basic", nil),
		"WithAuthorizer":    runtime.WithAuthorizer(nil),
		"WithErrorHandler":  runtime.WithErrorHandler(nil),
		"WithStaticFS":      runtime.WithStaticFS(nil),
		"WithMiddleware":    runtime.WithMiddleware(nil),
	} {
		_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, opt, runtime.WithAuthenticator("basic", basicAuth))
		if err == nil || !strings.Contains(err.Error(), name+": nil") {
			t.Errorf("%s(nil): NewRouter error %v, want one naming it", name, err)
		}
	}
}

// TestAttackTypedNils: a typed nil, which a nil check of the interface
// lets through, is an error of NewRouter too, not a panic on every request.
func TestAttackTypedNils(t *testing.T) {
	for want, opt := range map[string]runtime.Option{
		"WithStaticFS: nil file system": runtime.WithStaticFS((*embed.FS)(nil)),
		`WithMiddleware: middleware 1 of 1 returned a nil handler for route "home"`: runtime.WithMiddleware(func(*runtime.Route, http.Handler) http.Handler {
			return http.HandlerFunc(nil)
		}),
	} {
		_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, opt, runtime.WithAuthenticator("basic", basicAuth))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("NewRouter: %v, want an error with %s", err, want)
		}
	}
}
