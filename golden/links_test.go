package golden_test

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	subdomains "github.com/routegen/routegen/golden/aah_examples_domain_subdomain_routes"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/internal/difftest/tables/t03"
	"github.com/routegen/routegen/runtime"
)

// requestContext is the Context the router gives the action of a GET of
// target, sent to host.
func requestContext(t testing.TB, rt *runtime.Router, host, target string) *runtime.Context {
	t.Helper()
	r := httptest.NewRequest("GET", target, nil)
	r.Host = host
	ctx, err := rt.NewContext(httptest.NewRecorder(), r)
	if err != nil {
		t.Fatalf("GET %s%s: %v", host, target, err)
	}
	return ctx
}

// TestForRequestLinks: the builder of a request writes the routes of the
// request's domain as paths and every other domain's, the root domain's
// too, with //host[:port]; a wildcard domain's route is the request's own
// at its subdomain only. RouteURL on it takes aah's names.
func TestForRequestLinks(t *testing.T) {
	must := mustURL(t)
	rt := newRichRouter(t, runtime.WithStaticFS(assets))
	onRoot := rich.URL.ForRequest(requestContext(t, rt, "example.com:8080", "/users/1"))
	onAdmin := rich.URL.ForRequest(requestContext(t, rt, "admin.example.com:8080", "/"))
	onAcme := rich.URL.ForRequest(requestContext(t, rt, "ACME.example.com:8080", "/pages/x"))
	for _, c := range []struct{ got, want string }{
		{onRoot.Home(), "/"},
		{must(onRoot.User(7)), "/users/7"},
		{onRoot.AdminHome(), "//admin.example.com:8080/"},
		{must(onRoot.TenantsTenantPage("acme", "x")), "//acme.example.com:8080/pages/x"},
		{onAdmin.Home(), "//example.com:8080/"},
		{must(onAdmin.User(7)), "//example.com:8080/users/7"},
		{onAdmin.AdminHome(), "/"},
		{must(onAdmin.RouteURL("admin.admin_home#top")), "/#top"},
		{must(onAdmin.RouteURL("host")), "//example.com:8080"},
		{must(onAdmin.RouteURLNamedArgs("user#posts", map[string]any{"id": 7, "tab": "a"})), "//example.com:8080/users/7?tab=a#posts"},
		{must(onAcme.TenantsTenantPage("acme", "y")), "/pages/y"},
		{must(onAcme.TenantsTenantPage("beta", "y")), "//beta.example.com:8080/pages/y"},
		{must(onAcme.RouteURL("acme.tenant_page", "z")), "/pages/z"},
		{must(onAcme.RouteURL("beta.tenant_page", "z")), "//beta.example.com:8080/pages/z"},
		{must(onAcme.RouteURL("acme.host")), "//acme.example.com:8080"},
		{onAcme.Home(), "//example.com:8080/"},
		// URL, which knows no request, writes the root domain's as paths.
		{rich.URL.Home(), "/"},
		{must(rich.RouteURL("acme.tenant_page", "z")), "//acme.example.com:8080/pages/z"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

// TestForRequestKeepsTheRouter: the builder of a request keeps its
// router's base path and hosts, as ForRouter does, and the prefix a
// handler in front stripped, as the router's redirects do.
func TestForRequestKeepsTheRouter(t *testing.T) {
	moved := newRichRouter(t, runtime.WithStaticFS(assets), runtime.WithHost("admin", "admin.localhost", "9090"), runtime.WithBasePath("/svc"))
	onRoot := rich.URL.ForRequest(requestContext(t, moved, "example.com:8080", "/svc/users/1"))
	if got, want := onRoot.AdminHome(), "//admin.localhost:9090/svc/"; got != want {
		t.Errorf("AdminHome = %q, want %q", got, want)
	}
	if got, want := onRoot.Home(), "/svc/"; got != want {
		t.Errorf("Home = %q, want %q", got, want)
	}
	plain := newRichRouter(t, runtime.WithStaticFS(assets))
	stripped := httptest.NewRequest("GET", "/mnt/users/1", nil)
	stripped.Host = "example.com:8080"
	var links []string
	handler := http.StripPrefix("/mnt", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, err := plain.NewContext(w, r)
		if err != nil {
			t.Fatal(err)
		}
		u := rich.URL.ForRequest(ctx)
		links = append(links, u.Home(), u.AdminHome())
	}))
	handler.ServeHTTP(httptest.NewRecorder(), stripped)
	if want := []string{"/mnt/", "//admin.example.com:8080/mnt/"}; fmt.Sprint(links) != fmt.Sprint(want) {
		t.Errorf("links under a stripped prefix: %q, want %q", links, want)
	}
}

// TestForRequestOfAnotherRouter: a Context of another package's router,
// or none, is refused at once rather than given wrong hosts.
func TestForRequestOfAnotherRouter(t *testing.T) {
	other, err := subdomains.NewRouter(subdomainPages{}, subdomainPages{}, subdomainPages{}, runtime.WithStaticFS(fstest.MapFS{}))
	if err != nil {
		t.Fatal(err)
	}
	for name, ctx := range map[string]*runtime.Context{
		"another package's": requestContext(t, other, "sample.com", "/"),
		"a zero":            {},
		"nil":               nil,
	} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "URLBuilder.ForRequest") {
					t.Errorf("ForRequest of %s Context: recovered %v, want a panic naming ForRequest", name, r)
				}
			}()
			rich.URL.ForRequest(ctx)
		}()
	}
}

