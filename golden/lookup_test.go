package golden_test

import (
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/aah_examples_domain_subdomain_routes"
	"github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/golden/aah_examples_form_fileupload_routes"
	"github.com/routegen/routegen/golden/aah_examples_form_routes"
	"github.com/routegen/routegen/golden/aah_examples_i18n_url_path_param_routes"
	"github.com/routegen/routegen/golden/aah_examples_i18n_url_query_param_routes"
	"github.com/routegen/routegen/golden/aah_examples_oauth2_social_login_routes"
	"github.com/routegen/routegen/golden/aah_examples_rest_api_basic_auth_routes"
	"github.com/routegen/routegen/golden/aah_examples_rest_api_jwt_auth_routes"
	"github.com/routegen/routegen/golden/aah_examples_rest_api_routes"
	"github.com/routegen/routegen/golden/aah_examples_simple_chat_routes"
	"github.com/routegen/routegen/golden/aah_router_routes"
	"github.com/routegen/routegen/golden/aah_router_routes_cors_1"
	"github.com/routegen/routegen/golden/aah_router_routes_cors_2"
	"github.com/routegen/routegen/golden/aah_router_routes_namespace"
	"github.com/routegen/routegen/golden/aah_router_routes_simplified"
	"github.com/routegen/routegen/golden/aah_router_routes_simplified_2"
	"github.com/routegen/routegen/golden/aah_router_routes_static"
	"github.com/routegen/routegen/golden/aah_router_routes_websocket"
	"github.com/routegen/routegen/golden/aah_ws_routes"
	"github.com/routegen/routegen/golden/aah_ws_routes_multi"
	"github.com/routegen/routegen/golden/clash"
	"github.com/routegen/routegen/golden/deploy"
	"github.com/routegen/routegen/golden/github"
	"github.com/routegen/routegen/golden/policies"
	"github.com/routegen/routegen/golden/profile"
	"github.com/routegen/routegen/golden/profiledev"
	"github.com/routegen/routegen/golden/replies"
	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/runtime"
)

// pkg is what the tests use of a generated package.
type pkg struct {
	name     string
	domains  []runtime.Domain
	routes   []runtime.Route
	lookup   func(m *runtime.Match, method, host, path string)
	routeURL func(name string, args ...any) (string, error)
}

