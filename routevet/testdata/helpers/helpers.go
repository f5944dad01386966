// Package helpers is checked with -helpers: literal paths a typed URL
// helper builds are reported, with a fix that calls it, when the helper
// returns the URL alone.
package helpers

import (
	"net/http"
	"net/http/httptest"

	"example.com/hotels/routes"
)

func handler(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/", http.StatusFound)           // want `/ can be written routes.URL.Home\(\)`
	http.Redirect(w, r, "/hotels", http.StatusFound)     // want `/hotels can be written routes.URL.Hotels\(\)`
	http.Redirect(w, r, "/caf%C3%A9", http.StatusFound)  // want `/caf%C3%A9 can be written routes.URL.Cafe\(\)`
	http.Redirect(w, r, "/café", http.StatusFound)       // the helper escapes é
	http.Redirect(w, r, "/search?q=x", http.StatusFound) // a query the helper does not write
	http.Redirect(w, r, "http://admin.localhost:8080/", http.StatusFound)
	// The helpers whose values can fail (a constraint, a string, a
	// catch-all) return an error too: their call cannot stand where the
	// string does.
	w.Header().Set("Location", "/docs/guide/intro")
	http.Redirect(w, r, "/hotels/42", http.StatusFound)
	http.Redirect(w, r, "/bookings/9b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d", http.StatusFound)
	w.Header().Set("Location", "/pages/fr/guide")
	httptest.NewRequest("DELETE", "/hotels/7", nil)
}

var home = routes.URL.Home()
