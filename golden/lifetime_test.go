package golden_test

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	goruntime "runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/runtime"
)

// slowHotel is deploy's site controller whose Hotel action for id 1 waits
// for release, then reports what it reads of its Context to seen.
type slowHotel struct {
	deployEcho
	release chan struct{}
	seen    chan string
}

func (s slowHotel) Hotel(ctx *runtime.Context, id int64) error {
	if id != 1 {
		return s.deployEcho.Hotel(ctx, id)
	}
	<-s.release
	_, err := io.WriteString(ctx.Res, "late")
	s.seen <- fmt.Sprintf("path=%s id=%s route=%s write=%v", ctx.Req.URL.Path, ctx.Req.PathValue("id"), ctx.Route().Name, err)
	return nil
}

// TestTimeoutMiddlewareKeepsItsContext: http.TimeoutHandler as route
// middleware answers 503 and returns while the action still runs. The
// requests served meanwhile must not reuse the action's Context: it still
// reads its own request, and its late write reaches no other response.
// Run under -race, the race detector reports any sharing.
func TestTimeoutMiddlewareKeepsItsContext(t *testing.T) {
	site := slowHotel{release: make(chan struct{}), seen: make(chan string, 1)}
	timeout := runtime.WithMiddleware(func(route *runtime.Route, next http.Handler) http.Handler {
		if route.Name != "hotel" {
			return next
		}
		return http.TimeoutHandler(next, 50*time.Millisecond, "timed out")
	})
	rt, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, site, timeout, runtime.WithAuthenticator("basic", basicAuth))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	defer srv.Close()
	for _, c := range []call{
		{method: "GET", path: "/hotels/1", status: 503, want: "timed out"},
		// Served while Hotel(1) still runs: through the chain, and straight to the action.
		{method: "GET", path: "/hotels/2", status: 200, want: `Hotel 2 pattern="GET /hotels/{id}"`},
		{method: "GET", path: "/secret", status: 200, want: `Secret pattern="GET /secret"`},
		{method: "POST", path: "/elsewhere", body: strings.NewReader("xyz"), length: 3, status: 200, want: "Any"},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
	close(site.release)
	const want = "path=/hotels/1 id=1 route=hotel write=http: Handler timeout"
	select {
	case got := <-site.seen:
		if got != want {
			t.Errorf("the timed-out action read %q, want %q", got, want)
		}
	case <-time.After(10 * time.Second):
		// A panic in the action, over a Context reused meanwhile, is held
		// by TimeoutHandler's goroutine, which nobody reads any more.
		t.Fatal("the timed-out action never finished")
	}
}

// heldHotel is deploy's site controller whose Hotel action records the
// Context it holds while it runs, and the faults it sees: a Context
// another request's action holds, or a request that is not its own.
type heldHotel struct {
	deployEcho
	mu     *sync.Mutex
	held   map[*runtime.Context]int64 // by Context, the hotel of the request that holds it
	faults *[]string
}

func (h heldHotel) Hotel(ctx *runtime.Context, id int64) error {
	h.mu.Lock()
	if other, ok := h.held[ctx]; ok {
		*h.faults = append(*h.faults, fmt.Sprintf("hotel %d got the Context of hotel %d, still running", id, other))
	}
	h.held[ctx] = id
	h.mu.Unlock()
	goruntime.Gosched() // another request may start on this P meanwhile
	value := ctx.Req.PathValue("id")
	h.mu.Lock()
	if value != strconv.FormatInt(id, 10) {
		*h.faults = append(*h.faults, fmt.Sprintf("hotel %d read the id %q", id, value))
	}
	delete(h.held, ctx)
	h.mu.Unlock()
	return h.deployEcho.Hotel(ctx, id)
}

// TestConcurrentRequestsHoldTheirOwnContexts: requests served at once,
// more than there are Ps, never share a Context of the router's pool, and
// each action reads its own request.
func TestConcurrentRequestsHoldTheirOwnContexts(t *testing.T) {
	site := heldHotel{mu: &sync.Mutex{}, held: map[*runtime.Context]int64{}, faults: new([]string)}
	rt, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, site, runtime.WithAuthenticator("basic", basicAuth))
	if err != nil {
		t.Fatal(err)
	}
	serveHotelsAtOnce(t, rt, site)
}

