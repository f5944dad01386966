package golden_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/policies"
	"github.com/routegen/routegen/golden/profile"
	"github.com/routegen/routegen/runtime"
)

// user is the Subject of the policy tests.
type user struct {
	name         string
	roles, perms []string
}

func (u user) HasRole(r string) bool       { return slices.Contains(u.roles, r) }
func (u user) IsPermitted(p string) bool   { return slices.Contains(u.perms, p) }
func (u user) String() string              { return u.name }
func subjectName(ctx *runtime.Context) any { return ctx.Subject() }

var users = map[string]user{
	"alice": {name: "alice"},
	"bob":   {name: "bob", roles: []string{"admin"}},
	"carol": {name: "carol", roles: []string{"admin"}, perms: []string{"users:read"}},
	"dave":  {name: "dave", perms: []string{"reports:read", "reports:export"}},
	"erin":  {name: "erin", perms: []string{"reports:read"}},
}

// sessionAuth reads "Cookie: session=<user>"; bearerAuth "Authorization: Bearer <user>".
func sessionAuth(ctx *runtime.Context) (runtime.Subject, error) {
	c, err := ctx.Req.Cookie("session")
	if err != nil {
		return nil, err
	}
	if u, ok := users[c.Value]; ok {
		return u, nil
	}
	return nil, errors.New("unknown session")
}

func bearerAuth(ctx *runtime.Context) (runtime.Subject, error) {
	token, ok := strings.CutPrefix(ctx.Req.Header.Get("Authorization"), "Bearer ")
	if u, known := users[token]; ok && known {
		return u, nil
	}
	return nil, &runtime.ChallengeError{Challenge: `Bearer realm="api"`, Err: errors.New("no bearer token")}
}

// echo is every controller of the policies table: each action answers with
// its name, the subject and the body it read.
type echo struct{}

func (echo) answer(ctx *runtime.Context, action string) error {
	body, err := io.ReadAll(ctx.Req.Body)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(ctx.Res, "%s subject=%v body=%d:%s", action, subjectName(ctx), len(body), firstBytes(body))
	return err
}

func firstBytes(b []byte) []byte { return b[:min(len(b), 16)] }

func (e echo) Items(ctx *runtime.Context) error     { return e.answer(ctx, "Items") }
func (e echo) Private(ctx *runtime.Context) error   { return e.answer(ctx, "Private") }
func (e echo) Public(ctx *runtime.Context) error    { return e.answer(ctx, "Public") }
func (e echo) Index(ctx *runtime.Context) error     { return e.answer(ctx, "Index") }
func (e echo) Reports(ctx *runtime.Context) error   { return e.answer(ctx, "Reports") }
func (e echo) Users(ctx *runtime.Context) error     { return e.answer(ctx, "Users") }
func (e echo) Patch(ctx *runtime.Context) error     { return e.answer(ctx, "Patch") }
func (e echo) Replace(ctx *runtime.Context) error   { return e.answer(ctx, "Replace") }
func (e echo) Upload(ctx *runtime.Context) error    { return e.answer(ctx, "Upload") }
func (e echo) Dashboard(ctx *runtime.Context) error { return e.answer(ctx, "Dashboard") }
func (e echo) Env(ctx *runtime.Context) error       { return e.answer(ctx, "Env") }
func (e echo) Form(ctx *runtime.Context) error      { return e.answer(ctx, "Form") }
func (e echo) Profile(ctx *runtime.Context) error   { return e.answer(ctx, "Profile") }
func (e echo) Token(ctx *runtime.Context) error     { return e.answer(ctx, "Token") }
func (e echo) Undefined(ctx *runtime.Context) error { return e.answer(ctx, "Undefined") }

const appHost = "app.example.com:8080"

func newPolicyRouter(opts ...runtime.Option) (*runtime.Router, error) {
	opts = append([]runtime.Option{
		runtime.WithAuthenticator("session", sessionAuth),
		runtime.WithAuthenticator("bearer", bearerAuth),
		runtime.WithHost("from_env", "env.example.com", "9000"),
	}, opts...)
	return policies.NewRouter(echo{}, echo{}, echo{}, echo{}, opts...)
}

