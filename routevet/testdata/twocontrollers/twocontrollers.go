// Package twocontrollers has an action whose type satisfies the
// controller interfaces of two domains, and no NewRouter call that says
// which it is given as: vet takes it for the action of the routes outside
// the root domain, and says so.
package twocontrollers

import (
	"example.com/hotels/routes"
	"github.com/routegen/routegen/runtime"
)

// Finder has the actions of routes.SiteController, of the root domain,
// and of routes.AdminSearchController, of the admin subdomain.
type Finder struct{}

func (Finder) Index(ctx *runtime.Context) error { return nil }
func (Finder) Cafe(ctx *runtime.Context) error  { return nil }
func (Finder) Page(ctx *runtime.Context, lang, page string) error {
	return nil
}

func (Finder) Search(ctx *runtime.Context) error {
	_ = routes.URL.Home() // want `routes.URLBuilder.Home writes route "home" as the path /, which on the page of route "admin.admin_search" links to / on the page's host \(admin.localhost\), not on localhost: write it with routes.URL.ForRequest\(ctx\), which writes a route of another domain than the request's as //host/path \(the receiver also satisfies routes.SiteController, of the root domain's routes, and no NewRouter call of this package says which it is given as; ForRequest is right for either\)`
	return nil
}

var (
	_ routes.SiteController        = Finder{}
	_ routes.AdminSearchController = Finder{}
)
