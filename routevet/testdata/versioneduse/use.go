// Package versioneduse builds paths for the table of package versioned.
package versioneduse

import (
	"fmt"
	"net/http"
	"net/http/httptest"

	"example.com/hotels/versioned"
)

var table = versioned.Routes

func handler(w http.ResponseWriter, r *http.Request, id int) {
	http.Redirect(w, r, fmt.Sprintf("/hotels/%d", id), http.StatusFound)
	http.Redirect(w, r, fmt.Sprintf("/v2/users?page=%d", id), http.StatusFound)
	// /:version takes these beginnings only for a version it allows.
	http.Redirect(w, r, fmt.Sprintf("/zzz/%d", id), http.StatusFound)   // want `no route path begins with /zzz/`
	http.Redirect(w, r, fmt.Sprintf("/hotel/%d", id), http.StatusFound) // want `no route path begins with /hotel/`
	// A Location is followed with a GET, whatever sets it.
	w.Header().Set("Location", "/hotels/1/book")            // want `no GET route serves /hotels/1/book \(only POST\)$`
	http.Redirect(w, r, "/hotels/1/book", http.StatusFound) // want `no GET route serves /hotels/1/book \(only POST\)$`
	// A request is judged by its method.
	httptest.NewRequest("POST", "/hotels/1/book", nil)
	httptest.NewRequest("GET", "/hotels/1/book", nil) // want `no GET route serves /hotels/1/book \(only POST\)$`
	httptest.NewRequest("GET", "/v3/users", nil)      // want `GET /v3/users is answered 400: route "users", :version\[oneof=v1 v2\]: "v3" is not one of v1, v2`
}
