package openapicheck

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/securityprovider"
	"golang.org/x/oauth2"

	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/app/security"
	"github.com/routegen/routegen/internal/openapicheck/clients/aahportadmin"
	"github.com/routegen/routegen/internal/openapicheck/clients/aahportsite"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// reply is what a stub action answers: the route it serves and the
// parameters it was given.
type reply struct {
	Domain, Method, Path string
	Params               map[string]string
}

// reached is every stub action: it answers the route and its parameters
// as JSON, in header X-Reached, which the answer to HEAD has too.
func reached(ctx *runtime.Context) error {
	r, p := ctx.Route(), ctx.Params()
	params := map[string]string{}
	for i := range p.Len() {
		params[p.Name(i)] = p.Value(i)
	}
	data, err := json.Marshal(reply{ctx.Domain().Key, r.Method, r.Path, params})
	if err != nil {
		return err
	}
	ctx.Res.Header().Set("X-Reached", string(data))
	ctx.Res.WriteHeader(http.StatusOK)
	return nil
}

// The stub controllers of aahport's generated router.
type (
	stubTasks     struct{}
	stubDashboard struct{}
	stubStats     struct{}
	stubApp       struct{}
)

func (stubTasks) Create(ctx *runtime.Context) error          { return reached(ctx) }
func (stubTasks) Delete(ctx *runtime.Context, _ int64) error { return reached(ctx) }
func (stubTasks) List(ctx *runtime.Context) error            { return reached(ctx) }
func (stubTasks) Show(ctx *runtime.Context, _ int64) error   { return reached(ctx) }
func (stubDashboard) Index(ctx *runtime.Context) error       { return reached(ctx) }
func (stubStats) Index(ctx *runtime.Context) error           { return reached(ctx) }
func (stubApp) Index(ctx *runtime.Context) error             { return reached(ctx) }
func (stubApp) Login(ctx *runtime.Context) error             { return reached(ctx) }
func (stubApp) Logout(ctx *runtime.Context) error            { return reached(ctx) }
func (stubApp) MyTasks(ctx *runtime.Context) error           { return reached(ctx) }

// staticFile is every file the static routes serve.
const staticFile = "body { margin: 0 }"

// The fixed credentials the authenticators of aahport accept: a user of
// its store, who has every permission and role admin, and the monitor's
// key.
const (
	user, password = "ann@example.com", "ann-secret"
	apiKey         = "monitor-key-1"
)

// gitHub is an authorization server in GitHub's place: it approves at
// once, its token identifies bob-on-github, whom aahport links to a user.
func gitHub(t *testing.T) *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /login/oauth/authorize", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		http.Redirect(w, r, q.Get("redirect_uri")+"?"+url.Values{"code": {"the-code"}, "state": {q.Get("state")}}.Encode(), http.StatusFound)
	})
	mux.HandleFunc("POST /login/oauth/access_token", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"access_token":"token","token_type":"bearer"}`)
	})
	mux.HandleFunc("GET /api/user", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"login":"bob-on-github"}`)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// aahportServer serves aahportRouter, and returns the client that sends
// to it.
func aahportServer(t *testing.T) *http.Client {
	t.Helper()
	return clientOf(t, aahportRouter(t))
}

// aahportRouter is aahport's generated router with the stub controllers
// and aahport's own authenticators, sign-in and sessions.
func aahportRouter(t *testing.T) http.Handler {
	t.Helper()
	provider := gitHub(t)
	basic, err := security.BasicAuth()
	if err != nil {
		t.Fatal(err)
	}
	key, err := security.APIKey()
	if err != nil {
		t.Fatal(err)
	}
	options, err := security.Form().Options()
	if err != nil {
		t.Fatal(err)
	}
	withGitHub, err := security.GitHubAuth(security.GitHub{
		Endpoint: &oauth2.Endpoint{AuthURL: provider.URL + "/login/oauth/authorize", TokenURL: provider.URL + "/login/oauth/access_token"},
		API:      provider.URL + "/api",
	}).Options()
	if err != nil {
		t.Fatal(err)
	}
	sessions, err := aahauth.SessionCodec(*routes.SignIn.Session)
	if err != nil {
		t.Fatal(err)
	}
	options = append(options, withGitHub...)
	options = append(options,
		runtime.WithSessions(*routes.SignIn.Session, sessions, security.LoadSubject),
		runtime.WithStaticFS(fstest.MapFS{"static/css/site.css": {Data: []byte(staticFile)}}),
		runtime.WithAuthenticator("basic_auth", basic),
		runtime.WithAuthenticator("api_key", key))
	router, err := routes.NewRouter(stubTasks{}, stubDashboard{}, stubStats{}, stubApp{}, options...)
	if err != nil {
		t.Fatal(err)
	}
	return router
}

