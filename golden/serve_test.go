package golden_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/routegen/routegen/golden/github"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

// The no-op controllers of the rich example.
type (
	appNoop       struct{}
	userNoop      struct{}
	postNoop      struct{}
	deepNoop      struct{}
	fileNoop      struct{}
	docNoop       struct{}
	itemNoop      struct{}
	chatNoop      struct{}
	tenantNoop    struct{}
	dashboardNoop struct{}
	fallbackNoop  struct{}
)

func (appNoop) Index(*runtime.Context) error                   { return nil }
func (appNoop) Health(*runtime.Context) error                  { return nil }
func (appNoop) Login(*runtime.Context) error                   { return nil }
func (userNoop) List(*runtime.Context) error                   { return nil }
func (userNoop) Create(*runtime.Context) error                 { return nil }
func (userNoop) New(*runtime.Context) error                    { return nil }
func (userNoop) Show(*runtime.Context, int64) error            { return nil }
func (userNoop) Update(*runtime.Context, int64) error          { return nil }
func (userNoop) Delete(*runtime.Context, int64) error          { return nil }
func (userNoop) Settings(*runtime.Context, int64) error        { return nil }
func (userNoop) Profile(*runtime.Context, string) error        { return nil }
func (postNoop) Show(*runtime.Context, int64, string) error    { return nil }
func (deepNoop) Static(*runtime.Context) error                 { return nil }
func (deepNoop) Middle(*runtime.Context, string) error         { return nil }
func (deepNoop) Last(*runtime.Context, string) error           { return nil }
func (deepNoop) Rest(*runtime.Context, string) error           { return nil }
func (fileNoop) Get(*runtime.Context, string) error            { return nil }
func (docNoop) Page(*runtime.Context, string, string) error    { return nil }
func (itemNoop) List(*runtime.Context, string) error           { return nil }
func (itemNoop) Show(*runtime.Context, string, string) error   { return nil }
func (itemNoop) Update(*runtime.Context, string, string) error { return nil }
func (chatNoop) Stream(*runtime.Context) error                 { return nil }
func (chatNoop) Page(*runtime.Context) error                   { return nil }
func (tenantNoop) Home(*runtime.Context) error                 { return nil }
func (tenantNoop) Page(*runtime.Context, string) error         { return nil }
func (dashboardNoop) Index(*runtime.Context) error             { return nil }
func (dashboardNoop) Files(*runtime.Context, string) error     { return nil }
func (fallbackNoop) NotFound(*runtime.Context) error           { return nil }

func newRichRouter(t testing.TB, opts ...runtime.Option) *runtime.Router {
	rt, err := rich.NewRouter(dashboardNoop{}, appNoop{}, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
		fileNoop{}, itemNoop{}, postNoop{}, tenantNoop{}, userNoop{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// discardWriter is a ResponseWriter that keeps nothing and allocates nothing.
type discardWriter struct{ header http.Header }

func (w *discardWriter) Header() http.Header         { return w.header }
func (w *discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (w *discardWriter) WriteHeader(int)             {}

func TestLookupAllocatesNothing(t *testing.T) {
	var m runtime.Match
	routes := github.Routes()
	allocs := testing.AllocsPerRun(50, func() {
		for _, o := range outcomes {
			rich.Lookup(&m, o.method, o.host, o.path)
		}
		for _, r := range routes {
			github.Lookup(&m, r.Method, "api.github.com", r.Path)
		}
	})
	if allocs != 0 {
		t.Errorf("Lookup allocated %.1f times a run over %d requests, want 0", allocs, len(outcomes)+len(routes))
	}
}

// policyFreeRequests reach routes with every policy off: no CORS, no auth
// scheme, no body limit that applies.
func policyFreeRequests() []*http.Request {
	return []*http.Request{
		httptest.NewRequest("GET", "http://acme.example.com:8080/pages/about", nil),
		httptest.NewRequest("GET", "http://acme.example.com:8080/", nil),
		httptest.NewRequest("GET", "http://admin.example.com:8080/", nil),
		httptest.NewRequest("GET", "http://admin.example.com:8080/files/a/b/c.txt", nil),
	}
}

func TestServeHTTPAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool allocate")
	}
	rt := newRichRouter(t)
	w := &discardWriter{header: http.Header{}}
	requests := policyFreeRequests()
	allocs := testing.AllocsPerRun(100, func() {
		for _, r := range requests {
			rt.ServeHTTP(w, r)
		}
	})
	if allocs != 0 {
		t.Errorf("ServeHTTP of a matched route with a no-op action allocated %.1f times a run, want 0", allocs)
	}
}

// TestServeHTTPPassThroughMiddlewareAllocatesNothing: middleware that
// returns next for every route costs nothing per request.
func TestServeHTTPPassThroughMiddlewareAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool allocate")
	}
	passThrough := runtime.WithMiddleware(func(_ *runtime.Route, next http.Handler) http.Handler { return next })
	rt := newRichRouter(t, passThrough)
	w := &discardWriter{header: http.Header{}}
	requests := policyFreeRequests()
	allocs := testing.AllocsPerRun(100, func() {
		for _, r := range requests {
			rt.ServeHTTP(w, r)
		}
	})
	if allocs != 0 {
		t.Errorf("ServeHTTP with pass-through middleware allocated %.1f times a run, want 0", allocs)
	}
	if got := requests[0].Pattern; got != "GET *.example.com/pages/{slug}" {
		t.Errorf("r.Pattern of a wildcard domain's route: %q", got)
	}
}

// BenchmarkServeHTTPPoliciesOff measures dispatch to no-op actions on routes
// whose policies are off; -benchmem must show 0 allocations.
func BenchmarkServeHTTPPoliciesOff(b *testing.B) {
	rt := newRichRouter(b)
	w := &discardWriter{header: http.Header{}}
	requests := policyFreeRequests()
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range requests {
			rt.ServeHTTP(w, r)
		}
	}
}
