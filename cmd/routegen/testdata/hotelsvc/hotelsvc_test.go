package hotelsvc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"example.com/shop/hotelsvc/routes"
	"github.com/routegen/routegen/runtime"
)

type exchange struct {
	method, host, path string
	header             map[string]string
	body               string
	status             int
	want               string            // the body, or a part of a JSON body
	wantHeader         map[string]string // "" for a header that must be absent
}

func (e exchange) do(t *testing.T, srv *httptest.Server) {
	t.Helper()
	req, err := http.NewRequest(e.method, srv.URL+e.path, strings.NewReader(e.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = e.host
	for k, v := range e.header {
		req.Header.Set(k, v)
	}
	resp, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != e.status || !bytes.Contains(body, []byte(e.want)) {
		t.Errorf("%s %s%s = %d %s; want %d with %s", e.method, e.host, e.path, resp.StatusCode, body, e.status, e.want)
	}
	for k, v := range e.wantHeader {
		if got := resp.Header.Get(k); got != v {
			t.Errorf("%s %s%s: %s = %q, want %q", e.method, e.host, e.path, k, got, v)
		}
	}
}

func TestService(t *testing.T) {
	router, err := NewRouter(runtime.WithDefaultDomain("site"), runtime.WithStaticFS(os.DirFS(".")))
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{
		ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey {
				return slog.Attr{}
			}
			return a
		},
	}))
	srv := httptest.NewServer(Logger(log, router))
	defer srv.Close()
	session := map[string]string{"Cookie": "session=ann"}
	token := map[string]string{"Authorization": "Bearer s3cret"}
	site, api := "localhost", "api.localhost"
	for _, e := range []exchange{
		{method: "GET", host: site, path: "/hotels/42", status: 200, want: "hotel 42"},
		{method: "GET", host: site, path: "/hotels/abc", status: 400, want: `"constraint":"number,min=1","error":"\"abc\" is not a number","param":"id"`},
		{method: "GET", host: site, path: "/hotels/0", status: 400, want: `"error":"\"0\" is less than 1"`},
		{method: "GET", host: site, path: "/hotels/404", status: 404, want: `"error":"no such hotel"`},
		{method: "GET", host: site, path: "/cities/x/hotels", status: 400, want: `is shorter than 2 characters`},
		{method: "DELETE", host: site, path: "/hotels/42", status: 405, want: `"error":"Method Not Allowed"`, wantHeader: map[string]string{"Allow": "GET, HEAD, OPTIONS"}},
		{method: "GET", host: site, path: "/account", status: 401, want: `"error":"Unauthorized"`},
		{method: "GET", host: site, path: "/account", header: session, status: 200, want: "account of ann"},
		{method: "POST", host: site, path: "/hotels/42/book", header: session, body: "2 guests", status: 200, want: "ann booked hotel 42 (8 bytes)"},
		{method: "POST", host: site, path: "/hotels/42/book", header: session, body: strings.Repeat("x", 16<<10+1), status: 413, want: `"status":413`},
		{method: "GET", host: site, path: "/static/css/site.css", status: 200, want: "navy"},
		{method: "GET", host: site, path: "/static/.env", status: 404},
		{method: "GET", host: "www.localhost", path: "/hotels", status: 200, want: "hotels"}, // the default domain
		// The API: CORS on its group only, its middleware on every reply of its routes.
		{method: "GET", host: api, path: "/v1/hotels/7", header: map[string]string{"Origin": "http://localhost:8080"}, status: 200, want: `{"id":7}`,
			wantHeader: map[string]string{"Access-Control-Allow-Origin": "http://localhost:8080", "API-Version": "1"}},
		{method: "GET", host: site, path: "/hotels", header: map[string]string{"Origin": "http://localhost:8080"}, status: 200,
			wantHeader: map[string]string{"Access-Control-Allow-Origin": "", "API-Version": ""}},
		{method: "OPTIONS", host: api, path: "/v1/hotels/7/rating/5", header: map[string]string{"Origin": "http://localhost:8080", "Access-Control-Request-Method": "PUT"}, status: 204,
			wantHeader: map[string]string{"Access-Control-Allow-Methods": "PUT"}},
		{method: "PUT", host: api, path: "/v1/hotels/7/rating/5", status: 401, wantHeader: map[string]string{"API-Version": "1"}},
		{method: "PUT", host: api, path: "/v1/hotels/7/rating/5", header: token, status: 200, want: `{"id":7,"stars":5}`},
		{method: "PUT", host: api, path: "/v1/hotels/7/rating/6", header: token, status: 400, want: `"error":"\"6\" is more than 5"`},
		{method: "GET", host: api, path: "/v1/bookings/paid", header: token, status: 200, want: `{"status":"paid"}`},
		{method: "GET", host: api, path: "/v1/bookings/lost", header: token, status: 400, want: `is not one of open, paid, cancelled`},
	} {
		e.do(t, srv)
	}
	for _, want := range []string{
		`method=GET path=/hotels/42 route="GET /hotels/{id}"`,
		`method=PUT path=/v1/hotels/7/rating/5 route="PUT api.localhost/v1/hotels/{id}/rating/{stars}"`,
		`method=GET path=/static/css/site.css route="GET /static/{filepath...}"`,
		`method=DELETE path=/hotels/42 route=""`, // a 405: no route ran
	} {
		if !strings.Contains(logged.String(), want) {
			t.Errorf("the log lacks %s:\n%s", want, logged.String())
		}
	}
}