// clientOf serves handler, and returns the client every generated client
// sends through: it sends every request to that server, whatever its
// host, and follows no redirect.
func clientOf(t *testing.T, handler http.Handler) *http.Client {
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return &http.Client{
		Transport: &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
		}},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// editor changes a request as a generated client's request editors do.
type editor = func(ctx context.Context, req *http.Request) error

// call is a call of one operation through a generated client, and the
// parameters the route must be given.
type call struct {
	send   func(ctx context.Context, editors ...editor) (*http.Response, error)
	params map[string]string
	skip   string // why the operation is not called: a generator's bug, named
}

// signIn is what signing in gave: the session cookie's value by scheme.
type signIn map[string]string

// TestAahportThroughOapiCodegen calls every operation of the documents of
// examples/aahport's domains through the clients oapi-codegen generated
// from them (clients/), with the credentials each operation's security
// asks, the document's security schemes say how to send, and aahport's
// authenticators accept; it signs in through the operations of the form
// and oauth2 schemes first, for their session cookies. Each call must
// reach its route, with its parameters: a stub action answers which.
func TestAahportThroughOapiCodegen(t *testing.T) {
	httpClient := aahportServer(t)
	ctx := context.Background()

	t.Run("localhost", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, aahport, "localhost"))
		c, err := aahportsite.NewClient(serverURL(spec), aahportsite.WithHTTPClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		sessions, signedIn := signInThrough(t, spec, httpClient, signInCalls{
			form: func(editors ...editor) (*http.Response, error) {
				return c.FormAuthLoginSubmitAahWithFormdataBody(ctx, aahportsite.FormAuthLoginSubmitAahFormdataRequestBody{Username: user, Password: password, UnderscoreRt: ptr("/my/tasks.html")}, as[aahportsite.RequestEditorFn](editors)...)
			},
			oauth2Login: func(editors ...editor) (*http.Response, error) {
				return c.GithubAuthLoginAah(ctx, as[aahportsite.RequestEditorFn](editors)...)
			},
			oauth2Callback: func(code, state string, editors ...editor) (*http.Response, error) {
				return c.GithubAuthRedirectAah(ctx, &aahportsite.GithubAuthRedirectAahParams{Code: code, State: state}, as[aahportsite.RequestEditorFn](editors)...)
			},
		})
		callEvery(t, spec, sessions, signedIn, map[string]call{
			"index": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.Index(ctx, as[aahportsite.RequestEditorFn](e)...)
			}},
			"tasks": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.Tasks(ctx, as[aahportsite.RequestEditorFn](e)...)
			}},
			"create_task": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.CreateTask(ctx, as[aahportsite.RequestEditorFn](e)...)
			}},
			"task": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.Task(ctx, 42, as[aahportsite.RequestEditorFn](e)...)
			}, params: map[string]string{"id": "42"}},
			"delete_task": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.DeleteTask(ctx, 7, as[aahportsite.RequestEditorFn](e)...)
			}, params: map[string]string{"id": "7"}},
			"login": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.Login(ctx, as[aahportsite.RequestEditorFn](e)...)
			}},
			"logout": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.Logout(ctx, as[aahportsite.RequestEditorFn](e)...)
			}},
			"my_tasks": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.MyTasks(ctx, as[aahportsite.RequestEditorFn](e)...)
			}},
			"public_assets": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.PublicAssets(ctx, "css/site.css", as[aahportsite.RequestEditorFn](e)...)
			}},
		})
	})

	t.Run("admin_localhost", func(t *testing.T) {
		spec := kinValid(t, domainDocument(t, aahport, "admin_localhost"))
		c, err := aahportadmin.NewClient(serverURL(spec), aahportadmin.WithHTTPClient(httpClient))
		if err != nil {
			t.Fatal(err)
		}
		sessions, signedIn := signInThrough(t, spec, httpClient, signInCalls{
			form: func(editors ...editor) (*http.Response, error) {
				return c.AdminLocalhostFormAuthLoginSubmitAahWithFormdataBody(ctx, aahportadmin.AdminLocalhostFormAuthLoginSubmitAahFormdataRequestBody{Username: user, Password: password}, as[aahportadmin.RequestEditorFn](editors)...)
			},
			oauth2Login: func(editors ...editor) (*http.Response, error) {
				return c.AdminLocalhostGithubAuthLoginAah(ctx, as[aahportadmin.RequestEditorFn](editors)...)
			},
			oauth2Callback: func(code, state string, editors ...editor) (*http.Response, error) {
				return c.AdminLocalhostGithubAuthRedirectAah(ctx, &aahportadmin.AdminLocalhostGithubAuthRedirectAahParams{Code: code, State: state}, as[aahportadmin.RequestEditorFn](editors)...)
			},
		})
		callEvery(t, spec, sessions, signedIn, map[string]call{
			"admin_localhost.index": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.AdminLocalhostIndex(ctx, as[aahportadmin.RequestEditorFn](e)...)
			}},
			"admin_localhost.stats": {send: func(ctx context.Context, e ...editor) (*http.Response, error) {
				return c.AdminLocalhostStats(ctx, as[aahportadmin.RequestEditorFn](e)...)
			}},
		})
	})
}

