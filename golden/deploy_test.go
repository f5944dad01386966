package golden_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/runtime"
)

// deployEcho is every controller of the deploy table: each action answers
// with its name and the route pattern the router set on the request, after
// reading the body; Secret fails with ?fail=1.
type deployEcho struct{}

func (deployEcho) answer(ctx *runtime.Context, action string) error {
	body, err := io.ReadAll(ctx.Req.Body)
	if err != nil {
		return fmt.Errorf("reading the body: %w", err)
	}
	_, err = fmt.Fprintf(ctx.Res, "%s pattern=%q body=%d", action, ctx.Req.Pattern, len(body))
	return err
}

func (e deployEcho) Index(ctx *runtime.Context) error   { return e.answer(ctx, "Index") }
func (e deployEcho) Items(ctx *runtime.Context) error   { return e.answer(ctx, "Items") }
func (e deployEcho) Options(ctx *runtime.Context) error { return e.answer(ctx, "Options") }
func (e deployEcho) Home(ctx *runtime.Context) error {
	return e.answer(ctx, "Home "+ctx.Domain().Key)
}
func (e deployEcho) Any(ctx *runtime.Context) error { return e.answer(ctx, "Any") }
func (e deployEcho) Hotel(ctx *runtime.Context, id int64) error {
	return e.answer(ctx, fmt.Sprint("Hotel ", id))
}
func (e deployEcho) Source(ctx *runtime.Context, filepath string) error {
	return e.answer(ctx, "Source "+filepath)
}

var errBoom = errors.New("boom")

func (e deployEcho) Secret(ctx *runtime.Context) error {
	if ctx.Req.QueryValue("fail") == "1" {
		return errBoom
	}
	return e.answer(ctx, "Secret")
}

// basicAuth accepts ann:secret.
func basicAuth(ctx *runtime.Context) (runtime.Subject, error) {
	if u, p, ok := ctx.Req.BasicAuth(); ok && u == "ann" && p == "secret" {
		return user{name: u}, nil
	}
	return nil, errors.New("no credentials")
}

func newDeployRouter(t testing.TB, opts ...runtime.Option) *runtime.Router {
	t.Helper()
	opts = append([]runtime.Option{runtime.WithAuthenticator("basic", basicAuth)}, opts...)
	rt, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

func deployServer(t *testing.T, opts ...runtime.Option) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(newDeployRouter(t, opts...))
	t.Cleanup(srv.Close)
	return srv
}

// TestHostsAtAnyPort: a domain's host name matches at any port; the port
// only chooses between the domains of one name.
func TestHostsAtAnyPort(t *testing.T) {
	srv := deployServer(t)
	for _, x := range []call{
		{method: "GET", host: "example.com:8080", path: "/", status: 200, want: "Home site"},
		{method: "GET", host: "example.com:18080", path: "/", status: 200, want: "Home site"}, // behind a proxy, or another port
		{method: "GET", host: "example.com", path: "/", status: 200, want: "Home site"},
		{method: "GET", host: "example.com:9090", path: "/", status: 200, want: "Home admin"},
		{method: "GET", host: "ops.example.com:443", path: "/", status: 200, want: "Home ops"},
		{method: "GET", host: "unknown.example", path: "/", status: 404},
	} {
		x.do(t, srv)
	}
}

// TestDefaultDomain: with WithDefaultDomain, httptest.NewServer's own host
// (127.0.0.1:port) reaches the routes, and so does any unknown host.
func TestDefaultDomain(t *testing.T) {
	plain := deployServer(t)
	if resp, err := http.Get(plain.URL + "/"); err != nil || resp.StatusCode != 404 {
		t.Fatalf("unknown host without a default domain: %v %v, want 404", resp.StatusCode, err)
	}
	srv := deployServer(t, runtime.WithDefaultDomain("site"))
	resp, err := http.Get(srv.URL + "/hotels/7")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "Hotel 7") {
		t.Errorf("GET %s/hotels/7 = %d %q, want the site's hotel", srv.URL, resp.StatusCode, body)
	}
	call{method: "GET", host: "example.com:9090", path: "/", status: 200, want: "Home admin"}.do(t, srv)
	if _, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{},
		runtime.WithAuthenticator("basic", basicAuth), runtime.WithDefaultDomain("nope")); err == nil || !strings.Contains(err.Error(), `WithDefaultDomain: no domain "nope"`) {
		t.Errorf("WithDefaultDomain of an unknown key: %v", err)
	}
}