func policyServer(t *testing.T, opts ...runtime.Option) *httptest.Server {
	t.Helper()
	rt, err := newPolicyRouter(opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	return srv
}

func session(name string) map[string]string { return map[string]string{"Cookie": "session=" + name} }
func bearer(name string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + name}
}

func TestAuth(t *testing.T) {
	srv := policyServer(t)
	for _, c := range []call{
		{method: "GET", path: "/", status: 200, want: "Index subject=<nil>"},
		{method: "GET", path: "/dashboard", status: 401},
		{method: "GET", path: "/dashboard", header: session("nobody"), status: 401},
		{method: "GET", path: "/dashboard", header: session("alice"), status: 200, want: "Dashboard subject=alice"},
		{method: "GET", path: "/token", header: session("alice"), status: 401, headers: map[string]string{"WWW-Authenticate": `Bearer realm="api"`}},
		{method: "GET", path: "/token", header: bearer("bob"), status: 200, want: "Token subject=bob"},
		{method: "GET", path: "/profile", status: 401},
		{method: "GET", path: "/profile", header: bearer("alice"), status: 200, want: "Profile subject=alice"},
		{method: "GET", path: "/profile", header: session("bob"), status: 200, want: "Profile subject=bob"},
		{method: "GET", path: "/undefined", header: session("alice"), status: 403},
	} {
		c.do(t, srv)
	}
}

func TestAuthFailsClosedAtStartup(t *testing.T) {
	for _, c := range []struct {
		name string
		opts []runtime.Option
		want string
	}{
		{"no authenticators", nil, `"dashboard" (`},
		{"bearer missing", []runtime.Option{runtime.WithAuthenticator("session", sessionAuth)}, `auth scheme "bearer" has no authenticator (WithAuthenticator), used by route "token"`},
		{"unknown scheme", []runtime.Option{runtime.WithAuthenticator("session", sessionAuth), runtime.WithAuthenticator("bearer", bearerAuth),
			runtime.WithAuthenticator("oauth", bearerAuth)}, `authenticator for "oauth", which is not an auth scheme of security.conf`},
	} {
		opts := append([]runtime.Option{runtime.WithHost("from_env", "env.example.com", "")}, c.opts...)
		if _, err := policies.NewRouter(echo{}, echo{}, echo{}, echo{}, opts...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: NewRouter error %v, want one with %q", c.name, err, c.want)
		}
	}
}

// TestUndefinedAuthWithoutSchemesIsAnonymous: a table generated without a
// security.conf, and a router without authenticators, serve routes that
// have no auth.
func TestUndefinedAuthWithoutSchemesIsAnonymous(t *testing.T) {
	srv := richServer(t)
	call{method: "GET", host: tenantHost, path: "/pages/a", status: 200, want: "tenant acme page a"}.do(t, srv)
}

// TestUnusedAuthenticatorWithoutSchemes: without a security.conf, an
// authenticator of a scheme no route names is accepted; as any registered
// authenticator, it makes the routes without auth answer 403.
func TestUnusedAuthenticatorWithoutSchemes(t *testing.T) {
	srv := richServer(t, runtime.WithAuthenticator("unused", bearerAuth))
	for _, c := range []call{
		{method: "GET", host: mainHost, path: "/", status: 200},
		{method: "GET", host: tenantHost, path: "/pages/a", status: 403},
	} {
		c.do(t, srv)
	}
}

