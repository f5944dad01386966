package ir

import (
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/routegen/routegen/parser"
)

// Security is what security.conf says of authentication beyond the names
// of its schemes: for the router (the session, the form and oauth2
// schemes) and for the documents generated from a table (OpenAPI).
type Security struct {
	// Session is security.session, read when its mode is "stateful",
	// which the router keeps; nil otherwise.
	Session *Session
	// SessionCookie is the session's cookie name: prefix + "_session".
	SessionCookie string
	// Schemes are the auth schemes, in the order of security.conf.
	Schemes []AuthScheme
	// Pos is where the security section is, or else its file: where a
	// change of a key left at its default is reported.
	Pos parser.Pos
	// SessionKeyPos is where each key of security.session written is, by
	// its dotted name under it ("prefix", "ttl"…), and the app config's
	// server.ssl.enable, by that name.
	SessionKeyPos map[string]parser.Pos
}

// Session is security.session with aah's defaults.
type Session struct {
	CookieName   string // prefix + "_session"
	Domain, Path string
	HTTPOnly     bool
	Secure       bool   // server.ssl.enable of the app config
	SameSite     string // lower-cased: "", "lax", "strict" or "none"
	TTL          time.Duration
	// Store is store.type, lower-cased: "cookie" (the default), where the
	// cookie holds the session, "file", or the name of a store the
	// application gives; StorePath is a file store's store.filepath
	// ("sessions" by default), "" for another store.
	Store, StorePath string
	// The keys as written: aah used their bytes.
	SignKey, EncKey, OldSignKey, OldEncKey string
	// Withheld are the keys (sign_key…) whose values an included file of
	// secrets holds (an .env): they are left "" here, and the generated
	// code does not write them.
	Withheld []string
}

// AuthScheme is one auth scheme of security.conf.
type AuthScheme struct {
	Name string // its key under security.auth_schemes
	Kind string // its scheme, lower-cased: basic, form, oauth2, generic…
	// An oauth2 scheme's provider: client.provider.name, the endpoints of
	// client.provider.url.auth and .token, and client.scopes.
	Provider          string
	AuthURL, TokenURL string
	Scopes            []string
	// An oauth2 scheme's client.id and client.secret; ClientSecretWithheld
	// when an included file of secrets holds the secret, left "".
	ClientID, ClientSecret string
	ClientSecretWithheld   bool
	// URLs are the scheme's url { } with aah's defaults: a form scheme's
	// login, login_submit, login_failure and default_target, an oauth2
	// scheme's login, redirect and success; nil for another scheme.
	URLs map[string]string
	// AlwaysToDefault is a form scheme's url.always_to_default.
	AlwaysToDefault bool
	// A form scheme's field.identity and field.credential.
	IdentityField, CredentialField string
	// A generic scheme's header.identity (aah's default "Authorization")
	// and header.credential ("" for none).
	IdentityHeader, CredentialHeader string
	// RoutesWhereNamed is routes_where_named, routegen's key: a form or
	// oauth2 scheme's routes go only to the domains that name the scheme.
	RoutesWhereNamed bool
	// PasswordEncoder is password_encoder, lower-cased.
	PasswordEncoder string
	// Realm is a basic scheme's realm_name, the realm of its challenge.
	Realm string
	Pos   parser.Pos // of its key
	// KeyPos is where each key of the scheme written is, by its dotted
	// name under the scheme ("url.login", "client.scopes"…).
	KeyPos map[string]parser.Pos
}

