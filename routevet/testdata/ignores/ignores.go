// Package ignores holds findings that are meant, silenced by
// //routegen:ignore comments, and comments that are misused.
package ignores

import (
	"net/http"
	"net/http/httptest"

	"example.com/hotels/routes"
)

var table = routes.Routes

func requests() {
	httptest.NewRequest("GET", "/hotels/abc", nil) //routegen:ignore the test wants the 400 of a non-number

	//routegen:ignore the test wants the 404
	httptest.NewRequest("GET", "/nowhere", nil)

	httptest.NewRequest("GET", "/nowhere/else", nil) /* want `routegen:ignore needs a reason` `no route serves GET /nowhere/else` */ //routegen:ignore

	//routegen:ignore nothing to silence here // want `routegen:ignore silences no finding on its line or the next`
	httptest.NewRequest("GET", "/hotels", nil)

	var w http.ResponseWriter
	var r *http.Request
	http.Redirect(w, r, "/nowhere/at/all", http.StatusFound) // want `no route serves GET /nowhere/at/all`
}
