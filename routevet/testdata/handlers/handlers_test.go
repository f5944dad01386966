package handlers_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"example.com/hotels/routes"
)

func TestRequests(t *testing.T) {
	ctx := context.Background()
	method := "GET"
	var base string
	// Valid.
	httptest.NewRequest("GET", "/hotels/42", nil)
	httptest.NewRequest("", "/hotels/42", nil)
	httptest.NewRequest("HEAD", "/hotels/42", nil)
	httptest.NewRequest("DELETE", "/hotels/42", nil)
	httptest.NewRequest("POST", "/hotels", nil)
	httptest.NewRequest("OPTIONS", "/search", nil)
	httptest.NewRequest(method, "/hotels", nil)
	httptest.NewRequest("GET", "http://acme.localhost:8080/home", nil)
	httptest.NewRequestWithContext(ctx, "GET", "/search?q=x", nil)
	http.NewRequest("GET", "http://localhost:8080/hotels", nil)
	http.NewRequest("GET", "https://api.example.org/v1/anything", nil)
	http.NewRequest("GET", base+"/anything", nil)
	http.NewRequestWithContext(ctx, "POST", "/hotels", nil)
	_, _ = routes.URL.ShowHotel(42)

	// Mistakes.
	httptest.NewRequest("GET", "/userz", nil)                                      // want `no route serves GET /userz$`
	httptest.NewRequest("PUT", "/hotels/42", nil)                                  // want `no PUT route serves /hotels/42 \(only DELETE, GET\)`
	httptest.NewRequest("POST", "/search", nil)                                    // want `no POST route serves /search \(only GET\)`
	httptest.NewRequestWithContext(ctx, "GET", "/hotels/", nil)                    // want `/hotels/ is served only by a redirect to /hotels`
	httptest.NewRequest("PUT", "/hotels//42", nil)                                 // want `^PUT /hotels//42 is only redirected, to /hotels/42, which no PUT route serves \(only DELETE, GET\)$`
	http.NewRequest("GET", "http://localhost:8080/hotel", nil)                     // want `no route serves GET /hotel on localhost:8080`
	http.NewRequestWithContext(ctx, "DELETE", "http://admin.localhost:8080/", nil) // want `no DELETE route serves / \(only GET\)`
	http.NewRequest("GET", "/bookings/123e4567-e89b-12d3-a456-426614174000", nil)  // want `GET /bookings/123e4567-e89b-12d3-a456-426614174000 is answered 400: route "booking", :ref\[uuid4\]: "123e4567-e89b-12d3-a456-426614174000" is not a version 4 UUID`
	http.NewRequest("GET", "http://localhost:8080/hotel/"+method, nil)             // want `no route path begins with /hotel/`
}
