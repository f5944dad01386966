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
	for _, c := range []struct{ requestURI, urlPath, want string }{
		{"/svc/hotels/1/", "/hotels/1/", "/svc"},
		{"/svc//x?a=b", "//x", "/svc"},
		{"/a/b/c", "/b/c", "/a"},
		{"/hotels/1/", "/hotels/1/", ""},
		{"http://example.com/svc/x", "/x", "/svc"},
		{"//evil.example/x", "/x", ""},
		{"/svc/x", "/other", ""},
	} {
		r := httptest.NewRequest("GET", "http://example.com/", nil)
		r.RequestURI, r.URL.Path = c.requestURI, c.urlPath
		if got := tab.MountPath(r); got != c.want {
			t.Errorf("MountPath of %q with URL path %q = %q, want %q", c.requestURI, c.urlPath, got, c.want)
		}
	}
	based := &Table{basePath: "/svc"}
	if got := based.MountPath(httptest.NewRequest("GET", "/x", nil)); got != "/svc" {
		t.Errorf("WithBasePath: %q", got)
	}
}
