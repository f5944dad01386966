package golden_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// formApp is aah's form-based-auth example's controllers: each page says
// who is signed in, and which session the request has.
type formApp struct{}

func (formApp) answer(ctx *runtime.Context, page string) error {
	id := ""
	if s := ctx.Session(); s != nil {
		id = s.ID
	}
	_, err := fmt.Fprintf(ctx.Res, "%s subject=%v session=%s", page, ctx.Subject(), id)
	return err
}

func (a formApp) Index(ctx *runtime.Context) error       { return a.answer(ctx, "Index") }
func (a formApp) ManageUsers(ctx *runtime.Context) error { return a.answer(ctx, "ManageUsers") }

// Login is the login page: it starts a session of no one, whose ID the
// sign-in must not keep.
func (a formApp) Login(ctx *runtime.Context) error {
	if ctx.Session() == nil {
		if err := ctx.SaveSession(); err != nil {
			return err
		}
	}
	return a.answer(ctx, "Login")
}

func (formApp) Logout(ctx *runtime.Context) error {
	ctx.SignOut()
	http.Redirect(ctx.Res, ctx.Req.Request, "/login.html", http.StatusFound)
	return nil
}

type formAdmin struct{ formApp }

func (a formAdmin) Index(ctx *runtime.Context) error { return a.answer(ctx, "AdminDashboard") }

// formUser is a user of aah's form-based-auth example; it prints as its
// email.
type formUser struct {
	*aahauth.Subject
	email string
}

func (u formUser) String() string { return u.email }

