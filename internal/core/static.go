package core

import "strings"

// StaticCacheControl is the Cache-Control of a static file of media type
// contentType, as aah chose it from cache.static: the value of its media
// type (parameters and case ignored) in byType, else def.
func StaticCacheControl(def string, byType map[string]string, contentType string) string {
	mediaType, _, _ := strings.Cut(contentType, ";")
	if v, ok := byType[strings.ToLower(strings.TrimSpace(mediaType))]; ok {
		return v
	}
	return def
}
