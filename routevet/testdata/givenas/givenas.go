// Package givenas gives NewRouter two types that each satisfy the
// controller interfaces of two domains: vet takes each for the action of
// the interface it is given as.
package givenas

import (
	"example.com/hotels/routes"
	"github.com/routegen/routegen/runtime"
)

// Finder is given as routes.AdminSearchController: its Search serves the
// admin subdomain, where a path links to the subdomain's own host.
type Finder struct{}

func (Finder) Index(ctx *runtime.Context) error { return nil }
func (Finder) Cafe(ctx *runtime.Context) error  { return nil }
func (Finder) Page(ctx *runtime.Context, lang, page string) error {
	return nil
}

func (Finder) Search(ctx *runtime.Context) error {
	_ = routes.URL.Home() // want `routes.URLBuilder.Home writes route "home" as the path /, which on the page of route "admin.admin_search" links to / on the page's host \(admin.localhost\), not on localhost: write it with routes.URL.ForRequest\(ctx\), which writes a route of another domain than the request's as //host/path$`
	return nil
}

// Pages is given as routes.SiteController: its Search serves the root
// domain, whose links are paths.
type Pages struct{ Finder }

func (*Pages) Search(ctx *runtime.Context) error {
	_ = routes.URL.Home()
	return nil
}

func newRouter() (*runtime.Router, error) {
	return routes.NewRouter(nil, Finder{}, nil, nil, nil, &Pages{}, nil)
}
