package golden_test

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/routegen/routegen/golden/rich"
	"github.com/routegen/routegen/runtime"
)

// TestNonASCIILiterals serves the rich example's routes with non-ASCII
// literals over HTTP, each path in every spelling a client may send: escaped
// in upper- or lower-case hex, or as raw UTF-8 bytes in the request line.
func TestNonASCIILiterals(t *testing.T) {
	srv := richServer(t)
	for _, x := range []struct {
		requestURI string
		status     int
		body       string
	}{
		{"/%CE%B1", 200, ""},
		{"/%ce%b1", 200, ""},
		{"/%Ce%B1", 200, ""},
		{"/α", 200, ""},
		{"/%CE%B1%CE%B2/v1/%CF%80x%20y", 200, "item v1 x y"},
		{"/%ce%b1%ce%b2/v1/%cf%80%C3%A9", 200, "item v1 é"},
		{"/αβ/v1/πé", 200, "item v1 é"},
		{"/ann/α", 200, "profile ann"},
		{"/é/%ce%b1", 200, "profile é"},
		{"/%C3%A9/α?q=1", 200, "profile é q=1"},
	} {
		req, err := http.NewRequest("GET", srv.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = mainHost
		req.URL.Opaque = x.requestURI // sent as is: raw bytes stay raw
		resp, err := noRedirects.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != x.status || !strings.Contains(string(body), x.body) {
			t.Errorf("GET %s = %d %q, want %d with %q", x.requestURI, resp.StatusCode, body, x.status, x.body)
		}
	}
}

// TestNonASCIIURLHelpers checks that URL helpers write non-ASCII literals
// escaped, as a client sends them, and that the URLs they write are found.
func TestNonASCIIURLHelpers(t *testing.T) {
	must := mustURL(t)
	for got, want := range map[string]string{
		rich.URL.Alpha():                      "/%CE%B1",
		must(rich.URL.GreekItem("v1", "a b")): "/%CE%B1%CE%B2/v1/%CF%80a%20b",
		must(rich.URL.ProfileAlpha("é")):      "/%C3%A9/%CE%B1",
	} {
		if got != want {
			t.Errorf("URL = %q, want %q", got, want)
		}
		if _, err := url.ParseRequestURI(got); err != nil {
			t.Errorf("URL %q: %v", got, err)
		}
		var m runtime.Match
		rich.Lookup(&m, "GET", mainHost, got)
		if m.Status() != 200 || m.Route() == nil {
			t.Errorf("Lookup(%q) = %d, want a route", got, m.Status())
		}
	}
}

// TestNonASCIIRouteURL checks that RouteURL, which builds from the route's
// pattern, writes the literals escaped too.
func TestNonASCIIRouteURL(t *testing.T) {
	for _, c := range []struct {
		name string
		args []any
		want string
	}{
		{"alpha", nil, "/%CE%B1"},
		{"greek_item", []any{"v1", "é"}, "/%CE%B1%CE%B2/v1/%CF%80%C3%A9"},
		{"profile_alpha", []any{"a/b"}, "/a%2Fb/%CE%B1"},
	} {
		if got, err := rich.RouteURL(c.name, c.args...); err != nil || got != c.want {
			t.Errorf("RouteURL(%q, %v) = %q, %v; want %q", c.name, c.args, got, err, c.want)
		}
	}
}

// TestNonASCIIOtherLetter checks that another letter than the literal's,
// in any spelling, is not taken for it.
func TestNonASCIIOtherLetter(t *testing.T) {
	for _, path := range []string{"/%CE%B2", "/%ce%b2", "/β", "/%CE%B1x", "/%CE"} {
		var m runtime.Match
		rich.Lookup(&m, "GET", mainHost, path)
		if !m.CatchAll() {
			t.Errorf("Lookup(%q) found %v, want the catch_all", path, m.Route())
		}
	}
}

// TestNonASCIILookupAllocations keeps the promise of a Lookup without
// allocation for a path spelt as routegen writes it, non-ASCII literals
// included.
func TestNonASCIILookupAllocations(t *testing.T) {
	var m runtime.Match
	for _, path := range []string{"/%CE%B1", "/users/42", "/%CE%B1%CE%B2/v1/%CF%80x"} {
		if n := testing.AllocsPerRun(100, func() { rich.Lookup(&m, "GET", mainHost, path) }); n != 0 {
			t.Errorf("Lookup(%q) allocates %v times, want 0", path, n)
		}
	}
}