// TestEnvironmentPortlessLinks: ${OPS_PORT:-7070} is 7070 when the variable
// is unset, its value otherwise, and a port that is not a number from 1 to
// 65535 is an error of NewRouter.
func TestEnvironmentPortlessLinks(t *testing.T) {
	t.Setenv("OPS_PORT", "")
	if got, err := deploy.URL.OpsHome(); got != "//ops.example.com:7070/" || err != nil {
		t.Errorf("ops URL with $OPS_PORT unset: %q, %v; want the default port 7070", got, err)
	}
	t.Setenv("OPS_PORT", "7443")
	if got, err := deploy.URL.OpsHome(); got != "//ops.example.com:7443/" || err != nil {
		t.Errorf("ops URL with OPS_PORT=7443: %q, %v", got, err)
	}
	for _, port := range []string{"abc", "0", "65536", "-1"} {
		t.Setenv("OPS_PORT", port)
		// The helper has no port to write: an error, not a link without one.
		if got, err := deploy.URL.OpsHome(); got != "" || err == nil || !strings.Contains(err.Error(), `routegen: route "ops.ops_home": domain ops: port `) {
			t.Errorf("ops URL with OPS_PORT=%s: %q, %v; want an error naming the route and the port", port, got, err)
		}
		_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, runtime.WithAuthenticator("basic", basicAuth))
		if want := fmt.Sprintf("domain ops: port %q is not a number from 1 to 65535", port); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("OPS_PORT=%s: NewRouter error %v, want %q", port, err, want)
		}
	}
}

// TestRoutePattern: r.Pattern is the route in ServeMux's syntax, seen by the
// action and by middleware around the router after it returns.
func TestRoutePattern(t *testing.T) {
	rt := newDeployRouter(t)
	var seen string
	outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rt.ServeHTTP(w, r)
		seen = r.Pattern
	})
	for _, c := range []struct{ host, method, path, want string }{
		{"example.com:8080", "GET", "/hotels/42", "GET /hotels/{id}"},
		{"example.com:8080", "HEAD", "/hotels/42", "GET /hotels/{id}"},
		{"example.com:8080", "GET", "/src2/a/b", "GET /src2{filepath...}"},
		{"example.com:8080", "POST", "/api/items", "POST /api/items"},
		{"example.com:8080", "GET", "/pub/hello.txt", "GET /pub/{filepath...}"},
		{"example.com:8080", "PROPFIND", "/elsewhere", "/"},
		{"example.com:9090", "GET", "/", "GET example.com/"},
		{"ops.example.com", "GET", "/", "GET ops.example.com/"},
		{"example.com:8080", "GET", "/hotels/abc", "GET /hotels/{id}"}, // 400: the route matched
		{"example.com:8080", "DELETE", "/secret", ""},                  // 405: no route
		{"unknown.example", "GET", "/", ""},
	} {
		req := httptest.NewRequest(c.method, "http://"+c.host+c.path, nil)
		w := httptest.NewRecorder()
		seen = "unset"
		outer.ServeHTTP(w, req)
		if seen != c.want {
			t.Errorf("%s %s%s: r.Pattern = %q, want %q", c.method, c.host, c.path, seen, c.want)
		}
		if c.want != "" && w.Code == 200 && c.method != "HEAD" && !strings.Contains(w.Body.String(), fmt.Sprintf("pattern=%q", c.want)) {
			t.Errorf("%s %s%s: the action saw %q, want pattern %q", c.method, c.host, c.path, w.Body, c.want)
		}
	}
}

