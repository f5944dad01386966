package golden_test

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// resign is a securecookie value signed again with signKey as if written
// at: the same encrypted session, another timestamp, a valid signature.
func resign(t *testing.T, name, value, signKey string, at time.Time) string {
	t.Helper()
	raw, err := base64.URLEncoding.DecodeString(value)
	if err != nil {
		t.Fatal(err)
	}
	// date|value|mac, the mac over name|date|value.
	parts := bytes.SplitN(raw, []byte("|"), 3)
	if len(parts) != 3 {
		t.Fatalf("not a securecookie value: %q", value)
	}
	signed := strconv.FormatInt(at.Unix(), 10) + "|" + string(parts[1])
	mac := hmac.New(sha256.New, []byte(signKey))
	mac.Write([]byte(name + "|" + signed))
	return base64.URLEncoding.EncodeToString(append([]byte(signed+"|"), mac.Sum(nil)...))
}

// sessionCookie signs in as user2 on srv and returns the session cookie's value.
func sessionCookie(t *testing.T, srv *httptest.Server) string {
	t.Helper()
	b := newBrowser(t, srv)
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", ""), "same-origin", http.StatusFound, "/", "")
	u, _ := url.Parse(srv.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == "aah_session" {
			return c.Value
		}
	}
	t.Fatal("the sign-in set no aah_session")
	return ""
}

// opens reports whether a request for a page of scheme form_auth with
// the session cookie value is signed in.
func opens(t *testing.T, srv *httptest.Server, value string) bool {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+"/manage/users.html", nil)
	req.AddCookie(&http.Cookie{Name: "aah_session", Value: value})
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode == http.StatusOK
}

// TestSessionLifetime: with aah's ttl = 0, a session still ends: a cookie
// signed (with the right keys) longer ago than the session's MaxAge does
// not open, and neither does a session that started longer ago, however
// recently its cookie was written.
func TestSessionLifetime(t *testing.T) {
	session := *formauth.SignIn.Session
	if session.TTL != 0 {
		t.Fatalf("form-based-auth's ttl is %v, not aah's default", session.TTL)
	}
	srv := formExample(t, session)
	value := sessionCookie(t, srv)
	if !opens(t, srv, resign(t, "aah_session", value, session.SignKey, time.Now())) {
		t.Fatal("a cookie signed again now does not open: resign signs otherwise than securecookie")
	}
	if opens(t, srv, resign(t, "aah_session", value, session.SignKey, time.Now().AddDate(-5, 0, 0))) {
		t.Error("a cookie signed five years ago opens")
	}
	if opens(t, srv, resign(t, "aah_session", value, session.SignKey, time.Now().Add(-session.MaxAge()-time.Minute))) {
		t.Error("a cookie signed longer ago than MaxAge opens")
	}
	codec, err := aahauth.SessionCodec(session)
	if err != nil {
		t.Fatal(err)
	}
	for started, want := range map[time.Duration]bool{time.Hour: true, runtime.DefaultSessionLifetime + time.Minute: false} {
		value, err := codec.Encode("aah_session", &runtime.Session{ID: "s", Scheme: "form_auth", Principal: "user2@aahframework.org", Started: time.Now().Add(-started)})
		if err != nil {
			t.Fatal(err)
		}
		if got := opens(t, srv, value); got != want {
			t.Errorf("a session started %v ago, in a cookie written now: opens %v, want %v", started, got, want)
		}
	}
}

// TestSessionLifetimeEndsCopiedCookie: a cookie copied before logout
// stops opening once the session's lifetime has passed, without a ttl.
func TestSessionLifetimeEndsCopiedCookie(t *testing.T) {
	t.Parallel()
	session := *formauth.SignIn.Session
	// Long enough that a loaded machine (the race detector's) signs in and
	// asks again within it.
	session.Lifetime = 3 * time.Second
	srv := formExample(t, session)
	copied := sessionCookie(t, srv)
	if !opens(t, srv, copied) {
		t.Fatal("the session does not open at once")
	}
	// securecookie's timestamps are in seconds.
	time.Sleep(session.Lifetime + 1100*time.Millisecond)
	if opens(t, srv, copied) {
		t.Error("the copied cookie opens after the session's lifetime")
	}
}

