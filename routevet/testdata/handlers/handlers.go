// Package handlers uses the routes of example.com/hotels/routes, rightly
// and wrongly.
package handlers

import (
	"fmt"
	"net/http"

	"example.com/hotels/routes"
	"github.com/routegen/routegen/runtime"
)

const dashboardName = "admin.dashboard"

func names(id int64, name string, args []any) {
	// Valid.
	routes.RouteURL("home")
	routes.RouteURL("show_hotel", 42)
	routes.RouteURL("show_hotel", "42")
	routes.RouteURL("show_hotel", id)
	routes.RouteURL("room", 42, "abc")
	routes.RouteURL("booking", "9b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d")
	routes.RouteURL("page", "fr", "a/b")
	routes.RouteURL(dashboardName)
	routes.RouteURL("tenants.tenant_home", "acme")
	routes.RouteURL("site.search")
	routes.RouteURL(name, 1, 2, 3)
	routes.RouteURL("show_hotel", args...)
	routes.RouteURLNamedArgs("show_hotel", map[string]any{"id": 42, "sort": "name"})
	routes.RouteURLNamedArgs("tenants.tenant_home", map[string]any{"subdomain": "acme"})
	routes.RouteURLNamedArgs("show_hotel", map[string]any{name: 42})

	// Names.
	routes.RouteURL("show_hotl", 42)        // want `routes.RouteURL: no route named "show_hotl" \(did you mean "show_hotel"\?\)`
	routes.RouteURL("tenant_home", "acme")  // want `routes.RouteURL: no route named "tenant_home" \(did you mean "tenants.tenant_home"\?\)`
	routes.RouteURL("nothing_like_it")      // want `routes.RouteURL: no route named "nothing_like_it"$`
	routes.RouteURLNamedArgs("bookng", nil) // want `routes.RouteURLNamedArgs: no route named "bookng" \(did you mean "booking"\?\)`
	routes.RouteURL("admin.dashbord")       // want `no route named "admin.dashbord" \(did you mean "admin.dashboard"\?\)`

	// Counts.
	routes.RouteURL("show_hotel")          // want `routes.RouteURL: route "show_hotel" takes 1 path parameter \(id\), got 0`
	routes.RouteURL("home", 1)             // want `routes.RouteURL: route "home" takes no path parameters, got 1`
	routes.RouteURL("room", 1, "a", "b")   // want `route "room" takes 2 path parameters \(id, room\), got 3`
	routes.RouteURL("tenants.tenant_home") // want `route "tenants.tenant_home" of a wildcard domain takes the subdomain and no path parameters, got 0 arguments`

	// Constraints.
	routes.RouteURL("show_hotel", "abc")                              // want `routes.RouteURL: route "show_hotel", :id\[number\]: "abc" is not a number`
	routes.RouteURL("show_hotel", -1)                                 // want `route "show_hotel", :id\[number\]: "-1" is not a number`
	routes.RouteURL("room", 42, "abcd")                               // want `route "room", :room\[alpha,max=3\]: "abcd" is longer than 3 characters`
	routes.RouteURL("booking", "not-a-uuid")                          // want `route "booking", :ref\[uuid4\]: "not-a-uuid" is not a version 4 UUID`
	routes.RouteURL("page", "de", "x")                                // want `route "page", :lang\[oneof=en fr\]: "de" is not one of en, fr`
	routes.RouteURLNamedArgs("show_hotel", map[string]any{"id": "x"}) // want `routes.RouteURLNamedArgs: route "show_hotel", :id\[number\]: "x" is not a number`

	// Named arguments.
	routes.RouteURLNamedArgs("show_hotel", map[string]any{"sort": "name"}) // want `routes.RouteURLNamedArgs: route "show_hotel" needs the path parameter "id"`
	routes.RouteURLNamedArgs("show_hotel", map[string]any{"ID": 42})       // want `routes.RouteURLNamedArgs: route "show_hotel" has no path parameter "ID" \(did you mean "id"\?\)`
	routes.RouteURLNamedArgs("room", map[string]any{"id": 1, "rom": "ab"}) // want `route "room" has no path parameter "rom" \(did you mean "room"\?\)`
	routes.RouteURLNamedArgs("tenants.tenant_home", map[string]any{})      // want `route "tenants.tenant_home" of a wildcard domain needs the argument "subdomain"`
}