func TestAuthorization(t *testing.T) {
	srv := policyServer(t)
	for _, c := range []call{
		// roles only, inherited by the children.
		{method: "GET", path: "/admin", header: session("alice"), status: 403},
		{method: "GET", path: "/admin", header: session("bob"), status: 200, want: "Index subject=bob"},
		// satisfy both: the inherited role and the permission.
		{method: "GET", path: "/admin/users", header: session("bob"), status: 403},
		{method: "GET", path: "/admin/users", header: session("dave"), status: 403},
		{method: "GET", path: "/admin/users", header: session("carol"), status: 200, want: "Users subject=carol"},
		// satisfy either: the inherited role or both permissions.
		{method: "GET", path: "/admin/reports", header: session("bob"), status: 200},
		{method: "GET", path: "/admin/reports", header: session("dave"), status: 200},
		{method: "GET", path: "/admin/reports", header: session("erin"), status: 403},
	} {
		c.do(t, srv)
	}
	custom := policyServer(t, runtime.WithAuthorizer(func(ctx *runtime.Context, s runtime.Subject, a *runtime.Authorization) bool {
		return fmt.Sprint(s) == "alice"
	}))
	call{method: "GET", path: "/admin/users", header: session("alice"), status: 200}.do(t, custom)
	call{method: "GET", path: "/admin/users", header: session("carol"), status: 403}.do(t, custom)
}

// chunked is a body the client must send chunked: its length is unknown.
type chunked struct{ io.Reader }

func bodyOf(n int) io.Reader { return bytes.NewReader(bytes.Repeat([]byte("x"), n)) }

// TestLimit_RouteMaxBodySize is the seed's limits row "max_body_size
// (route): payload-carrying verbs on that route".
func TestLimit_RouteMaxBodySize(t *testing.T) {
	srv := policyServer(t)
	for _, c := range []call{
		{method: "POST", path: "/files", body: bodyOf(1024), length: 1024, status: 200, want: "Upload subject=<nil> body=1024:xxxxxxxxxxxxxxxx"},
		{method: "POST", path: "/files", body: bodyOf(1025), length: 1025, status: 413},
		{method: "POST", path: "/files", body: chunked{bodyOf(4096)}, length: -1, status: 413},
		{method: "POST", path: "/files", body: chunked{bodyOf(1000)}, length: -1, status: 200, want: "body=1000"},
		// "0" is no limit.
		{method: "PUT", path: "/files", body: bodyOf(8 << 20), length: 8 << 20, status: 200, want: "Replace subject=<nil> body=8388608"},
	} {
		c.do(t, srv)
	}
}

// TestLimit_RequestMaxBodySizeDefault5mb is the seed's limits row
// "request.max_body_size: 5mb default for every route without its own".
func TestLimit_RequestMaxBodySizeDefault5mb(t *testing.T) {
	srv := policyServer(t)
	for _, c := range []call{
		{method: "PATCH", path: "/files", body: bodyOf(5 << 20), length: 5 << 20, status: 200, want: "Patch subject=<nil> body=5242880"},
		{method: "PATCH", path: "/files", body: bodyOf(5<<20 + 1), length: 5<<20 + 1, status: 413},
		// One byte over, so that the client has written its whole body when
		// the 413 comes: a client still writing when the server closes the
		// connection may see the reset before the reply.
		{method: "PATCH", path: "/files", body: chunked{bodyOf(5<<20 + 1)}, length: -1, status: 413},
	} {
		c.do(t, srv)
	}
	if got := policies.Routes()[routeIndex(t, policies.Routes(), "patch_file", "PATCH")].MaxBodySize; got != 5<<20 {
		t.Errorf("patch_file MaxBodySize = %d, want 5mb", got)
	}
}

func routeIndex(t *testing.T, routes []runtime.Route, name, method string) int {
	for i, r := range routes {
		if r.Name == name && r.Method == method {
			return i
		}
	}
	t.Fatalf("no route %s %s", method, name)
	return -1
}

func TestAntiCSRF(t *testing.T) {
	srv := policyServer(t, runtime.WithTrustedOrigins("https://partner.example.com"))
	for _, c := range []call{
		{method: "POST", path: "/form", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, status: 403},
		{method: "POST", path: "/form", header: map[string]string{"Origin": "https://evil.example"}, status: 403},
		{method: "POST", path: "/form", header: map[string]string{"Sec-Fetch-Site": "same-origin"}, status: 200, want: "Form"},
		{method: "POST", path: "/form", header: map[string]string{"Origin": "http://" + appHost}, status: 200, want: "Form"},
		{method: "POST", path: "/form", status: 200, want: "Form"},
		{method: "POST", path: "/form", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://partner.example.com"}, status: 200},
		// anti_csrf_check = false on the API.
		{method: "POST", path: "/api/items", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}, status: 200},
	} {
		c.do(t, srv)
	}
}