// formExample serves aah's form-based-auth example, its routes.conf and
// security.conf unchanged, with its users (password "welcome123"), the
// session and the form scheme as the generated SignIn says, and the
// session keys given: the old ones too when old is set.
func formExample(t *testing.T, session runtime.SessionConfig) *httptest.Server {
	t.Helper()
	users := map[string]struct {
		roles, permissions []string
		locked             bool
	}{
		"user1@aahframework.org": {roles: []string{"employee"}},
		"user2@aahframework.org": {roles: []string{"employee", "manager"}, permissions: []string{"users:manage:view"}},
		"user3@aahframework.org": {roles: []string{"employee", "manager", "administrator"}, permissions: []string{"users:*"}},
		"user4@aahframework.org": {roles: []string{"employee"}, locked: true},
	}
	hash, err := bcrypt.GenerateFromPassword([]byte("welcome123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	form := aahauth.Form{
		Scheme: "form_auth",
		Config: formauth.SignIn.Forms["form_auth"],
		Account: func(_ *runtime.Context, email string) (*aahauth.Account, error) {
			u, ok := users[email]
			if !ok {
				return nil, nil
			}
			subject, err := aahauth.NewSubject(u.roles, u.permissions...)
			return &aahauth.Account{Subject: formUser{subject, email}, PasswordHash: hash, Locked: u.locked}, err
		},
	}
	opts, err := form.Options()
	if err != nil {
		t.Fatal(err)
	}
	codec, err := aahauth.SessionCodec(session)
	if err != nil {
		t.Fatal(err)
	}
	opts = append(opts, runtime.WithSessions(session, codec, form.LoadSubject), runtime.WithDefaultDomain("localhost"))
	router, err := formauth.NewRouter(formAdmin{}, formApp{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	t.Cleanup(srv.Close)
	return srv
}

// browser is a client that keeps cookies and follows no redirect, and
// sends what a browser sends of a same-origin request.
type browser struct {
	t      *testing.T
	srv    *httptest.Server
	client *http.Client
}

func newBrowser(t *testing.T, srv *httptest.Server) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, srv: srv, client: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// do sends a request, a form when form is not nil, from site
// (Sec-Fetch-Site), and returns the status, the Location and the body.
func (b *browser) do(method, path string, form url.Values, site string) (int, string, string) {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, b.srv.URL+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Sec-Fetch-Site", site)
	res, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer res.Body.Close()
	text, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Location"), string(text)
}

func (b *browser) expect(method, path string, form url.Values, site string, status int, location, bodyPrefix string) string {
	b.t.Helper()
	gotStatus, gotLocation, body := b.do(method, path, form, site)
	if gotStatus != status || gotLocation != location || !strings.HasPrefix(body, bodyPrefix) {
		b.t.Errorf("%s %s: %d %q %q, want %d %q %q…", method, path, gotStatus, gotLocation, body, status, location, bodyPrefix)
	}
	return body
}

func login(email, password, returnTo string) url.Values {
	v := url.Values{"username": {email}, "password": {password}}
	if returnTo != "" {
		v.Set("_rt", returnTo)
	}
	return v
}

func sessionOf(body string) string {
	_, id, _ := strings.Cut(body, "session=")
	return id
}

// TestAahFormAuthPort runs the documented flow of aah's form-based-auth
// example: a protected page sends to the login page with the return
// target, the login (anti-CSRF first) returns there in a new session, the
// role pages answer by the user's roles, and logout ends the session.
func TestAahFormAuthPort(t *testing.T) {
	srv := formExample(t, *formauth.SignIn.Session)
	b := newBrowser(t, srv)

	b.expect("GET", "/manage/users.html", nil, "none", http.StatusFound, "/login.html?_rt=%2Fmanage%2Fusers.html", "")
	// The login page is anonymous, and starts a session of no one.
	before := sessionOf(b.expect("GET", "/login.html", nil, "none", http.StatusOK, "", "Login subject=<nil> session="))
	if before == "" {
		t.Fatal("the login page started no session")
	}
	// A cross-site post to the login form is refused before any credential is read.
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", "/manage/users.html"), "cross-site", http.StatusForbidden, "", "")
	b.expect("POST", "/login", login("user2@aahframework.org", "wrong", "/manage/users.html"), "same-origin",
		http.StatusFound, "/login.html?error=true&_rt=%2Fmanage%2Fusers.html", "")
	b.expect("POST", "/login", login("user4@aahframework.org", "welcome123", ""), "same-origin", http.StatusFound, "/login.html?error=true", "")
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", "/manage/users.html"), "same-origin", http.StatusFound, "/manage/users.html", "")

	after := sessionOf(b.expect("GET", "/manage/users.html", nil, "same-origin", http.StatusOK, "", "ManageUsers subject=user2@aahframework.org session="))
	if after == "" || after == before {
		t.Errorf("the session is %q after the sign-in, %q before: a sign-in starts a new one", after, before)
	}
	b.expect("GET", "/admin/dashboard.html", nil, "same-origin", http.StatusForbidden, "", "")
	// The anonymous login page knows who is signed in.
	b.expect("GET", "/login.html", nil, "same-origin", http.StatusOK, "", "Login subject=user2@aahframework.org")

	b.expect("POST", "/logout", nil, "same-origin", http.StatusFound, "/login.html", "")
	b.expect("GET", "/manage/users.html", nil, "same-origin", http.StatusFound, "/login.html?_rt=%2Fmanage%2Fusers.html", "")
	b.expect("POST", "/logout", nil, "same-origin", http.StatusUnauthorized, "", "")

	// An administrator, with no return target, goes to url.default_target.
	b.expect("POST", "/login", login("user3@aahframework.org", "welcome123", ""), "same-origin", http.StatusFound, "/", "")
	b.expect("GET", "/admin/dashboard.html", nil, "same-origin", http.StatusOK, "", "AdminDashboard subject=user3@aahframework.org")
}

// TestAahFormAuthReturnTarget: only a path of this site is returned to.
func TestAahFormAuthReturnTarget(t *testing.T) {
	b := newBrowser(t, formExample(t, *formauth.SignIn.Session))
	for _, target := range []string{"//evil.example", "/\\evil.example", "https://evil.example/", "/\t/evil.example", "evil"} {
		b.expect("POST", "/login", login("user1@aahframework.org", "welcome123", target), "same-origin", http.StatusFound, "/", "")
	}
	b.expect("GET", "/?a=1&b=2", nil, "none", http.StatusOK, "", "Index subject=user1@aahframework.org")
}

// TestAahFormAuthCookies: a session cookie that does not decode — tampered
// with, or written with keys no longer given — is no session: the request
// is anonymous, never an error page; keys given as old still open it.
func TestAahFormAuthCookies(t *testing.T) {
	keys := *formauth.SignIn.Session
	srv := formExample(t, keys)
	b := newBrowser(t, srv)
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", ""), "same-origin", http.StatusFound, "/", "")
	u, _ := url.Parse(srv.URL)
	cookies := b.client.Jar.Cookies(u)
	if len(cookies) != 1 || cookies[0].Name != "aah_session" {
		t.Fatalf("cookies %v, want aah_session", cookies)
	}
	signedIn := cookies[0].Value

	send := func(srv *httptest.Server, value string, status int, location string) {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+"/manage/users.html", nil)
		req.AddCookie(&http.Cookie{Name: "aah_session", Value: value})
		res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != status || res.Header.Get("Location") != location {
			t.Errorf("cookie %.20q…: %d %q, want %d %q", value, res.StatusCode, res.Header.Get("Location"), status, location)
		}
	}
	toLogin := "/login.html?_rt=%2Fmanage%2Fusers.html"
	send(srv, signedIn, http.StatusOK, "")
	tampered := []byte(signedIn)
	tampered[len(tampered)/2] ^= 1
	send(srv, string(tampered), http.StatusFound, toLogin)
	send(srv, "not a session", http.StatusFound, toLogin)

	rotated := keys
	rotated.SignKey, rotated.EncKey = strings.Repeat("s", 64), strings.Repeat("e", 32)
	send(formExample(t, rotated), signedIn, http.StatusFound, toLogin)
	rotated.OldSignKey, rotated.OldEncKey = keys.SignKey, keys.EncKey
	send(formExample(t, rotated), signedIn, http.StatusOK, "")

	// The sign_key alone rotated, enc_key kept: the old cookies were
	// encrypted with the enc_key that is still current.
	signOnly := keys
	signOnly.SignKey, signOnly.OldSignKey = strings.Repeat("s", 64), keys.SignKey
	send(formExample(t, signOnly), signedIn, http.StatusOK, "")
}

// TestAahFormAuthExpiry: with a ttl, a session past its expiry is no
// session, whatever its cookie's age.
func TestAahFormAuthExpiry(t *testing.T) {
	session := *formauth.SignIn.Session
	session.TTL = 30 * time.Minute
	srv := formExample(t, session)
	codec, err := aahauth.SessionCodec(session)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		expires  time.Time
		status   int
		location string
	}{
		{time.Now().Add(time.Minute), http.StatusOK, ""},
		{time.Now().Add(-time.Minute), http.StatusFound, "/login.html?_rt=%2Fmanage%2Fusers.html"},
	} {
		value, err := codec.Encode(session.CookieName, &runtime.Session{ID: "s", Scheme: "form_auth", Principal: "user2@aahframework.org", Started: time.Now(), Expires: c.expires})
		if err != nil {
			t.Fatal(err)
		}
		req, _ := http.NewRequest("GET", srv.URL+"/manage/users.html", nil)
		req.AddCookie(&http.Cookie{Name: session.CookieName, Value: value})
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != c.status || res.Header.Get("Location") != c.location {
			t.Errorf("a session expiring at %v: %d %q, want %d %q", c.expires, res.StatusCode, res.Header.Get("Location"), c.status, c.location)
		}
	}
	// A sign-in's cookie lasts the ttl.
	b := newBrowser(t, srv)
	req, _ := http.NewRequest("POST", srv.URL+"/login", strings.NewReader(login("user1@aahframework.org", "welcome123", "").Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := b.client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if c := res.Cookies(); len(c) != 1 || c[0].MaxAge != 1800 || !c[0].HttpOnly || c[0].Path != "/" {
		t.Errorf("the sign-in's cookies: %v", c)
	}
}

// TestSchemeRoutesNeedActions: NewRouter fails closed when a route a
// scheme added has no action, an action has no route, or they have no
// session to sign in to.
func TestSchemeRoutesNeedActions(t *testing.T) {
	noop := func(*runtime.Context) error { return nil }
	_, err := formauth.NewRouter(formAdmin{}, formApp{}, runtime.WithAuthenticator("form_auth", func(*runtime.Context) (runtime.Subject, error) { return nil, nil }))
	if want := `route "form_auth_login_submit__aah", which auth scheme "form_auth" added, has no action "login_submit" (WithSchemeRoute)`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("without the action: %v, want %q", err, want)
	}
	_, err = formauth.NewRouter(formAdmin{}, formApp{}, runtime.WithAuthenticator("form_auth", func(*runtime.Context) (runtime.Subject, error) { return nil, nil }),
		runtime.WithSchemeRoute("form_auth", "login_submit", noop), runtime.WithSchemeRoute("form_auth", "redirect", noop))
	for _, want := range []string{
		`WithSchemeRoute: auth scheme "form_auth" added no route of action "redirect"`,
		`the routes the auth schemes added sign in to a session: give WithSessions`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("with an action of no route, without sessions: %v, want %q", err, want)
		}
	}
}

// TestLocalTarget: a return target is a path of this site only.
func TestLocalTarget(t *testing.T) {
	for target, local := range map[string]bool{
		"/manage/users.html?x=1": true, "/": true, "": false, "users": false, "//evil.example": false,
		"/\\evil.example": false, "https://evil.example/": false, "/\t/evil.example": false, "/a b": false,
	} {
		if got := runtime.LocalTarget(target); got != local {
			t.Errorf("LocalTarget(%q) = %v", target, got)
		}
	}
}
