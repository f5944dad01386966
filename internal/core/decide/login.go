package decide

import (
	"net/url"
	"strings"
)

// LoginLocation is where a form scheme sends a request it refuses: its
// login page at the router's mount path, with the request's own target in
// _rt, the return target, unless the request is for the login page itself.
// The router redirects there and routegen match reports it.
func LoginLocation(mount, login string, target *url.URL) string {
	location := mount + login
	if path, _, _ := strings.Cut(login, "?"); path != target.Path {
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
