// Package actions links from the actions of the admin subdomain and the
// tenants' wildcard domain to routes of the root domain, whose URL and
// ForRouter builders write them as paths, which the browser resolves on
// the subdomain.
package actions

import (
	"example.com/hotels/routes"
	"github.com/routegen/routegen/runtime"
)

var router *runtime.Router

// Admin is the controller of the admin subdomain.
type Admin struct{}

func (Admin) Dashboard(ctx *runtime.Context) error {
	// Paths of the root domain, which would link to admin.localhost.
	_ = routes.URL.Home()                                   // want `routes.URLBuilder.Home writes route "home" as the path /, which on the page of route "admin.dashboard" links to / on the page's host \(admin.localhost\), not on localhost: write it with routes.URL.ForRequest\(ctx\), which writes a route of another domain than the request's as //host/path`
	_, _ = routes.RouteURL("search")                        // want `routes.RouteURL writes route "search" as the path /search, which on the page of route "admin.dashboard"`
	_, _ = routes.URL.RouteURLNamedArgs("site.hotels", nil) // want `routes.URLBuilder.RouteURLNamedArgs writes route "hotels" as the path /hotels`
	_, _ = routes.URL.ShowHotel(42)                         // want `routes.URLBuilder.ShowHotel writes route "show_hotel" as the path /hotels/:id`
	_ = routes.URL.ForRouter(router).Hotels()               // want `routes.URLBuilder.Hotels writes route "hotels"`
	_ = routes.URL.WithBasePath("/svc").Search()            // want `routes.URLBuilder.Search writes route "search"`
	link := func() string {
		return routes.URL.Cafe() // want `routes.URLBuilder.Cafe writes route "cafe"`
	}
	_ = link()

	// Links the browser follows to the root domain, and the subdomain's own.
	_ = routes.URL.ForRequest(ctx).Home()
	_ = routes.URL.ForRequest(ctx).WithBasePath("/svc").Search()
	_, _ = routes.URL.ForRequest(ctx).RouteURL("search")
	u := routes.URL.ForRequest(ctx)
	_ = u.Hotels()
	_ = routes.URL.AdminDashboard()
	_, _ = routes.RouteURL("admin.dashboard")
	_, _ = routes.RouteURL("host")
	return nil
}

// Tenant is the controller of the tenants' wildcard domain. Its action's
// context has no name, so the finding has no fix.
type Tenant struct{}

func (*Tenant) Home(_ *runtime.Context) error {
	_ = routes.URL.Search() // want `routes.URLBuilder.Search writes route "search" as the path /search, which on the page of route "tenants.tenant_home" links to /search on the page's host \(\*.localhost\), not on localhost: write it with routes.URL.ForRequest\(ctx\)`
	return nil
}

// Site is the controller of the root domain, whose links are paths.
type Site struct{}

func (Site) Index(ctx *runtime.Context) error {
	_ = routes.URL.Search()
	return nil
}

// Report is no controller: its Dashboard, of another signature, is no
// action.
type Report struct{}

func (Report) Dashboard(ctx *runtime.Context) string {
	return routes.URL.Home()
}

var (
	_ routes.AdminController  = Admin{}
	_ routes.TenantController = (*Tenant)(nil)
)
