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
	URLs  *routes.URLBuilder // the router's (routes.URL.ForRouter)
}

var appIndex = views.Parse("pages/app/index.html")

// Index is the home page: the tasks, and links to the admin subdomain and
// the API.
func (c *App) Index(ctx *runtime.Context) error {
	stylesheet, err := c.URLs.PublicAssets("site.css")
	if err != nil {
		return err
	}
	return render(ctx, http.StatusOK, appIndex, map[string]any{
		"Stylesheet": stylesheet,
		"Admin":      c.URLs.AdminIndex(),
		"API":        c.URLs.Tasks(),
		"Tasks":      c.Tasks.All(),
	})
}

// HandleError answers the errors of the site's pages with an error page.
func (c *App) HandleError(ctx *runtime.Context, err error) bool {
	renderErrorPage(ctx, err)
	return true
}