// serveHotelsAtOnce serves GET /hotels/ID from 8 goroutines at once, 300
// requests each, and reports every answer that is not its own and every
// fault site saw.
func serveHotelsAtOnce(t *testing.T, rt http.Handler, site heldHotel) {
	t.Helper()
	const goroutines, requests = 8, 300
	wrong := make(chan string, goroutines)
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range requests {
				id := strconv.Itoa(g*requests + i)
				w := httptest.NewRecorder()
				rt.ServeHTTP(w, httptest.NewRequest("GET", "http://example.com:8080/hotels/"+id, nil))
				if want := "Hotel " + id + " "; w.Code != 200 || !strings.HasPrefix(w.Body.String(), want) {
					wrong <- fmt.Sprintf("GET /hotels/%s: %d %q, want 200 and %q", id, w.Code, w.Body.String(), want+"...")
					return
				}
			}
		})
	}
	wg.Wait()
	close(wrong)
	for msg := range wrong {
		t.Error(msg)
	}
	for _, msg := range *site.faults {
		t.Error(msg)
	}
}

// TestBodyRestoredAfterServeHTTP: a route's body limit wraps r.Body while
// the router serves it; a handler in front that drains r.Body afterwards
// reads the body it passed in.
func TestBodyRestoredAfterServeHTTP(t *testing.T) {
	rt := newDeployRouter(t)
	var drained string
	outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := r.Body
		rt.ServeHTTP(w, r)
		if r.Body != body {
			drained = fmt.Sprintf("r.Body is %T, not the body passed in", r.Body)
			return
		}
		n, err := io.Copy(io.Discard, r.Body)
		drained = fmt.Sprintf("%d bytes, %v", n, err)
	})
	srv := httptest.NewServer(outer)
	defer srv.Close()
	// The catch_all has a body limit; the action reads the body, half of it.
	call{method: "POST", host: "example.com:8080", path: "/anywhere", body: strings.NewReader(strings.Repeat("x", 100)), length: 100, status: 200, want: "Any"}.do(t, srv)
	if drained != "0 bytes, <nil>" {
		t.Errorf("the outer handler drained %s, want 0 bytes, <nil>", drained)
	}
}

// TestMiddlewareSeesRequest: a route's middleware reads its path values
// as ServeMux's handlers do, reads a body already held to the route's
// limit, and sees the 400 of a parameter that fails its constraint.
func TestMiddlewareSeesRequest(t *testing.T) {
	var seen []string
	inspect := runtime.WithMiddleware(func(route *runtime.Route, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w, status: 200}
			switch route.Name {
			case "hotel":
				next.ServeHTTP(rec, r)
				seen = append(seen, fmt.Sprintf("hotel id=%q %d", r.PathValue("id"), rec.status))
			case "source":
				next.ServeHTTP(rec, r)
				seen = append(seen, fmt.Sprintf("source filepath=%q", r.PathValue("filepath")))
			case "catch_all":
				body, err := io.ReadAll(r.Body)
				var tooLarge *http.MaxBytesError
				seen = append(seen, fmt.Sprintf("catch_all read %d, over the limit %v", len(body), errors.As(err, &tooLarge)))
				next.ServeHTTP(rec, r)
			default:
				next.ServeHTTP(w, r)
			}
		})
	})
	srv := deployServer(t, inspect)
	for _, c := range []call{
		{method: "GET", path: "/hotels/42", status: 200, want: "Hotel 42"},
		{method: "GET", path: "/hotels/abc", status: 400, want: `"abc" is not a number`},
		{method: "GET", path: "/hotels/99999999999999999999", status: 400, want: "out of the range of a 64-bit integer"},
		{method: "GET", path: "/src2/a%2Fb/c.go", status: 200, want: "Source"},
		// 4 KiB, chunked, on the catch_all's limit of 1 KiB.
		{method: "POST", path: "/upload", body: strings.NewReader(strings.Repeat("x", 4096)), length: -1, status: 413},
	} {
		c.host = "example.com:8080"
		c.do(t, srv)
	}
	want := []string{
		`hotel id="42" 200`,
		`hotel id="abc" 400`,
		`hotel id="99999999999999999999" 400`,
		`source filepath="/a/b/c.go"`,
		`catch_all read 1024, over the limit true`,
	}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("the middleware saw\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
}

// TestMiddlewareReturningNil: a middleware that returns no handler for a
// route is an error of NewRouter, not a route left unguarded.
func TestMiddlewareReturningNil(t *testing.T) {
	log := runtime.WithMiddleware(func(_ *runtime.Route, next http.Handler) http.Handler { return next })
	forgetful := runtime.WithMiddleware(func(route *runtime.Route, next http.Handler) http.Handler {
		if route.Name == "secret" {
			return nil
		}
		return next
	})
	_, err := deploy.NewRouter(deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, deployEcho{}, log, forgetful, runtime.WithAuthenticator("basic", basicAuth))
	const want = `routegen: WithMiddleware: middleware 2 of 2 returned a nil handler for route "secret"`
	if err == nil || err.Error() != want {
		t.Errorf("NewRouter: %v, want %s", err, want)
	}
}