// TestSessionMaxAge: a session lasts Lifetime, else the default or a
// longer ttl.
func TestSessionMaxAge(t *testing.T) {
	for _, c := range []struct{ ttl, lifetime, want time.Duration }{
		{0, 0, runtime.DefaultSessionLifetime},
		{30 * time.Minute, 0, runtime.DefaultSessionLifetime},
		{720 * time.Hour, 0, 720 * time.Hour},
		{720 * time.Hour, time.Hour, time.Hour},
	} {
		cfg := runtime.SessionConfig{TTL: c.ttl, Lifetime: c.lifetime}
		if got := cfg.MaxAge(); got != c.want {
			t.Errorf("ttl %v, lifetime %v: MaxAge %v, want %v", c.ttl, c.lifetime, got, c.want)
		}
	}
}

// valuesApp is formApp whose login page plants a value in the session, as
// an attacker's page, or the previous user of a shared browser, would.
type valuesApp struct{ formApp }

func (a valuesApp) Login(ctx *runtime.Context) error {
	if ctx.Session() == nil {
		if err := ctx.SaveSession(); err != nil {
			return err
		}
	}
	s := ctx.Session()
	if s.Values == nil {
		s.Values = map[string]string{}
	}
	s.Values["planted"], s.Values["theme"] = "by the page before", "dark"
	if err := ctx.SaveSession(); err != nil {
		return err
	}
	return a.answer(ctx, "Login")
}

func (valuesApp) ManageUsers(ctx *runtime.Context) error {
	_, err := ctx.Res.Write([]byte("values=" + strconv.Quote(strings.TrimSpace(valuesOf(ctx.Session())))))
	return err
}

func valuesOf(s *runtime.Session) string {
	var b strings.Builder
	for _, k := range []string{"planted", "theme", "signed_in_by"} {
		if v, ok := s.Values[k]; ok {
			b.WriteString(k + ":" + v + " ")
		}
	}
	return b.String()
}