var packages = []pkg{
	{"clash", clash.Domains(), clash.Routes(), clash.Lookup, clash.RouteURL},
	{"aah_examples_domain_subdomain_routes", aah_examples_domain_subdomain_routes.Domains(), aah_examples_domain_subdomain_routes.Routes(), aah_examples_domain_subdomain_routes.Lookup, aah_examples_domain_subdomain_routes.RouteURL},
	{"aah_examples_form_based_auth_routes", aah_examples_form_based_auth_routes.Domains(), aah_examples_form_based_auth_routes.Routes(), aah_examples_form_based_auth_routes.Lookup, aah_examples_form_based_auth_routes.RouteURL},
	{"aah_examples_form_fileupload_routes", aah_examples_form_fileupload_routes.Domains(), aah_examples_form_fileupload_routes.Routes(), aah_examples_form_fileupload_routes.Lookup, aah_examples_form_fileupload_routes.RouteURL},
	{"aah_examples_form_routes", aah_examples_form_routes.Domains(), aah_examples_form_routes.Routes(), aah_examples_form_routes.Lookup, aah_examples_form_routes.RouteURL},
	{"aah_examples_i18n_url_path_param_routes", aah_examples_i18n_url_path_param_routes.Domains(), aah_examples_i18n_url_path_param_routes.Routes(), aah_examples_i18n_url_path_param_routes.Lookup, aah_examples_i18n_url_path_param_routes.RouteURL},
	{"aah_examples_i18n_url_query_param_routes", aah_examples_i18n_url_query_param_routes.Domains(), aah_examples_i18n_url_query_param_routes.Routes(), aah_examples_i18n_url_query_param_routes.Lookup, aah_examples_i18n_url_query_param_routes.RouteURL},
	{"aah_examples_oauth2_social_login_routes", aah_examples_oauth2_social_login_routes.Domains(), aah_examples_oauth2_social_login_routes.Routes(), aah_examples_oauth2_social_login_routes.Lookup, aah_examples_oauth2_social_login_routes.RouteURL},
	{"aah_examples_rest_api_basic_auth_routes", aah_examples_rest_api_basic_auth_routes.Domains(), aah_examples_rest_api_basic_auth_routes.Routes(), aah_examples_rest_api_basic_auth_routes.Lookup, aah_examples_rest_api_basic_auth_routes.RouteURL},
	{"aah_examples_rest_api_jwt_auth_routes", aah_examples_rest_api_jwt_auth_routes.Domains(), aah_examples_rest_api_jwt_auth_routes.Routes(), aah_examples_rest_api_jwt_auth_routes.Lookup, aah_examples_rest_api_jwt_auth_routes.RouteURL},
	{"aah_examples_rest_api_routes", aah_examples_rest_api_routes.Domains(), aah_examples_rest_api_routes.Routes(), aah_examples_rest_api_routes.Lookup, aah_examples_rest_api_routes.RouteURL},
	{"aah_examples_simple_chat_routes", aah_examples_simple_chat_routes.Domains(), aah_examples_simple_chat_routes.Routes(), aah_examples_simple_chat_routes.Lookup, aah_examples_simple_chat_routes.RouteURL},
	{"aah_router_routes", aah_router_routes.Domains(), aah_router_routes.Routes(), aah_router_routes.Lookup, aah_router_routes.RouteURL},
	{"aah_router_routes_cors_1", aah_router_routes_cors_1.Domains(), aah_router_routes_cors_1.Routes(), aah_router_routes_cors_1.Lookup, aah_router_routes_cors_1.RouteURL},
	{"aah_router_routes_cors_2", aah_router_routes_cors_2.Domains(), aah_router_routes_cors_2.Routes(), aah_router_routes_cors_2.Lookup, aah_router_routes_cors_2.RouteURL},
	{"aah_router_routes_namespace", aah_router_routes_namespace.Domains(), aah_router_routes_namespace.Routes(), aah_router_routes_namespace.Lookup, aah_router_routes_namespace.RouteURL},
	{"aah_router_routes_simplified", aah_router_routes_simplified.Domains(), aah_router_routes_simplified.Routes(), aah_router_routes_simplified.Lookup, aah_router_routes_simplified.RouteURL},
	{"aah_router_routes_simplified_2", aah_router_routes_simplified_2.Domains(), aah_router_routes_simplified_2.Routes(), aah_router_routes_simplified_2.Lookup, aah_router_routes_simplified_2.RouteURL},
	{"aah_router_routes_static", aah_router_routes_static.Domains(), aah_router_routes_static.Routes(), aah_router_routes_static.Lookup, aah_router_routes_static.RouteURL},
	{"aah_router_routes_websocket", aah_router_routes_websocket.Domains(), aah_router_routes_websocket.Routes(), aah_router_routes_websocket.Lookup, aah_router_routes_websocket.RouteURL},
	{"aah_ws_routes", aah_ws_routes.Domains(), aah_ws_routes.Routes(), aah_ws_routes.Lookup, aah_ws_routes.RouteURL},
	{"aah_ws_routes_multi", aah_ws_routes_multi.Domains(), aah_ws_routes_multi.Routes(), aah_ws_routes_multi.Lookup, aah_ws_routes_multi.RouteURL},
	{"github", github.Domains(), github.Routes(), github.Lookup, github.RouteURL},
	{"rich", rich.Domains(), rich.Routes(), rich.Lookup, rich.RouteURL},
	{"deploy", deploy.Domains(), deploy.Routes(), deploy.Lookup, deploy.RouteURL},
	{"policies", policies.Domains(), policies.Routes(), policies.Lookup, policies.RouteURL},
	{"profile", profile.Domains(), profile.Routes(), profile.Lookup, profile.RouteURL},
	{"profiledev", profiledev.Domains(), profiledev.Routes(), profiledev.Lookup, profiledev.RouteURL},
	{"replies", replies.Domains(), replies.Routes(), replies.Lookup, replies.RouteURL},
}

