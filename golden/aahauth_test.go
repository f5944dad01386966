package golden_test

import (
	"encoding/base64"
	"io"
	"net/http/httptest"
	"testing"

	"golang.org/x/crypto/bcrypt"

	basicauth "github.com/routegen/routegen/golden/aah_examples_rest_api_basic_auth_routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

type basicApp struct{}

func (basicApp) Index(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "Index")
	return err
}

func (basicApp) ReporteeInfo(ctx *runtime.Context, email string) error {
	_, err := io.WriteString(ctx.Res, "ReporteeInfo "+email)
	return err
}

// TestAahBasicAuthPort: aah's rest-api-basic-auth example, its routes.conf
// and security.conf unchanged, served with aahauth.Basic as its basic_auth
// scheme says (realm "Protected APIs", bcrypt): the route's roles and
// wildcard permissions (satisfy both) are checked against the account's
// aahauth.Subject.
func TestAahBasicAuthPort(t *testing.T) {
	type account struct {
		roles, permissions []string
		locked             bool
	}
	store := map[string]account{
		"jeeva@myjeeva.com": {roles: []string{"employee", "manager"}, permissions: []string{"user:read,edit:reportee"}},
		"john@example.com":  {roles: []string{"employee"}, permissions: []string{"user:read:self"}},
		"sam@example.com":   {roles: []string{"employee", "manager"}, permissions: []string{"user:read:self"}},
		"lock@example.com":  {roles: []string{"manager"}, permissions: []string{"user:*"}, locked: true},
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("welcome123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	basic, err := aahauth.Basic{
		Realm:           "Protected APIs",
		PasswordEncoder: "bcrypt",
		Account: func(_ *runtime.Context, username string) (*aahauth.Account, error) {
			a, ok := store[username]
			if !ok {
				return nil, nil
			}
			subject, err := aahauth.NewSubject(a.roles, a.permissions...)
			return &aahauth.Account{Subject: subject, PasswordHash: hash, Locked: a.locked}, err
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
	credentials := func(user string) map[string]string {
		return map[string]string{"Authorization": "Basic " + basicCredentials(user, "welcome123")}
	}
	challenge := map[string]string{"WWW-Authenticate": `Basic realm="Protected APIs"`}
	for _, c := range []call{
		{method: "GET", host: "localhost", path: "/", status: 200, want: "Index"},
		{method: "GET", host: "localhost", path: "/v1/reportee/mat@example.com", status: 401, headers: challenge},
		{method: "GET", host: "localhost", path: "/v1/reportee/mat@example.com", header: credentials("jeeva@myjeeva.com"), status: 200, want: "ReporteeInfo mat@example.com"},
		{method: "GET", host: "localhost", path: "/v1/reportee/mat@example.com", header: credentials("john@example.com"), status: 403},
		{method: "GET", host: "localhost", path: "/v1/reportee/mat@example.com", header: credentials("sam@example.com"), status: 403},
		{method: "GET", host: "localhost", path: "/v1/reportee/mat@example.com", header: credentials("lock@example.com"), status: 401, headers: challenge},
		{method: "GET", host: "localhost", path: "/v1/reportee/mat@example.com", header: map[string]string{"Authorization": "Basic " + basicCredentials("jeeva@myjeeva.com", "welcome")}, status: 401, headers: challenge},
	} {
		c.do(t, srv)
	}
}

func basicCredentials(user, password string) string {
	return base64.StdEncoding.EncodeToString([]byte(user + ":" + password))
}
