package openapicheck

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/ogen-go/ogen/ogenerrors"

	"github.com/routegen/routegen/internal/openapicheck/clients/ogenadmin"
	"github.com/routegen/routegen/internal/openapicheck/clients/ogensite"
)

// recorder is the transport of the ogen clients, whose answers declare
// no X-Reached: it keeps the last answer's.
type recorder struct {
	base    http.RoundTripper
	reached string
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := r.base.RoundTrip(req)
	if err == nil {
		r.reached = res.Header.Get("X-Reached")
	}
	return res, err
}

// siteSecurity and adminSecurity give ogen's clients the credentials of
// each scheme their operations name, as the document's security schemes
// say to send them.
type (
	siteSecurity  struct{ sessions signIn }
	adminSecurity struct{} // its operations ask no session
)

func (siteSecurity) APIKey(context.Context, ogensite.OperationName) (ogensite.APIKey, error) {
	return ogensite.APIKey{APIKey: apiKey}, nil
}
func (siteSecurity) BasicAuth(context.Context, ogensite.OperationName) (ogensite.BasicAuth, error) {
	return ogensite.BasicAuth{Username: user, Password: password}, nil
}
func (s siteSecurity) FormAuth(context.Context, ogensite.OperationName) (ogensite.FormAuth, error) {
	return ogensite.FormAuth{APIKey: s.sessions["form_auth"]}, nil
}
func (s siteSecurity) GithubAuth(context.Context, ogensite.OperationName) (ogensite.GithubAuth, error) {
	if s.sessions["github_auth"] == "" {
		return ogensite.GithubAuth{}, ogenerrors.ErrSkipClientSecurity
	}
	return ogensite.GithubAuth{APIKey: s.sessions["github_auth"]}, nil
}
func (adminSecurity) APIKey(context.Context, ogenadmin.OperationName) (ogenadmin.APIKey, error) {
	return ogenadmin.APIKey{APIKey: apiKey}, nil
}
func (adminSecurity) BasicAuth(context.Context, ogenadmin.OperationName) (ogenadmin.BasicAuth, error) {
	return ogenadmin.BasicAuth{Username: user, Password: password}, nil
}

// doubleSessionCookie is why the ogen clients do not call the oauth2
// callback: the login of a request without a session answers two
// Set-Cookie of the session cookie (aahoauth2 saves the session it
// starts, then again with the state), which a browser applies in order;
// ogen's typed header keeps the first, without the state, and the
// callback answers 401.
const doubleSessionCookie = "the oauth2 login answers two Set-Cookie of the session cookie, and ogen's typed Set-Cookie keeps the first, which lacks the state"

// ogenCall is the call of one operation through an ogen client, and the
// parameters its route must be given.
type ogenCall struct {
	send   func(ctx context.Context) error
	params map[string]string
}