// fromEnvironment reports whether a domain's address is read from the
// environment when the router is built: Lookup's default hosts cannot
// serve it in a test, which sets the environment after start-up.
func fromEnvironment(d runtime.Domain) bool { return d.HostEnv != "" || d.PortEnv != "" }

func TestEveryGoldenPackageIsTested(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !slices.ContainsFunc(packages, func(p pkg) bool { return p.name == e.Name() }) {
			t.Errorf("golden/%s is not in the packages of this test", e.Name())
		}
	}
}

// candidates are parameter values, most of them needing escapes; the first
// that meets a parameter's constraint is used.
var candidates = []string{
	"a/b c", "x%y", "caf\u00e9", "42", "-1.5", "abc", "abc123", "v1",
	"0f8fad5b-d9cb-469f-a165-70867728950e", // version 4
	"a3bb189e-8bf9-3888-9912-ace4e6543002", // version 3
	"74738ff5-5367-5958-9aee-98fffdcd1876", // version 5
}

// sampleValue returns a value that meets constraint.
func sampleValue(t *testing.T, constraint string) string {
	if constraint == "" {
		return candidates[0]
	}
	c, err := ir.ParseConstraint(constraint)
	if err != nil {
		t.Fatal(err)
	}
	extra := []string{}
	for _, term := range c.Terms {
		for _, tag := range term {
			if tag.Name == "oneof" {
				extra = append(extra, strings.Fields(tag.Arg)...)
			}
		}
	}
	for _, v := range append(candidates, extra...) {
		if meets(c, v) {
			return v
		}
	}
	t.Fatalf("no sample value meets constraint %q", constraint)
	return ""
}

// meets evaluates a constraint as the generated checks do.
func meets(c *ir.Constraint, v string) bool {
	for _, term := range c.Terms {
		if !slices.ContainsFunc(term, func(tag ir.Tag) bool { return tagHolds(tag, v, c.Numeric()) }) {
			return false
		}
	}
	return true
}

func tagHolds(tag ir.Tag, v string, numeric bool) bool {
	var bound float64
	fmt.Sscan(tag.Arg, &bound)
	switch tag.Name {
	case "required":
		return v != ""
	case "number":
		return constraint.IsNumber(v)
	case "numeric":
		return constraint.IsNumeric(v)
	case "alpha":
		return constraint.IsAlpha(v)
	case "alphanum":
		return constraint.IsAlphanum(v)
	case "uuid", "uuid3", "uuid4", "uuid5":
		var version int
		fmt.Sscan(strings.TrimPrefix(tag.Name, "uuid"), &version)
		return constraint.IsUUID(v, version)
	case "oneof":
		return slices.Contains(strings.Fields(tag.Arg), v)
	}
	ops := map[string]constraint.BoundOp{"len": constraint.BoundLen, "min": constraint.BoundMin, "max": constraint.BoundMax,
		"gt": constraint.BoundGT, "gte": constraint.BoundGTE, "lt": constraint.BoundLT, "lte": constraint.BoundLTE}
	return constraint.CheckBound(v, numeric, ops[tag.Name], bound)
}

// request is a concrete request for a route.
type request struct {
	method, host, path string
	values             []string // unescaped parameter values
}

func hostOf(d runtime.Domain) string {
	host := d.Host
	if strings.HasPrefix(host, "*.") {
		host = "tenant1" + host[1:]
	}
	if d.Port != "" {
		host += ":" + d.Port
	}
	return host
}

// requestFor fills a route's pattern with sample values, escaped as a
// client would send them.
func requestFor(t *testing.T, p pkg, r runtime.Route) request {
	req := request{method: r.Method, host: hostOf(p.domains[r.Domain])}
	var b strings.Builder
	for seg := range strings.SplitSeq(strings.TrimPrefix(r.Path, "/"), "/") {
		b.WriteByte('/')
		i := strings.IndexAny(seg, ":*")
		if i < 0 {
			b.WriteString(seg)
			continue
		}
		b.WriteString(seg[:i])
		constraint := ""
		if len(r.Constraints) > 0 {
			constraint = r.Constraints[len(req.values)]
		}
		v := sampleValue(t, constraint)
		req.values = append(req.values, v)
		if seg[i] == '*' {
			b.WriteString(core.EscapeCatchAll(v))
		} else {
			b.WriteString(url.PathEscape(v))
		}
	}
	req.path = b.String()
	if r.Path == "/" {
		req.path = "/"
	}
	return req
}