func origin(o string) map[string]string { return map[string]string{"Origin": o} }

func preflight(o, method string) map[string]string {
	return map[string]string{"Origin": o, "Access-Control-Request-Method": method}
}

func TestCORS(t *testing.T) {
	srv := policyServer(t)
	const spa, partner = "https://spa.example.com", "https://partner.example.com"
	for _, c := range []call{
		// The domain's policy.
		{method: "OPTIONS", path: "/dashboard", header: preflight(spa, "GET"), status: 204, headers: map[string]string{
			"Access-Control-Allow-Origin": spa, "Access-Control-Allow-Credentials": "true", "Access-Control-Max-Age": "600", "Access-Control-Allow-Methods": "GET"}},
		{method: "GET", path: "/", header: origin(spa), status: 200, headers: map[string]string{
			"Access-Control-Allow-Origin": spa, "Access-Control-Expose-Headers": "X-Request-Id"}},
		{method: "GET", path: "/", header: origin("https://evil.example"), status: 200, headers: map[string]string{"Access-Control-Allow-Origin": ""}},
		// A route overriding the origins, the rest inherited.
		{method: "OPTIONS", path: "/api/items", header: preflight(partner, "POST"), status: 204, headers: map[string]string{
			"Access-Control-Allow-Origin": partner, "Access-Control-Allow-Credentials": "true"}},
		{method: "OPTIONS", path: "/api/items", header: preflight(spa, "POST"), status: 204, headers: map[string]string{"Access-Control-Allow-Origin": ""}},
		{method: "OPTIONS", path: "/api/items", header: preflight(partner, "PUT"), status: 204, headers: map[string]string{"Access-Control-Allow-Methods": ""}},
		{method: "POST", path: "/api/items", header: origin(partner), status: 200, headers: map[string]string{"Access-Control-Allow-Origin": partner}},
		// Every origin, without credentials.
		{method: "GET", path: "/api/public", header: origin("https://any.example"), status: 200, headers: map[string]string{
			"Access-Control-Allow-Origin": "*", "Access-Control-Allow-Credentials": ""}},
		// Disabled on the route: no CORS headers; its preflight gets the automatic OPTIONS reply.
		{method: "GET", path: "/api/private", header: origin(partner), status: 200, headers: map[string]string{"Access-Control-Allow-Origin": ""}},
		{method: "OPTIONS", path: "/api/private", header: preflight(partner, "GET"), status: 204, headers: map[string]string{
			"Access-Control-Allow-Origin": "", "Allow": "GET, HEAD, OPTIONS"}},
	} {
		c.do(t, srv)
	}
}

func TestEnvironmentHosts(t *testing.T) {
	t.Setenv("POLICY_HOST", "env.example.com")
	t.Setenv("POLICY_PORT", "9000")
	rt, err := policies.NewRouter(echo{}, echo{}, echo{}, echo{},
		runtime.WithAuthenticator("session", sessionAuth), runtime.WithAuthenticator("bearer", bearerAuth))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	defer srv.Close()
	call{method: "GET", host: "env.example.com:9000", path: "/", status: 200, want: "Env"}.do(t, srv)
	call{method: "GET", host: "other.example.com:9000", path: "/", status: 404}.do(t, srv)

	if u, err := policies.URL.FromEnvEnvHome(); u != "//env.example.com:9000/" || err != nil {
		t.Errorf("URL of the domain at $POLICY_HOST:$POLICY_PORT: %q, %v", u, err)
	}

	t.Setenv("POLICY_HOST", "")
	if _, err := policies.NewRouter(echo{}, echo{}, echo{}, echo{},
		runtime.WithAuthenticator("session", sessionAuth), runtime.WithAuthenticator("bearer", bearerAuth)); err == nil || !strings.Contains(err.Error(), "$POLICY_HOST") {
		t.Errorf("NewRouter with $POLICY_HOST unset: %v, want an error naming it", err)
	}
	// With no host to write, the URL builders answer an error, never
	// "///", which a browser reads as a URL of the host its path names.
	for name, build := range map[string]func() (string, error){
		"FromEnvEnvHome":    policies.URL.FromEnvEnvHome,
		"RouteURL":          func() (string, error) { return policies.RouteURL("from_env.env_home") },
		"RouteURLNamedArgs": func() (string, error) { return policies.RouteURLNamedArgs("from_env.env_home", nil) },
	} {
		if u, err := build(); u != "" || err == nil || !strings.Contains(err.Error(), `routegen: route "from_env.env_home": domain from_env: host $POLICY_HOST is unset`) {
			t.Errorf("%s with $POLICY_HOST unset: %q, %v; want an error naming the route and the variable", name, u, err)
		}
	}
	// A router given the domain's address builds its links without the environment.
	rt, err = newPolicyRouter()
	if err != nil {
		t.Fatal(err)
	}
	if u, err := policies.URL.ForRouter(rt).FromEnvEnvHome(); u != "//env.example.com:9000/" || err != nil {
		t.Errorf("ForRouter(a router given WithHost).FromEnvEnvHome() = %q, %v", u, err)
	}
}

