package controllers

import (
	"net/http"

	"github.com/routegen/routegen/examples/aahport/app/models"
	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/app/security"
	"github.com/routegen/routegen/examples/aahport/views"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/aahauth"
)

// App is controller "AppController": the site's pages.
type App struct {
	Tasks *models.Tasks
}

var (
	appIndex   = views.Parse("pages/app/index.html")
	appLogin   = views.Parse("pages/app/login.html")
	appMyTasks = views.Parse("pages/app/my_tasks.html")
)

// Index is the home page: the tasks, and links to the admin subdomain and
// the API. The template builds its links with the builder of the request,
// as aah's templates did with rurl.
func (c *App) Index(ctx *runtime.Context) error {
	return render(ctx, http.StatusOK, appIndex, map[string]any{
		"URL":   routes.URL.ForRequest(ctx),
		"Tasks": c.Tasks.All(),
	})
}

// Login is the login page. Its form posts to the route the form scheme
// adds, with the return target the scheme sent here in _rt (the hidden
// field aahauth.ReturnTargetField writes); a failed login comes back with
// error=true. It knows who is signed in, as every page
// does: the session is read on every request.
func (c *App) Login(ctx *runtime.Context) error {
	return render(ctx, http.StatusOK, appLogin, map[string]any{
		"URL":          routes.URL.ForRequest(ctx),
		"User":         signedIn(ctx),
		"Failed":       ctx.Req.QueryValue("error") == "true",
		"ReturnTarget": aahauth.ReturnTargetField(ctx),
	})
}

// Logout ends the session and goes home.
func (c *App) Logout(ctx *runtime.Context) error {
	if err := ctx.SignOut(); err != nil {
		return err
	}
	http.Redirect(ctx.Res, ctx.Req.Request, routes.URL.Index(), http.StatusFound)
	return nil
}

// MyTasks lists the tasks of who signed in with the form.
func (c *App) MyTasks(ctx *runtime.Context) error {
	user := signedIn(ctx)
	var mine []models.Task
	for _, t := range c.Tasks.All() {
		if t.By == user.Email {
			mine = append(mine, t)
		}
	}
	return render(ctx, http.StatusOK, appMyTasks, map[string]any{"URL": routes.URL.ForRequest(ctx), "User": user, "Tasks": mine})
}

// signedIn is who signed in; nil when no one has.
func signedIn(ctx *runtime.Context) *security.User {
	user, _ := ctx.Subject().(*security.User)
	return user
}

// HandleError answers the errors of the site's pages with an error page.
func (c *App) HandleError(ctx *runtime.Context, err error) bool {
	renderErrorPage(ctx, err)
	return true
}