func ptr[T any](v T) *T { return &v }

// signInCalls are the calls of the operations of a domain's sign-in
// routes: the form's login submit, the oauth2 scheme's login and
// callback.
type signInCalls struct {
	form, oauth2Login func(editors ...editor) (*http.Response, error)
	oauth2Callback    func(code, state string, editors ...editor) (*http.Response, error)
}

// signInThrough signs in through the operations of the sign-in routes,
// as their documents describe them: the form's login submit and the
// oauth2 scheme's login, the provider, and the callback, each a 302 that
// sets the session cookie. It returns the session of each scheme, and
// the operations it called.
func signInThrough(t *testing.T, spec *openapi3.T, provider *http.Client, calls signInCalls) (signIn, map[string]bool) {
	t.Helper()
	cookie := cookieName(t, spec, "form_auth")
	sessions, called := signIn{}, map[string]bool{}
	redirect := func(res *http.Response, err error) (location, session string) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusFound {
			t.Fatalf("%s %s: %s, want the 302 the document describes", res.Request.Method, res.Request.URL, res.Status)
		}
		for _, c := range res.Cookies() {
			if c.Name == cookie {
				session = c.Value
			}
		}
		return res.Header.Get("Location"), session
	}
	for _, op := range operations(spec) {
		if op.Extensions["x-routegen-added-by"] != nil {
			called[op.OperationID] = true
		}
	}

	location, session := redirect(calls.form())
	if location != "/my/tasks.html" && location != "/" || session == "" {
		t.Errorf("login submit: to %q with session %q; want a session, and the target", location, session)
	}
	sessions["form_auth"] = session

	location, state := redirect(calls.oauth2Login())
	// The provider approves, and sends the user to the callback.
	res, err := (&http.Client{CheckRedirect: provider.CheckRedirect}).Get(location)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	location, session = redirect(calls.oauth2Callback(back.Query().Get("code"), back.Query().Get("state"), withCookie(cookie, state)))
	if location != "/my/tasks.html" || session == "" {
		t.Errorf("oauth2 callback: to %q with session %q; want a session, and url.success", location, session)
	}
	sessions["github_auth"] = session
	return sessions, called
}