var linkSink string

// linkCosts is an action that measures, while its own request is
// served, what each of its links allocates when the package's URL writes
// it and when URL.ForRequest(ctx) does.
type linkCosts struct {
	links []linkPair
	got   *[][2]float64 // by link: of URL, of URL.ForRequest(ctx)
}

// linkPair is one link, of the package's URL and of URL.ForRequest(ctx).
type linkPair struct {
	name             string
	plain, onRequest func(ctx *runtime.Context) string
}

func (c linkCosts) measure(ctx *runtime.Context) {
	*c.got = nil
	for _, l := range c.links {
		*c.got = append(*c.got, [2]float64{
			testing.AllocsPerRun(100, func() { linkSink = l.plain(ctx) }),
			testing.AllocsPerRun(100, func() { linkSink = l.onRequest(ctx) }),
		})
	}
}

// measuringApp measures in the action of rich's home.
type measuringApp struct {
	appNoop
	linkCosts
}

func (a measuringApp) Index(ctx *runtime.Context) error {
	a.measure(ctx)
	return nil
}

// measuringT03Page measures in the action of t03's route r256.
type measuringT03Page struct {
	t03.C0Controller
	linkCosts
}

func (p measuringT03Page) A256(ctx *runtime.Context) error {
	p.measure(ctx)
	return nil
}

