package decide

import (
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultSessionLifetime is the longest a session lasts from its start
// when no lifetime is given: a working day, the upper end of the absolute
// timeouts OWASP's session management cheat sheet suggests, so that a
// cookie copied once, even of a browser's session, stops opening on its
// own.
const DefaultSessionLifetime = 8 * time.Hour

// SessionMaxAge is how long a session of ttl lasts from its start, however
// often it is saved: lifetime, or when it is 0, DefaultSessionLifetime or
// the ttl when longer. The router refuses a session past it, and routegen
// changes compares it.
func SessionMaxAge(ttl, lifetime time.Duration) time.Duration {
	if lifetime > 0 {
		return lifetime
	}
	return max(DefaultSessionLifetime, ttl)
}

// SessionLasts is how long the cookie of a session of ttl, started at
// started and saved at now, lasts: its ttl, or to the end of its maxAge
// when that is sooner, a second at least (the router refuses a session
// past its maxAge whatever its cookie says); 0, the browser's session,
// without a ttl.
func SessionLasts(ttl, maxAge time.Duration, started, now time.Time) time.Duration {
	if ttl <= 0 {
		return 0
	}
	return max(min(ttl, started.Add(maxAge).Sub(now)), time.Second)
}

// SessionCookie is what security.conf's session { } (and the app
// config's server.ssl.enable) says of the session's cookie, whatever
// value it carries.
type SessionCookie struct {
	Name, Domain, Path string
	Secure, HTTPOnly   bool
	SameSite           http.SameSite
}

// Saved is the cookie of a session saved at now, of value, lasting
// lasts (SessionLasts): 0 is a cookie of the browser's session, without
// Max-Age or Expires. The router sets it, and routegen match shows it.
func (c SessionCookie) Saved(value string, lasts time.Duration, now time.Time) *http.Cookie {
	cookie := c.cookie(value, 0)
	if lasts > 0 {
		cookie.MaxAge, cookie.Expires = max(int(lasts/time.Second), 1), now.Add(lasts)
	}
	return cookie
}

// Deleted is the cookie that deletes the session's, which signing out
// sets.
func (c SessionCookie) Deleted() *http.Cookie { return c.cookie("", -1) }

func (c SessionCookie) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: c.Name, Value: value, Path: c.Path, Domain: c.Domain, MaxAge: maxAge,
		Secure: c.Secure, HttpOnly: c.HTTPOnly, SameSite: c.SameSite}
}

// SameSite is the http.SameSite of a session's samesite, as
// security.conf writes it: "lax", "strict", "none", or the browser's
// default for "".
func SameSite(samesite string) http.SameSite {
	switch strings.ToLower(samesite) {
	case "lax":
		return http.SameSiteLaxMode
	case "strict":
		return http.SameSiteStrictMode
	case "none":
		return http.SameSiteNoneMode
	}
	return http.SameSiteDefaultMode
}

// FormLogin is what a form scheme's url { } says of where its login
// submit goes.
type FormLogin struct {
	// LoginFailure and DefaultTarget are url.login_failure and
	// url.default_target; AlwaysToDefault is url.always_to_default.
	LoginFailure, DefaultTarget string
	AlwaysToDefault             bool
}

// Location is where a login submit at the router's mount path redirects
// (302), with returnTarget the _rt of its request: on a sign-in
// (signedIn), to returnTarget when LocalTarget holds it a path of this
// site and url.always_to_default is off, the Location carrying it
// unchanged, else to url.default_target; on wrong credentials, to
// url.login_failure, with the _rt kept when LocalTarget holds it. The
// router (aahauth.Form) redirects there and routegen match reports it.
func (f FormLogin) Location(mount, returnTarget string, signedIn bool) string {
	if !LocalTarget(returnTarget) {
		returnTarget = ""
	}
	if !signedIn {
		failure := mount + f.LoginFailure
		if returnTarget != "" {
			sep := "?"
			if strings.Contains(failure, "?") {
				sep = "&"
			}
			failure += sep + "_rt=" + url.QueryEscape(returnTarget)
		}
		return failure
	}
	if returnTarget == "" || f.AlwaysToDefault {
		return mount + f.DefaultTarget
	}
	return returnTarget
}

// LocalTarget reports whether target, written as is as a Location header,
// takes a browser to a path of this site: at most MaxTarget bytes of
// printable ASCII that start with one "/", with no backslash, raw or
// percent-encoded, no control character, raw or percent-encoded, no raw
// space, no "%" without two hex digits after it, and no dot segment ("."
// or "..", a dot raw or as %2e) in its path. A browser's URL parser drops
// tabs and newlines, reads "\" as "/" and a dot segment as a step up:
// each could turn "/…" into "//host…", another site.
func LocalTarget(target string) bool {
	if len(target) == 0 || len(target) > MaxTarget || target[0] != '/' || strings.HasPrefix(target, "//") {
		return false
	}
	for i := 0; i < len(target); i++ {
		switch c := target[i]; {
		case c <= ' ' || c >= 0x7f || c == '\\':
			return false
		case c == '%':
			if i+2 >= len(target) || !isHexDigit(target[i+1]) || !isHexDigit(target[i+2]) {
				return false
			}
			if b := hexValue(target[i+1])<<4 | hexValue(target[i+2]); b < ' ' || b == 0x7f || b == '\\' {
				return false
			}
		}
	}
	path := target
	if end := strings.IndexAny(path, "?#"); end >= 0 {
		path = path[:end]
	}
	for segment := range strings.SplitSeq(path, "/") {
		if dots := strings.ReplaceAll(strings.ToLower(segment), "%2e", "."); dots == "." || dots == ".." {
			return false
		}
	}
	return true
}

func isHexDigit(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f' }

func hexValue(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}
