package difftest_test

import (
	"errors"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
	"github.com/routegen/routegen/runtime/routegenimpl"
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
	*dst.(*runtime.Session) = runtime.Session{ID: "s", Scheme: "token", Principal: "p", Started: time.Now()}
	return nil
}