func checkMatch(t *testing.T, m *runtime.Match, r runtime.Route, req request) {
	t.Helper()
	if m.Status() != 200 || m.Route() == nil || m.Route().Index != r.Index {
		got := "nil"
		if m.Route() != nil {
			got = m.Route().Name
		}
		t.Errorf("%s %s %s: status %d route %s, want 200 %s", req.method, req.host, req.path, m.Status(), got, r.Name)
		return
	}
	if m.Params.Len() != len(req.values) {
		t.Errorf("%s %s: %d params, want %d", req.method, req.path, m.Params.Len(), len(req.values))
		return
	}
	for i, v := range req.values {
		if m.Params.Name(i) != r.Params[i] || m.Params.Value(i) != v || m.Params.Get(r.Params[i]) != v {
			t.Errorf("%s %s: param %d = %s=%q, want %s=%q", req.method, req.path, i, m.Params.Name(i), m.Params.Value(i), r.Params[i], v)
		}
	}
}

// TestEveryRouteIsReached requests every route of every golden package with
// a path built from its pattern.
func TestEveryRouteIsReached(t *testing.T) {
	for _, p := range packages {
		t.Run(p.name, func(t *testing.T) {
			var m runtime.Match
			for _, r := range p.routes {
				if fromEnvironment(p.domains[r.Domain]) {
					continue
				}
				req := requestFor(t, p, r)
				p.lookup(&m, req.method, req.host, req.path)
				checkMatch(t, &m, r, req)
			}
		})
	}
}

// TestURLRoundTrip builds each route's URL by name and looks it up again.
func TestURLRoundTrip(t *testing.T) {
	for _, p := range packages {
		t.Run(p.name, func(t *testing.T) {
			var m runtime.Match
			for _, r := range p.routes {
				if fromEnvironment(p.domains[r.Domain]) {
					continue
				}
				req := requestFor(t, p, r)
				d := p.domains[r.Domain]
				var args []any
				if strings.HasPrefix(d.Host, "*.") {
					args = append(args, "tenant1")
				}
				for _, v := range req.values {
					args = append(args, v)
				}
				u, err := p.routeURL(d.Key+"."+r.Name, args...)
				if err != nil {
					t.Errorf("RouteURL(%s.%s): %v", d.Key, r.Name, err)
					continue
				}
				host, path := req.host, u
				if rest, ok := strings.CutPrefix(u, "//"); ok {
					i := strings.IndexByte(rest, '/')
					host, path = rest[:i], rest[i:]
				}
				if path != req.path {
					t.Errorf("RouteURL(%s.%s) = %s, want path %s", d.Key, r.Name, u, req.path)
				}
				p.lookup(&m, req.method, host, path)
				checkMatch(t, &m, r, request{method: req.method, host: host, path: path, values: req.values})
			}
		})
	}
}

// TestMatchReusedAcrossPackages: one Match looked up in turn in two
// generated packages names each time the route, domain and parameters of
// the package it was last looked up in.
func TestMatchReusedAcrossPackages(t *testing.T) {
	var m runtime.Match
	for range 2 {
		github.Lookup(&m, "GET", "", "/users/gopher")
		if r, d := m.Route(), m.Domain(); r == nil || r.Index != 224 || r.Name != github.Routes()[224].Name || d == nil || d.Key != github.Domains()[0].Key || m.Params.Get("user") != "gopher" {
			t.Fatalf("github: route %v, domain %v, user %q", m.Route(), m.Domain(), m.Params.Get("user"))
		}
		rich.Lookup(&m, "GET", "example.com:8080", "/a/zz/q")
		if r, d := m.Route(), m.Domain(); r == nil || r.Index != 4 || r.Name != rich.Routes()[4].Name || d == nil || d.Key != rich.Domains()[0].Key || m.Params.Get("rest") != "zz/q" {
			t.Fatalf("rich: route %v, domain %v, rest %q", m.Route(), m.Domain(), m.Params.Get("rest"))
		}
	}
}
