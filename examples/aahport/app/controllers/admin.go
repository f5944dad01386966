package controllers

import (
	"net/http"

	"github.com/routegen/routegen/examples/aahport/app/models"
	"github.com/routegen/routegen/examples/aahport/app/routes"
	"github.com/routegen/routegen/examples/aahport/app/security"
	"github.com/routegen/routegen/examples/aahport/views"
	"github.com/routegen/routegen/runtime"
)

// Dashboard is controller "admin/DashboardController": the admin
// subdomain's page, for the users of role admin.
type Dashboard struct {
	Tasks *models.Tasks
}

var adminIndex = views.Parse("pages/admin/index.html")

// Index is the dashboard: how many tasks are open, and links back to the
// site, which the builder of the request writes with the site's host.
func (c *Dashboard) Index(ctx *runtime.Context) error {
	tasks := c.Tasks.All()
	open := 0
	for _, t := range tasks {
		if !t.Done {
			open++
		}
	}
	return render(ctx, http.StatusOK, adminIndex, map[string]any{
		"URL":  routes.URL.ForRequest(ctx),
		"User": ctx.Subject().(*security.User).Email,
		"Open": open,
		"All":  len(tasks),
	})
}

// HandleError answers the errors of the dashboard with an error page: a
// browser shows its login prompt for the 401, whose challenge the
// authenticator has set.
func (c *Dashboard) HandleError(ctx *runtime.Context, err error) bool {
	renderErrorPage(ctx, err)
	return true
}

// Stats is controller "admin/StatsController": numbers for a monitoring
// tool, with the key of scheme api_key. It leaves its errors to the
// application's handler (JSON).
type Stats struct {
	Tasks *models.Tasks
}

// Index answers the number of tasks, and of those done.
func (c *Stats) Index(ctx *runtime.Context) error {
	tasks := c.Tasks.All()
	done := 0
	for _, t := range tasks {
		if t.Done {
			done++
		}
	}
	return writeJSON(ctx, http.StatusOK, map[string]any{
		"tasks":    len(tasks),
		"done":     done,
		"asked_by": ctx.Subject().(*security.Machine).Name,
	})
}