// TestRoutePatternWithHost: a router whose WithHost moves a domain writes
// that domain's patterns with its host, while the routers of the table
// that leave it where routes.conf says share theirs, before and after it.
func TestRoutePatternWithHost(t *testing.T) {
	before := newDeployRouter(t)
	moved := newDeployRouter(t, runtime.WithHost("ops", "ops.internal", ""))
	after := newDeployRouter(t)
	for _, c := range []struct {
		rt         *runtime.Router
		host, want string
	}{
		{before, "ops.example.com", "GET ops.example.com/"},
		{moved, "ops.internal", "GET ops.internal/"},
		{moved, "example.com:9090", "GET example.com/"},
		{moved, "example.com:8080", "GET /"},
		{after, "ops.example.com", "GET ops.example.com/"},
	} {
		var seen string
		outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			c.rt.ServeHTTP(w, r)
			seen = r.Pattern
		})
		outer.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://"+c.host+"/", nil))
		if seen != c.want {
			t.Errorf("GET %s/: r.Pattern = %q, want %q", c.host, seen, c.want)
		}
	}
}

// TestMiddleware: built once per route, given the route; it wraps the
// route's policies, so it sees their replies.
func TestMiddleware(t *testing.T) {
	built := map[string]int{}
	byController := runtime.WithMiddleware(func(route *runtime.Route, next http.Handler) http.Handler {
		built[route.Name+" "+route.Method]++
		if route.Controller != "API" {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Route", route.Name)
			next.ServeHTTP(w, r)
		})
	})
	// The inner middleware replaces the writer: the action writes through it.
	var statuses []int
	recordStatus := runtime.WithMiddleware(func(route *runtime.Route, next http.Handler) http.Handler {
		if route.Name != "items_options" {
			return next
		}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w, status: 200}
			next.ServeHTTP(rec, r)
			statuses = append(statuses, rec.status)
		})
	})
	srv := deployServer(t, byController, recordStatus)
	for _, c := range []call{
		{method: "GET", path: "/api/items", status: 200, want: "Items", headers: map[string]string{"X-Route": "items"}},
		{method: "GET", path: "/", status: 200, want: "Home site", headers: map[string]string{"X-Route": ""}},
		{method: "OPTIONS", path: "/api/items", status: 401, headers: map[string]string{"X-Route": "items_options"}},
		{method: "OPTIONS", path: "/api/items", header: map[string]string{"Authorization": "Basic YW5uOnNlY3JldA=="}, status: 200, want: "Options"},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
	if fmt.Sprint(statuses) != "[401 200]" {
		t.Errorf("statuses seen by the middleware of items_options: %v, want [401 200]", statuses)
	}
	if built["items GET"] != 1 || built["home GET"] != 1 || built["catch_all *"] != 1 {
		t.Errorf("middleware built per route: %v, want once each", built)
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

// jsonErrors is an error handler of a JSON API: every reply the router
// makes goes through it.
func jsonErrors(ctx *runtime.Context, err error) {
	var e *runtime.Error
	if !errors.As(err, &e) {
		panic(fmt.Sprintf("the error handler got %T, which holds no *runtime.Error", err))
	}
	ctx.Res.Header().Set("Content-Type", "application/json")
	ctx.Res.WriteHeader(e.Status)
	json.NewEncoder(ctx.Res).Encode(map[string]any{
		"status": e.Status, "error": e.Error(), "param": e.Param, "value": e.Value, "constraint": e.Constraint,
		"allow": e.Allow, "too_large": isMaxBytes(e.Err), "boom": errors.Is(err, errBoom),
	})
}

func isMaxBytes(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// TestErrorHandlerGetsEveryStatus: each reply the router makes itself
// reaches WithErrorHandler as a *runtime.Error.
func TestErrorHandlerGetsEveryStatus(t *testing.T) {
	srv := deployServer(t, runtime.WithErrorHandler(jsonErrors))
	for _, c := range []call{
		{method: "GET", path: "/hotels/abc", status: 400,
			want: `"constraint":"number","error":"path parameter \"id\": \"abc\" is not a number","param":"id","status":400,"too_large":false,"value":"abc"`},
		{method: "GET", path: "/hotels/99999999999999999999", status: 400,
			want: `"constraint":"number","error":"path parameter \"id\": \"99999999999999999999\" is out of the range of a 64-bit integer","param":"id"`},
		{method: "OPTIONS", path: "/api/items", status: 401, want: `"error":"no credentials"`},
		{method: "POST", path: "/api/items", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, status: 403,
			want: `"error":"forbidden: cross-origin request"`},
		{method: "GET", path: "/pub/nothing.txt", status: 404, want: `"error":"Not Found"`},
		{method: "DELETE", path: "/secret", status: 405, want: `"allow":"GET, HEAD, OPTIONS"`, headers: map[string]string{"Allow": "GET, HEAD, OPTIONS"}},
		{method: "PUT", path: "/anything", body: bodyOf(2048), length: 2048, status: 413, want: `"too_large":true`},
		{method: "PUT", path: "/anything", body: chunked{bodyOf(4096)}, length: -1, status: 413, want: `"too_large":true`},
		{method: "GET", path: "/secret?fail=1", status: 500, want: `"boom":true,"constraint":"","error":"boom"`},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
	call{method: "GET", host: "unknown.example", path: "/", status: 404, want: `"status":404`}.do(t, srv)
}

// TestDefaultErrorReplies: without a handler, the replies name the
// parameter and never show an action's error.
func TestDefaultErrorReplies(t *testing.T) {
	srv := deployServer(t)
	for _, c := range []call{
		{method: "GET", path: "/hotels/abc", status: 400, want: `path parameter "id": "abc" is not a number`},
		{method: "GET", path: "/hotels/99999999999999999999", status: 400, want: `path parameter "id": "99999999999999999999" is out of the range of a 64-bit integer`},
		{method: "OPTIONS", path: "/api/items", status: 401, want: "Unauthorized"},
		{method: "PUT", path: "/anything", body: chunked{bodyOf(4096)}, length: -1, status: 413, want: "Request Entity Too Large"},
		{method: "GET", path: "/secret?fail=1", status: 500, want: "Internal Server Error"},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
}

// TestMountedRedirects: under http.StripPrefix, or with WithBasePath, the
// redirects keep the prefix.
func TestMountedRedirects(t *testing.T) {
	stripped := httptest.NewServer(http.StripPrefix("/svc", newDeployRouter(t)))
	defer stripped.Close()
	based := httptest.NewServer(http.StripPrefix("/svc", newDeployRouter(t, runtime.WithBasePath("/svc/"))))
	defer based.Close()
	for _, srv := range []*httptest.Server{stripped, based} {
		for _, c := range []call{
			{method: "GET", path: "/svc/hotels/1/?a=b", status: 301, headers: map[string]string{"Location": "/svc/hotels/1?a=b"}},
			{method: "POST", path: "/svc/api//items", status: 308, headers: map[string]string{"Location": "/svc/api/items"}},
			{method: "GET", path: "/svc/hotels/1", status: 200, want: "Hotel 1"},
		} {
			c.host = "example.com:8080"
			c.do(t, srv)
		}
	}
	plain := deployServer(t)
	call{method: "GET", host: "example.com:8080", path: "/hotels/1/", status: 301, headers: map[string]string{"Location": "/hotels/1"}}.do(t, plain)
	for _, base := range []string{"//evil.example", "/\t/evil.example", "/\n/evil.example", "/svc /x", "/\x00"} {
		if _, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, runtime.WithBasePath(base)); err == nil || !strings.Contains(err.Error(), "WithBasePath") {
			t.Errorf("WithBasePath(%q): %v, want an error naming it", base, err)
		}
	}
}

// TestCORSOnOneGroup: the domain does not enable CORS, the API group does:
// its routes answer CORS, the home page does not.
func TestCORSOnOneGroup(t *testing.T) {
	srv := deployServer(t)
	const app = "https://app.example.com"
	for _, c := range []call{
		{method: "GET", path: "/", header: origin(app), status: 200, want: "Home", headers: map[string]string{"Access-Control-Allow-Origin": ""}},
		{method: "GET", path: "/api/items", header: origin(app), status: 200, headers: map[string]string{"Access-Control-Allow-Origin": app}},
		{method: "OPTIONS", path: "/api/items", header: preflight(app, "POST"), status: 204, headers: map[string]string{
			"Access-Control-Allow-Origin": app, "Access-Control-Allow-Methods": "POST"}},
		{method: "OPTIONS", path: "/", header: preflight(app, "GET"), status: 204, headers: map[string]string{
			"Access-Control-Allow-Origin": "", "Allow": "GET, HEAD, OPTIONS"}},
		// "WS" is the router's name of upgrades, no method a preflight may
		// ask for: it gets no CORS answer of the GET route (the OPTIONS
		// route's auth answers it).
		{method: "OPTIONS", path: "/api/items", header: preflight(app, "WS"), status: 401, headers: map[string]string{
			"Access-Control-Allow-Origin": "", "Access-Control-Allow-Methods": ""}},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
}

// TestNewContext: an action called directly with the Context of a request,
// as the router would give it.
func TestNewContext(t *testing.T) {
	rt := newDeployRouter(t, runtime.WithDefaultDomain("site"))
	w := httptest.NewRecorder()
	ctx, err := rt.NewContext(w, httptest.NewRequest("GET", "/hotels/42", nil))
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Route().Name != "hotel" || ctx.Req.PathValue("id") != "42" || ctx.Domain().Key != "site" {
		t.Errorf("context of /hotels/42: route %q id %q domain %q", ctx.Route().Name, ctx.Req.PathValue("id"), ctx.Domain().Key)
	}
	if err := (deployEcho{}).Hotel(ctx, 42); err != nil || !strings.Contains(w.Body.String(), `Hotel 42 pattern="GET /hotels/{id}"`) {
		t.Errorf("Hotel: %v %q", err, w.Body)
	}
	var e *runtime.Error
	if _, err := rt.NewContext(w, httptest.NewRequest("GET", "/hotels/x", nil)); !errors.As(err, &e) || e.Status != 400 || e.Param != "id" {
		t.Errorf("context of /hotels/x: %v, want the 400 of id", err)
	}
	if _, err := rt.NewContext(w, httptest.NewRequest("DELETE", "/secret", nil)); !errors.As(err, &e) || e.Status != 405 {
		t.Errorf("context of DELETE /secret: %v, want 405", err)
	}
}

// TestNotFoundSaysWhy: a 404 for a host no domain serves says so, in the
// default body and in the error handler's Msg; a 404 for a path does not.
func TestNotFoundSaysWhy(t *testing.T) {
	srv := deployServer(t)
	for _, c := range []call{
		{method: "GET", host: "localhost:8080", path: "/", status: 404, want: `no domain serves host "localhost:8080"`},
		{method: "GET", host: "ops.example.com:7070", path: "/nowhere", status: 404, want: "404 page not found"},
	} {
		c.do(t, srv)
	}
	var msgs []string
	hook := runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
		var e *runtime.Error
		errors.As(err, &e)
		msgs = append(msgs, e.Msg)
		http.Error(ctx.Res, e.Error(), e.Status)
	})
	call{method: "GET", host: "localhost:8080", path: "/", status: 404}.do(t, deployServer(t, hook))
	if len(msgs) != 1 || msgs[0] != `no domain serves host "localhost:8080"` {
		t.Errorf("the error handler got Msg %q", msgs)
	}
}

// TestHostsAndPortsValidated: one validator for hosts and ports, wherever
// they come from: WithHost and $ENV values with a space, a NUL or a port
// other parsers read differently are errors of NewRouter.
func TestHostsAndPortsValidated(t *testing.T) {
	for _, c := range []struct {
		opt  runtime.Option
		env  string
		want string
	}{
		{runtime.WithHost("site", "exa mple.com", "8080"), "", `host "exa mple.com" (WithHost)`},
		{runtime.WithHost("site", "example.com\x00", "8080"), "", `host "example.com\x00" (WithHost)`},
		{runtime.WithHost("site", "example.com", "+80"), "", `port "+80" is not a number from 1 to 65535`},
		{nil, "08080", `port "08080" is not a number from 1 to 65535`},
	} {
		opts := []runtime.Option{runtime.WithAuthenticator("basic", basicAuth)}
		if c.opt != nil {
			opts = append(opts, c.opt)
		}
		if c.env != "" {
			t.Setenv("OPS_PORT", c.env)
		}
		_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, opts...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("NewRouter: %v, want an error with %s", err, c.want)
		}
	}
}

// TestDuplicateHostIsAnError: a host that WithHost or $NAME makes another
// domain's too is an error of NewRouter, not a domain silently unserved.
func TestDuplicateHostIsAnError(t *testing.T) {
	_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{},
		runtime.WithAuthenticator("basic", basicAuth), runtime.WithHost("ops", "example.com", "8080"))
	if err == nil || !strings.Contains(err.Error(), "domain ops is at example.com:8080, as domain site is") {
		t.Errorf("NewRouter: %v, want an error naming both domains", err)
	}
}
