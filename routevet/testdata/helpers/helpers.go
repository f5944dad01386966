// Package helpers is checked with -helpers: literal paths a typed URL
// helper builds are reported, with a fix that calls it.
package helpers

import (
	"net/http"
	"net/http/httptest"

	"example.com/hotels/routes"
)

func handler(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/hotels/42", http.StatusFound)                                     // want `/hotels/42 can be written routes.URL.ShowHotel\(42\)`
	http.Redirect(w, r, "/", http.StatusFound)                                              // want `/ can be written routes.URL.Home\(\)`
	http.Redirect(w, r, "/bookings/9b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d", http.StatusFound) // want `can be written routes.URL.Booking\("9b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d"\)`
	http.Redirect(w, r, "/hotels/042", http.StatusFound)                                    // the helper writes 42
	http.Redirect(w, r, "/search?q=x", http.StatusFound)                                    // a query the helper does not write
	http.Redirect(w, r, "http://admin.localhost:8080/", http.StatusFound)
	w.Header().Set("Location", "/pages/fr/guide")   // want `/pages/fr/guide can be written routes.URL.Page\("fr", "guide"\)`
	httptest.NewRequest("DELETE", "/hotels/7", nil) // want `/hotels/7 can be written routes.URL.DeleteHotel\(7\)`
}

var home = routes.URL.Home()
