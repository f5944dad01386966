package runtime

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/core/decide"
)

// TestLocalTarget: a target is judged as the Location that carries it;
// anything a browser's URL parser could read as another site, or that
// the open redirect used, is refused.
func TestLocalTarget(t *testing.T) {
	for target, local := range map[string]bool{
		"/": true, "/manage/users.html?x=1": true, "/a/b/": true, "/a?next=/./x&y=..": true, "/a#..": true,
		"/caf%C3%A9": true, "/%2F/evil.test": true, "/a..b/.c/d.": true, "/@evil.test": true, "/:evil.test": true,
		strings.Repeat("/a", MaxTarget/2): true,

		"": false, "users": false, "//evil.test": false, "/\\evil.test": false, "https://evil.test/": false,
		"/./\\evil.test": false, "/a/../\\evil.test": false, "/./%5Cevil.test": false, "/%5cevil.test": false,
		"/.": false, "/..": false, "/a/./b": false, "/a/../b": false, "/%2e/b": false, "/%2E%2e/b": false, "/.%2E/b": false,
		"/a/.?x": false, "/a/..#x": false,
		"/\t/evil.test": false, "/\n/evil.test": false, "/a b": false, "/a\x7f": false, "/a\x00": false,
		"/%09/evil.test": false, "/%0a": false, "/%7F": false, "/%": false, "/%2": false, "/%zz": false,
		"/caf\u00e9": false, "/\u3002evil.test": false,
		strings.Repeat("/a", MaxTarget/2) + "/": false,
	} {
		if got := LocalTarget(target); got != local {
			t.Errorf("LocalTarget(%q) = %v", target, got)
		}
	}
}

// TestOrigin: a domain's origin is its address as the router serves it,
// whatever Host the request names; X-Forwarded-Proto and, for a domain of
// no host, X-Forwarded-Host count under WithTrustedProxies only.
func TestOrigin(t *testing.T) {
	sites := &table{
		Domains: []Domain{{Index: 0, Key: "site", Host: "example.com", Port: "8080"}, {Index: 1, Key: "apps", Host: "*.apps.example.com"}},
		Routes: []Route{
			{Index: 0, Domain: 0, Name: "home", Method: "GET", Path: "/", Auth: AuthAnonymous},
			{Index: 1, Domain: 1, Name: "app", Method: "GET", Path: "/", Auth: AuthAnonymous},
		},
		CatchAlls: make([]Route, 2),
	}
	anyHost := &table{
		Domains:   []Domain{{Index: 0, Key: "any"}},
		Routes:    []Route{{Index: 0, Name: "home", Method: "GET", Path: "/", Auth: AuthAnonymous}},
		CatchAlls: make([]Route, 1),
	}
	trusted := []Option{WithTrustedProxies(), WithDefaultDomain("site")}
	for _, c := range []struct {
		table  *table
		opts   []Option
		host   string
		header map[string]string
		want   string // "" for an error
	}{
		{sites, nil, "example.com:8080", nil, "http://example.com:8080"},
		{sites, []Option{WithDefaultDomain("site")}, "evil.test", nil, "http://example.com:8080"},
		{sites, []Option{WithHost("site", "www.example.org", "443")}, "www.example.org", nil, "http://www.example.org:443"},
		{sites, []Option{WithHost("site", "www.example.org", "443"), WithTrustedProxies()}, "www.example.org", map[string]string{"X-Forwarded-Proto": "https"}, "https://www.example.org"},
		{sites, []Option{WithHost("site", "www.example.org", "80")}, "www.example.org", nil, "http://www.example.org"},
		{sites, []Option{WithDefaultDomain("site")}, "evil.test", map[string]string{"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.test"}, "http://example.com:8080"},
		{sites, trusted, "evil.test", map[string]string{"X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "evil.test"}, "https://example.com:8080"},
		{sites, nil, "tenant.apps.example.com", nil, "http://tenant.apps.example.com"},
		{anyHost, nil, "evil.test", nil, ""},
		{anyHost, []Option{WithTrustedProxies()}, "evil.test", nil, ""},
		{anyHost, []Option{WithTrustedProxies()}, "evil.test", map[string]string{"X-Forwarded-Host": "proxy.example:8443", "X-Forwarded-Proto": "https"}, "https://proxy.example:8443"},
		{anyHost, []Option{WithTrustedProxies()}, "evil.test", map[string]string{"X-Forwarded-Host": "evil.test/x"}, ""},
	} {
		rt, err := testRouter(c.table, c.opts...)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest("GET", "http://"+c.host+"/", nil)
		for k, v := range c.header {
			r.Header.Set(k, v)
		}
		ctx, err := rt.NewContext(httptest.NewRecorder(), r)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ctx.Origin()
		if got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("Host %s, %v: Origin() = %q, %v; want %q", c.host, c.header, got, err, c.want)
		}
	}
}

// TestConstantsOfTheDecision: the constants runtime states for go doc to
// show are those the decision, which the tools share, applies.
func TestConstantsOfTheDecision(t *testing.T) {
	if MaxTarget != decide.MaxTarget {
		t.Errorf("MaxTarget is %d, the decision's %d", MaxTarget, decide.MaxTarget)
	}
	if DefaultSessionLifetime != decide.DefaultSessionLifetime {
		t.Errorf("DefaultSessionLifetime is %v, the decision's %v", DefaultSessionLifetime, decide.DefaultSessionLifetime)
	}
}