// builder calls the name-based methods of URLBuilder, which check as the
// functions do, also on a router's builder.
func builder(rt *runtime.Router) {
	routes.URL.RouteURL("show_hotel", 42)
	routes.URL.WithBasePath("/svc").RouteURLNamedArgs("booking", map[string]any{"ref": "9b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d"})
	routes.URL.RouteURL("show_hotl", 42)                                              // want `routes.URLBuilder.RouteURL: no route named "show_hotl" \(did you mean "show_hotel"\?\)`
	routes.URL.WithBasePath("/svc").RouteURL("room", 1)                               // want `routes.URLBuilder.RouteURL: route "room" takes 2 path parameters \(id, room\), got 1`
	routes.URL.WithBasePath("/svc").RouteURLNamedArgs("show_hotel", map[string]any{}) // want `routes.URLBuilder.RouteURLNamedArgs: route "show_hotel" needs the path parameter "id"`
	routes.URL.RouteURLNamedArgs("show_hotel", map[string]any{"id": "x"})             // want `route "show_hotel", :id\[number\]: "x" is not a number`
	routes.URL.ForRouter(rt).RouteURL("room", 1)                                      // want `routes.URLBuilder.RouteURL: route "room" takes 2 path parameters \(id, room\), got 1`
}

// aahNames calls RouteURL with aah's names: a subdomain by its label, a
// wildcard domain by a label that is its subdomain, a domain's origin,
// and an anchor.
func aahNames() {
	routes.RouteURL("admin.dashboard#top")
	routes.RouteURL("acme.tenant_home")
	routes.RouteURL("tenants.tenant_home", "acme")
	routes.RouteURL("host")
	routes.RouteURL("admin.host")
	routes.RouteURL("show_hotel#rooms", 42)
	routes.RouteURLNamedArgs("acme.tenant_home", map[string]any{})
	routes.RouteURL("acme.tenant_home", "acme") // want `routes.RouteURL: route "tenants.tenant_home" takes no path parameters, got 1`
	routes.RouteURL("show_hotel#rooms", "x")    // want `route "show_hotel", :id\[number\]: "x" is not a number`
	routes.RouteURL("acme.no_such_route")       // want `routes.RouteURL: no route named "acme.no_such_route"`
}

