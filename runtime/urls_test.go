package runtime

import "testing"

// TestRouteURLUnknownName: a bare name is looked up in the root domain
// only; when other domains have a route of that name, the error names them
// as RouteURL takes them.
func TestRouteURLUnknownName(t *testing.T) {
	table := &Table{
		Domains: []Domain{{Key: "site"}, {Key: "api"}, {Key: "admin"}},
		Routes: []Route{
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
		if _, err := table.RouteURL("", tt.name, 1); err == nil || err.Error() != tt.want {
			t.Errorf("RouteURL(%q): %v; want %s", tt.name, err, tt.want)
		}
		if _, err := table.RouteURLNamedArgs("", tt.name, nil); err == nil || err.Error() != tt.want {
			t.Errorf("RouteURLNamedArgs(%q): %v; want %s", tt.name, err, tt.want)
		}
	}
}
