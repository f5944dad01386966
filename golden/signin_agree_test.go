package golden_test

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	basicauth "github.com/routegen/routegen/golden/aah_examples_rest_api_basic_auth_routes"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// dirFS is the parser's file system over a folder.
type dirFS struct{ fs.FS }

func (d dirFS) ReadFile(name string) ([]byte, error)  { return fs.ReadFile(d.FS, name) }
func (d dirFS) Glob(pattern string) ([]string, error) { return fs.Glob(d.FS, pattern) }

// exampleRouter is what routegen match and routegen changes ask of aah's
// example in folder: its routes.conf with its security.conf.
func exampleRouter(t *testing.T, folder string) *explain.Router {
	t.Helper()
	table, diags := ir.Load(dirFS{os.DirFS(folder)}, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
	if table == nil {
		t.Fatal(diags.Err())
	}
	rt, problems := explain.New(table)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	return rt
}

// TestSignInAgreesWithRouter: on aah's form-based-auth and
// rest-api-basic-auth examples served as their ports serve them
// (aahauth.Form and aahauth.Basic, the session of SignIn), the router and
// the decision routegen match and routegen changes ask give every route's
// request, anonymous and signed in, the same status, Location and
// WWW-Authenticate: a form scheme's 302 to its login page with _rt, the
// 401 of "authenticated" with its challenge, a basic scheme's realm, and a
// signed-in session passing the routes of every scheme. An answer an
// action writes (the example's own, a scheme's login submit) is the
// application's: there the router must have called the action.
func TestSignInAgreesWithRouter(t *testing.T) {
	form := formExample(t, *formauth.SignIn.Session)
	b := newBrowser(t, form)
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", ""), "same-origin", http.StatusFound, "/", "")
	u, _ := url.Parse(form.URL)
	cookie := b.client.Jar.Cookies(u)[0]
	signedIn := explain.Subject{Authenticated: true, Scheme: "form_auth", Roles: []string{"employee", "manager"}, Permissions: []string{"users:manage:view"}}

	seen := map[string]bool{} // the decision's answers compared: "302", "401 Basic realm=…"
	basic := basicExample(t)
	jeeva := explain.Subject{Authenticated: true, Scheme: "basic_auth", Roles: []string{"employee", "manager"}, Permissions: []string{"user:read,edit:reportee"}}
	for _, c := range []struct {
		name   string
		srv    *httptest.Server
		folder string
		// Each request is sent anonymous, then as who, with header.
		who    explain.Subject
		header map[string]string
	}{
		{"form-based-auth", form, "../testdata/aah/examples/form-based-auth", signedIn, map[string]string{"Cookie": cookie.Name + "=" + cookie.Value}},
		{"rest-api-basic-auth", basic, "../testdata/aah/examples/rest-api-basic-auth", jeeva, map[string]string{"Authorization": "Basic " + basicCredentials("jeeva@myjeeva.com", "welcome123")}},
	} {
		rt := exampleRouter(t, c.folder)
		for _, dom := range rt.Table.Domains {
			for _, r := range dom.Routes {
				if r.Static {
					continue // the file server's answer, outside the decision
				}
				path := strings.NewReplacer(":email", "mat@example.com", ":id", "1").Replace(r.Path)
				for _, who := range []explain.Subject{{}, c.who} {
					header := map[string]string{"Sec-Fetch-Site": "same-origin"}
					if who.Authenticated {
						for k, v := range c.header {
							header[k] = v
						}
					}
					req, err := http.NewRequest(r.Method, c.srv.URL+path, nil)
					if err != nil {
						t.Fatal(err)
					}
					var lines []string
					for k, v := range header {
						req.Header.Set(k, v)
						lines = append(lines, k+": "+v)
					}
					res, err := http.DefaultTransport.RoundTrip(req)
					if err != nil {
						t.Fatal(err)
					}
					res.Body.Close()
					er, err := rt.NewRequest(r.Method, path, lines)
					if err != nil {
						t.Fatal(err)
					}
					want := rt.Answer(er, who)
					got := [3]string{http.StatusText(res.StatusCode), res.Header.Get("Location"), strings.Join(res.Header.Values("Www-Authenticate"), ", ")}
					if want.Kind == decide.Action {
						if res.StatusCode == http.StatusUnauthorized || res.StatusCode == http.StatusForbidden || strings.Contains(got[1], "_rt=") {
							t.Errorf("%s: %s %s as %+v: the router refused (%v); the decision calls the action", c.name, r.Method, path, who, got)
						}
						seen["action"] = true
						continue
					}
					w := [3]string{http.StatusText(want.Status), want.Location, want.Header.Get("Www-Authenticate")}
					if got != w {
						t.Errorf("%s: %s %s as %+v: the router answers %q, the decision %q", c.name, r.Method, path, who, got, w)
					}
					seen[strings.TrimSpace(strings.Join([]string{w[0], w[2]}, " "))] = true
				}
			}
		}
	}
	for _, answer := range []string{"action", "Found", `Unauthorized Basic realm="Protected APIs"`, "Unauthorized Bearer", "Forbidden"} {
		if !seen[answer] {
			t.Errorf("no request compared was answered %q; compared: %v", answer, seen)
		}
	}
}

// basicExample serves aah's rest-api-basic-auth example as its port does:
// aahauth.Basic of its realm_name and bcrypt, with one account.
func basicExample(t *testing.T) *httptest.Server {
	t.Helper()
	hash, err := bcrypt.GenerateFromPassword([]byte("welcome123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	basic, err := aahauth.Basic{
		Realm:           "Protected APIs",
		PasswordEncoder: "bcrypt",
		Account: func(_ *runtime.Context, username string) (*aahauth.Account, error) {
			if username != "jeeva@myjeeva.com" {
				return nil, nil
			}
			subject, err := aahauth.NewSubject([]string{"employee", "manager"}, "user:read,edit:reportee")
			return &aahauth.Account{Subject: subject, PasswordHash: hash}, err
		},
	}.Authenticator()
	if err != nil {
		t.Fatal(err)
	}
	router, err := basicauth.NewRouter(basicApp{}, basicApp{}, runtime.WithAuthenticator("basic_auth", basic), runtime.WithDefaultDomain("localhost"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	t.Cleanup(srv.Close)
	return srv
}
