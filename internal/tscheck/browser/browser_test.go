package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/routegen/routegen/internal/tscheck"
	"github.com/routegen/routegen/internal/tscheck/browser/site"
	"github.com/routegen/routegen/runtime"
)

// server is the application of the test: the site and API controllers,
// which count the calls of each action, and every response it gave.
type server struct {
	scripts string // the folder of the compiled modules

	mu        sync.Mutex
	calls     map[string]int
	responses []response
}

type response struct {
	method, host, path string
	status             int
	fetchSite          string // Sec-Fetch-Site
}

func (s *server) called(action string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls[action]++
}

// callsOf is how many times action ran.
func (s *server) callsOf(action string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.calls[action]
}

// responsesTo are the responses to method and path so far.
func (s *server) responsesTo(method, path string) []response {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []response
	for _, r := range s.responses {
		if r.method == method && r.path == path {
			out = append(out, r)
		}
	}
	return out
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

// record serves with h, and records each response.
func (s *server) record(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.responses = append(s.responses, response{r.Method, r.Host, r.URL.Path, rec.status, r.Header.Get("Sec-Fetch-Site")})
	})
}

type siteController struct{ *server }

// Page imports the helpers and keeps them in window.routes, with call,
// which fetches a URL and says what the page could read of the response.
func (s siteController) Page(ctx *runtime.Context) error {
	s.called("Page")
	script, err := site.URL.Script("routes.js")
	if err != nil {
		return err
	}
	ctx.Res.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, err = fmt.Fprintf(ctx.Res, `<!doctype html>
<meta charset="utf-8">
<title>routegen</title>
<form id="comment" method="POST" action="%s"><input name="text" value="hello"></form>
<script type="module">
import * as routes from %q;
window.call = async (url, init) => {
  try {
    const res = await fetch(url, init);
    return { status: res.status, body: await res.text() };
  } catch (e) {
    return { error: e.name };
  }
};
window.routes = routes;
</script>
`, html.EscapeString(site.URL.Comment()), script)
	return err
}

func (s siteController) Script(ctx *runtime.Context, file string) error {
	data, err := os.ReadFile(filepath.Join(s.scripts, filepath.FromSlash(file)))
	if err != nil {
		return &runtime.Error{Status: http.StatusNotFound, Err: err}
	}
	ctx.Res.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	_, err = ctx.Res.Write(data)
	return err
}

func (s siteController) Comment(ctx *runtime.Context) error {
	s.called("Comment")
	_, err := fmt.Fprint(ctx.Res, "thanks")
	return err
}

type apiController struct{ *server }

func (a apiController) writeJSON(ctx *runtime.Context, v any) error {
	ctx.Res.Header().Set("Content-Type", "application/json")
	return json.NewEncoder(ctx.Res).Encode(v)
}

func (a apiController) Index(ctx *runtime.Context) error {
	a.called("Index")
	return a.writeJSON(ctx, "index")
}

func (a apiController) Hotel(ctx *runtime.Context, id int64) error {
	a.called("Hotel")
	return a.writeJSON(ctx, map[string]any{"hotel": id})
}

func (a apiController) Search(ctx *runtime.Context, kind, terms string) error {
	a.called("Search")
	return a.writeJSON(ctx, map[string]any{"kind": kind, "terms": terms})
}

// Booking says whether the request carried the page's cookie.
func (a apiController) Booking(ctx *runtime.Context, id int64) error {
	a.called("Booking")
	_, err := ctx.Req.Cookie("session")
	return a.writeJSON(ctx, map[string]any{"booking": id, "cookie": err == nil})
}

func (a apiController) Cancel(ctx *runtime.Context, id int64) error {
	a.called("Cancel")
	return a.writeJSON(ctx, map[string]any{"cancelled": id})
}

// chromium is the browser's path; the test skips without it, but under
// CI=true, where .ci/run installs it, it fails.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed; CI installs it (apt-get install chromium chromium-driver)")
	}
	t.Skip("chromium is not installed (apt-get install chromium chromium-driver); the browser test needs it")
	return ""
}

// fixedSitePort is the port the site is served at, which the private routes'
// CORS policy names in routes.conf.
const fixedSitePort = "47613"

