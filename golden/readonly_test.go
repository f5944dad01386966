package golden_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/policies"
	"github.com/routegen/routegen/runtime"
)

// spoil writes to every field of r a program could write to, through
// every pointer and slice it holds.
func spoil(r *runtime.Route) {
	if r == nil {
		return
	}
	if a := r.Authorization; a != nil {
		for _, checks := range [][]runtime.Check{a.Roles, a.Permissions} {
			for i := range checks {
				checks[i].Func = "hasrole"
				for k := range checks[i].Args {
					checks[i].Args[k] = "nobody"
				}
			}
		}
		a.Roles, a.Permissions, a.SatisfyBoth = nil, nil, false
	}
	if c := r.CORS; c != nil {
		c.AllowOrigins[0], c.AllowCredentials, c.MaxAge = "*", false, 1
	}
	for i := range r.Params {
		r.Params[i] = "spoilt"
	}
	r.Auth, r.Authorization, r.MaxBodySize, r.AntiCSRFCheck, r.Method, r.Path = "anonymous", nil, 0, false, "PUT", "/spoilt"
}

func spoilDomain(d *runtime.Domain) {
	if d == nil {
		return
	}
	if c := d.CORS; c != nil {
		c.AllowOrigins[0] = "*"
	}
	spoil(d.CatchAll)
	d.Host, d.Port, d.DefaultAuth, d.AntiCSRFCheck, d.AutoOptions = "elsewhere.example.com", "1", "anonymous", false, false
}

// TestWritesToExportedDataChangeNoRouter: a program that writes to all it
// can reach of the table (Routes and Domains, the route and domain of a
// Match, a Context's, a middleware's) changes what no router decides, the
// one it wrote through included: the 401 of a route without a subject,
// the 403 of an authorization, the 413 of a body limit, the CORS origin.
func TestWritesToExportedDataChangeNoRouter(t *testing.T) {
	for i, r := range policies.Routes() {
		spoil(&r)
		spoil(&policies.Routes()[i])
	}
	for _, d := range policies.Domains() {
		spoilDomain(&d)
	}
	domains := policies.Domains()
	for i := range domains {
		spoilDomain(&domains[i])
	}
	var m runtime.Match
	for _, path := range []string{"/dashboard", "/admin/users", "/files"} {
		policies.Lookup(&m, "GET", appHost, path)
		spoil(m.Route())
		spoilDomain(m.Domain())
	}
	// A middleware's routes, written once the router is built.
	var seen []*runtime.Route
	first := policyServer(t, runtime.WithMiddleware(func(route *runtime.Route, next http.Handler) http.Handler {
		seen = append(seen, route)
		return next
	}))
	for _, r := range seen {
		spoil(r)
	}
	// A Context's route and domain, written while a request is decided.
	writer := policyServer(t, runtime.WithAuthorizer(func(ctx *runtime.Context, s runtime.Subject, a *runtime.Authorization) bool {
		spoil(ctx.Route())
		spoilDomain(ctx.Domain())
		return runtime.DefaultAuthorizer(ctx, s, a)
	}))
	call{method: "GET", path: "/admin", header: session("alice"), status: 403}.do(t, writer)
	later := policyServer(t)
	for _, srv := range []*httptest.Server{first, writer, later} {
		for _, c := range []call{
			{method: "GET", path: "/dashboard", status: 401},
			{method: "GET", path: "/admin", header: session("alice"), status: 403},
			{method: "GET", path: "/admin/users", header: session("bob"), status: 403},
			{method: "GET", path: "/admin/users", header: session("carol"), status: 200, want: "Users subject=carol"},
			{method: "POST", path: "/files", body: strings.NewReader(strings.Repeat("x", 2000)), length: 2000, status: 413},
			{method: "OPTIONS", path: "/", header: map[string]string{"Origin": "https://evil.example.com", "Access-Control-Request-Method": "GET"}, status: 204,
				headers: map[string]string{"Access-Control-Allow-Origin": ""}},
		} {
			c.do(t, srv)
		}
	}
}
