package decide

import (
	"net/url"
	"strings"
)

// MaxTarget is the longest return target, in bytes, that a login
// redirect carries in _rt (and runtime.LocalTarget accepts): the Location
// stays within a few KiB (_rt escaped, at most three times as long,
// beside the configured paths), whatever the request.
const MaxTarget = 2048

// LoginLocation is where a form scheme sends a request it refuses: its
// login page at the router's mount path, with the request's own target in
// _rt, the return target, unless the request is for the login page itself
// or its target under the mount path is longer than MaxTarget, which then
// returns to url.default_target. The router redirects there and routegen
// match reports it.
func LoginLocation(mount, login string, target *url.URL) string {
	location := mount + login
	if path, _, _ := strings.Cut(login, "?"); path != target.Path && len(mount)+len(target.RequestURI()) <= MaxTarget {
		sep := "?"
		if strings.Contains(location, "?") {
			sep = "&"
		}
		location += sep + "_rt=" + url.QueryEscape(mount+target.RequestURI())
	}
	return location
}

// BasicChallenge is the challenge of a basic scheme of realm (realm_name;
// "" is aah's default, "Authentication Required"), which its 401 carries
// in WWW-Authenticate: the router's (aahauth.Basic) and the tools'.
func BasicChallenge(realm string) string {
	if realm == "" {
		realm = "Authentication Required"
	}
	return `Basic realm="` + quotedStringEscaper.Replace(realm) + `"`
}

// quotedStringEscaper writes a realm as an HTTP quoted-string's content.
var quotedStringEscaper = strings.NewReplacer(`\`, `\\`, `"`, `\"`)
