package ir

import (
	"cmp"
	"strings"

	"github.com/routegen/routegen/parser"
)

// StaticCache is the caching of the static routes' files, as aah sent it
// by the app config's cache.static: outside the prod profile, no caching
// at all (Cache-Control "no-cache, no-store, must-revalidate" and Expires
// 0, so that an edited file shows at once); in it, the Cache-Control of
// the file's media type (cache.static.mime_types), else
// cache.static.default_cache_control.
type StaticCache struct {
	Default string            // the Cache-Control of a file of a type ByType does not name
	ByType  map[string]string // by media type, lower case, without parameters
	Expires string            // the Expires header; "" for none
}

// aah's values, from its static file server.
const (
	noStaticCache            = "no-cache, no-store, must-revalidate"
	defaultStaticCacheHeader = "max-age=31536000, public"
	prodProfile              = "prod"
)

// readStaticCache reads cache.static of the app config, its profile
// applied; nil without an app config, when which profile aah would run is
// not known.
func readStaticCache(app *parser.Object, profile string, diags *parser.Diagnostics) *StaticCache {
	if app == nil {
		return nil
	}
	if profile != prodProfile {
		return &StaticCache{Default: noStaticCache, Expires: "0"}
	}
	c := &StaticCache{Default: cmp.Or(appString(app, "cache.static.default_cache_control", diags), defaultStaticCacheHeader)}
	f := app.Lookup("cache.static.mime_types")
	if f == nil || f.Object == nil {
		return c
	}
	for _, m := range f.Object.Fields {
		if m.Object == nil {
			diags.Errorf(m.KeyPos, "cache.static.mime_types: %q must be a section { mime = …; cache_control = … }", m.Key)
			continue
		}
		value := cmp.Or(appString(m.Object, "cache_control", diags), c.Default)
		for t := range strings.SplitSeq(appString(m.Object, "mime", diags), ",") {
			if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
				if c.ByType == nil {
					c.ByType = map[string]string{}
				}
				c.ByType[t] = value
			}
		}
	}
	// Go serves .js as text/javascript, which RFC 9239 made the name of
	// what aah's configs call application/javascript.
	for _, old := range []string{"application/javascript", "application/x-javascript"} {
		if v, ok := c.ByType[old]; ok {
			if _, set := c.ByType[javaScript]; !set {
				c.ByType[javaScript] = v
			}
		}
	}
	return c
}

const javaScript = "text/javascript"
