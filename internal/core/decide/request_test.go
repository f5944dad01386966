package decide

import (
	"net/http/httptest"
	"testing"
)

func TestHeaderHasToken(t *testing.T) {
	if !headerHasToken("keep-alive, Upgrade", "upgrade") || headerHasToken("upgraded", "upgrade") || !headerHasToken("WebSocket", "websocket") {
		t.Error("headerHasToken is wrong")
	}
}

func TestMountPath(t *testing.T) {
	tab := &Table{}
	for _, c := range []struct{ requestURI, urlPath, rawPath, want string }{
		{"/svc/hotels/1/", "/hotels/1/", "", "/svc"},
		{"/svc//x?a=b", "//x", "", "/svc"},
		{"/a/b/c", "/b/c", "", "/a"},
		{"/hotels/1/", "/hotels/1/", "", ""},
		{"http://example.com/svc/x", "/x", "", "/svc"},
		{"//evil.example/x", "/x", "", ""},
		{"/svc/x", "/other", "", ""},
		{"/svc/a%2Fb", "/a/b", "/a%2Fb", "/svc"},
		{"http://example.com/x?a=b", "/x", "", ""},
		{"http://example.com", "", "", ""},
		{"/a%2Fb", "/a/b", "/a%2Fb", ""},
		{"http://example.com/a%2Fb", "/a/b", "/a%2Fb", ""},
	} {
		r := httptest.NewRequest("GET", "http://example.com/", nil)
		r.RequestURI, r.URL.Path, r.URL.RawPath = c.requestURI, c.urlPath, c.rawPath
		if got := tab.MountPath(r); got != c.want {
			t.Errorf("MountPath of %q with URL path %q (raw %q) = %q, want %q", c.requestURI, c.urlPath, c.rawPath, got, c.want)
		}
	}
	based := &Table{basePath: "/svc"}
	if got := based.MountPath(httptest.NewRequest("GET", "/x", nil)); got != "/svc" {
		t.Errorf("WithBasePath: %q", got)
	}
}

// TestMountPathAllocatesNothing: a request line whose path is the URL's,
// in the origin form or the absolute form, escaped or not, has no mount
// path, and finding so allocates nothing (a link of URL.ForRequest asks).
func TestMountPathAllocatesNothing(t *testing.T) {
	tab := &Table{}
	for _, target := range []string{"/hotels/1", "/a%2Fb?x=1", "http://example.com/hotels/1", "http://example.com:8080/a%2Fb"} {
		r := httptest.NewRequest("GET", target, nil)
		if allocs := testing.AllocsPerRun(10, func() { tab.MountPath(r) }); allocs != 0 || tab.MountPath(r) != "" {
			t.Errorf("MountPath of %s: %q in %.0f allocations, want \"\" in none", target, tab.MountPath(r), allocs)
		}
	}
}
