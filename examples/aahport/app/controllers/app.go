package controllers

import (
	"net/http"

	"github.com/routegen/routegen/examples/aahport/app/models"
	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/views"
	"github.com/routegen/routegen/runtime"
)

// App is controller "AppController": the site's pages.
type App struct {
	Tasks *models.Tasks
}

var appIndex = views.Parse("pages/app/index.html")

// Index is the home page: the tasks, and links to the admin subdomain and
// the API. The template builds its links with the builder of the request,
// as aah's templates did with rurl.
func (c *App) Index(ctx *runtime.Context) error {
	return render(ctx, http.StatusOK, appIndex, map[string]any{
		"URL":   routes.URL.ForRequest(ctx),
		"Tasks": c.Tasks.All(),
	})
}

// HandleError answers the errors of the site's pages with an error page.
func (c *App) HandleError(ctx *runtime.Context, err error) bool {
	renderErrorPage(ctx, err)
	return true
}
