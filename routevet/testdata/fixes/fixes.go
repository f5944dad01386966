// Package fixes holds paths that only a redirect serves, whose fixes call
// the typed URL helper of the redirect's target.
package fixes

import (
	"net/http"

	r "example.com/hotels/routes"
)

func handler(w http.ResponseWriter, req *http.Request) {
	http.Redirect(w, req, "/hotels/42/", http.StatusFound)           // want `/hotels/42/ is served only by a redirect to /hotels/42; the helper r.URL.ShowHotel\(42\) builds that path`
	http.Redirect(w, req, "/hotels/42/rooms/abc/", http.StatusFound) // want `the helper r.URL.Room\(42, "abc"\) builds that path`
	http.Redirect(w, req, "/pages/en//a/b", http.StatusFound)        // want `/pages/en//a/b is served only by a redirect to /pages/en/a/b; the helper r.URL.Page\("en", "a/b"\) builds that path`
	http.Redirect(w, req, "/pages/en/./a%20b", http.StatusFound)     // want `the helper r.URL.Page\("en", "a b"\) builds that path`
	http.Redirect(w, req, "/search/?q=1", http.StatusFound)          // want `/search/ is served only by a redirect to /search$`
	http.Redirect(w, req, "/docs", http.StatusFound)                 // want `/docs is served only by a redirect to /docs/$`
	const target = "/search/"
	http.Redirect(w, req, target, http.StatusFound) // want `/search/ is served only by a redirect to /search$`
}

var home = r.URL.Home()
