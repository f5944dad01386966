package golden_test

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/golden/replies"
	"github.com/routegen/routegen/runtime"
)

// replyPages are the actions of the replies example: each reads the
// request's body and says how many bytes it got, and whether the limit
// stopped it.
type replyPages struct{}

func (replyPages) Page(ctx *runtime.Context) error   { return readBody(ctx) }
func (replyPages) Other(ctx *runtime.Context) error  { return readBody(ctx) }
func (replyPages) Secret(ctx *runtime.Context) error { return readBody(ctx) }
func (replyPages) Shared(ctx *runtime.Context) error { return readBody(ctx) }
func (replyPages) Upload(ctx *runtime.Context, _ int64) error {
	return readBody(ctx)
}
func (replyPages) Any(ctx *runtime.Context) error { return readBody(ctx) }

// Stream stands for a WebSocket action: it refuses a foreign Origin, and
// otherwise completes the handshake (here, a 200 with no secure header).
func (replyPages) Stream(ctx *runtime.Context) error {
	if ctx.Req.Header.Get("Origin") == "https://evil.example" {
		return &runtime.Error{Status: http.StatusForbidden, Msg: "cross-site WebSocket"}
	}
	_, err := io.WriteString(ctx.Res, "handshake")
	return err
}

// readBody answers with the number of bytes of the body read.
func readBody(ctx *runtime.Context) error {
	n, err := io.Copy(io.Discard, ctx.Req.Body)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(ctx.Res, "read %d", n)
	return err
}

// lockedFS is a file system whose file "assets/locked.txt" can be found
// but not opened by the file server, after the router looked it up
// (which opens it twice): the file server answers 403.
type lockedFS struct {
	files  fstest.MapFS
	opened map[string]int
}

