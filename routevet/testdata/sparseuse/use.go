// Package sparseuse uses the hand-written table of package sparse.
package sparseuse

import (
	"net/http"

	"example.com/hotels/sparse"
)

func handler(w http.ResponseWriter, r *http.Request) {
	sparse.RouteURL("item", 7)
	sparse.RouteURL("files.file")
	sparse.RouteURL("item", "x")                                          // want `route "item", :id\[number\]: "x" is not a number`
	sparse.RouteURL("itm", 1)                                             // want `no route named "itm" \(did you mean "item"\?\)`
	http.Redirect(w, r, "http://example.com/items/1/", http.StatusFound)  // want `/items/1/ is served only by a redirect to /items/1$`
	http.Redirect(w, r, "/items/1/", http.StatusFound)                    // the catch_all of files.example.com may serve it
	http.Redirect(w, r, "//files.example.com/anything", http.StatusFound) // served by the catch_all
	// A catch_all answers only after the redirects and 405 of its domain.
	http.Redirect(w, r, "http://files.example.com/f/", http.StatusFound)   // want `^/f/ is served only by a redirect to /f$`
	http.Redirect(w, r, "http://files.example.com/a//b", http.StatusFound) // want `^/a//b is served only by a redirect to /a/b$`
	http.NewRequest("GET", "http://files.example.com/upload", nil)         // want `^no GET route serves /upload \(only POST\)$`
	http.NewRequest("GET", "http://files.example.com/uploads", nil)        // served by the catch_all
	http.Redirect(w, r, "http://example.com/itemz", http.StatusFound)      // want `no route serves GET /itemz on example.com$`
	http.Redirect(w, r, "http://example.com/items/abc", http.StatusFound)  // want `GET /items/abc on example.com is answered 400`
}