// start serves the application on two ports of 127.0.0.1: the site's
// (origin A) and the API's (origin B), each a domain of routes.conf. A
// page of http://localhost at the site's port is a third origin, which
// the API's CORS policies do not allow, and another site.
func start(t *testing.T) (*server, string, string) {
	tscheck.RequireNode(t)
	s := &server{calls: map[string]int{}, scripts: t.TempDir()}
	if out, ok := tscheck.Tsc(t, tscheck.Dir, "--ignoreConfig", "--strict", "--target", "es2020", "--module", "es2022",
		"--outDir", s.scripts, filepath.Join(tscheck.Dir, "browser", "site", "routes.ts")); !ok {
		t.Fatalf("tsc: %s", out)
	}
	var ports []string
	var listeners []net.Listener
	// The site is at a fixed port: the private routes' CORS policy allows
	// credentials, which routes.conf grants exact origins only.
	for _, addr := range []string{"127.0.0.1:" + fixedSitePort, "127.0.0.1:0"} {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			t.Fatalf("%v (the site's port %s is fixed by routes.conf's CORS policy)", err, fixedSitePort)
		}
		listeners = append(listeners, ln)
		ports = append(ports, strconv.Itoa(ln.Addr().(*net.TCPAddr).Port))
	}
	t.Setenv("SITE_PORT", ports[0])
	t.Setenv("API_PORT", ports[1])
	router, err := site.NewRouter(apiController{s}, siteController{s}, runtime.WithDefaultDomain("site"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ln := range listeners {
		srv := &http.Server{Handler: s.record(router), ReadHeaderTimeout: 10 * time.Second}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
	}
	return s, ports[0], ports[1]
}

// browse starts headless Chromium, with a profile of its own.
func browse(t *testing.T) context.Context {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	ctx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	ctx, cancelBrowser := chromedp.NewContext(ctx)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", chromium(t), err)
	}
	return ctx
}

