package routegenimpl

import (
	"testing"

	"github.com/routegen/routegen/runtime"
)

// TestRouteURLUnknownName: a bare name is looked up in the root domain
// only; when other domains have a route of that name, the error names them
// as RouteURL takes them.
func TestRouteURLUnknownName(t *testing.T) {
	table := NewTable(&Table{
		Domains: []runtime.Domain{{Key: "site"}, {Key: "api"}, {Key: "admin"}},
		Routes: []runtime.Route{
			{Name: "home", Domain: 0, Method: "GET", Path: "/"},
			{Name: "get_hotel", Domain: 1, Method: "GET", Path: "/hotels/:id", Params: []string{"id"}},
			{Name: "get_hotel", Domain: 1, Method: "HEAD", Path: "/hotels/:id", Params: []string{"id"}},
			{Name: "get_hotel", Domain: 2, Method: "GET", Path: "/hotels/:id", Params: []string{"id"}},
			{Name: "health", Domain: 1, Method: "GET", Path: "/healthz"},
		},
	})
	for _, tt := range []struct{ name, want string }{
		{"get_hotel", `routegen: no route named "get_hotel" in the root domain; did you mean "api.get_hotel" or "admin.get_hotel"?`},
		{"health", `routegen: no route named "health" in the root domain; did you mean "api.health"?`},
		{"hom", `routegen: no route named "hom"`},
		{"api.home", `routegen: no route named "api.home"`},
		{"site.health", `routegen: no route named "site.health"`},
	} {
		if _, err := table.RouteURL(URLBase{}, tt.name, 1); err == nil || err.Error() != tt.want {
			t.Errorf("RouteURL(%q): %v; want %s", tt.name, err, tt.want)
		}
		if _, err := table.RouteURLNamedArgs(URLBase{}, tt.name, nil); err == nil || err.Error() != tt.want {
			t.Errorf("RouteURLNamedArgs(%q): %v; want %s", tt.name, err, tt.want)
		}
	}
}

// TestRouteURLNamedArgsMisspeltKey: a key near a missing argument is named
// as its misspelling, as routevet names it; a key far from it is a query
// argument, and the error names the missing argument alone.
func TestRouteURLNamedArgsMisspeltKey(t *testing.T) {
	table := NewTable(&Table{
		Domains: []runtime.Domain{{Key: "site"}, {Key: "tenants", Host: "*.example.com"}},
		Routes: []runtime.Route{
			{Name: "user", Domain: 0, Method: "GET", Path: "/users/:id", Params: []string{"id"}},
			{Name: "room", Domain: 0, Method: "GET", Path: "/hotels/:hotel/rooms/:room", Params: []string{"hotel", "room"}},
			{Name: "page", Domain: 1, Method: "GET", Path: "/pages/:slug", Params: []string{"slug"}},
		},
	})
	for _, tt := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"user", map[string]any{"Id": 1}, `routegen: route "user" has no path parameter "Id" (did you mean "id"?)`},
		{"user", map[string]any{"sort": 1}, `routegen: route "user" needs the path parameter "id"`},
		{"room", map[string]any{"hotel": 1, "rom": "a", "hotle": 2}, `routegen: route "room" has no path parameter "rom" (did you mean "room"?)`},
		{"tenants.page", map[string]any{"subdomian": "acme", "slug": "a"}, `routegen: route "tenants.page" has no path parameter "subdomian" (did you mean "subdomain"?)`},
		{"tenants.page", map[string]any{"subdomain": "acme", "slg": "a"}, `routegen: route "tenants.page" has no path parameter "slg" (did you mean "slug"?)`},
		{"tenants.page", map[string]any{"slug": "a"}, `routegen: route "tenants.page" of a wildcard domain needs the argument "subdomain"`},
	} {
		if _, err := table.RouteURLNamedArgs(URLBase{}, tt.name, tt.args); err == nil || err.Error() != tt.want {
			t.Errorf("RouteURLNamedArgs(%q, %v): %v; want %s", tt.name, tt.args, err, tt.want)
		}
	}
}

