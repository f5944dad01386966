package aahauth_test

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

// ok answers every action with 200 "ok".
type ok struct{}

func (ok) Dispatch(ctx *runtime.Context, _ int) error {
	_, err := io.WriteString(ctx.Res, "ok")
	return err
}

// serve serves a table of a basic and a generic scheme, as rest-api-basic-auth's
// security.conf declares them, with their authenticators, and an error
// handler that writes the cause of a reply.
func serve(t *testing.T, basic, generic runtime.Authenticator) *httptest.Server {
	t.Helper()
	reportees := &runtime.Authorization{Permissions: []runtime.Check{{Func: "ispermitted", Args: []string{"user:read:reportee"}}}}
	table := routegenimpl.NewTable(&routegenimpl.Table{
		Domains: []runtime.Domain{{Key: "site", Host: "localhost"}},
		Routes: []runtime.Route{
			{Index: 0, Name: "token", Method: "POST", Path: "/v1/token", Auth: "basic_auth"},
			{Index: 1, Name: "reportees", Method: "GET", Path: "/v1/reportees", Auth: "basic_auth", Authorization: reportees},
			{Index: 2, Name: "info", Method: "GET", Path: "/v1/info", Auth: "generic_auth"},
			{Index: 3, Name: "me", Method: "GET", Path: "/v1/me", Auth: "authenticated"},
		},
		AuthSchemes: []string{"basic_auth", "generic_auth"},
	})
	router, err := table.NewRouter(ok{},
		runtime.WithDefaultDomain("site"),
		runtime.WithAuthenticator("basic_auth", basic),
		runtime.WithAuthenticator("generic_auth", generic),
		runtime.WithErrorHandler(func(ctx *runtime.Context, err error) {
			var e *runtime.Error
			errors.As(err, &e)
			http.Error(ctx.Res, err.Error(), e.Status)
		}))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	t.Cleanup(srv.Close)
	return srv
}

type call struct {
	method, path string
	header       map[string]string
	user, pass   string // basic credentials, when user is not ""
	status       int
	body         string // the start of the body
	challenge    string // the WWW-Authenticate headers, joined by ", "
}

