package runtime

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"
)

// failing answers route "fail" with an error whose text clients must not see.
type failing struct{}

func (failing) Dispatch(ctx *Context, _ int) error {
	if ctx.route().Name == "fail" {
		return errors.New("db: password authentication failed for user app")
	}
	return nil
}

// TestJSONErrorHandler: the router's replies and an action's error come
// back as aah's JSON error bodies, with the status text or the router's
// reason, never the action's error text.
func TestJSONErrorHandler(t *testing.T) {
	tbl := &table{
		Domains: []Domain{{Key: "site", Host: "localhost", MethodNotAllowed: true}},
		Routes: []Route{
			{Index: 0, Name: "secret", Method: "GET", Path: "/secret", Auth: "basic_auth"},
			{Index: 1, Name: "fail", Method: "GET", Path: "/fail", Auth: AuthAnonymous},
			{Index: 2, Name: "item", Method: "GET", Path: "/items/:id", Auth: AuthAnonymous, Params: []string{"id"}, Constraints: []string{"number"}},
		},
	}
	_, _, newRouter, _, _, _ := newTable(tbl.Domains, tbl.Routes, tbl.CatchAlls, nil, tbl.AuthSchemes, tbl.SecureHeaders, tbl.Root, tbl.MaxBodySize)
	router, err := newRouter(failing{}, []Option{
		WithAuthenticator("basic_auth", func(*Context) (Subject, error) { return nil, errors.New("no credentials") }),
		WithErrorHandler(JSONErrorHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		method, path string
		status       int
		body         string
	}{
		{"GET", "/secret", 401, `{"code":401,"message":"Unauthorized"}`},
		{"GET", "/fail", 500, `{"code":500,"message":"Internal Server Error"}`},
		{"GET", "/items/x", 400, `{"code":400,"message":"path parameter \"id\": \"x\" is not a number"}`},
		{"GET", "/nowhere", 404, `{"code":404,"message":"Not Found"}`},
		{"POST", "/fail", 405, `{"code":405,"message":"Method Not Allowed"}`},
	} {
		w := httptest.NewRecorder()
		router.ServeHTTP(w, httptest.NewRequest(tt.method, "http://localhost"+tt.path, nil))
		if got := w.Body.String(); w.Code != tt.status || got != tt.body+"\n" || w.Header().Get("Content-Type") != "application/json; charset=utf-8" {
			t.Errorf("%s %s: %d %s %q; want %d %s", tt.method, tt.path, w.Code, w.Header().Get("Content-Type"), got, tt.status, tt.body)
		}
	}
}

// TestJSONErrorHandlerKeepsAllow: a 405 keeps the Allow header the router set.
func TestJSONErrorHandlerKeepsAllow(t *testing.T) {
	tbl := &table{
		Domains: []Domain{{Key: "site", Host: "localhost", MethodNotAllowed: true}},
		Routes:  []Route{{Index: 0, Name: "home", Method: "GET", Path: "/"}},
	}
	_, _, newRouter, _, _, _ := newTable(tbl.Domains, tbl.Routes, tbl.CatchAlls, nil, tbl.AuthSchemes, tbl.SecureHeaders, tbl.Root, tbl.MaxBodySize)
	router, err := newRouter(failing{}, []Option{WithErrorHandler(JSONErrorHandler)})
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	router.ServeHTTP(w, httptest.NewRequest("DELETE", "http://localhost/", nil))
	if w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") == "" {
		t.Errorf("DELETE /: %d, Allow %q", w.Code, w.Header().Get("Allow"))
	}
}