// callEvery calls each operation of spec but those signInThrough called,
// with each of the alternatives of its security, and checks that it
// reaches its route with the parameters calls give.
func callEvery(t *testing.T, spec *openapi3.T, sessions signIn, done map[string]bool, calls map[string]call) {
	ctx := context.Background()
	for _, op := range operations(spec) {
		if done[op.OperationID] {
			continue
		}
		c, ok := calls[op.OperationID]
		if c.skip != "" {
			t.Logf("%s is not called: %s", op.OperationID, c.skip)
			delete(calls, op.OperationID)
			continue
		}
		if !ok {
			t.Errorf("operation %s is not called", op.OperationID)
			continue
		}
		delete(calls, op.OperationID)
		requirements := []openapi3.SecurityRequirement{{}} // security: [], no credentials
		if op.Security != nil && len(*op.Security) > 0 {
			requirements = *op.Security
		}
		for _, requirement := range requirements {
			editors := credentials(t, spec, requirement, sessions)
			schemes := strings.Join(slices.Sorted(maps.Keys(requirement)), "+")
			res, err := c.send(ctx, editors...)
			if err != nil {
				t.Errorf("%s with %q: %v", op.OperationID, schemes, err)
				continue
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Errorf("%s with %q: %s %s", op.OperationID, schemes, res.Status, body)
				continue
			}
			if slices.Contains(op.Tags, "static") {
				if ct := res.Header.Get("Content-Type"); strings.Contains(ct, "json") || string(body) != staticFile {
					t.Errorf("%s: %s %q; want the file", op.OperationID, ct, body)
				}
				continue
			}
			var got reply
			if err := json.Unmarshal([]byte(res.Header.Get("X-Reached")), &got); err != nil {
				t.Errorf("%s with %q: %v: %s", op.OperationID, schemes, err, body)
				continue
			}
			want := reply{op.Extensions["x-routegen-domain"].(string), res.Request.Method, op.Extensions["x-routegen-path"].(string), c.params}
			if want.Params == nil {
				want.Params = map[string]string{}
			}
			if got.Domain != want.Domain || got.Method != want.Method || got.Path != want.Path || !maps.Equal(got.Params, want.Params) {
				t.Errorf("%s with %q reached %+v, want %+v", op.OperationID, schemes, got, want)
			}
		}
	}
	for id := range calls {
		t.Errorf("operation %s is not in the document", id)
	}
}

// operations are the operations of spec, in the order of their paths.
func operations(spec *openapi3.T) []*openapi3.Operation {
	var ops []*openapi3.Operation
	for _, path := range spec.Paths.InMatchingOrder() {
		for _, op := range spec.Paths.Value(path).Operations() {
			ops = append(ops, op)
		}
	}
	return ops
}

// credentials are the request editors of a security requirement, each
// scheme sent as the document's security scheme says: the user's for
// http basic, the key for an apiKey in a header, the scheme's session for
// an apiKey in a cookie.
func credentials(t *testing.T, spec *openapi3.T, requirement openapi3.SecurityRequirement, sessions signIn) []editor {
	t.Helper()
	var editors []editor
	for name := range requirement {
		ref := spec.Components.SecuritySchemes[name]
		if ref == nil || ref.Value == nil {
			t.Fatalf("security scheme %s is not in components", name)
		}
		s := ref.Value
		var e editor
		switch {
		case s.Type == "http" && s.Scheme == "basic":
			p, err := securityprovider.NewSecurityProviderBasicAuth(user, password)
			if err != nil {
				t.Fatal(err)
			}
			e = p.Intercept
		case s.Type == "apiKey" && s.In == "header":
			p, err := securityprovider.NewSecurityProviderApiKey("header", s.Name, apiKey)
			if err != nil {
				t.Fatal(err)
			}
			e = p.Intercept
		case s.Type == "apiKey" && s.In == "cookie" && sessions[name] != "":
			p, err := securityprovider.NewSecurityProviderApiKey("cookie", s.Name, sessions[name])
			if err != nil {
				t.Fatal(err)
			}
			e = p.Intercept
		default:
			t.Fatalf("security scheme %s (%s %s %s): no credentials of the kind", name, s.Type, s.Scheme, s.In)
		}
		editors = append(editors, e)
	}
	return editors
}

// cookieName is the cookie of a security scheme, an apiKey in a cookie.
func cookieName(t *testing.T, spec *openapi3.T, scheme string) string {
	t.Helper()
	ref := spec.Components.SecuritySchemes[scheme]
	if ref == nil || ref.Value.In != "cookie" {
		t.Fatalf("security scheme %s is no cookie", scheme)
	}
	return ref.Value.Name
}

// withCookie sends a cookie, as a browser sends the one a response set.
func withCookie(name, value string) editor {
	return func(_ context.Context, req *http.Request) error {
		req.AddCookie(&http.Cookie{Name: name, Value: value})
		return nil
	}
}

// as converts editors to a generated client's type of them.
func as[T ~func(context.Context, *http.Request) error](editors []editor) []T {
	out := make([]T, len(editors))
	for i, e := range editors {
		out[i] = e
	}
	return out
}

// serverURL is the document's first server, its variables at their
// defaults, as a generated client's user would write it.
func serverURL(spec *openapi3.T) string {
	s := spec.Servers[0]
	u := s.URL
	for name, v := range s.Variables {
		u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
	}
	return u
}