// aahNames is a table of a root domain, subdomains and a wildcard domain,
// for the names of aah's reverse URLs.
func aahNames() *Table {
	return NewTable(&Table{
		Domains: []runtime.Domain{
			{Index: 0, Key: "site", Host: "example.com", Port: "8080"},
			{Index: 1, Key: "admin_example", Host: "admin.example.com", Port: "8080", Subdomain: true},
			{Index: 2, Key: "tenants", Host: "*.example.com", Port: "8080", Subdomain: true},
			// Its key is the label of admin_example's host.
			{Index: 3, Key: "admin", Host: "backoffice.example.com", Subdomain: true},
			// Not a subdomain: its label names nothing.
			{Index: 4, Key: "api_example", Host: "api.example.com"},
			// The label of domain 3's host too, on another host.
			{Index: 5, Key: "backoffice_org", Host: "backoffice.example.org", Subdomain: true},
		},
		Routes: []runtime.Route{
			{Name: "index", Domain: 0, Method: "GET", Path: "/"},
			{Name: "user", Domain: 0, Method: "GET", Path: "/users/:id", Params: []string{"id"}},
			{Name: "index", Domain: 1, Method: "GET", Path: "/"},
			{Name: "report", Domain: 1, Method: "GET", Path: "/reports/:id", Params: []string{"id"}},
			{Name: "index", Domain: 2, Method: "GET", Path: "/"},
			{Name: "page", Domain: 2, Method: "GET", Path: "/pages/:slug", Params: []string{"slug"}},
			{Name: "index", Domain: 3, Method: "GET", Path: "/office"},
			{Name: "index", Domain: 4, Method: "GET", Path: "/v1"},
			{Name: "host", Domain: 4, Method: "GET", Path: "/host"},
			{Name: "index", Domain: 5, Method: "GET", Path: "/org"},
		},
	})
}

