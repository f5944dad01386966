package ir

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/oauth2provider"
	"github.com/routegen/routegen/parser"
)

// unapplied warns of the keys of security.conf and the application config
// that aah applied and routegen reads without applying, once per key, each
// with what to do instead. A key is looked up in security.conf first, then
// in the app config (which may include security.conf).
func unapplied(app, sec *parser.Object) parser.Diagnostics {
	u := &unappliedNotes{app: app, sec: sec}
	if f := u.lookup("render.default"); f != nil {
		if v, ok := f.Value.(*parser.String); ok && strings.EqualFold(strings.TrimSpace(v.Value), "json") {
			u.warn(f, "render.default", `the router's own error replies (400, 401, 403, 404, 405, 413, 500) are text/plain, not JSON, and aah's pages of views/errors are not rendered; for aah's JSON bodies, give NewRouter runtime.WithErrorHandler(runtime.JSONErrorHandler)`)
		} else {
			u.warn(f, "render.default", "actions write their own bodies, and the router's error replies are text/plain: aah's pages of views/errors (404.html, 500.html…) are not rendered; runtime.WithErrorHandler writes them as the application wants, those pages included")
		}
	}
	if f := u.enabled("request.id", true); f != nil {
		u.warn(f, "request.id", "routegen sets no X-Request-Id header; a middleware around the router (func(http.Handler) http.Handler) can")
	}
	if f := u.enabled("request.content_negotiation", false); f != nil {
		u.warn(f, "request.content_negotiation", "routegen answers no 415 or 406 by media type; check the Content-Type and ctx.Req.AcceptContentType in the action, or in runtime.WithMiddleware")
	}
	if f := u.lookup("server.header"); f != nil {
		u.warn(f, "server.header", "routegen writes no Server header; a middleware around the router can")
	}
	if f := u.lookup("server.timeout"); f != nil {
		u.warn(f, "server.timeout", "runtime.NewServer gives aah's default timeouts (90 s to read and to write a request); set the fields of the *http.Server it returns, and give runtime.ServeListener the drain time of grace_shutdown")
	}
	if f := u.enabled("server.ssl", false); f != nil {
		u.warn(f, "server.ssl", "serve TLS with the *http.Server (ListenAndServeTLS, or a listener of golang.org/x/crypto/acme/autocert for lets_encrypt)")
	}
	for _, key := range []string{"server.access_log", "server.dump_log"} {
		if f := u.enabled(key, false); f != nil {
			u.warn(f, key, "log requests in a middleware around the router")
		}
	}
	if f := u.lookup("server.websocket"); f != nil {
		u.warn(f, "server.websocket", "the action's WebSocket library accepts or refuses the upgrade, and checks its Origin: aah accepted any origin unless origin.check = true (then origin.whitelist); give the library the same (coder/websocket: AcceptOptions.OriginPatterns, or InsecureSkipVerify for any origin)")
	}
	if f := u.lookup("i18n"); f != nil {
		u.warn(f, "i18n", "messages and locales are the application's (golang.org/x/text): aah also took the locale from the %q parameter of the query or path (i18n.param_name), which the action or a middleware reads", u.stringOr("i18n.param_name.query", "lang"))
	}
	// The encoders' settings are for hashing a new password: aahauth's
	// schemes only compare, at the cost each bcrypt hash holds.
	if f := u.lookup("security.password_encoder"); f != nil && (f.Object == nil || len(f.Object.Fields) > 0) {
		u.warn(f, "security.password_encoder", "aahauth.Basic and aahauth.Form compare bcrypt hashes at the cost each hash holds; the application hashes a new password with these settings itself (bcrypt.GenerateFromPassword of golang.org/x/crypto/bcrypt at its cost), and compares scrypt and pbkdf2 hashes with the schemes' ComparePassword")
	}
	u.schemes()
	u.antiCSRF()
	u.obsoleteHeaders()
	u.diags.Sort()
	return u.diags
}

type unappliedNotes struct {
	app, sec *parser.Object
	diags    parser.Diagnostics
	warned   map[string]bool // keys warned of
}

// lookup is the field at a dotted key of security.conf, else of the app
// config; nil when neither has it.
func (u *unappliedNotes) lookup(dotted string) *parser.Field {
	for _, obj := range []*parser.Object{u.sec, u.app} {
		if obj == nil {
			continue
		}
		if f := obj.Lookup(dotted); f != nil {
			if _, null := f.Value.(*parser.Null); !null {
				return f
			}
		}
	}
	return nil
}

// stringOr is the string at a dotted key, or def.
func (u *unappliedNotes) stringOr(dotted, def string) string {
	if f := u.lookup(dotted); f != nil {
		return cmp.Or(stringOf(f.Value), def)
	}
	return def
}

// enabled is the section at dotted unless its enable key says false;
// with no enable key, it is on when on is true, as aah's default.
func (u *unappliedNotes) enabled(dotted string, on bool) *parser.Field {
	f := u.lookup(dotted)
	if f == nil || f.Object == nil {
		return nil
	}
	if e := f.Object.Get("enable"); e != nil {
		v, ok := e.Value.(*parser.Bool)
		on = ok && v.Value
	}
	if !on {
		return nil
	}
	return f
}

