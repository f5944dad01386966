package openapicheck

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/url"
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

// githubOnly gives an ogen client of the site the GitHub sign-in's
// session alone, so that a call it opens proves that session.
type githubOnly struct{ session string }

func (githubOnly) APIKey(context.Context, ogensite.OperationName) (ogensite.APIKey, error) {
	return ogensite.APIKey{}, ogenerrors.ErrSkipClientSecurity
}
func (githubOnly) BasicAuth(context.Context, ogensite.OperationName) (ogensite.BasicAuth, error) {
	return ogensite.BasicAuth{}, ogenerrors.ErrSkipClientSecurity
}
func (githubOnly) FormAuth(context.Context, ogensite.OperationName) (ogensite.FormAuth, error) {
	return ogensite.FormAuth{}, ogenerrors.ErrSkipClientSecurity
}
func (g githubOnly) GithubAuth(context.Context, ogensite.OperationName) (ogensite.GithubAuth, error) {
	return ogensite.GithubAuth{APIKey: g.session}, nil
}

// withSession is the client of the oauth2 callback, which names no
// security: it sends the session the login set, as a browser does, which
// holds the state the callback checks.
type withSession struct {
	*http.Client
	cookie *http.Cookie
}

func (c withSession) Do(req *http.Request) (*http.Response, error) {
	req.AddCookie(c.cookie)
	return c.Client.Do(req)
}

// throughProvider is the provider's approval: it follows the login's
// redirect to the provider, and returns the code and state the provider
// sends the user back to the callback with.
func throughProvider(t *testing.T, location string) (code, state string) {
	t.Helper()
	res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Get(location)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return back.Query().Get("code"), back.Query().Get("state")
}

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
// the session cookie (the oauth2 login's, with the state, sent back to
// the callback), and gives the client a security source of the
// credentials of every scheme; each other call must reach its route,
// with its parameters.
func TestAahportThroughOgen(t *testing.T) {
	base := aahportServer(t)
	rec := &recorder{base: base.Transport}
	httpClient := &http.Client{Transport: rec, CheckRedirect: base.CheckRedirect}
	ctx := context.Background()
	cookie := func(t *testing.T, setCookie string) *http.Cookie {
		t.Helper()
		c, err := http.ParseSetCookie(setCookie)
		if err != nil {
			t.Fatalf("Set-Cookie %q: %v", setCookie, err)
		}
		return c
	}
	session := func(t *testing.T, setCookie string) string {
		t.Helper()
		return cookie(t, setCookie).Value
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
		toProvider := login.(*ogensite.GithubAuthLoginAahFound)
		code, state := throughProvider(t, toProvider.Location.Value)
		callback, err := ogensite.NewClient(serverURL(spec), siteSecurity{sessions}, ogensite.WithClient(withSession{httpClient, cookie(t, toProvider.SetCookie.Value)}))
		if err != nil {
			t.Fatal(err)
		}
		back, err := callback.GithubAuthRedirectAah(ctx, ogensite.GithubAuthRedirectAahParams{Code: code, State: state})
		if err != nil {
			t.Fatalf("oauth2 callback: %v", err)
		}
		signedIn, ok := back.(*ogensite.GithubAuthRedirectAahFound)
		if !ok {
			t.Fatalf("oauth2 callback: %T, want the 302 the document describes", back)
		}
		if signedIn.Location.Value != "/my/tasks.html" {
			t.Errorf("oauth2 callback: to %q, want url.success", signedIn.Location.Value)
		}
		// The session the callback set opens the operations that name
		// the GitHub sign-in, given alone.
		github, err := ogensite.NewClient(serverURL(spec), githubOnly{session(t, signedIn.SetCookie.Value)}, ogensite.WithClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		rec.reached = ""
		if _, err := github.Logout(ctx); err != nil || rec.reached == "" {
			t.Errorf("logout with the GitHub session alone: %v, reached %q", err, rec.reached)
		}

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
		toProvider := login.(*ogenadmin.AdminLocalhostGithubAuthLoginAahFound)
		code, state := throughProvider(t, toProvider.Location.Value)
		callback, err := ogenadmin.NewClient(serverURL(spec), adminSecurity{}, ogenadmin.WithClient(withSession{httpClient, cookie(t, toProvider.SetCookie.Value)}))
		if err != nil {
			t.Fatal(err)
		}
		back, err := callback.AdminLocalhostGithubAuthRedirectAah(ctx, ogenadmin.AdminLocalhostGithubAuthRedirectAahParams{Code: code, State: state})
		if err != nil {
			t.Fatalf("oauth2 callback: %v", err)
		}
		signedIn, ok := back.(*ogenadmin.AdminLocalhostGithubAuthRedirectAahFound)
		if !ok {
			t.Fatalf("oauth2 callback: %T, want the 302 the document describes", back)
		}
		if signedIn.Location.Value != "/my/tasks.html" || session(t, signedIn.SetCookie.Value) == "" {
			t.Errorf("oauth2 callback: to %q with Set-Cookie %q; want a session, and url.success", signedIn.Location.Value, signedIn.SetCookie.Value)
		}

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