func (c call) do(t *testing.T, srv *httptest.Server) {
	t.Helper()
	req, err := http.NewRequest(c.method, srv.URL+c.path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.user != "" {
		req.SetBasicAuth(c.user, c.pass)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	res, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	challenge := strings.Join(res.Header.Values("WWW-Authenticate"), ", ")
	if res.StatusCode != c.status || !strings.HasPrefix(string(body), c.body) || challenge != c.challenge {
		t.Errorf("%s %s as %q: %d %q, challenge %q; want %d %q…, challenge %q",
			c.method, c.path, c.user, res.StatusCode, body, challenge, c.status, c.body, c.challenge)
	}
}

func hash(t *testing.T, password string) []byte {
	t.Helper()
	h, err := bcrypt.GenerateFromPassword([]byte(password), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func subject(t *testing.T, permissions ...string) *aahauth.Subject {
	t.Helper()
	s, err := aahauth.NewSubject(nil, permissions...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBasicAndGeneric: the basic scheme reads the Authorization header,
// compares the password with bcrypt, refuses locked and expired accounts,
// and challenges with the realm; the subject's wildcard permissions
// authorize; the generic scheme reads the identity from its header.
func TestBasicAndGeneric(t *testing.T) {
	accounts := map[string]*aahauth.Account{
		"jeeva":   {Subject: subject(t, "user:read,edit:reportee"), PasswordHash: hash(t, "welcome123")},
		"john":    {Subject: subject(t, "user:read:self"), PasswordHash: hash(t, "welcome123")},
		"locked":  {Subject: subject(t), PasswordHash: hash(t, "welcome123"), Locked: true},
		"expired": {Subject: subject(t), PasswordHash: hash(t, "welcome123"), Expired: true},
		"long":    {Subject: subject(t), PasswordHash: hash(t, strings.Repeat("x", 72))},
	}
	basic, err := aahauth.Basic{
		Realm:           `Protected "APIs"`,
		PasswordEncoder: "bcrypt",
		Account: func(_ *runtime.Context, username string) (*aahauth.Account, error) {
			return accounts[username], nil
		},
	}.Authenticator()
	if err != nil {
		t.Fatal(err)
	}
	generic, err := aahauth.Generic{
		IdentityHeader: "x-auth-token",
		Challenge:      `Bearer realm="reports"`,
		Identify: func(_ *runtime.Context, identity, _ string) (runtime.Subject, error) {
			if identity != "token-of-jeeva" {
				return nil, errors.New("unknown token")
			}
			return accounts["jeeva"].Subject, nil
		},
	}.Authenticator()
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, basic, generic)
	const challenge, bearer = `Basic realm="Protected \"APIs\""`, `Bearer realm="reports"`
	token := map[string]string{"X-Auth-Token": "token-of-jeeva"}
	for _, c := range []call{
		{method: "POST", path: "/v1/token", user: "jeeva", pass: "welcome123", status: 200, body: "ok"},
		{method: "POST", path: "/v1/token", status: 401, body: "aahauth: no credentials", challenge: challenge},
		{method: "POST", path: "/v1/token", user: "jeeva", pass: "welcome12", status: 401, body: "aahauth: wrong password", challenge: challenge},
		{method: "POST", path: "/v1/token", user: "nobody", pass: "welcome123", status: 401, body: "aahauth: no such user", challenge: challenge},
		{method: "POST", path: "/v1/token", user: "locked", pass: "welcome123", status: 401, body: "aahauth: account locked", challenge: challenge},
		{method: "POST", path: "/v1/token", user: "expired", pass: "welcome123", status: 401, body: "aahauth: account expired", challenge: challenge},
		{method: "POST", path: "/v1/token", user: "locked", pass: "wrong", status: 401, body: "aahauth: wrong password", challenge: challenge},
		{method: "GET", path: "/v1/reportees", user: "jeeva", pass: "welcome123", status: 200, body: "ok"},
		{method: "GET", path: "/v1/reportees", user: "john", pass: "welcome123", status: 403},
		{method: "GET", path: "/v1/info", header: token, status: 200, body: "ok"},
		{method: "GET", path: "/v1/info", header: map[string]string{"X-Auth-Token": "forged"}, status: 401, body: "unknown token", challenge: bearer},
		{method: "GET", path: "/v1/info", header: map[string]string{"Authorization": "token-of-jeeva"}, status: 401, body: "aahauth: no credentials", challenge: bearer},
		// "authenticated": a 401 names every scheme; a request one scheme
		// recognises gets no challenge of the others.
		{method: "GET", path: "/v1/me", status: 401, challenge: challenge + ", " + bearer},
		{method: "GET", path: "/v1/me", user: "jeeva", pass: "wrong", header: token, status: 200, body: "ok"},
		{method: "GET", path: "/v1/me", user: "jeeva", pass: "welcome123", status: 200, body: "ok"},
		// bcrypt reads 72 bytes: a password past them is refused, not compared on its first 72.
		{method: "POST", path: "/v1/token", user: "long", pass: strings.Repeat("x", 72), status: 200, body: "ok"},
		{method: "POST", path: "/v1/token", user: "long", pass: strings.Repeat("x", 73), status: 401, body: "aahauth: password longer than bcrypt's 72 bytes", challenge: challenge},
	} {
		c.do(t, srv)
	}
}

// TestDefaults: the realm and the identity header default to aah's, a
// generic scheme's challenge to Bearer.
func TestDefaults(t *testing.T) {
	basic, err := aahauth.Basic{
		ComparePassword: func(hash, password []byte) error {
			if string(hash) != string(password) {
				return errors.New("mismatch")
			}
			return nil
		},
		Account: func(_ *runtime.Context, username string) (*aahauth.Account, error) {
			return &aahauth.Account{Subject: subject(t), PasswordHash: []byte("plain")}, nil
		},
	}.Authenticator()
	if err != nil {
		t.Fatal(err)
	}
	generic, err := aahauth.Generic{Identify: func(_ *runtime.Context, identity, _ string) (runtime.Subject, error) {
		return subject(t), nil
	}}.Authenticator()
	if err != nil {
		t.Fatal(err)
	}
	srv := serve(t, basic, generic)
	call{method: "POST", path: "/v1/token", user: "any", pass: "plain", status: 200, body: "ok"}.do(t, srv)
	call{method: "POST", path: "/v1/token", user: "any", pass: "other", status: 401, challenge: `Basic realm="Authentication Required"`}.do(t, srv)
	call{method: "GET", path: "/v1/info", header: map[string]string{"Authorization": "Bearer x"}, status: 200, body: "ok"}.do(t, srv)
	call{method: "GET", path: "/v1/info", status: 401, challenge: "Bearer"}.do(t, srv)
}

// TestConfigurationErrors: a scheme that could not check a password is an
// error when its authenticator is built, not a 401 at every request.
func TestConfigurationErrors(t *testing.T) {
	find := func(*runtime.Context, string) (*aahauth.Account, error) { return nil, nil }
	compare := func(hash, password []byte) error { return nil }
	for _, tt := range []struct {
		basic aahauth.Basic
		want  string
	}{
		{aahauth.Basic{PasswordEncoder: "bcrypt"}, "aahauth: Basic needs an Account function"},
		{aahauth.Basic{Account: find}, `aahauth: Basic needs PasswordEncoder "bcrypt" or ComparePassword`},
		{aahauth.Basic{Account: find, PasswordEncoder: "scrypt"}, `aahauth: password encoder "scrypt" is not built in (bcrypt is); give Basic a ComparePassword`},
		{aahauth.Basic{Account: find, PasswordEncoder: "bcrypt", ComparePassword: compare}, `aahauth: Basic has both PasswordEncoder "bcrypt" and ComparePassword; give one`},
	} {
		if _, err := tt.basic.Authenticator(); err == nil || err.Error() != tt.want {
			t.Errorf("Authenticator: %v; want %s", err, tt.want)
		}
	}
	if _, err := (aahauth.Generic{}).Authenticator(); err == nil {
		t.Error("Generic without Identify: no error")
	}
}

// TestRuntimeLinksNoBcrypt: an application that uses runtime and its
// generated code, and not this package, does not link golang.org/x/crypto.
func TestRuntimeLinksNoBcrypt(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/routegen/routegen/runtime", "github.com/routegen/routegen/runtime/routegenimpl").Output()
	if err != nil {
		t.Fatal(err)
	}
	for dep := range strings.Lines(string(out)) {
		if strings.HasPrefix(dep, "golang.org/x/crypto/") {
			t.Errorf("runtime links %s", strings.TrimSpace(dep))
		}
	}
}