// warn warns that key is not applied, at f, once for each key: at its
// first position.
func (u *unappliedNotes) warn(f *parser.Field, key, format string, args ...any) {
	if u.warned[key] {
		return
	}
	if u.warned == nil {
		u.warned = map[string]bool{}
	}
	u.warned[key] = true
	u.diags.Warnf(f.KeyPos, "%s is not applied: %s", key, fmt.Sprintf(format, args...))
}

// schemes warns of the keys of auth schemes that nothing applies.
func (u *unappliedNotes) schemes() {
	f := u.lookup("security.auth_schemes")
	if f == nil || f.Object == nil {
		return
	}
	for _, s := range f.Object.Fields {
		if s.Object == nil {
			continue
		}
		kind := strings.ToLower(stringAt(s.Object, "scheme"))
		// aahauth.Basic applies a basic scheme's realm_name and its
		// password_encoder "bcrypt", given to it; aahauth.Form a form
		// scheme's.
		if e := s.Object.Get("password_encoder"); e != nil {
			encoder := strings.ToLower(stringAt(s.Object, "password_encoder"))
			switch {
			case (kind == "basic" || kind == "form") && encoder == "bcrypt":
			case kind == "basic" || kind == "form":
				u.warn(e, "password_encoder", "aahauth.Basic and aahauth.Form compare bcrypt hashes; give them a ComparePassword function for %q", encoder)
			default:
				u.warn(e, "password_encoder", "the scheme's authenticator compares passwords (golang.org/x/crypto/bcrypt for bcrypt)")
			}
		}
		if kind == "oauth2" {
			u.oauth2Scheme(s)
		}
		if (kind == "form" || kind == "oauth2") && !u.statefulSession() {
			u.warn(s, "security.session", "the %s scheme %s signs in to a session, which routegen keeps for security.session { mode = \"stateful\" }: without it, the generated SignIn has no Session for runtime.WithSessions", kind, s.Key)
		}
	}
}

// statefulSession reports whether security.session is kept by the
// router: mode "stateful".
func (u *unappliedNotes) statefulSession() bool {
	return u.sec != nil && readSession(u.sec, nil, "", nil, &parser.Diagnostics{}) != nil
}

// oauth2Scheme warns of an oauth2 scheme that package aahoauth2 cannot
// apply: its provider is not one aah knew by name, and it has no
// client.provider.url.auth and .token.
func (u *unappliedNotes) oauth2Scheme(s *parser.Field) {
	provider := strings.ToLower(stringAt(s.Object, "client.provider.name"))
	if oauth2provider.Known(provider) || stringAt(s.Object, "client.provider.url.auth") != "" && stringAt(s.Object, "client.provider.url.token") != "" {
		return
	}
	what := "names no provider"
	if provider != "" {
		what = fmt.Sprintf("names provider %q, which is not one aah knew (%s),", provider, strings.Join(oauth2provider.Names, ", "))
	}
	u.warn(s, "security.auth_schemes."+s.Key, "the oauth2 scheme %s and has no client.provider.url.auth and .token: aahoauth2.Scheme needs its Endpoint", what)
}

// antiCSRF warns of the keys of security.anti_csrf other than enable:
// routegen's check needs no token, cookie or key.
func (u *unappliedNotes) antiCSRF() {
	f := u.lookup("security.anti_csrf")
	if f == nil || f.Object == nil {
		return
	}
	var keys []string
	for _, k := range f.Object.Fields {
		switch k.Key {
		case "enable":
		case "trusted_origins":
			u.warn(k, "security.anti_csrf.trusted_origins", "give them to runtime.WithTrustedOrigins")
		default:
			keys = append(keys, k.Key)
		}
	}
	if len(keys) > 0 {
		slices.Sort(keys)
		u.warn(f, "security.anti_csrf", "routegen's anti-CSRF check is the standard library's cross-origin protection (Sec-Fetch-Site and Origin), which needs no token, cookie or key (%s here); only enable is read", strings.Join(keys, ", "))
	}
}

// obsoleteHeaders warns of the headers of security.http_header that aah
// sent and no current browser applies, when they are given a value.
func (u *unappliedNotes) obsoleteHeaders() {
	if f := u.lookup("security.http_header.xxssp"); f != nil && !emptyString(f.Value) {
		u.warn(f, "security.http_header.xxssp", "X-XSS-Protection is obsolete: no current browser applies it, and routegen does not send it; a Content-Security-Policy (csp.directives) is what guards against cross-site scripting")
	}
	if f := u.lookup("security.http_header.pkp.keys"); f != nil {
		if list, ok := f.Value.(*parser.List); ok && len(list.Elems) > 0 {
			u.warn(f, "security.http_header.pkp", "Public-Key-Pins is obsolete: no current browser applies it, and routegen does not send it; browsers' Certificate Transparency checks, and a CAA record in DNS naming the certificate authorities, guard against a forged certificate")
		}
	}
}

// emptyString reports a string value of spaces at most.
func emptyString(v parser.Value) bool {
	s, ok := v.(*parser.String)
	return ok && strings.TrimSpace(s.Value) == ""
}

// stringOf is a string value, trimmed; "" for another value.
func stringOf(v parser.Value) string {
	if s, ok := v.(*parser.String); ok {
		return strings.TrimSpace(s.Value)
	}
	return ""
}