func TestRunTimeHostOverride(t *testing.T) {
	srv := policyServer(t, runtime.WithHost("app", "localhost", ""))
	call{method: "GET", host: "localhost", path: "/", status: 200, want: "Index"}.do(t, srv)
	call{method: "GET", host: "localhost:80", path: "/", status: 200, want: "Index"}.do(t, srv)
	call{method: "GET", host: appHost, path: "/", status: 404}.do(t, srv)
	if _, err := newPolicyRouter(runtime.WithHost("nope", "x", "")); err == nil {
		t.Error("WithHost of an unknown domain key: no error")
	}
}

// TestProfileMerge: the package generated with --app-config aah.conf
// --profile prod serves the profile's host and uses its body limit.
func TestProfileMerge(t *testing.T) {
	d := profile.Domains()[0]
	if d.Host != "www.example.com" || d.Port != "" {
		t.Errorf("domain address %s:%s, want the profile's www.example.com on the default port", d.Host, d.Port)
	}
	if got := profile.Routes()[routeIndex(t, profile.Routes(), "upload", "POST")].MaxBodySize; got != 3<<20 {
		t.Errorf("upload MaxBodySize = %d, want the profile's 3mb", got)
	}
	var m runtime.Match
	profile.Lookup(&m, "GET", "www.example.com", "/")
	if m.Status() != 200 || m.Route().Name != "home" {
		t.Errorf("Lookup on the profile's host: %d", m.Status())
	}
}

// The seed's error table, a test a row.

func TestErrorTable_MethodNotAllowedAnswers405WithAllow(t *testing.T) {
	srv := policyServer(t)
	call{method: "DELETE", path: "/form", status: 405, headers: map[string]string{"Allow": "OPTIONS, POST"}}.do(t, srv)
}

func TestErrorTable_UndefinedAuthWithSchemesAnswers403(t *testing.T) {
	srv := policyServer(t)
	call{method: "GET", path: "/undefined", header: bearer("bob"), status: 403}.do(t, srv)
}

func TestErrorTable_TrailingSlashRedirects(t *testing.T) {
	srv := policyServer(t)
	call{method: "GET", path: "/dashboard/", status: 301, headers: map[string]string{"Location": "/dashboard"}}.do(t, srv)
}

// TestAntiCSRFRefusesCORSPartner: an origin the domain's CORS allows is
// still refused by anti-CSRF on an unsafe method, until WithTrustedOrigins
// names it (docs/reference.md says so).
func TestAntiCSRFRefusesCORSPartner(t *testing.T) {
	const spa = "https://spa.example.com"
	post := call{method: "POST", path: "/form", header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": spa}}
	refused, trusted := post, post
	refused.status, trusted.status, trusted.want = 403, 200, "Form"
	refused.do(t, policyServer(t))
	trusted.do(t, policyServer(t, runtime.WithTrustedOrigins(spa)))
}
