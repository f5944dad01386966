package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/routegen/routegen/runtime"
)

// server serves the application over a real connection; each request names
// the domain it is for in its Host header, as a browser would. A request
// for any other host, such as the server's own 127.0.0.1:port, goes to the
// site domain.
func server(t *testing.T) *httptest.Server {
	t.Helper()
	router, err := newRouter(runtime.WithDefaultDomain("site"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, srv *httptest.Server, host, path string, header map[string]string) (int, string) {
	t.Helper()
	req, err := http.NewRequest("GET", srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestVersioningStrategies(t *testing.T) {
	srv := server(t)
	for _, c := range []struct {
		name, host, path string
		header           map[string]string
		want             map[string]any
	}{
		{"url path", "localhost:8080", "/api/v2/users/42", nil, map[string]any{"version": "v2", "id": 42.0}},
		{"accept parameter", "localhost:8080", "/users", map[string]string{"Accept": "application/json; version=2"},
			map[string]any{"strategy": "accept", "version": "2", "vendor": ""}},
		{"vendor media type", "localhost:8080", "/users", map[string]string{"Accept": "application/vnd.example.app.user-v3+json"},
			map[string]any{"strategy": "accept", "version": "3", "vendor": "example.app.user"}},
		// The context the router reuses forgets the previous request's Accept header.
		{"no Accept header after one", "localhost:8080", "/users", nil,
			map[string]any{"strategy": "accept", "version": "", "vendor": ""}},
		{"query parameter", "localhost:8080", "/search?version=4", nil, map[string]any{"strategy": "query", "version": "4"}},
		{"host name", "v5.api.localhost:8080", "/users", nil, map[string]any{"strategy": "host", "version": "v5"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, body := get(t, srv, c.host, c.path, c.header)
			var got map[string]any
			if err := json.Unmarshal([]byte(body), &got); status != 200 || err != nil {
				t.Fatalf("status %d, body %q", status, body)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v (body %s)", k, got[k], v, body)
				}
			}
		})
	}
}

func TestPagesAndStaticFiles(t *testing.T) {
	srv := server(t)
	for _, c := range []struct {
		host, path string
		status     int
		body       string
	}{
		{"localhost:8080", "/", 200, `href="/api/v2/users/42"`},
		{"localhost:8080", "/", 200, `href="//v3.api.localhost:8080/users"`},
		{"admin.localhost:8080", "/", 200, "admin dashboard"},
		{"localhost:8080", "/assets/css/site.css", 200, "font-family"},
		{"localhost:8080", "/", 200, `<script type="module" src="/assets/js/web/page.js">`},
		{"localhost:8080", "/assets/js/web/page.js", 200, `from "../routes/routes.js"`},
		{"localhost:8080", "/assets/js/routes/routes.js", 200, "export function user(version, id) {"},
		{"localhost:8080", "/assets/", 200, "css/"},
		{"localhost:8080", "/favicon.ico", 200, "icon"},
		{"localhost:8080", "/assets/../main.go", 404, ""},
		{"localhost:8080", "/api/v2/users/x", 400, ""},
		{"other.example:8080", "/", 200, `href="/api/v2/users/42"`}, // the default domain
	} {
		status, body := get(t, srv, c.host, c.path, nil)
		if status != c.status || !strings.Contains(body, c.body) {
			t.Errorf("GET %s%s = %d %q, want %d with %q", c.host, c.path, status, body, c.status, c.body)
		}
	}
}

// TestDomainsMovedWithTheServer: main moves the admin and versioned API
// domains to the port it listens on, and the site's links follow them.
func TestDomainsMovedWithTheServer(t *testing.T) {
	router, err := newRouter(runtime.WithDefaultDomain("site"),
		runtime.WithHost("versioned_api", "*.api.localhost", "9000"), runtime.WithHost("admin", "admin.localhost", "9000"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	defer srv.Close()
	for _, c := range []struct{ host, path, body string }{
		{"localhost:9000", "/", `href="//admin.localhost:9000/"`},
		{"localhost:9000", "/", `href="//v3.api.localhost:9000/users"`},
		{"admin.localhost:9000", "/", "admin dashboard"},
		{"v3.api.localhost:9000", "/users", `"version":"v3"`},
	} {
		if status, body := get(t, srv, c.host, c.path, nil); status != 200 || !strings.Contains(body, c.body) {
			t.Errorf("GET %s%s = %d %q, want 200 with %q", c.host, c.path, status, body, c.body)
		}
	}
}

func TestWebSocketEcho(t *testing.T) {
	srv := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/chat", &websocket.DialOptions{Host: "localhost:8080"})
	if err != nil {
		t.Fatalf("handshake: %v", err)
	}
	defer conn.CloseNow()
	if resp.StatusCode != http.StatusSwitchingProtocols {
		t.Errorf("handshake status %d, want 101", resp.StatusCode)
	}
	if err := conn.Write(ctx, websocket.MessageText, []byte("hello")); err != nil {
		t.Fatal(err)
	}
	_, msg, err := conn.Read(ctx)
	if err != nil || string(msg) != "hello" {
		t.Fatalf("echo = %q, %v", msg, err)
	}
	conn.Close(websocket.StatusNormalClosure, "")

	// A plain GET of the same path reaches the page, not the WebSocket action.
	if status, body := get(t, srv, "localhost:8080", "/chat", nil); status != 200 || !strings.Contains(body, "connect a WebSocket") {
		t.Errorf("GET /chat = %d %q", status, body)
	}
}

// TestAtTheServersOwnAddress: with the default domain, the test server's
// URL works as it is.
func TestAtTheServersOwnAddress(t *testing.T) {
	srv := server(t)
	resp, err := http.Get(srv.URL + "/api/v2/users/42")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"id":42`) {
		t.Errorf("GET %s/api/v2/users/42 = %d %q", srv.URL, resp.StatusCode, body)
	}
}

// TestShowAction calls an action directly, with the Context the router
// makes for a request.
func TestShowAction(t *testing.T) {
	router, err := newRouter(runtime.WithDefaultDomain("site"))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	ctx, err := router.NewContext(w, httptest.NewRequest("GET", "/api/v2/users/42", nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := (users{}).Show(ctx, "v2", 42); err != nil {
		t.Fatal(err)
	}
	if w.Code != 200 || !strings.Contains(w.Body.String(), `"version":"v2"`) || ctx.Route().Name != "user" {
		t.Errorf("Show = %d %q for route %q", w.Code, w.Body, ctx.Route().Name)
	}
}

// TestWebSocketIdleTimeout: a WebSocket that stays silent is closed.
func TestWebSocketIdleTimeout(t *testing.T) {
	idle := webSocketIdle
	webSocketIdle = 50 * time.Millisecond
	t.Cleanup(func() { webSocketIdle = idle })
	srv := server(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/chat", nil)
	if err != nil {
		t.Fatalf("handshake: %v", err)
	}
	defer conn.CloseNow()
	if _, _, err := conn.Read(ctx); ctx.Err() != nil || err == nil {
		t.Errorf("a silent WebSocket: read %v, context %v; want the server to close it", err, ctx.Err())
	}
}