// readSecurity reads the schemes and the session of security.conf; nil
// without one. A key of the wrong type is read as absent: unapplied names
// what is not applied.
func readSecurity(sec, app *parser.Object, secret func(parser.Pos) bool, diags *parser.Diagnostics) *Security {
	if sec == nil {
		return nil
	}
	prefix := cmp.Or(stringAt(sec, "security.session.prefix"), "aah")
	s := &Security{SessionCookie: prefix + "_session", Session: readSession(sec, app, prefix, secret, diags), Pos: sec.Pos}
	if f := sec.Lookup("security"); f != nil {
		s.Pos = f.KeyPos
	}
	s.SessionKeyPos = map[string]parser.Pos{}
	if f := sec.Lookup("security.session"); f != nil && f.Object != nil {
		keyPositions(f.Object, "", s.SessionKeyPos)
	}
	if f := app.Lookup("server.ssl.enable"); app != nil && f != nil {
		s.SessionKeyPos["server.ssl.enable"] = f.KeyPos
	}
	auth := sec.Lookup("security.auth_schemes")
	if auth == nil || auth.Object == nil {
		return s
	}
	for _, f := range auth.Object.Fields {
		if f.Object == nil {
			continue
		}
		scheme := AuthScheme{
			Name:                 f.Key,
			Kind:                 strings.ToLower(stringAt(f.Object, "scheme")),
			Provider:             strings.ToLower(stringAt(f.Object, "client.provider.name")),
			AuthURL:              stringAt(f.Object, "client.provider.url.auth"),
			TokenURL:             stringAt(f.Object, "client.provider.url.token"),
			ClientID:             stringAt(f.Object, "client.id"),
			ClientSecret:         stringAt(f.Object, "client.secret"),
			ClientSecretWithheld: secretAt(f.Object, "client.secret", secret),
			PasswordEncoder:      strings.ToLower(stringAt(f.Object, "password_encoder")),
			Realm:                stringAt(f.Object, "realm_name"),
			RoutesWhereNamed:     boolAt(f.Object, routesWhereNamedKey, false),
			Pos:                  f.KeyPos,
			KeyPos:               keyPositions(f.Object, "", nil),
		}
		if scheme.ClientSecretWithheld {
			scheme.ClientSecret = ""
		}
		url := func(key, def string) string { return cmp.Or(stringAt(f.Object, "url."+key), def) }
		switch scheme.Kind {
		case "form":
			scheme.URLs = map[string]string{
				"login":          url("login", "/login.html"),
				"login_submit":   url("login_submit", "/login"),
				"login_failure":  url("login_failure", "/login.html?error=true"),
				"default_target": url("default_target", "/"),
			}
			scheme.AlwaysToDefault = boolAt(f.Object, "url.always_to_default", false)
			scheme.IdentityField = cmp.Or(stringAt(f.Object, "field.identity"), "username")
			scheme.CredentialField = cmp.Or(stringAt(f.Object, "field.credential"), "password")
		case "generic":
			scheme.IdentityHeader = cmp.Or(stringAt(f.Object, "header.identity"), "Authorization")
			scheme.CredentialHeader = stringAt(f.Object, "header.credential")
		case "oauth2":
			// aah's default paths: the key with "-" for "_", then login or callback.
			base := "/" + strings.ReplaceAll(f.Key, "_", "-") + "/"
			scheme.URLs = map[string]string{
				"login":    url("login", base+"login"),
				"redirect": url("redirect", base+"callback"),
				"success":  url("success", "/"),
			}
		}
		if scopes := f.Object.Lookup("client.scopes"); scopes != nil {
			if list, ok := scopes.Value.(*parser.List); ok {
				for _, e := range list.Elems {
					if str, ok := e.(*parser.String); ok {
						scheme.Scopes = append(scheme.Scopes, str.Value)
					}
				}
			}
		}
		s.Schemes = append(s.Schemes, scheme)
	}
	return s
}

// readSession reads security.session with aah's defaults when the
// router keeps it: mode "stateful" (aah's default is "stateless", which
// keeps none).
func readSession(sec, app *parser.Object, prefix string, secret func(parser.Pos) bool, diags *parser.Diagnostics) *Session {
	if sec.Lookup("security.session") == nil ||
		!strings.EqualFold(stringAt(sec, "security.session.mode"), "stateful") {
		return nil
	}
	ttl, err := sessionTTL(stringAt(sec, "security.session.ttl"))
	if err != nil {
		f := sec.Lookup("security.session.ttl")
		diags.Errorf(f.Value.Pos(), "security.session.ttl must be %v, found %q", err, stringAt(sec, "security.session.ttl"))
		return nil
	}
	at := func(key string) string { return stringAt(sec, "security.session."+key) }
	s := &Session{
		CookieName: prefix + "_session",
		Domain:     at("domain"),
		Path:       cmp.Or(at("path"), "/"),
		HTTPOnly:   boolAt(sec, "security.session.http_only", true),
		SameSite:   strings.ToLower(at("samesite")),
		TTL:        ttl,
		Store:      strings.ToLower(cmp.Or(at("store.type"), "cookie")),
		SignKey:    at("sign_key"), EncKey: at("enc_key"),
		OldSignKey: at("old_sign_key"), OldEncKey: at("old_enc_key"),
	}
	if s.Store == "file" {
		s.StorePath = cmp.Or(at("store.filepath"), "sessions")
	}
	if app != nil {
		s.Secure = boolAt(app, "server.ssl.enable", false)
	}
	if !validSession(sec, s, diags) {
		return nil
	}
	for key, value := range map[string]*string{"sign_key": &s.SignKey, "enc_key": &s.EncKey, "old_sign_key": &s.OldSignKey, "old_enc_key": &s.OldEncKey} {
		if secretAt(sec, "security.session."+key, secret) {
			*value = ""
			s.Withheld = append(s.Withheld, key)
		}
	}
	slices.Sort(s.Withheld)
	return s
}