func paths(w http.ResponseWriter, r *http.Request, id string, n int) {
	// Valid.
	http.Redirect(w, r, "/", http.StatusFound)
	http.Redirect(w, r, "/café", http.StatusFound)
	http.Redirect(w, r, "/caf%c3%a9", http.StatusFound)
	http.Redirect(w, r, "/hotels/42", http.StatusSeeOther)
	http.Redirect(w, r, "/hotels/42/rooms/abc?view=1#top", http.StatusFound)
	http.Redirect(w, r, "/hotels", http.StatusPermanentRedirect) // POST or GET: the method is kept
	http.Redirect(w, r, "/docs/", http.StatusFound)
	http.Redirect(w, r, "/docs/guide/intro.html", http.StatusFound)
	http.Redirect(w, r, "/pages/en/a/b", http.StatusFound)
	http.Redirect(w, r, "http://admin.localhost:8080/", http.StatusFound)
	http.Redirect(w, r, "//acme.localhost:8080/home", http.StatusFound)
	http.Redirect(w, r, "https://example.org/anything", http.StatusFound)
	http.Redirect(w, r, "relative/path", http.StatusFound)
	http.Redirect(w, r, "mailto:someone@example.org", http.StatusFound)
	http.Redirect(w, r, "/hotels/"+id, http.StatusFound)
	http.Redirect(w, r, "/hotels/"+id+"/rooms/"+id, http.StatusFound)
	http.Redirect(w, r, "/pages/"+id, http.StatusFound)
	http.Redirect(w, r, "/search?q="+id, http.StatusFound)
	http.Redirect(w, r, fmt.Sprint("/nowhere/", n), http.StatusFound)
	http.Redirect(w, r, fmt.Sprintf("/hotels/%d/rooms/%s", n, id), http.StatusFound)
	http.Redirect(w, r, fmt.Sprintf("%s/hotel", id), http.StatusFound)
	http.Redirect(w, r, id, http.StatusFound)
	w.Header().Set("Location", "/search")
	w.Header().Set("Content-Location", "/nowhere")
	r.Header.Set("Location", "/nowhere")

	// Paths no route serves.
	http.Redirect(w, r, "/hotel/42", http.StatusFound)                          // want `no route serves GET /hotel/42 \(did you mean "/hotels/42"\?\)$`
	http.Redirect(w, r, "/hotels/42/edit", http.StatusTemporaryRedirect)        // want `no route serves /hotels/42/edit$`
	http.Redirect(w, r, "http://admin.localhost:8080/hotels", http.StatusFound) // want `no route serves GET /hotels on admin.localhost:8080`
	http.Redirect(w, r, "http://acme.localhost/", http.StatusFound)             // want `no route serves GET / on acme.localhost`
	w.Header().Set("Location", "/serch")                                        // want `no route serves GET /serch \(did you mean "/search"\?\)$`
	w.Header().Add("location", "/serch")                                        // want `no route serves GET /serch \(did you mean "/search"\?\)$`
	w.Header().Set("Location", "/hotels/1/book")                                // want `no GET route serves /hotels/1/book \(only POST\)$`
	http.Redirect(w, r, "/cafe", http.StatusFound)                              // want `no route serves GET /cafe$`
	http.Redirect(w, r, "/live", http.StatusFound)                              // the WebSocket route's handshake is a GET
	http.Redirect(w, r, "/search", http.StatusMovedPermanently)

	// Served only by a redirect, or answered 400.
	http.Redirect(w, r, "/search/", http.StatusFound)              // want `/search/ is served only by a redirect to /search; the helper routes.URL.Search\(\) builds that path`
	http.Redirect(w, r, "/docs", http.StatusFound)                 // want `/docs is served only by a redirect to /docs/$`
	http.Redirect(w, r, "/hotels//42", http.StatusFound)           // want `/hotels//42 is served only by a redirect to /hotels/42`
	http.Redirect(w, r, "/hotels/abc", http.StatusFound)           // want `GET /hotels/abc is answered 400: route "show_hotel", :id\[number\]: "abc" is not a number`
	http.Redirect(w, r, "/hotels/x42/", http.StatusFound)          // want `^GET /hotels/x42/ is only redirected, to /hotels/x42, which is answered 400: route "show_hotel", :id\[number\]: "x42" is not a number$`
	http.Redirect(w, r, "/hotels//x42/", http.StatusFound)         // want `^GET /hotels//x42/ is only redirected, to /hotels/x42/ and then to /hotels/x42, which is answered 400: route "show_hotel", :id\[number\]: "x42" is not a number$`
	http.Redirect(w, r, "/hotels/7/rooms/abcd/", http.StatusFound) // want `^GET /hotels/7/rooms/abcd/ is only redirected, to /hotels/7/rooms/abcd, which is answered 400: route "room", :room\[alpha,max=3\]: `
	http.Redirect(w, r, "/hotel//42", http.StatusFound)            // want `^GET /hotel//42 is only redirected, to /hotel/42, which no route serves \(did you mean "/hotels/42"\?\)$`
	http.Redirect(w, r, "/hotels/./x", http.StatusFound)           // want `^GET /hotels/./x is only redirected, to /hotels/x, which is answered 400: route "show_hotel", :id\[number\]: "x" is not a number$`

	// Concatenation.
	http.Redirect(w, r, "/hotel/"+id, http.StatusFound) // want `no route path begins with /hotel/`
	http.Redirect(w, r, "/hotels/"+id+"/room/"+id, http.StatusFound)
	http.Redirect(w, r, "/serch?q="+id, http.StatusFound)                     // want `no route serves /serch \(did you mean "/search"\?\)$`
	http.Redirect(w, r, "http://admin.localhost:8080/x"+id, http.StatusFound) // want `no route path begins with /x`
	http.Redirect(w, r, fmt.Sprintf("/hotel/%d", n), http.StatusFound)        // want `no route path begins with /hotel/`
	w.Header().Set("Location", "/bookings/x/"+id)                             // want `no route path begins with /bookings/x/`
}

// contextRedirects redirects with a Context's Redirect, which writes its
// target uncleaned: checked as http.Redirect.
func contextRedirects(ctx *runtime.Context) {
	ctx.Redirect("/hotels/42", http.StatusFound)
	ctx.Redirect("/hotel/42", http.StatusFound)                   // want `no route serves GET /hotel/42 \(did you mean "/hotels/42"\?\)$`
	ctx.Redirect("/hotels/42/edit", http.StatusSeeOther)          // want `no route serves GET /hotels/42/edit$`
	ctx.Redirect("/hotels/42/edit", http.StatusPermanentRedirect) // want `no route serves /hotels/42/edit$`
}