// open loads the page of origin and waits for its module. It asks the
// page itself, in a loop, and not with chromedp.Poll: Poll runs in the
// execution context chromedp last heard of, which after a navigation can
// be the page before's ("Cannot find context with specified id").
func open(t *testing.T, ctx context.Context, origin string) {
	t.Helper()
	page, err := chromedp.Run(ctx, chromedp.NavigateResponse(origin+"/"))
	if err != nil {
		t.Fatalf("opening %s: %v", origin, err)
	}
	if page.Status != http.StatusOK {
		t.Fatalf("opening %s: status %d", origin, int(page.Status))
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		loaded, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("window.routes !== undefined"))
		if err == nil && loaded {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("opening %s: the page's module did not load in 10s (last: %v, %v)", origin, loaded, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// eval evaluates a JavaScript expression in the page, awaiting a promise.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// fetchResult is what window.call says of a fetch.
type fetchResult struct {
	Status int    `json:"status"`
	Body   string `json:"body"`
	Error  string `json:"error"`
}

// TestBrowser drives Chromium through pages of an allowed origin, a
// disallowed one and the API's own, and checks what the browser let each
// read and send, and the URLs the helpers built in the page.
func TestBrowser(t *testing.T) {
	began := time.Now()
	s, sitePort, apiPort := start(t)
	ctx := browse(t)
	allowed, disallowed := "http://127.0.0.1:"+sitePort, "http://localhost:"+sitePort
	api := fmt.Sprintf(`routes.withBasePath("", { hosts: { api: "127.0.0.1:%s" } })`, apiPort)
	call := func(t *testing.T, url, init string) fetchResult {
		t.Helper()
		return eval[fetchResult](t, ctx, "call("+url+", "+init+")")
	}

	t.Run("links", func(t *testing.T) {
		open(t, ctx, allowed)
		got := eval[map[string]string](t, ctx, `(() => {
			const api = `+api+`;
			const refused = (f) => { try { return "no error: " + f(); } catch (e) { return e.message; } };
			return {
				page: routes.page(),
				script: routes.script("a b/é.js"),
				hotel: api.apiHotel(42),
				bigHotel: api.apiHotel(9007199254740993n),
				search: api.apiSearch("rooms", "sea view/50%"),
				booking: api.routeURL("api.booking", { id: 7 }, { from: "2030-01-01", q: "a&b" }),
				svc: routes.withBasePath("/svc").page(),
				negative: refused(() => api.apiHotel(-1)),
				oneof: refused(() => api.routeURL("api.search", { kind: "suites", terms: "x" })),
			};
		})()`)
		must := func(u string, err error) string {
			if err != nil {
				return err.Error()
			}
			return u
		}
		_, negative := site.URL.APIHotel(-1)
		_, oneof := site.URL.RouteURLNamedArgs("api.search", map[string]any{"kind": "suites", "terms": "x"})
		want := map[string]string{
			"page":     site.URL.Page(),
			"script":   must(site.URL.Script("a b/é.js")),
			"hotel":    must(site.URL.APIHotel(42)),
			"bigHotel": must(site.URL.APIHotel(9007199254740993)),
			"search":   must(site.URL.APISearch("rooms", "sea view/50%")),
			"booking":  must(site.URL.RouteURLNamedArgs("api.booking", map[string]any{"id": 7, "from": "2030-01-01", "q": "a&b"})),
			"svc":      site.URL.WithBasePath("/svc").Page(),
			"negative": negative.Error(),
			"oneof":    oneof.Error(),
		}
		if !strings.HasPrefix(want["hotel"], "//127.0.0.1:"+apiPort+"/") {
			t.Fatalf("the Go helper gave %s, not a URL of the API's origin", want["hotel"])
		}
		for k, w := range want {
			if got[k] != w {
				t.Errorf("%s: the page built %q, Go %q", k, got[k], w)
			}
		}
	})

	t.Run("allowed origin", func(t *testing.T) {
		open(t, ctx, allowed)
		eval[string](t, ctx, `document.cookie = "session=s1; path=/"`)
		for _, c := range []struct {
			url, init string
			want      string // the body the page reads, or the error it sees
		}{
			// The public routes allow the origin without credentials.
			{api + ".apiHotel(42)", `{}`, `{"hotel":42}`},
			{api + `.apiSearch("rooms", "sea view")`, `{ credentials: "omit" }`, `{"kind":"rooms","terms":"sea view"}`},
			// With credentials the browser wants Access-Control-Allow-Credentials, which they do not send.
			{api + ".apiHotel(43)", `{ credentials: "include" }`, "TypeError"},
			// The private routes allow credentials: the cookie of 127.0.0.1 goes along.
			{api + ".apiBooking(7)", `{ credentials: "include" }`, `{"booking":7,"cookie":true}`},
			{api + ".apiBooking(8)", `{ credentials: "omit" }`, `{"booking":8,"cookie":false}`},
			// DELETE is preflighted, and allowed.
			{api + ".apiCancel(9)", `{ method: "DELETE" }`, `{"cancelled":9}`},
		} {
			res := call(t, c.url, c.init)
			if got := strings.TrimSpace(res.Body) + res.Error; got != c.want {
				t.Errorf("fetch(%s, %s) from %s: the page read %q (status %d), want %q", c.url, c.init, allowed, got, res.Status, c.want)
			}
		}
		if n := s.callsOf("Cancel"); n != 1 {
			t.Errorf("Cancel ran %d times, want once", n)
		}
	})

	t.Run("disallowed origin", func(t *testing.T) {
		open(t, ctx, disallowed)
		hotels, cancels := s.callsOf("Hotel"), s.callsOf("Cancel")
		// A preflighted request is never sent: the preflight fails.
		if res := call(t, api+".apiCancel(10)", `{ method: "DELETE" }`); res.Error != "TypeError" {
			t.Errorf("DELETE from %s: the page read %+v, want a TypeError", disallowed, res)
		}
		if n := s.callsOf("Cancel"); n != cancels {
			t.Errorf("a DELETE from %s ran Cancel", disallowed)
		}
		if preflights := s.responsesTo("OPTIONS", "/private/bookings/10"); len(preflights) != 1 {
			t.Errorf("the API answered %d preflights of the DELETE, want 1", len(preflights))
		}
		// A simple request is sent, and runs its action: CORS only keeps
		// the page from reading the response.
		if res := call(t, api+".apiHotel(44)", `{}`); res.Error != "TypeError" {
			t.Errorf("GET from %s: the page read %+v, want a TypeError", disallowed, res)
		}
		if n := s.callsOf("Hotel"); n != hotels+1 {
			t.Errorf("Hotel ran %d times for a simple GET from %s, want once", n-hotels, disallowed)
		}
	})

	t.Run("forms", func(t *testing.T) {
		for _, c := range []struct {
			origin, action string
			status, calls  int
		}{
			// From another site to the site's origin: anti-CSRF refuses it.
			{disallowed, `"` + allowed + `" + routes.comment()`, http.StatusForbidden, 0},
			// From the site's own origin: it passes.
			{allowed, `routes.comment()`, http.StatusOK, 1},
		} {
			open(t, ctx, c.origin)
			before, answered := s.callsOf("Comment"), len(s.responsesTo("POST", "/comments"))
			// RunResponse waits until the page the form loads has loaded, so
			// that its navigation cannot abort the next open.
			submitted, cancel := context.WithTimeout(ctx, 10*time.Second)
			page, err := chromedp.RunResponse(submitted, chromedp.Evaluate[chromedp.Void](`(() => { const form = document.getElementById("comment"); form.action = `+c.action+`; form.submit(); })()`))
			cancel()
			if err != nil {
				t.Fatalf("form from %s: %v", c.origin, err)
			}
			if int(page.Status) != c.status {
				t.Errorf("form from %s: the browser loaded a page of status %d, want %d", c.origin, page.Status, c.status)
			}
			responses := s.responsesTo("POST", "/comments")
			if len(responses) != answered+1 {
				t.Fatalf("form from %s: %d responses to POST /comments, want 1", c.origin, len(responses)-answered)
			}
			if r := responses[answered]; r.status != c.status {
				t.Errorf("form from %s (Sec-Fetch-Site %s): status %d, want %d", c.origin, r.fetchSite, r.status, c.status)
			}
			if n := s.callsOf("Comment") - before; n != c.calls {
				t.Errorf("form from %s: Comment ran %d times, want %d", c.origin, n, c.calls)
			}
		}
	})
	t.Logf("Chromium, the servers and tsc: %v", time.Since(began).Round(time.Millisecond))
}
