package ir_test

import (
	"reflect"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

// TestStaticCache: cache.static as aah applied it: no caching outside the
// prod profile, whatever the section says; in it, the Cache-Control of
// each media type of mime_types (a list, cache_control defaulting to
// default_cache_control; application/javascript is text/javascript too,
// as Go serves .js), else default_cache_control, else aah's default; none
// without an app config.
func TestStaticCache(t *testing.T) {
	routes := []byte(`domains { localhost { host = "localhost"; default_auth = "anonymous"
  static { assets { path = "/static"; dir = "static" } }
  routes { index { path = "/"; controller = "App" } } } }`)
	withSection := []byte(`cache { static {
  default_cache_control = "public, max-age=3600"
  mime_types {
    css_js { mime = "text/css, Application/JavaScript"; cache_control = "public, max-age=600" }
    images { mime = "image/png" }
  }
} }
env { dev { }; prod { } }
`)
	for _, c := range []struct {
		name, profile string
		appConfig     []byte // nil: no app config
		want          *ir.StaticCache
	}{
		{"no app config", "", nil, nil},
		{"no profile", "", withSection, &ir.StaticCache{Default: "no-cache, no-store, must-revalidate", Expires: "0"}},
		{"dev", "dev", withSection, &ir.StaticCache{Default: "no-cache, no-store, must-revalidate", Expires: "0"}},
		{"prod", "prod", withSection, &ir.StaticCache{Default: "public, max-age=3600", ByType: map[string]string{
			"text/css": "public, max-age=600", "application/javascript": "public, max-age=600", "text/javascript": "public, max-age=600",
			"image/png": "public, max-age=3600"}}},
		{"prod without the section", "prod", []byte(`env { prod { } }`), &ir.StaticCache{Default: "max-age=31536000, public"}},
	} {
		fsys := fstest.MapFS{"routes.conf": {Data: routes}}
		src := ir.Sources{Routes: "routes.conf", Profile: c.profile}
		if c.appConfig != nil {
			fsys["aah.conf"] = &fstest.MapFile{Data: c.appConfig}
			src.AppConfig = "aah.conf"
		}
		table, diags := ir.Load(fsys, src)
		if table == nil || diags.HasErrors() {
			t.Fatalf("%s: %v", c.name, diags)
		}
		if !reflect.DeepEqual(table.StaticCache, c.want) {
			t.Errorf("%s: StaticCache = %+v, want %+v", c.name, table.StaticCache, c.want)
		}
	}
}

// TestStaticCacheErrors: an entry of mime_types that is not a section,
// and a mime that is not a string, are errors at their keys.
func TestStaticCacheErrors(t *testing.T) {
	fsys := fstest.MapFS{
		"routes.conf": {Data: []byte(`domains { localhost { host = "localhost"; routes { index { path = "/"; controller = "App" } } } }`)},
		"aah.conf": {Data: []byte(`cache { static { mime_types {
  css = "text/css"
  js { mime = 1.5 }
} } }
env { prod { } }
`)},
	}
	_, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", AppConfig: "aah.conf", Profile: "prod"})
	want := `aah.conf:2:3: cache.static.mime_types: "css" must be a section { mime = …; cache_control = … }
aah.conf:3:15: mime must be a string, found a float`
	if got := diags.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
