package routegenimpl_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/routegenimpl/internal/version7"
)

type hotels struct{}

func (hotels) Show(ctx *runtime.Context, id int64) error {
	_, err := io.WriteString(ctx.Res, "hotel "+strconv.FormatInt(id, 10))
	return err
}

func (hotels) Search(ctx *runtime.Context, term string) error {
	_, err := io.WriteString(ctx.Res, "search "+term)
	return err
}

func (hotels) Shared(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "shared")
	return err
}

type admin struct{}

func (admin) Dashboard(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "dashboard")
	return err
}

func (admin) Any(ctx *runtime.Context) error {
	_, err := io.WriteString(ctx.Res, "any "+ctx.Req.URL.Path)
	return err
}

// TestPreviousVersionServes: a package written for version 7 of this API,
// kept as it was written, builds with this runtime (its version check
// does not compile once MinVersion passes 7) and serves its routes, its
// policies and its URLs.
func TestPreviousVersionServes(t *testing.T) {
	router, err := version7.NewRouter(admin{}, hotels{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(router)
	defer srv.Close()
	for _, c := range []struct {
		host, path, origin string
		status             int
		body, allowOrigin  string
	}{
		{host: "app.example.com", path: "/hotels/42", status: 200, body: "hotel 42"},
		{host: "app.example.com", path: "/hotels/x", status: 400},
		{host: "app.example.com", path: "/search/caf%C3%A9", status: 200, body: "search café"},
		{host: "app.example.com", path: "/shared", origin: "https://spa.example.com", status: 200, body: "shared", allowOrigin: "https://spa.example.com"},
		{host: "admin.example.com", path: "/", status: 200, body: "dashboard"},
		{host: "admin.example.com", path: "/else", status: 200, body: "any /else"},
	} {
		req, err := http.NewRequest("GET", srv.URL+c.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = c.host
		if c.origin != "" {
			req.Header.Set("Origin", c.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != c.status || c.body != "" && string(body) != c.body || resp.Header.Get("Access-Control-Allow-Origin") != c.allowOrigin {
			t.Errorf("GET http://%s%s = %d %q, Access-Control-Allow-Origin %q; want %d %q, %q",
				c.host, c.path, resp.StatusCode, body, resp.Header.Get("Access-Control-Allow-Origin"), c.status, c.body, c.allowOrigin)
		}
	}
	if u, err := version7.URL.Hotel(42); err != nil || u != "/hotels/42" {
		t.Errorf("URL.Hotel(42) = %q, %v; want /hotels/42", u, err)
	}
	if u := version7.URL.AdminDashboard(); u != "//admin.example.com/" {
		t.Errorf("URL.AdminDashboard() = %q; want //admin.example.com/", u)
	}
}
