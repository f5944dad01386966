package runtime

import (
	"errors"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/core/decide"
)

// TestAuthValues: the auth values that name no scheme are the ones the
// decision reads.
func TestAuthValues(t *testing.T) {
	if AuthAnonymous != decide.AuthAnonymous || AuthAuthenticated != decide.AuthAuthenticated {
		t.Errorf("runtime's auth values %q, %q; the decision's %q, %q", AuthAnonymous, AuthAuthenticated, decide.AuthAnonymous, decide.AuthAuthenticated)
	}
}

// TestMissingAuthenticatorsOneMessageEach: NewRouter reports each scheme
// without an authenticator once, with the routes that use it in table
// order, and a route of several methods once.
func TestMissingAuthenticatorsOneMessageEach(t *testing.T) {
	table := &table{
		Domains: []Domain{{Key: "site"}},
		Routes: []Route{
			{Name: "login", Method: "GET", Path: "/login", Auth: "session", Pos: "routes.conf:9:7"},
			{Name: "login", Method: "POST", Path: "/login", Auth: "session", Pos: "routes.conf:9:7"},
			{Name: "create", Method: "POST", Path: "/hotels", Auth: "token", Pos: "routes.conf:3:7"},
			{Name: "profile", Method: "GET", Path: "/profile", Auth: AuthAuthenticated, Pos: "routes.conf:12:7"},
			{Name: "delete", Method: "DELETE", Path: "/hotels", Auth: "token", Pos: "routes.conf:5:7"},
			{Name: "home", Method: "GET", Path: "/", Auth: AuthAnonymous, Pos: "routes.conf:1:7"},
		},
	}
	for _, tt := range []struct {
		opts []Option
		want string
	}{
		{nil, `routegen: auth scheme "session" has no authenticator (WithAuthenticator), used by route "login" (routes.conf:9:7); ` +
			`auth scheme "token" has no authenticator (WithAuthenticator), used by routes "create" (routes.conf:3:7), "delete" (routes.conf:5:7); ` +
			`no authenticator is registered (WithAuthenticator), but route "profile" (routes.conf:12:7) needs an authenticated user`},
		{[]Option{WithAuthenticator("token", func(*Context) (Subject, error) { return nil, nil })},
			`routegen: auth scheme "session" has no authenticator (WithAuthenticator), used by route "login" (routes.conf:9:7)`},
	} {
		_, err := testRouter(table, tt.opts...)
		if err == nil || err.Error() != tt.want {
			t.Errorf("NewRouter: %v\nwant %s", err, tt.want)
		}
	}
}

// noActions is a dispatcher for tests whose router serves no request.
type noActions struct{}

func (noActions) Dispatch(*Context, int) error { return nil }

// testRouter builds the router of a table a test wrote, as a generated
// package's NewRouter does, with matchers as data.
func testRouter(t *table, opts ...Option) (*Router, error) {
	_, _, newRouter, _, _, _ := newTable(t.Domains, t.Routes, t.CatchAlls, nil, t.AuthSchemes, t.SecureHeaders, t.Root, t.MaxBodySize)
	return newRouter(noActions{}, opts)
}

// TestNewRouterReportsEveryProblem: a missing authenticator does not hide
// an option naming a domain routes.conf lacks, nor a nil handler; the
// options' problems come first, in the order of the options.
func TestNewRouterReportsEveryProblem(t *testing.T) {
	table := &table{
		Domains: []Domain{{Key: "site", Host: "localhost"}},
		Routes:  []Route{{Name: "login", Method: "GET", Path: "/login", Auth: "session", Pos: "routes.conf:9:7"}},
	}
	_, err := testRouter(table, WithDefaultDomain("www"), WithHost("api", "api.example.com", ""), WithErrorHandler(nil))
	want := []string{
		`routegen: WithDefaultDomain: no domain "www" in routes.conf (domains: site)`,
		`routegen: WithHost: no domain "api" in routes.conf (domains: site)`,
		"routegen: WithErrorHandler: nil function",
		`routegen: auth scheme "session" has no authenticator (WithAuthenticator), used by route "login" (routes.conf:9:7)`,
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("NewRouter: %v\nwant\n%s", err, strings.Join(want, "\n"))
	}
	var config *ConfigError
	if !errors.As(err, &config) {
		t.Errorf("NewRouter's error holds no *ConfigError: %v", err)
	}
}
