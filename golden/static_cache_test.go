package golden_test

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
	"time"

	"github.com/routegen/routegen/golden/profile"
	"github.com/routegen/routegen/golden/profiledev"
	"github.com/routegen/routegen/runtime"
)

// profileSite answers the actions of testdata/profile with 204.
type profileSite struct{}

func (profileSite) Index(ctx *runtime.Context) error {
	ctx.Res.WriteHeader(http.StatusNoContent)
	return nil
}
func (profileSite) Upload(ctx *runtime.Context) error { return profileSite{}.Index(ctx) }

// TestStaticCache serves testdata/profile's static files as generated with
// --profile prod and --profile dev: aah's Cache-Control of cache.static on
// the file's 200 and 304 (by media type in prod, the type by extension or
// by content; "no-cache, no-store, must-revalidate" and Expires 0 in
// dev), and neither on a 404 nor on an action's reply.
func TestStaticCache(t *testing.T) {
	modified := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	files := fstest.MapFS{
		"assets/app.css":   {Data: []byte("body { color: red }"), ModTime: modified},
		"assets/app.js":    {Data: []byte("alert(1)"), ModTime: modified},
		"assets/logo.png":  {Data: []byte("\x89PNG\r\n\x1a\n"), ModTime: modified},
		"assets/notes":     {Data: []byte("plain words"), ModTime: modified},
		"assets/page.html": {Data: []byte("<p>page</p>"), ModTime: modified},
	}
	type want struct {
		path                  string
		status                int
		cacheControl, expires string
	}
	const noCache = "no-cache, no-store, must-revalidate"
	for _, c := range []struct {
		profile   string
		newRouter func(profileSite, ...runtime.Option) (*runtime.Router, error)
		wants     []want
	}{
		{"prod", func(s profileSite, opts ...runtime.Option) (*runtime.Router, error) {
			return profile.NewRouter(s, opts...)
		}, []want{
			{"/assets/app.css", 200, "public, max-age=600", ""},
			{"/assets/app.js", 200, "public, max-age=600", ""},
			{"/assets/logo.png", 200, "public, max-age=3600", ""},
			{"/assets/notes", 200, "public, max-age=3600", ""},
			{"/assets/missing.css", 404, "", ""},
			{"/", 204, "", ""},
		}},
		{"dev", func(s profileSite, opts ...runtime.Option) (*runtime.Router, error) {
			return profiledev.NewRouter(s, opts...)
		}, []want{
			{"/assets/app.css", 200, noCache, "0"},
			{"/assets/page.html", 200, noCache, "0"},
			{"/assets/missing.css", 404, "", ""},
			{"/", 204, "", ""},
		}},
	} {
		rt, err := c.newRouter(profileSite{}, runtime.WithStaticFS(files))
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(rt)
		for _, w := range c.wants {
			res, err := srv.Client().Get(srv.URL + w.path)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != w.status || res.Header.Get("Cache-Control") != w.cacheControl || res.Header.Get("Expires") != w.expires {
				t.Errorf("%s: GET %s = %d, Cache-Control %q, Expires %q; want %d, %q, %q", c.profile, w.path,
					res.StatusCode, res.Header.Get("Cache-Control"), res.Header.Get("Expires"), w.status, w.cacheControl, w.expires)
			}
			if w.status != http.StatusOK {
				continue
			}
			// The revalidation of a cached copy keeps its caching.
			req, _ := http.NewRequest("GET", srv.URL+w.path, nil)
			req.Header.Set("If-Modified-Since", modified.Format(http.TimeFormat))
			res, err = srv.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusNotModified || res.Header.Get("Cache-Control") != w.cacheControl {
				t.Errorf("%s: GET %s, If-Modified-Since = %d, Cache-Control %q; want 304, %q", c.profile, w.path,
					res.StatusCode, res.Header.Get("Cache-Control"), w.cacheControl)
			}
		}
		srv.Close()
	}
}

// TestWritesToStaticCacheChangeNoRouter: a program that writes to the
// static caching of the routes it can reach (Routes, a Match's route)
// changes the Cache-Control of no router.
func TestWritesToStaticCacheChangeNoRouter(t *testing.T) {
	spoil := func(c *runtime.StaticCache) {
		if c == nil {
			t.Fatal("the static route has no StaticCache")
		}
		c.Default, c.Expires = "spoilt", "spoilt"
		for mime := range c.ByType {
			c.ByType[mime] = "spoilt"
		}
	}
	routes := profile.Routes()
	for i := range routes {
		if routes[i].Static {
			spoil(routes[i].StaticCache)
		}
	}
	var m runtime.Match
	profile.Lookup(&m, "GET", "localhost", "/assets/app.css")
	spoil(m.Route().StaticCache)
	files := fstest.MapFS{"assets/app.css": {Data: []byte("body { color: red }")}}
	rt, err := profile.NewRouter(profileSite{}, runtime.WithStaticFS(files))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(rt)
	defer srv.Close()
	res, err := srv.Client().Get(srv.URL + "/assets/app.css")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if got := res.Header.Get("Cache-Control"); res.StatusCode != http.StatusOK || got != "public, max-age=600" {
		t.Errorf("GET /assets/app.css = %d, Cache-Control %q; want 200, %q", res.StatusCode, got, "public, max-age=600")
	}
}