// TestSignInStartsEmpty: the session a sign-in starts carries no value of
// the one before it, unless the PostAuth hook keeps it; the hook sets
// values of its own, and its error fails the sign-in.
func TestSignInStartsEmpty(t *testing.T) {
	serve := func(opts ...runtime.Option) *httptest.Server {
		t.Helper()
		session := *formauth.SignIn.Session
		form := aahauth.Form{Scheme: "form_auth", Config: formauth.SignIn.Forms["form_auth"], Account: formAccount(t)}
		signIn, err := form.Options()
		if err != nil {
			t.Fatal(err)
		}
		codec, err := aahauth.SessionCodec(session)
		if err != nil {
			t.Fatal(err)
		}
		opts = append(append(signIn, runtime.WithSessions(session, codec, form.LoadSubject), runtime.WithDefaultDomain("localhost")), opts...)
		router, err := formauth.NewRouter(formAdmin{}, valuesApp{}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(router)
		t.Cleanup(srv.Close)
		return srv
	}
	b := newBrowser(t, serve())
	b.expect("GET", "/login.html", nil, "none", http.StatusOK, "", "Login")
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", "/manage/users.html"), "same-origin", http.StatusFound, "/manage/users.html", "")
	b.expect("GET", "/manage/users.html", nil, "same-origin", http.StatusOK, "", `values=""`)

	keepTheme := func(ctx *runtime.Context, previous *runtime.Session) error {
		s := ctx.Session()
		s.Values = map[string]string{"signed_in_by": s.Scheme}
		if previous != nil && previous.Values["theme"] != "" {
			s.Values["theme"] = previous.Values["theme"]
		}
		return nil
	}
	b = newBrowser(t, serve(runtime.WithPostAuth(keepTheme)))
	b.expect("GET", "/login.html", nil, "none", http.StatusOK, "", "Login")
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", "/manage/users.html"), "same-origin", http.StatusFound, "/manage/users.html", "")
	b.expect("GET", "/manage/users.html", nil, "same-origin", http.StatusOK, "", `values="theme:dark signed_in_by:form_auth"`)

	refuse := func(*runtime.Context, *runtime.Session) error { return errSignInClosed }
	b = newBrowser(t, serve(runtime.WithPostAuth(refuse)))
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", "/manage/users.html"), "same-origin", http.StatusInternalServerError, "", "")
	b.expect("GET", "/manage/users.html", nil, "same-origin", http.StatusFound, "/login.html?_rt=%2Fmanage%2Fusers.html", "")
}

var errSignInClosed = errorString("sign-in closed")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestOneSetCookiePerName: every response of a sign-in carries at most
// one Set-Cookie of the session (RFC 6265 §4.1.1), however often the
// scheme saved it: the oauth2 login and callback, the form's login, the
// logout.
func TestOneSetCookiePerName(t *testing.T) {
	provider := newAuthServer(t)
	srv := socialExample(t, provider)
	b := newBrowser(t, srv)
	send := func(method, target, site string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, target, nil)
		req.Header.Set("Sec-Fetch-Site", site)
		res, err := b.client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		var names []string
		for _, c := range res.Cookies() {
			names = append(names, c.Name)
		}
		if len(names) != 1 {
			t.Errorf("%s %s: Set-Cookie of %q, want one", method, target, names)
		}
		return res
	}
	toProvider := send("GET", srv.URL+"/github-auth/login", "same-origin").Header.Get("Location")
	callback := b.visit(toProvider)
	send("GET", callback, "cross-site")
	send("POST", srv.URL+"/logout", "same-origin")
}

// formAccount is the account function of form-based-auth's user2, a
// manager (password "welcome123").
func formAccount(t *testing.T) func(*runtime.Context, string) (*aahauth.Account, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte("welcome123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	subject, err := aahauth.NewSubject([]string{"employee", "manager"}, "users:manage:view")
	if err != nil {
		t.Fatal(err)
	}
	return func(_ *runtime.Context, email string) (*aahauth.Account, error) {
		if email != "user2@aahframework.org" {
			return nil, nil
		}
		return &aahauth.Account{Subject: formUser{subject, email}, PasswordHash: hash}, nil
	}
}

// TestFileSessionStore: with aah's store.type "file", the cookie holds
// the session's ID alone and a file the session: logout deletes the file,
// so that a cookie copied before it opens nothing after it, and a new
// sign-in deletes the file of the session it replaces.
func TestFileSessionStore(t *testing.T) {
	session := *formauth.SignIn.Session
	session.Store, session.StorePath = "file", t.TempDir()
	srv := formExample(t, session)
	files := func() int {
		t.Helper()
		entries, err := os.ReadDir(session.StorePath)
		if err != nil {
			t.Fatal(err)
		}
		return len(entries)
	}

	b := newBrowser(t, srv)
	b.expect("GET", "/login.html", nil, "none", http.StatusOK, "", "Login subject=<nil> session=")
	if n := files(); n != 1 {
		t.Fatalf("%d files after the login page started a session, want 1", n)
	}
	b.expect("POST", "/login", login("user2@aahframework.org", "welcome123", ""), "same-origin", http.StatusFound, "/", "")
	if n := files(); n != 1 {
		t.Errorf("%d files after the sign-in, want 1: the session before it is forgotten", n)
	}
	u, _ := url.Parse(srv.URL)
	copied := b.client.Jar.Cookies(u)[0].Value
	if !opens(t, srv, copied) {
		t.Fatal("the signed-in session does not open")
	}
	b.expect("POST", "/logout", nil, "same-origin", http.StatusFound, "/login.html", "")
	if n := files(); n != 0 {
		t.Errorf("%d files after the logout, want 0", n)
	}
	if opens(t, srv, copied) {
		t.Error("a cookie copied before the logout opens after it")
	}
}

// TestSessionStoreNeeded: a store of no name runtime knows needs
// WithSessionStore, which needs WithSessions, as WithPostAuth does.
func TestSessionStoreNeeded(t *testing.T) {
	session := *formauth.SignIn.Session
	session.Store = "redis"
	codec, err := aahauth.SessionCodec(session)
	if err != nil {
		t.Fatal(err)
	}
	noSubject := func(*runtime.Context, string, string) (runtime.Subject, error) { return nil, nil }
	anyone := runtime.WithAuthenticator("form_auth", func(*runtime.Context) (runtime.Subject, error) { return nil, nil })
	submit := runtime.WithSchemeRoute("form_auth", "login_submit", func(*runtime.Context) error { return nil })
	_, err = formauth.NewRouter(formAdmin{}, formApp{}, anyone, submit, runtime.WithSessions(session, codec, noSubject))
	if want := `WithSessions: the session's store "redis" is not built in (cookie and file are): give WithSessionStore`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a redis store without WithSessionStore: %v, want %q", err, want)
	}
	files, err := runtime.FileSessionStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := formauth.NewRouter(formAdmin{}, formApp{}, anyone, submit, runtime.WithSessions(session, codec, noSubject), runtime.WithSessionStore(files)); err != nil {
		t.Errorf("a redis store with WithSessionStore: %v", err)
	}
	_, err = formauth.NewRouter(formAdmin{}, formApp{}, anyone, runtime.WithSessionStore(files),
		runtime.WithPostAuth(func(*runtime.Context, *runtime.Session) error { return nil }))
	if want := "WithSessionStore and WithPostAuth need WithSessions"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("without WithSessions: %v, want %q", err, want)
	}
}