// TestRouteURLTakesAahNames: RouteURL and RouteURLNamedArgs take aah's
// names besides routegen's: a subdomain by the first label of its host, a
// wildcard domain by any other label, which is its subdomain, "host" for
// a domain's origin, and "#anchor" after any name. A domain key wins over
// a label, and a route named "host" over the origin.
func TestRouteURLTakesAahNames(t *testing.T) {
	table := aahNames()
	for _, tt := range []struct {
		name string
		args []any
		want string
	}{
		{"admin_example.index", nil, "//admin.example.com:8080/"}, // routegen's
		{"index#top", nil, "/#top"},
		{"user#a b", []any{7}, "/users/7#a%20b"},
		{"user#x#y", []any{7}, "/users/7#x%23y"},
		{"index#", nil, "/"},
		{"host", nil, "//example.com:8080"},
		{"host#top", nil, "//example.com:8080#top"},
		{"admin_example.host", nil, "//admin.example.com:8080"},
		{"tenants.host", []any{"acme"}, "//acme.example.com:8080"},
		{"api_example.host", nil, "//api.example.com/host"}, // a route of that name
		// "admin" is a domain key: it names that domain, not admin.example.com.
		{"admin.index", nil, "//backoffice.example.com/office"},
		{"admin.host", nil, "//backoffice.example.com"},
		// A label that no key is: the first subdomain whose host begins with it.
		{"backoffice.index", nil, "//backoffice.example.com/office"},
		{"BackOffice.index#top", nil, "//backoffice.example.com/office#top"},
		{"backoffice.host", nil, "//backoffice.example.com"},
		// Else the wildcard domain, at that subdomain: "back" is not "backoffice".
		{"back.index", nil, "//back.example.com:8080/"},
		{"acme.page#top", []any{"a b"}, "//acme.example.com:8080/pages/a%20b#top"},
		{"acme.host", nil, "//acme.example.com:8080"},
		// api.example.com is no subdomain: its label is the wildcard's subdomain.
		{"api.index", nil, "//api.example.com:8080/"},
	} {
		got, err := table.RouteURL(URLBase{}, tt.name, tt.args...)
		if err != nil || got != tt.want {
			t.Errorf("RouteURL(%q, %v) = %q, %v; want %q", tt.name, tt.args, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"acme.page#top", map[string]any{"slug": "x", "q": 1}, "//acme.example.com:8080/pages/x?q=1#top"},
		{"tenants.host", map[string]any{"subdomain": "acme"}, "//acme.example.com:8080"},
		{"backoffice.host#a", nil, "//backoffice.example.com#a"},
		{"user#top", map[string]any{"id": 1, "tab": "a"}, "/users/1?tab=a#top"},
	} {
		got, err := table.RouteURLNamedArgs(URLBase{}, tt.name, tt.args)
		if err != nil || got != tt.want {
			t.Errorf("RouteURLNamedArgs(%q, %v) = %q, %v; want %q", tt.name, tt.args, got, err, tt.want)
		}
	}
	for _, tt := range []struct {
		name string
		args []any
		want string
	}{
		{"host", []any{1}, `routegen: "host", the origin of a domain, takes no arguments but a wildcard domain's subdomain, got 1 more`},
		{"tenants.host", nil, `routegen: route "tenants.host" of a wildcard domain takes the subdomain first`},
		{"acme.nope", nil, `routegen: no route named "acme.nope"`},
		// A domain key names its domain alone: no label is tried after it.
		{"admin.report", []any{1}, `routegen: no route named "admin.report"`},
		{"a_b.index", nil, `routegen: route "index": subdomain "a_b" is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)`},
		{"a_b.host", nil, `routegen: "a_b.host": subdomain "a_b" is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)`},
		{"#top", nil, `routegen: no route named "#top"`},
	} {
		if got, err := table.RouteURL(URLBase{}, tt.name, tt.args...); err == nil || err.Error() != tt.want {
			t.Errorf("RouteURL(%q, %v) = %q, %v; want %s", tt.name, tt.args, got, err, tt.want)
		}
	}
	if got, err := table.RouteURLNamedArgs(URLBase{}, "host", map[string]any{"q": 1}); err == nil || err.Error() != `routegen: "host", the origin of a domain, takes no arguments but a wildcard domain's subdomain, got "q"` {
		t.Errorf(`RouteURLNamedArgs("host", q) = %q, %v`, got, err)
	}
}

// TestRouteURLWithoutWildcard: without a wildcard domain, a label that
// names no subdomain names nothing.
func TestRouteURLWithoutWildcard(t *testing.T) {
	table := NewTable(&Table{
		Domains: []runtime.Domain{{Key: "site", Host: "example.com"}, {Index: 1, Key: "admin_example", Host: "admin.example.com", Subdomain: true}},
		Routes:  []runtime.Route{{Name: "index", Domain: 0, Method: "GET", Path: "/"}, {Name: "index", Domain: 1, Method: "GET", Path: "/"}},
	})
	if got, err := table.RouteURL(URLBase{}, "admin.index"); err != nil || got != "//admin.example.com/" {
		t.Errorf(`RouteURL("admin.index") = %q, %v`, got, err)
	}
	if got, err := table.RouteURL(URLBase{}, "acme.index"); err == nil || err.Error() != `routegen: no route named "acme.index"` {
		t.Errorf(`RouteURL("acme.index") = %q, %v`, got, err)
	}
}

// TestRequestURLs: a builder of a request writes the routes of the
// request's domain as paths, a wildcard domain's at the request's
// subdomain, and every other domain's with its host, the root's too; the
// label of the request's host names its own domain before any other.
func TestRequestURLs(t *testing.T) {
	table := aahNames()
	onAdmin := URLBase{request: true, domain: 1, subdomain: "admin"}
	onAcme := URLBase{request: true, domain: 2, subdomain: "acme", path: "/svc"}
	onOrg := URLBase{request: true, domain: 5, subdomain: "backoffice"}
	nowhere := URLBase{request: true, domain: -1}
	for _, tt := range []struct {
		base URLBase
		name string
		args []any
		want string
	}{
		{onAdmin, "index", nil, "//example.com:8080/"},
		{onAdmin, "admin_example.index", nil, "/"},
		{onAdmin, "admin_example.report#x", []any{2}, "/reports/2#x"},
		{onAdmin, "host", nil, "//example.com:8080"},
		{onAdmin, "admin_example.host", nil, "//admin.example.com:8080"}, // an origin is never a path
		{onAcme, "acme.index", nil, "/svc/"},
		{onAcme, "ACME.page", []any{"x"}, "/svc/pages/x"},
		{onAcme, "tenants.page", []any{"beta", "x"}, "//beta.example.com:8080/svc/pages/x"},
		{onAcme, "index", nil, "//example.com:8080/svc/"},
		{onOrg, "backoffice.index", nil, "/org"},                              // the request's own, before domain 3
		{onAdmin, "backoffice.index", nil, "//backoffice.example.com/office"}, // the first in file order
		{nowhere, "index", nil, "//example.com:8080/"},
	} {
		got, err := table.RouteURL(tt.base, tt.name, tt.args...)
		if err != nil || got != tt.want {
			t.Errorf("RouteURL(%+v, %q, %v) = %q, %v; want %q", tt.base, tt.name, tt.args, got, err, tt.want)
		}
	}
	// A typed helper's subdomain decides whether the route is the request's own.
	if got := table.HelperURL(&onAcme, 4, "acme"); got != "/svc/" {
		t.Errorf("HelperURL of tenants.index at acme on acme = %q", got)
	}
	if got := table.HelperURL(&onAcme, 4, "beta"); got != "//beta.example.com:8080/svc/" {
		t.Errorf("HelperURL of tenants.index at beta on acme = %q", got)
	}
}
