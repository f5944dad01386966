package routegenimpl

import (
	"strings"
	"testing"

	"github.com/routegen/routegen/runtime"
)

// TestRouteURLUnknownName: a bare name is looked up in the root domain
// only; when other domains have a route of that name, the error names them
// as RouteURL takes them.
func TestRouteURLUnknownName(t *testing.T) {
	table := &Table{
		Domains: []runtime.Domain{{Key: "site"}, {Key: "api"}, {Key: "admin"}},
		Routes: []runtime.Route{
			{Name: "home", Domain: 0, Method: "GET", Path: "/"},
			{Name: "get_hotel", Domain: 1, Method: "GET", Path: "/hotels/:id", Params: []string{"id"}},
			{Name: "get_hotel", Domain: 1, Method: "HEAD", Path: "/hotels/:id", Params: []string{"id"}},
			{Name: "get_hotel", Domain: 2, Method: "GET", Path: "/hotels/:id", Params: []string{"id"}},
			{Name: "health", Domain: 1, Method: "GET", Path: "/healthz"},
		},
	}
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
	table := &Table{
		Domains: []runtime.Domain{{Key: "site"}, {Key: "tenants", Host: "*.example.com"}},
		Routes: []runtime.Route{
			{Name: "user", Domain: 0, Method: "GET", Path: "/users/:id", Params: []string{"id"}},
			{Name: "room", Domain: 0, Method: "GET", Path: "/hotels/:hotel/rooms/:room", Params: []string{"hotel", "room"}},
			{Name: "page", Domain: 1, Method: "GET", Path: "/pages/:slug", Params: []string{"slug"}},
		},
	}
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

// TestBindURLsPanicsOnAnUnknownRoute: a generated URLBuilder and its table
// always agree; one that does not is a bug to stop at start-up.
func TestBindURLsPanicsOnAnUnknownRoute(t *testing.T) {
	table := NewTable(&Table{Domains: []runtime.Domain{{Key: "site"}}, Routes: []runtime.Route{{Name: "home", Method: "GET", Path: "/"}}})
	var builder struct {
		Home  func() string `route:"home"`
		Other func() string `route:"other"`
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `URLBuilder.Other: no route named "other"`) {
			t.Errorf("panic %v", r)
		}
	}()
	table.BindURLs(&builder, func(field any, route int) {
		*field.(*func() string) = func() string { return table.HelperURL(URLBase{}, route) }
	})
}