// returnApp is formApp whose login page writes the form's _rt field.
type returnApp struct{ formApp }

func (returnApp) Login(ctx *runtime.Context) error {
	_, err := ctx.Res.Write([]byte("field=" + string(aahauth.ReturnTargetField(ctx))))
	return err
}

// TestReturnTargetField: the login page's hidden _rt field holds the
// return target it was sent with, escaped, and nothing for a target that
// is not a path of this site.
func TestReturnTargetField(t *testing.T) {
	session := *formauth.SignIn.Session
	form := aahauth.Form{Scheme: "form_auth", Config: formauth.SignIn.Forms["form_auth"], Account: formAccount(t)}
	signIn, err := form.Options()
	if err != nil {
		t.Fatal(err)
	}
	codec, err := aahauth.SessionCodec(session)
	if err != nil {
		t.Fatal(err)
	}
	router, err := formauth.NewRouter(formAdmin{}, returnApp{}, append(signIn, runtime.WithSessions(session, codec, form.LoadSubject), runtime.WithDefaultDomain("localhost"))...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	t.Cleanup(srv.Close)
	b := newBrowser(t, srv)
	for target, field := range map[string]string{
		"":                         "",
		"/manage/users.html?a=1&b": `<input type="hidden" name="_rt" value="/manage/users.html?a=1&amp;b">`,
		`/"><script>`:              `<input type="hidden" name="_rt" value="/&#34;&gt;&lt;script&gt;">`,
		"//evil.example":           "",
		"https://evil.example/":    "",
	} {
		b.expect("GET", "/login.html?"+url.Values{"_rt": {target}}.Encode(), nil, "none", http.StatusOK, "", "field="+field)
		if body := b.expect("GET", "/login.html?error=true&"+url.Values{"_rt": {target}}.Encode(), nil, "none", http.StatusOK, "", "field="); body != "field="+field {
			t.Errorf("_rt %q: %q, want %q", target, body, "field="+field)
		}
	}
}