func (l *lockedFS) Open(name string) (fs.File, error) {
	if name == "assets/locked.txt" {
		if l.opened[name]++; l.opened[name] > 2 {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
	}
	return l.files.Open(name)
}

const (
	replyHost    = "app.example.com"
	fallbackHost = "fallback.example.com"
)

// repliesServer serves the replies example; its bearer authenticator
// accepts "X-Key: ok".
func repliesServer(t *testing.T, opts ...runtime.Option) *httptest.Server {
	t.Helper()
	assets := &lockedFS{files: fstest.MapFS{
		"assets/a.txt":      {Data: []byte("a")},
		"assets/index.html": {Data: []byte("<p>index</p>")},
		"assets/locked.txt": {Data: []byte("locked")},
	}, opened: map[string]int{}}
	opts = append([]runtime.Option{
		runtime.WithStaticFS(assets),
		runtime.WithAuthenticator("bearer", func(ctx *runtime.Context) (runtime.Subject, error) {
			if ctx.Req.Header.Get("X-Key") != "ok" {
				return nil, errors.New("no key")
			}
			return everyone{}, nil
		}),
	}, opts...)
	rt, err := replies.NewRouter(replyPages{}, replyPages{}, replyPages{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	return srv
}

type everyone struct{}

func (everyone) HasRole(string) bool     { return true }
func (everyone) IsPermitted(string) bool { return true }

// replyKind is a request that gets one kind of reply of the decision.
type replyKind struct {
	kind               string
	method, host, path string
	header             map[string]string
	status             int
	secure             bool // security.conf's secure headers are on the reply
}

// replyKinds are a request of every kind of reply of the router: the
// decision's (an action, every refusal, every reply it writes itself, a
// static route's file) and those of a static route's file server and a
// WebSocket action. All but a completed WebSocket handshake carry the
// secure headers.
var replyKinds = []replyKind{
	{kind: "action", method: "GET", host: replyHost, path: "/page", status: 200, secure: true},
	{kind: "catch_all action", method: "GET", host: fallbackHost, path: "/anything", status: 200, secure: true},
	{kind: "400 of a constraint", method: "POST", host: replyHost, path: "/up/x", status: 400, secure: true},
	{kind: "400 of a path with no clean form", method: "GET", host: replyHost, path: "/page/..%2fx", status: 400, secure: true},
	{kind: "401 of auth", method: "GET", host: replyHost, path: "/secret", status: 401, secure: true},
	{kind: "401 of a WebSocket route", method: "GET", host: replyHost, path: "/chat", header: map[string]string{"Upgrade": "websocket", "Connection": "Upgrade"}, status: 401, secure: true},
	{kind: "403 of a WebSocket action", method: "GET", host: replyHost, path: "/chat", header: map[string]string{"Upgrade": "websocket", "Connection": "Upgrade", "X-Key": "ok", "Origin": "https://evil.example"}, status: 403, secure: true},
	{kind: "completed WebSocket handshake", method: "GET", host: replyHost, path: "/chat", header: map[string]string{"Upgrade": "websocket", "Connection": "Upgrade", "X-Key": "ok"}, status: 200, secure: false},
	{kind: "404 of no route", method: "GET", host: replyHost, path: "/nothing", status: 404, secure: true},
	{kind: "404 of no domain", method: "GET", host: "evil.example", path: "/page", status: 404, secure: true},
	{kind: "405", method: "DELETE", host: replyHost, path: "/page", status: 405, secure: true},
	{kind: "413", method: "POST", host: replyHost, path: "/page", header: map[string]string{"Content-Length": "100"}, status: 413, secure: true},
	{kind: "301 to the clean path", method: "GET", host: replyHost, path: "/x/../page", status: 301, secure: true},
	{kind: "301 of the trailing slash", method: "GET", host: replyHost, path: "/page/", status: 301, secure: true},
	{kind: "308 of the trailing slash", method: "POST", host: replyHost, path: "/page/", status: 308, secure: true},
	{kind: "301 to a listing's folder", method: "GET", host: replyHost, path: "/assets", status: 301, secure: true},
	{kind: "automatic OPTIONS", method: "OPTIONS", host: replyHost, path: "/page", status: 204, secure: true},
	{kind: "CORS preflight", method: "OPTIONS", host: replyHost, path: "/shared", header: map[string]string{"Origin": "https://spa.example.com", "Access-Control-Request-Method": "GET"}, status: 204, secure: true},
	{kind: "static file", method: "GET", host: replyHost, path: "/assets/a.txt", status: 200, secure: true},
	{kind: "static listing", method: "GET", host: replyHost, path: "/assets/", status: 200, secure: true},
	{kind: "static 404", method: "GET", host: replyHost, path: "/assets/missing.txt", status: 404, secure: true},
	{kind: "static 403", method: "GET", host: replyHost, path: "/assets/locked.txt", status: 403, secure: true},
	{kind: "static redirect of index.html", method: "GET", host: replyHost, path: "/assets/index.html", status: 301, secure: true},
}

// TestSecureHeadersOnEveryReply: security.conf's secure headers go on
// every reply but a completed WebSocket handshake, a static route's file
// too, as aah wrote them.
func TestSecureHeadersOnEveryReply(t *testing.T) {
	srv := repliesServer(t)
	for _, c := range replyKinds {
		res := send(t, srv, c.method, c.host, c.path, c.header, nil)
		res.Body.Close()
		if res.StatusCode != c.status {
			t.Errorf("%s: %s %s: status %d, want %d", c.kind, c.method, c.path, res.StatusCode, c.status)
		}
		want := ""
		if c.secure {
			want = "SAMEORIGIN"
		}
		if got := res.Header.Get("X-Frame-Options"); got != want {
			t.Errorf("%s: %s %s: X-Frame-Options %q, want %q", c.kind, c.method, c.path, got, want)
		}
	}
}

// send sends a request with a raw request line, so that the path reaches
// the server as written, and body (nil for none) as given.
func send(t *testing.T, srv *httptest.Server, method, host, path string, header map[string]string, body io.Reader) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, srv.URL, body)
	if err != nil {
		t.Fatal(err)
	}
	req.URL.Opaque = path // the request line's target, as written
	req.Host = host
	for k, v := range header {
		if k == "Content-Length" {
			fmt.Sscan(v, &req.ContentLength)
			req.Body = io.NopCloser(strings.NewReader(strings.Repeat("x", int(req.ContentLength))))
			continue
		}
		req.Header.Set(k, v)
	}
	res, err := noRedirects.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// readAll reads body and says how much, and whether a limit stopped it.
func readAll(body io.Reader) string {
	n, err := io.Copy(io.Discard, body)
	var tooLarge *http.MaxBytesError
	return fmt.Sprintf("read %d, over the limit %v", n, errors.As(err, &tooLarge))
}

// TestBodyLimitOnEveryPath: the body of a request, sent with a
// Content-Length or chunked, is held to the limit of its route (16 bytes
// here), or the application's (32) when no route matched, on every path
// through the router: its action, the catch_all, the middleware (on the
// route's 400 too) and the error handler of a refusal, the automatic 404,
// 405 and 400 of a path with no clean form among them. A redirect and an
// automatic OPTIONS reply run no code of the application.
func TestBodyLimitOnEveryPath(t *testing.T) {
	readingMiddleware := runtime.WithMiddleware(func(_ *runtime.Route, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("X-Middleware-Reads") == "" {
				next.ServeHTTP(w, r)
				return
			}
			io.WriteString(w, "middleware "+readAll(r.Body))
		})
	})
	readingErrorHandler := runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
		var e *runtime.Error
		errors.As(err, &e)
		ctx.Res.WriteHeader(e.Status)
		io.WriteString(ctx.Res, "error handler "+readAll(ctx.Req.Body))
	})
	withMiddleware := repliesServer(t, readingMiddleware)
	withErrorHandler := repliesServer(t, readingErrorHandler)
	middleware := map[string]string{"X-Middleware-Reads": "1"}
	for _, c := range []struct {
		path   string
		srv    *httptest.Server
		target string // host and path
		header map[string]string
		method string
		status int
		reader string // who reads the body and answers: "middleware" or "error handler"
		limit  int
	}{
		{"action", withErrorHandler, replyHost + "/page", nil, "POST", 413, "error handler", 16},
		{"catch_all", withErrorHandler, fallbackHost + "/anything", nil, "POST", 413, "error handler", 16},
		{"middleware", withMiddleware, replyHost + "/page", middleware, "POST", 200, "middleware", 16},
		{"middleware on a 400", withMiddleware, replyHost + "/up/x", middleware, "POST", 200, "middleware", 16},
		{"error handler of a 400", withErrorHandler, replyHost + "/up/x", nil, "POST", 400, "error handler", 16},
		{"error handler of a 404", withErrorHandler, replyHost + "/nothing", nil, "POST", 404, "error handler", 32},
		{"error handler of a 405", withErrorHandler, replyHost + "/page", nil, "DELETE", 405, "error handler", 32},
		{"error handler of a path with no clean form", withErrorHandler, replyHost + "/page/..%2fx", nil, "POST", 400, "error handler", 32},
	} {
		for _, chunked := range []bool{false, true} {
			host, path, _ := strings.Cut(c.target, "/")
			body := io.Reader(strings.NewReader(strings.Repeat("x", 1024)))
			if chunked {
				body = io.MultiReader(body) // no length known: sent chunked
			}
			res := send(t, c.srv, c.method, host, "/"+path, c.header, body)
			got, _ := io.ReadAll(res.Body)
			res.Body.Close()
			var n int
			fmt.Sscanf(strings.TrimPrefix(string(got), c.reader+" "), "read %d", &n)
			// The action read up to the limit before its error reached the handler.
			if res.StatusCode != c.status || !strings.HasPrefix(string(got), c.reader+" read") || n > c.limit || !strings.HasSuffix(string(got), "over the limit true") {
				t.Errorf("%s (chunked %v): %s %s: %d %q, want %d and the %s held to %d bytes", c.path, chunked, c.method, c.target, res.StatusCode, got, c.status, c.reader, c.limit)
			}
		}
	}
}