// minSignKey is the shortest sign_key accepted: HMAC-SHA256 is as strong
// as its key up to 32 bytes (RFC 2104 §3), and gorilla/securecookie asks
// for 32 or 64.
const minSignKey = 32

// validSession reports whether the session's samesite and keys are ones
// browsers and the codec take, each error at its value: a samesite of
// "lax", "strict" or "none", "none" only on a secure cookie (browsers
// drop a SameSite=None cookie without Secure), a sign key of at least
// minSignKey bytes and an AES key of 16, 24 or 32. Messages name a key's
// length, never its value, which may come from a file of secrets.
func validSession(sec *parser.Object, s *Session, diags *parser.Diagnostics) bool {
	ok := true
	errorAt := func(key, format string, args ...any) {
		ok = false
		diags.Errorf(sec.Lookup("security.session."+key).Value.Pos(), "security.session."+key+" "+format, args...)
	}
	switch s.SameSite {
	case "", "lax", "strict":
	case "none":
		if !s.Secure {
			errorAt("samesite", `"none" needs server.ssl.enable = true in the app config: browsers refuse a SameSite=None cookie without Secure, which the session's cookie has only then`)
		}
	default:
		errorAt("samesite", `must be "lax", "strict" or "none", found %q`, stringAt(sec, "security.session.samesite"))
	}
	for _, k := range []struct {
		key, value string
		sign       bool
	}{{"sign_key", s.SignKey, true}, {"enc_key", s.EncKey, false}, {"old_sign_key", s.OldSignKey, true}, {"old_enc_key", s.OldEncKey, false}} {
		switch n := len(k.value); {
		case n == 0:
		case k.sign && n < minSignKey:
			errorAt(k.key, "must be at least %d bytes (HMAC-SHA256), found %d", minSignKey, n)
		case !k.sign && n != 16 && n != 24 && n != 32:
			errorAt(k.key, "must be 16, 24 or 32 bytes (AES-128, -192 or -256), found %d", n)
		}
	}
	if s.SignKey == "" {
		// A sign_key of another type is reported by checkSecurityKeys.
		if f := sec.Lookup("security.session.sign_key"); f != nil {
			if _, isString := f.Value.(*parser.String); isString {
				errorAt("sign_key", "must not be empty: the session's cookie is signed with it")
			}
			ok = false
		} else {
			ok = false
			diags.Errorf(sec.Lookup("security.session").KeyPos, "security.session has no sign_key: the session's cookie is signed with one of at least %d bytes", minSignKey)
		}
	}
	if s.OldEncKey != "" && s.OldSignKey == "" {
		errorAt("old_enc_key", "needs an old_sign_key: the old cookies were signed with one")
	}
	return ok
}

// keyPositions adds to into the position of every key of obj, by its
// dotted name after prefix, and returns it.
func keyPositions(obj *parser.Object, prefix string, into map[string]parser.Pos) map[string]parser.Pos {
	if into == nil {
		into = map[string]parser.Pos{}
	}
	for _, f := range obj.Fields {
		if f.Object != nil {
			keyPositions(f.Object, prefix+f.Key+".", into)
			continue
		}
		into[prefix+f.Key] = f.KeyPos
	}
	return into
}

// secretAt reports whether the value at a dotted path of obj is of a file
// that holds secrets.
func secretAt(obj *parser.Object, dotted string, secret func(parser.Pos) bool) bool {
	f := obj.Lookup(dotted)
	return f != nil && secret != nil && secret(f.Value.Pos())
}

// sessionTTL is aah's session.ttl: a duration in minutes or hours ("30m",
// "2h"); "" and "0" are 0, no expiry.
func sessionTTL(text string) (time.Duration, error) {
	if text == "" || text == "0" {
		return 0, nil
	}
	if !strings.HasSuffix(text, "m") && !strings.HasSuffix(text, "h") {
		return 0, errSessionTTL
	}
	d, err := time.ParseDuration(text)
	if err != nil || d < 0 {
		return 0, errSessionTTL
	}
	return d, nil
}

var errSessionTTL = errors.New(`a duration in minutes or hours, such as "30m" or "2h"`)

// boolAt is the boolean at a dotted path of obj; def when absent or not
// a boolean.
func boolAt(obj *parser.Object, dotted string, def bool) bool {
	if f := obj.Lookup(dotted); f != nil {
		if b, ok := f.Value.(*parser.Bool); ok {
			return b.Value
		}
	}
	return def
}

// stringAt is the string at a dotted path of obj, trimmed; "" when absent
// or not a string.
func stringAt(obj *parser.Object, dotted string) string {
	f := obj.Lookup(dotted)
	if f == nil {
		return ""
	}
	return stringOf(f.Value)
}
