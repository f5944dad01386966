package routes // want package:`routes\(16\)`

import "net/http"

// Links are the package's own uses of its routes.
func Links(w http.ResponseWriter, r *http.Request) {
	RouteURL("show_hotel", 1)
	RouteURL("show_hotels", 1) // want `routes.RouteURL: no route named "show_hotels" \(did you mean "show_hotel"\?\)`
	http.Redirect(w, r, URL.Hotels(), http.StatusFound)
	http.Redirect(w, r, "/hotel", http.StatusFound) // want `no route serves GET /hotel \(did you mean "/hotels"\?\)$`
}