// TestMounted serves the router under /svc: its redirects keep the prefix,
// URL.WithBasePath writes it, and a logger inside http.StripPrefix sees the
// route.
func TestMounted(t *testing.T) {
	router, err := NewRouter(runtime.WithDefaultDomain("site"))
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	srv := httptest.NewServer(http.StripPrefix("/svc", Logger(slog.New(slog.NewTextHandler(&logged, nil)), router)))
	defer srv.Close()
	client := srv.Client()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Get(srv.URL + "/svc/hotels/42/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	u, err := routes.URL.WithBasePath("/svc").ShowHotel(42)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != u || u != "/svc/hotels/42" {
		t.Errorf("GET /svc/hotels/42/ = %d to %q; want 301 to %q", resp.StatusCode, resp.Header.Get("Location"), u)
	}
	resp, err = client.Get(srv.URL + u)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if !strings.Contains(logged.String(), `path=/hotels/42 route="GET /hotels/{id}"`) {
		t.Errorf("GET %s logged\n%s", u, logged.String())
	}
}

// TestAction calls one action through router.NewContext, with a subject
// standing in for the authenticator.
func TestAction(t *testing.T) {
	router, err := NewRouter(runtime.WithDefaultDomain("site"))
	if err != nil {
		t.Fatal(err)
	}
	w := httptest.NewRecorder()
	ctx, err := router.NewContext(w, httptest.NewRequest("GET", "/account", nil))
	if err != nil {
		t.Fatal(err)
	}
	ctx.SetSubject(user("bob"))
	if err := (Account{}).Show(ctx); err != nil || w.Body.String() != "account of bob" {
		t.Errorf("Show = %v, %q", err, w.Body.String())
	}
	_, err = router.NewContext(httptest.NewRecorder(), httptest.NewRequest("GET", "http://api.localhost/v1/hotels/x", nil))
	var re *runtime.Error
	if !errors.As(err, &re) || re.Status != 400 || re.Param != "id" {
		t.Errorf("NewContext of /v1/hotels/x: %v; want the 400 of parameter id", err)
	}
	if _, err := routes.RouteURL("get_hotel", 7); err == nil || !strings.Contains(err.Error(), `did you mean "api.get_hotel"?`) {
		t.Errorf("RouteURL(get_hotel): %v", err)
	}
	if u, err := routes.RouteURL("api.get_hotel", 7); err != nil || u != "//api.localhost/v1/hotels/7" {
		t.Errorf("RouteURL(api.get_hotel) = %q, %v", u, err)
	}
	var body map[string]any
	rec := httptest.NewRecorder()
	router.ServeHTTP(rec, httptest.NewRequest("GET", "/hotels/abc", nil))
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body["param"] != "id" {
		t.Errorf("the 400 of /hotels/abc: %s, %v", rec.Body.String(), err)
	}
}