// TestForRequestAllocates: a link of the builder of a request, built by
// an action while its request is served, allocates its string alone, as
// the same link of the package's URL does, a path or a URL with a host,
// in a table of 35 routes and in one of 600 (t03), whose matchers are
// data: for a request line in the origin form, as a server reads a
// client's, in the absolute form, as a proxy's (and httptest.NewRequest's
// of a URL), and below a prefix a handler in front stripped.
func TestForRequestAllocates(t *testing.T) {
	richApp := measuringApp{linkCosts: linkCosts{got: new([][2]float64), links: []linkPair{
		{"a path", func(*runtime.Context) string { u, _ := rich.URL.User(7); return u },
			func(ctx *runtime.Context) string { u, _ := rich.URL.ForRequest(ctx).User(7); return u }},
		{"another domain's", func(*runtime.Context) string { return rich.URL.AdminHome() },
			func(ctx *runtime.Context) string { return rich.URL.ForRequest(ctx).AdminHome() }},
		{"a wildcard domain's", func(*runtime.Context) string { u, _ := rich.URL.TenantsTenantPage("acme", "x"); return u },
			func(ctx *runtime.Context) string {
				u, _ := rich.URL.ForRequest(ctx).TenantsTenantPage("acme", "x")
				return u
			}},
	}}}
	richRouter, err := rich.NewRouter(dashboardNoop{}, richApp, chatNoop{}, deepNoop{}, docNoop{}, fallbackNoop{},
		fileNoop{}, itemNoop{}, postNoop{}, tenantNoop{}, userNoop{}, runtime.WithStaticFS(assets))
	if err != nil {
		t.Fatal(err)
	}
	t03Page := measuringT03Page{linkCosts: linkCosts{got: new([][2]float64), links: []linkPair{
		{"a path", func(*runtime.Context) string { return t03.URL.R299() },
			func(ctx *runtime.Context) string { return t03.URL.ForRequest(ctx).R299() }},
	}}}
	for _, c := range []struct {
		name   string
		router http.Handler
		host   string
		target string
		costs  linkCosts
	}{
		{"rich", richRouter, "example.com:8080", "/", richApp.linkCosts},
		{"t03", newT03RouterOf(t, t03Page), "api.example.com", "/x.y/1", t03Page.linkCosts},
	} {
		srv := httptest.NewServer(c.router)
		req, err := http.NewRequest("GET", srv.URL+c.target, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = c.host
		for _, f := range []struct {
			form  string
			serve func() int
		}{
			{"origin form, from a client", func() int {
				res, err := srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				res.Body.Close()
				return res.StatusCode
			}},
			{"absolute form", func() int {
				w := httptest.NewRecorder()
				c.router.ServeHTTP(w, httptest.NewRequest("GET", "http://"+c.host+c.target, nil))
				return w.Code
			}},
			{"below a stripped prefix", func() int {
				w := httptest.NewRecorder()
				r := httptest.NewRequest("GET", "/mnt"+c.target, nil)
				r.Host = c.host
				http.StripPrefix("/mnt", c.router).ServeHTTP(w, r)
				return w.Code
			}},
		} {
			*c.costs.got = nil
			if status := f.serve(); status != 200 || len(*c.costs.got) != len(c.costs.links) {
				t.Errorf("%s, %s: GET %s answered %d, and the action measured %d links of %d", c.name, f.form, c.target, status, len(*c.costs.got), len(c.costs.links))
				continue
			}
			for i, got := range *c.costs.got {
				if plain, onRequest := got[0], got[1]; onRequest > 1 || plain > 1 {
					t.Errorf("%s, %s: in the action, %s link of URL allocates %.0f times, of URL.ForRequest(ctx) %.0f; want at most 1 (its string)", c.name, f.form, c.costs.links[i].name, plain, onRequest)
				}
			}
		}
		srv.Close()
	}
}

// t03Page is the action of t03's route r256, which writes two links of its
// request's builder.
type t03Page struct{ t03.C0Controller }

func (p *t03Page) A256(ctx *runtime.Context) error {
	u := t03.URL.ForRequest(ctx)
	_, err := io.WriteString(ctx.Res, u.R256()+" "+u.R299())
	return err
}

func newT03Router(t *testing.T, opts ...runtime.Option) *runtime.Router {
	t.Helper()
	return newT03RouterOf(t, &t03Page{}, opts...)
}

// newT03RouterOf is t03's router with page's actions for C0.
func newT03RouterOf(t *testing.T, page t03.C0Controller, opts ...runtime.Option) *runtime.Router {
	t.Helper()
	type c1 struct{ t03.C1Controller }
	type c2 struct{ t03.C2Controller }
	type socket struct{ t03.SocketController }
	everyone := func(*runtime.Context) (runtime.Subject, error) { return mayDoAll{}, nil }
	rt, err := t03.NewRouter(page, c1{}, c2{}, socket{}, append([]runtime.Option{runtime.WithAuthenticator("basic", everyone), runtime.WithAuthenticator("token", everyone)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// mayDoAll has every role and permission.
type mayDoAll struct{}

func (mayDoAll) HasRole(string) bool     { return true }
func (mayDoAll) IsPermitted(string) bool { return true }

// TestForRequestOfLargeTable: the links of a request's builder in a table
// of more than 512 routes follow that request (here the prefix a handler
// in front stripped), and cost what they cost in a small table, with
// middleware or without.
func TestForRequestOfLargeTable(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop what it holds")
	}
	rt := newT03Router(t)
	mounted := http.StripPrefix("/mnt", rt)
	for _, c := range []struct {
		handler http.Handler
		target  string
		want    string
	}{
		{rt, "/x.y/1", "/x.y/1 /users/42"},
		{mounted, "/mnt/x.y/1", "/mnt/x.y/1 /mnt/users/42"},
		{rt, "/x.y/1", "/x.y/1 /users/42"},
	} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("GET", c.target, nil)
		r.Host = "api.example.com"
		c.handler.ServeHTTP(w, r)
		if w.Code != 200 || w.Body.String() != c.want {
			t.Errorf("GET %s: %d %q, want 200 %q", c.target, w.Code, w.Body, c.want)
		}
	}
	w := &discardWriter{header: http.Header{}}
	r := httptest.NewRequest("GET", "/x.y/1", nil)
	r.Host = "api.example.com"
	allocs := testing.AllocsPerRun(100, func() { rt.ServeHTTP(w, r) })
	// The two links and the body written: what the action allocates itself.
	if allocs > 4 {
		t.Errorf("a request whose action builds two links of ForRequest allocates %.0f times, want at most 4", allocs)
	}
	noop := func(_ *runtime.Route, next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { next.ServeHTTP(w, r) })
	}
	wrapped := newT03Router(t, runtime.WithMiddleware(noop))
	withMiddleware := testing.AllocsPerRun(20, func() { wrapped.ServeHTTP(w, r) })
	t.Logf("a request whose action writes two links of ForRequest allocates %.0f times, %.0f with middleware", allocs, withMiddleware)
	// A route with middleware has a Context of its own, and a request
	// with the Context in it; its builder costs no more.
	if withMiddleware > allocs+10 {
		t.Errorf("with middleware, the request allocates %.0f times, against %.0f without: the builder costs more than its links", withMiddleware, allocs)
	}
}

// subdomainPages are the pages of aah's domain-subdomain example: each
// writes its links to the index of each domain, as its request's builder
// writes them, and by aah's names.
type subdomainPages struct{}

func (subdomainPages) page(ctx *runtime.Context, name string) error {
	u := subdomains.URL.ForRequest(ctx)
	acme, err := u.WildcardSampleComIndex("acme")
	if err != nil {
		return err
	}
	links := []string{name, u.Index(), u.AdminSampleComIndex(), acme}
	for _, n := range []string{"index", "admin.index", "acme.index", "host", "index#top"} {
		l, err := u.RouteURL(n)
		if err != nil {
			return err
		}
		links = append(links, l)
	}
	_, err = io.WriteString(ctx.Res, strings.Join(links, " "))
	return err
}

func (p subdomainPages) Index(ctx *runtime.Context) error     { return p.page(ctx, "home") }
func (p subdomainPages) Dashboard(ctx *runtime.Context) error { return p.page(ctx, "admin") }
func (p subdomainPages) Entry(ctx *runtime.Context) error {
	return p.page(ctx, "tenant "+ctx.Subdomain())
}

// TestLinksAcrossDomains serves aah's domain-subdomain example, its
// domains at sample.test, admin.sample.test and *.sample.test at the
// server's port: a page on the root domain links to its own domain's
// pages as paths and to the admin subdomain as //host:port/path, and a
// page on the subdomain links back to the root domain as
// //host:port/path and to itself as a path. aah's names give the same.
func TestLinksAcrossDomains(t *testing.T) {
	srv := httptest.NewUnstartedServer(nil)
	_, port, err := net.SplitHostPort(srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	rt, err := subdomains.NewRouter(subdomainPages{}, subdomainPages{}, subdomainPages{},
		runtime.WithStaticFS(fstest.MapFS{}),
		runtime.WithHost("sample_com", "sample.test", port),
		runtime.WithHost("admin_sample_com", "admin.sample.test", port),
		runtime.WithHost("wildcard_sample_com", "*.sample.test", port))
	if err != nil {
		t.Fatal(err)
	}
	srv.Config.Handler = rt
	srv.Start()
	defer srv.Close()
	root, admin, acme := "//sample.test:"+port, "//admin.sample.test:"+port, "//acme.sample.test:"+port
	for host, want := range map[string]string{
		"sample.test":       "home / " + admin + "/ " + acme + "/ / " + admin + "/ " + acme + "/ " + root + " /#top",
		"admin.sample.test": "admin " + root + "/ / " + acme + "/ " + root + "/ / " + acme + "/ " + root + " " + root + "/#top",
		"acme.sample.test":  "tenant acme " + root + "/ " + admin + "/ / " + root + "/ " + admin + "/ / " + root + " " + root + "/#top",
	} {
		r, err := http.NewRequest("GET", srv.URL+"/", nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Host = host + ":" + port
		res, err := srv.Client().Do(r)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != 200 || string(body) != want {
			t.Errorf("GET http://%s/: %d\n%s\nwant\n%s", r.Host, res.StatusCode, body, want)
		}
	}
}
