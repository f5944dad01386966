// Package fixes holds paths that only a redirect serves, whose fixes call
// the typed URL helper of the redirect's target when it returns the URL
// alone.
package fixes

import (
	"net/http"

	r "example.com/hotels/routes"
)

func handler(w http.ResponseWriter, req *http.Request) {
	http.Redirect(w, req, "/hotels/", http.StatusFound)       // want `/hotels/ is served only by a redirect to /hotels; the helper r.URL.Hotels\(\) builds that path`
	http.Redirect(w, req, "/caf%C3%A9/", http.StatusFound)    // want `the helper r.URL.Cafe\(\) builds that path`
	http.Redirect(w, req, "/docs/a//b", http.StatusFound)     // want `/docs/a//b is served only by a redirect to /docs/a/b$`
	http.Redirect(w, req, "/docs/./a%20b", http.StatusFound)  // want `/docs/./a%20b is served only by a redirect to /docs/a%20b$`
	http.Redirect(w, req, "/hotels/42/", http.StatusFound)    // want `/hotels/42/ is served only by a redirect to /hotels/42$`
	http.Redirect(w, req, "/pages/en//a/b", http.StatusFound) // want `/pages/en//a/b is served only by a redirect to /pages/en/a/b$`
	http.Redirect(w, req, "/search/?q=1", http.StatusFound)   // want `/search/ is served only by a redirect to /search$`
	http.Redirect(w, req, "/docs", http.StatusFound)          // want `/docs is served only by a redirect to /docs/$`
	const target = "/search/"
	http.Redirect(w, req, target, http.StatusFound) // want `/search/ is served only by a redirect to /search$`
}

var home = r.URL.Home()
