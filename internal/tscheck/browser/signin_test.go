package browser

import (
	"fmt"
	"html/template"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"golang.org/x/crypto/bcrypt"

	formauth "github.com/routegen/routegen/golden/aah_examples_form_based_auth_routes"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// formPages are the pages of aah's form-based-auth example: the login
// form, and pages that say who is signed in, with the logout form.
type formPages struct{}

var loginPage = template.Must(template.New("login").Parse(`<!doctype html>
<title>Login</title>
<form method="post" action="/login">
{{.}}
<input id="username" name="username"><input id="password" name="password" type="password">
<button id="login">Login</button>
</form>`))

func (formPages) page(ctx *runtime.Context, name string) error {
	ctx.Res.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, err := fmt.Fprintf(ctx.Res, `<!doctype html><title>%s</title><p id="page">%s of %s</p>
<form method="post" action="/logout"><button id="logout">Logout</button></form>`, name, name, template.HTMLEscapeString(fmt.Sprint(ctx.Subject())))
	return err
}

func (p formPages) Index(ctx *runtime.Context) error       { return p.page(ctx, "Index") }
func (p formPages) ManageUsers(ctx *runtime.Context) error { return p.page(ctx, "ManageUsers") }

func (formPages) Login(ctx *runtime.Context) error {
	ctx.Res.Header().Set("Content-Type", "text/html; charset=utf-8")
	return loginPage.Execute(ctx.Res, aahauth.ReturnTargetField(ctx))
}

func (formPages) Logout(ctx *runtime.Context) error {
	ctx.SignOut()
	http.Redirect(ctx.Res, ctx.Req.Request, "/login.html", http.StatusFound)
	return nil
}

type formAdminPages struct{ formPages }

func (p formAdminPages) Index(ctx *runtime.Context) error { return p.page(ctx, "AdminDashboard") }

// formUser prints as its email.
type formUser struct {
	*aahauth.Subject
	email string
}

func (u formUser) String() string { return u.email }

// TestBrowserFormSignIn runs aah's form-based-auth example, its config
// unchanged, in Chromium: a protected page sends to the login page, the
// login form's post (anti-CSRF passed by the browser's own headers) signs
// in and returns there, the session's cookie carries the next pages, and
// the logout form ends it.
func TestBrowserFormSignIn(t *testing.T) {
	hash, err := bcrypt.GenerateFromPassword([]byte("welcome123"), bcrypt.MinCost)
	if err != nil {
		t.Fatal(err)
	}
	form := aahauth.Form{
		Scheme: "form_auth",
		Config: formauth.SignIn.Forms["form_auth"],
		Account: func(_ *runtime.Context, email string) (*aahauth.Account, error) {
			if email != "user2@aahframework.org" {
				return nil, nil
			}
			subject, err := aahauth.NewSubject([]string{"manager"}, "users:manage:view")
			return &aahauth.Account{Subject: formUser{subject, email}, PasswordHash: hash}, err
		},
	}
	opts, err := form.Options()
	if err != nil {
		t.Fatal(err)
	}
	codec, err := aahauth.SessionCodec(*formauth.SignIn.Session)
	if err != nil {
		t.Fatal(err)
	}
	router, err := formauth.NewRouter(formAdminPages{}, formPages{}, append(opts,
		runtime.WithSessions(*formauth.SignIn.Session, codec, form.LoadSubject), runtime.WithDefaultDomain("localhost"))...)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	defer srv.Close()
	ctx := browse(t)

	at := func(want string) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			location, err := chromedp.Run(ctx, chromedp.Location())
			if err == nil && location == srv.URL+want {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the browser is at %s, not %s", location, srv.URL+want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/manage/users.html")); err != nil {
		t.Fatal(err)
	}
	at("/login.html?_rt=%2Fmanage%2Fusers.html")
	if err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("username"), "user2@aahframework.org"),
		chromedp.SendKeys(chromedp.ID("password"), "welcome123"),
		chromedp.Click(chromedp.ID("login")),
	); err != nil {
		t.Fatal(err)
	}
	at("/manage/users.html")
	if text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("page"))); err != nil || text != "ManageUsers of user2@aahframework.org" {
		t.Errorf("the page says %q (%v)", text, err)
	}
	// The session's cookie is HttpOnly: the page's scripts cannot read it.
	if cookies, err := chromedp.Run(ctx, chromedp.Evaluate[string]("document.cookie")); err != nil || strings.Contains(cookies, "aah_session") {
		t.Errorf("document.cookie is %q (%v)", cookies, err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("logout"))); err != nil {
		t.Fatal(err)
	}
	at("/login.html")
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/manage/users.html")); err != nil {
		t.Fatal(err)
	}
	at("/login.html?_rt=%2Fmanage%2Fusers.html")
}