// TestAahportThroughOgen calls every operation of the documents of
// examples/aahport's domains through the clients ogen generated from them
// (clients/ogen*), as TestAahportThroughOapiCodegen does: it signs in
// through the operations of the sign-in routes, whose typed 302s carry
// the session cookie, and gives the client a security source of the
// credentials of every scheme; each other call must reach its route,
// with its parameters.
func TestAahportThroughOgen(t *testing.T) {
	base := aahportServer(t)
	rec := &recorder{base: base.Transport}
	httpClient := &http.Client{Transport: rec, CheckRedirect: base.CheckRedirect}
	ctx := context.Background()
	session := func(t *testing.T, setCookie string) string {
		t.Helper()
		c, err := http.ParseSetCookie(setCookie)
		if err != nil {
			t.Fatalf("Set-Cookie %q: %v", setCookie, err)
		}
		return c.Value
	}

	t.Run("localhost", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, aahport, "localhost"))
		sessions := signIn{}
		c, err := ogensite.NewClient(serverURL(spec), siteSecurity{sessions}, ogensite.WithClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		form, err := c.FormAuthLoginSubmitAah(ctx, &ogensite.FormAuthLoginSubmitAahReq{Username: user, Password: password})
		if err != nil {
			t.Fatalf("login submit: %v", err)
		}
		sessions["form_auth"] = session(t, form.(*ogensite.FormAuthLoginSubmitAahFound).SetCookie.Value)
		login, err := c.GithubAuthLoginAah(ctx)
		if err != nil {
			t.Fatalf("oauth2 login: %v", err)
		}
		if login.(*ogensite.GithubAuthLoginAahFound).Location.Value == "" {
			t.Error("oauth2 login: no redirect to the provider")
		}
		t.Logf("github_auth_redirect__aah is not called: %s", doubleSessionCookie)

		callEveryOgen(t, spec, rec, map[string]ogenCall{
			"index":       {send: func(ctx context.Context) error { _, err := c.Index(ctx); return err }},
			"tasks":       {send: func(ctx context.Context) error { _, err := c.Tasks(ctx); return err }},
			"create_task": {send: func(ctx context.Context) error { _, err := c.CreateTask(ctx); return err }},
			"task": {send: func(ctx context.Context) error { _, err := c.Task(ctx, ogensite.TaskParams{ID: 42}); return err },
				params: map[string]string{"id": "42"}},
			"delete_task": {send: func(ctx context.Context) error {
				_, err := c.DeleteTask(ctx, ogensite.DeleteTaskParams{ID: 7})
				return err
			},
				params: map[string]string{"id": "7"}},
			"login":    {send: func(ctx context.Context) error { _, err := c.Login(ctx); return err }},
			"logout":   {send: func(ctx context.Context) error { _, err := c.Logout(ctx); return err }},
			"my_tasks": {send: func(ctx context.Context) error { _, err := c.MyTasks(ctx); return err }},
			"public_assets": {send: func(ctx context.Context) error {
				res, err := c.PublicAssets(ctx, ogensite.PublicAssetsParams{Filepath: "css/site.css"})
				if err != nil {
					return err
				}
				if body, _ := io.ReadAll(res.Response.Data); string(body) != staticFile || strings.Contains(res.ContentType, "json") {
					t.Errorf("public_assets: %s %q; want the file", res.ContentType, body)
				}
				return nil
			}},
		}, "form_auth_login_submit__aah", "github_auth_login__aah", "github_auth_redirect__aah")
	})

	t.Run("admin_localhost", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, aahport, "admin_localhost"))
		c, err := ogenadmin.NewClient(serverURL(spec), adminSecurity{}, ogenadmin.WithClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		form, err := c.AdminLocalhostFormAuthLoginSubmitAah(ctx, &ogenadmin.AdminLocalhostFormAuthLoginSubmitAahReq{Username: user, Password: password})
		if err != nil {
			t.Fatalf("login submit: %v", err)
		}
		if session(t, form.(*ogenadmin.AdminLocalhostFormAuthLoginSubmitAahFound).SetCookie.Value) == "" {
			t.Error("login submit: no session")
		}
		login, err := c.AdminLocalhostGithubAuthLoginAah(ctx)
		if err != nil {
			t.Fatalf("oauth2 login: %v", err)
		}
		if login.(*ogenadmin.AdminLocalhostGithubAuthLoginAahFound).Location.Value == "" {
			t.Error("oauth2 login: no redirect to the provider")
		}
		t.Logf("admin_localhost.github_auth_redirect__aah is not called: %s", doubleSessionCookie)

		callEveryOgen(t, spec, rec, map[string]ogenCall{
			"admin_localhost.index": {send: func(ctx context.Context) error { _, err := c.AdminLocalhostIndex(ctx); return err }},
			"admin_localhost.stats": {send: func(ctx context.Context) error { _, err := c.AdminLocalhostStats(ctx); return err }},
		}, "admin_localhost.form_auth_login_submit__aah", "admin_localhost.github_auth_login__aah", "admin_localhost.github_auth_redirect__aah")
	})
}

// callEveryOgen calls each operation of spec but the sign-in ones,
// which were called, and checks that it reaches its route with its
// parameters.
func callEveryOgen(t *testing.T, spec *openapi3.T, rec *recorder, calls map[string]ogenCall, signedIn ...string) {
	t.Helper()
	for _, path := range spec.Paths.InMatchingOrder() {
		for method, op := range spec.Paths.Value(path).Operations() {
			if strings.Contains(strings.Join(signedIn, " ")+" ", op.OperationID+" ") {
				continue
			}
			c, ok := calls[op.OperationID]
			if !ok {
				t.Errorf("operation %s is not called", op.OperationID)
				continue
			}
			delete(calls, op.OperationID)
			rec.reached = ""
			if err := c.send(context.Background()); err != nil {
				t.Errorf("%s: %v", op.OperationID, err)
				continue
			}
			if op.Tags[0] == "static" {
				continue
			}
			var got reply
			if err := json.Unmarshal([]byte(rec.reached), &got); err != nil {
				t.Errorf("%s: reached no action: %v", op.OperationID, err)
				continue
			}
			want := reply{op.Extensions["x-routegen-domain"].(string), method, op.Extensions["x-routegen-path"].(string), c.params}
			if want.Params == nil {
				want.Params = map[string]string{}
			}
			if got.Domain != want.Domain || got.Method != want.Method || got.Path != want.Path || !maps.Equal(got.Params, want.Params) {
				t.Errorf("%s reached %+v, want %+v", op.OperationID, got, want)
			}
		}
	}
	for id := range calls {
		t.Errorf("operation %s is not in the document", id)
	}
}
