package difftest_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	neturl "net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/routegenimpl"
	"golang.org/x/crypto/bcrypt"
)

// signInSecurity makes the committed tables' schemes what security.conf
// says of them: basic a basic scheme of a realm, token a form scheme,
// whose refusal is the redirect to its login page, and a session. Its
// login submit route, at a path no table routes, is the scheme's, which
// the differential leaves out.
const signInSecurity = `security {
  session { mode = "stateful"; sign_key = "ssssssssssssssssssssssssssssssss" }
  auth_schemes {
    basic { scheme = "basic"; realm_name = "Tables" }
    token { scheme = "form"; url { login = "/signin.html?from=table"; login_submit = "/__signin" } }
  }
}
`

// signedIn is the cookie of a signed-in session, which signInCodec opens.
const signedIn = "signed-in"

// TestSignInMatchAgreesWithRouter is TestMatchAgreesWithRouter with the
// committed tables' schemes of signInSecurity: the router is given
// aahauth.Basic's challenge for basic, token's login page
// (runtime.WithLoginPage) and a session that a request with
// difftest.AuthHeader carries, which passes the routes of every scheme;
// match reads them from security.conf. Both must give the same status,
// Location (the login redirect's among them), Allow, WWW-Authenticate and
// CORS headers.
func TestSignInMatchAgreesWithRouter(t *testing.T) {
	var total, failures int
	seen := map[string]int{}
	for i := range tableSizes {
		data, err := os.ReadFile(filepath.Join("tables", tableName(i), "routes.conf"))
		if err != nil {
			t.Fatal(err)
		}
		table, err := difftest.LoadWith(string(data), signInSecurity)
		if err != nil {
			t.Fatal(err)
		}
		rt := difftest.DataTable(generated[i].domains, generated[i].routes)
		rt.AuthSchemes = table.AuthSchemes
		session := runtime.SessionConfig{CookieName: table.Security.SessionCookie, Path: "/"}
		challenge := decide.BasicChallenge("Tables")
		opts := []runtime.Option{
			runtime.WithStaticFS(difftest.StaticFiles),
			runtime.WithAuthenticator("basic", func(*runtime.Context) (runtime.Subject, error) {
				return nil, &runtime.ChallengeError{Challenge: challenge, Err: errors.New("no credentials")}
			}),
			runtime.WithAuthenticator("token", func(*runtime.Context) (runtime.Subject, error) { return nil, aahauth.ErrNoCredentials }),
			runtime.WithLoginPage("token", "/signin.html?from=table"),
			runtime.WithSessions(session, signInCodec{}, func(ctx *runtime.Context, _, _ string) (runtime.Subject, error) {
				return subjectOf(ctx)
			}),
		}
		router, err := routegenimpl.NewTable(rt).NewRouter(actions{}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		server := httptest.NewServer(router)
		defer server.Close()
		a, err := difftest.NewAgreement(table, server.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		q := difftest.NewPolicyRequests(table, rand.New(rand.NewPCG(uint64(i), *agreeSeed)))
		for range *agreeRequests / 3 {
			req := q.Next()
			if strings.Contains(req.Target, "/__signin") {
				continue // the scheme's login submit, which its action answers
			}
			if slices.Contains(req.Header, difftest.AuthHeader+": ok") {
				req.Header = append(req.Header, "Cookie: "+session.CookieName+"="+signedIn)
			}
			if msg := a.Compare(req); msg != "" {
				t.Errorf("%s: %s\n%s", tableName(i), req, msg)
				if failures++; failures == 20 {
					t.Fatal("20 disagreements: the rest are not compared")
				}
			}
			total++
		}
		for step, n := range a.Seen {
			seen[step] += n
		}
	}
	for _, step := range []string{"action called", "auth redirected", "auth refused", "authorization refused"} {
		if seen[step] == 0 {
			t.Errorf("no answer ends with %q", step)
		}
	}
	t.Logf("%d requests on %d tables, %d disagreements; the last steps of the answers: %v", total, len(tableSizes), failures, seen)
}

// subjectOf is the subject of a request's session, as authenticators
// reads it: the roles and permissions of its headers, or every one.
func subjectOf(ctx *runtime.Context) (runtime.Subject, error) {
	h := ctx.Req.Header
	roles, hasRoles := h[difftest.RolesHeader]
	permissions, hasPermissions := h[difftest.PermissionsHeader]
	if !hasRoles && !hasPermissions {
		return everyone{}, nil
	}
	var subject, granted []string
	if hasRoles {
		subject = strings.Split(roles[0], ",")
	}
	if hasPermissions {
		granted = strings.Split(permissions[0], "|")
	}
	return aahauth.NewSubject(subject, granted...)
}

// signInCodec opens the cookie signedIn, a session signed in by token.
type signInCodec struct{}

func (signInCodec) Encode(string, any) (string, error) {
	return "", errors.New("signInCodec writes no cookie")
}

func (signInCodec) Decode(_, value string, dst any) error {
	if value != signedIn {
		return errors.New("not a session")
	}
	// Started now: a session ends its lifetime after it started.
	*dst.(*runtime.Session) = runtime.Session{ID: "s", Scheme: "token", Principal: "p", Started: time.Now()}
	return nil
}

// loginSecurity gives the committed tables' token scheme a form scheme's
// login submit and a session whose cookie has attributes of its own.
const loginSecurity = `security {
  session {
    mode = "stateful"
    prefix = "table"
    samesite = "strict"
    http_only = false
    ttl = "30m"
    sign_key = "sign-1-aaaaaaaaaaaaaaaaaaaaaaaaaa"
    enc_key = "enc-1-aaaaaaaaaa"
  }
  auth_schemes {
    basic { scheme = "basic" }
    token {
      scheme = "form"
      password_encoder = "bcrypt"
      url { login = "/signin.html"; login_submit = "/__signin"; login_failure = "/signin.html?failed=1"; default_target = "/home" }
    }
  }
}
`

// loginTargets are the _rt of the login submits: kept, refused by the
// browser's reading of them, too long, absent.
var loginTargets = []string{"/t1/a?b=c", "/./%5Cevil.test", "//evil.test/", "/a/../%5Cevil.test", "/%09/evil.test", "/" + strings.Repeat("x", decide.MaxTarget), ""}

// TestLoginSubmitMatchAgreesWithRouter posts to token's login submit on
// each domain of the committed tables, which aahauth.Form serves with a
// session of aahauth.SessionCodec, the right password and a wrong one
// with each of loginTargets, and asks match's decision of the same
// request: both must give the same status, Location, and Set-Cookie
// (its attributes, not its encrypted value).
func TestLoginSubmitMatchAgreesWithRouter(t *testing.T) {
	hash, err := bcrypt.GenerateFromPassword([]byte("right"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	var compared int
	for i := range tableSizes {
		data, err := os.ReadFile(filepath.Join("tables", tableName(i), "routes.conf"))
		if err != nil {
			t.Fatal(err)
		}
		table, err := difftest.LoadWith(string(data), loginSecurity)
		if err != nil {
			t.Fatal(err)
		}
		rt := difftest.DataTable(generated[i].domains, slices.Clone(generated[i].routes))
		rt.AuthSchemes = table.AuthSchemes
		for d, dom := range table.Domains {
			for _, r := range dom.Routes {
				if r.AddedBy != "" {
					rt.Routes = append(rt.Routes, runtime.Route{Index: len(rt.Routes), Domain: d, Name: r.Name, Method: r.Method, Path: r.Path, Action: r.Action,
						Auth: r.Auth, MaxBodySize: r.MaxBodySize, AntiCSRFCheck: r.AntiCSRFCheck, AddedBy: r.AddedBy})
				}
			}
		}
		s := table.Security.Session
		session := runtime.SessionConfig{CookieName: s.CookieName, Domain: s.Domain, Path: s.Path, HTTPOnly: s.HTTPOnly, Secure: s.Secure,
			SameSite: decide.SameSite(s.SameSite), TTL: s.TTL, SignKey: s.SignKey, EncKey: s.EncKey}
		codec, err := aahauth.SessionCodec(session)
		if err != nil {
			t.Fatal(err)
		}
		token := table.Security.Schemes[1]
		form := aahauth.Form{Scheme: "token", Cost: bcrypt.MinCost,
			Config: &runtime.FormConfig{Login: token.URLs["login"], LoginSubmit: token.URLs["login_submit"], LoginFailure: token.URLs["login_failure"],
				DefaultTarget: token.URLs["default_target"], IdentityField: token.IdentityField, CredentialField: token.CredentialField,
				PasswordEncoder: token.PasswordEncoder},
			Account: func(_ *runtime.Context, name string) (*aahauth.Account, error) {
				return &aahauth.Account{Subject: everyone{}, PasswordHash: hash}, nil
			}}
		opts, err := form.Options()
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, runtime.WithAuthenticator("basic", func(*runtime.Context) (runtime.Subject, error) { return nil, aahauth.ErrNoCredentials }),
			runtime.WithSessions(session, codec, form.LoadSubject))
		router, err := routegenimpl.NewTable(rt).NewRouter(actions{}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		server := httptest.NewServer(router)
		defer server.Close()
		ex, _ := explain.New(table)
		hosts := difftest.Hosts(table)
		for d := range table.Domains {
			for _, target := range loginTargets {
				for _, right := range []bool{true, false} {
					password := map[bool]string{true: "right", false: "wrong"}[right]
					url := "/__signin?_rt=" + neturl.QueryEscape(target)
					req, err := http.NewRequest(http.MethodPost, server.URL+url, strings.NewReader("username=u&password="+password))
					if err != nil {
						t.Fatal(err)
					}
					req.Host = hosts[d]
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					req.Header.Set("Sec-Fetch-Site", "same-origin")
					res, err := client.Do(req)
					if err != nil {
						t.Fatal(err)
					}
					res.Body.Close()
					r, err := ex.NewRequest(http.MethodPost, url, []string{"Host: " + hosts[d], "Sec-Fetch-Site: same-origin", "Content-Type: application/x-www-form-urlencoded"})
					if err != nil {
						t.Fatal(err)
					}
					ans := ex.Answer(r, explain.Subject{Authenticated: right, Every: true})
					got := fmt.Sprint(res.StatusCode, " ", res.Header.Get("Location"), " ", cookieAttributes(res.Header["Set-Cookie"]))
					want := fmt.Sprint(ans.Status, " ", ans.Location, " ", cookieAttributes(ans.Header["Set-Cookie"]))
					if got != want {
						t.Errorf("%s: POST %s, Host %s, password %s:\nrouter %s\nmatch  %s", tableName(i), url, hosts[d], password, got, want)
					}
					compared++
				}
			}
		}
	}
	if compared == 0 {
		t.Fatal("no login submit compared")
	}
	t.Logf("%d login submits compared", compared)
}

// cookieAttributes are the cookies of Set-Cookie lines but their values,
// and but their Expires, of which only its presence is compared.
func cookieAttributes(lines []string) []string {
	var out []string
	for _, line := range lines {
		c, err := http.ParseSetCookie(line)
		if err != nil {
			out = append(out, "unreadable "+line)
			continue
		}
		out = append(out, fmt.Sprintf("%s; Path=%s; Domain=%s; Max-Age=%d; Expires=%v; Secure=%v; HttpOnly=%v; SameSite=%v",
			c.Name, c.Path, c.Domain, c.MaxAge, !c.Expires.IsZero(), c.Secure, c.HttpOnly, c.SameSite))
	}
	return out
}
