package ir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/parser"
)

// A keyKind is what a key of security.conf holds.
type keyKind int

const (
	anyValue keyKind = iota // checked elsewhere
	stringValue
	nonEmptyString
	boolValue
	intValue
	listValue
	sectionValue
)

// keySchema is the keys of a section by name, each with what it holds;
// a section's keys are under its dotted name.
type keySchema map[string]map[string]keyKind

// otherKeys in a section's keys accepts keys not named.
const otherKeys = "*"

// schemeKinds are aah's kinds of auth scheme.
var schemeKinds = []string{"basic", "form", "oauth2", "generic"}

// schemeKeys are the keys aah knew in an auth scheme of each kind, and
// routegen's routes_where_named.
var schemeKeys = map[string]keySchema{
	"basic": {"": {
		"scheme": stringValue, "authenticator": stringValue, "authorizer": stringValue,
		"password_encoder": stringValue, "realm_name": stringValue, "file_realm": stringValue,
		routesWhereNamedKey: anyValue,
	}},
	"form": {
		"": {
			"scheme": stringValue, "authenticator": stringValue, "authorizer": stringValue,
			"password_encoder": stringValue, "url": sectionValue, "field": sectionValue,
			routesWhereNamedKey: anyValue,
		},
		"url": {
			"login": nonEmptyString, "login_submit": nonEmptyString, "login_failure": nonEmptyString,
			"default_target": nonEmptyString, "always_to_default": boolValue,
		},
		"field": {"identity": nonEmptyString, "credential": nonEmptyString},
	},
	"oauth2": {
		"": {
			"scheme": stringValue, "principal": stringValue, "authorizer": stringValue,
			"password_encoder": stringValue, "client": sectionValue, "url": sectionValue, routesWhereNamedKey: anyValue,
		},
		"client":              {"id": stringValue, "secret": stringValue, "scopes": listValue, "provider": sectionValue},
		"client.provider":     {"name": stringValue, "url": sectionValue},
		"client.provider.url": {"auth": stringValue, "token": stringValue},
		"url":                 {"login": nonEmptyString, "redirect": nonEmptyString, "success": nonEmptyString},
	},
	"generic": {
		"": {
			"scheme": stringValue, "authenticator": stringValue, "authorizer": stringValue,
			"password_encoder": stringValue, "header": sectionValue, routesWhereNamedKey: anyValue,
			// The application's authenticator reads the section of a
			// generic scheme, and may give it keys of its own (aah's
			// JWT example: sign { key, method }).
			otherKeys: anyValue,
		},
		"header": {"identity": nonEmptyString, "credential": stringValue},
	},
}

// sessionKeys are the keys aah knew in security.session, and routegen's
// old_sign_key, old_enc_key and samesite.
var sessionKeys = keySchema{
	"": {
		"mode": stringValue, "store": sectionValue, "id_length": intValue, "ttl": stringValue,
		"cleanup_interval": stringValue, "prefix": stringValue, "domain": stringValue,
		"path": stringValue, "http_only": boolValue, "secure": boolValue, "samesite": stringValue,
		"sign_key": stringValue, "enc_key": stringValue, "old_sign_key": stringValue, "old_enc_key": stringValue,
	},
	"store": {"type": stringValue, "filepath": stringValue},
}

// checkSecurityKeys reports the unknown keys and the values of the wrong
// type of security.conf's auth schemes and session, each at the key or
// value to fix, and a scheme whose kind is missing or none of aah's.
func checkSecurityKeys(sec *parser.Object, diags *parser.Diagnostics) {
	if sec == nil {
		return
	}
	if f := sec.Lookup("security.session"); f != nil && f.Object != nil {
		checkKeys(f.Object, "security.session", "", sessionKeys, diags)
		checkSessionValues(f.Object, diags)
	} else if f != nil && !isNull(f.Value) {
		diags.Errorf(f.KeyPos, "security.session must be a section (session { … }), found %s", found(f))
	}
	auth := sec.Lookup("security.auth_schemes")
	if auth == nil || auth.Object == nil {
		return
	}
	for _, s := range auth.Object.Fields {
		name := "security.auth_schemes." + s.Key
		if s.Object == nil {
			if !isNull(s.Value) {
				diags.Errorf(s.KeyPos, "%s must be a section (%s { scheme = … }), found %s", name, s.Key, found(s))
			}
			continue
		}
		kind := s.Object.Get("scheme")
		if kind == nil {
			diags.Errorf(s.KeyPos, "%s has no scheme: give it scheme = one of %s", name, strings.Join(schemeKinds, ", "))
			continue
		}
		v, ok := kind.Value.(*parser.String)
		if !ok {
			diags.Errorf(valuePos(kind), "%s.scheme must be a string (one of %s), found %s", name, strings.Join(schemeKinds, ", "), found(kind))
			continue
		}
		schema, ok := schemeKeys[v.Value]
		if !ok {
			diags.Errorf(v.Pos(), "%s", unknown(fmt.Sprintf("%s.scheme %q is not a scheme aah knew", name, parser.Echo(v.Value)), v.Value, schemeKinds))
			continue
		}
		checkKeys(s.Object, name, "", schema, diags)
	}
}

// checkKeys checks the keys of obj, the section at dotted name, whose
// keys are schema[under].
func checkKeys(obj *parser.Object, name, under string, schema keySchema, diags *parser.Diagnostics) {
	keys := schema[under]
	known := make([]string, 0, len(keys))
	for k := range keys {
		if k != otherKeys {
			known = append(known, k)
		}
	}
	slices.Sort(known)
	_, open := keys[otherKeys]
	for _, f := range obj.Fields {
		// A section written twice is warned of by the parser; a value is
		// warned of here when one file writes it twice, as an included
		// file (of secrets) replacing it is how aah's configs override.
		for old := f.Replaced; old != nil; old = old.Replaced {
			if old.Object == nil && f.Object == nil && old.KeyPos.File == f.KeyPos.File {
				diags.Warnf(f.KeyPos, "key %q replaces the one at %s", parser.Echo(f.Key), old.KeyPos)
			}
		}
		kind, ok := keys[f.Key]
		if !ok && open {
			continue
		}
		if !ok {
			diags.Errorf(f.KeyPos, "%s", unknown(fmt.Sprintf("unknown key %q in %s", parser.Echo(f.Key), name), f.Key, known))
			continue
		}
		if isNull(f.Value) {
			continue
		}
		dotted := name + "." + f.Key
		switch kind {
		case sectionValue:
			if f.Object == nil {
				diags.Errorf(f.KeyPos, "%s must be a section (%s { … }), found %s", dotted, f.Key, found(f))
				continue
			}
			checkKeys(f.Object, dotted, strings.TrimPrefix(under+"."+f.Key, "."), schema, diags)
		case stringValue, nonEmptyString:
			v, ok := f.Value.(*parser.String)
			if !ok {
				diags.Errorf(valuePos(f), "%s must be a string, found %s", dotted, found(f))
			} else if kind == nonEmptyString && strings.TrimSpace(v.Value) == "" {
				diags.Errorf(valuePos(f), "%s must be a non-empty string, found \"\"", dotted)
			}
		case boolValue:
			if _, ok := f.Value.(*parser.Bool); !ok {
				diags.Errorf(valuePos(f), "%s must be a boolean (true or false), found %s", dotted, found(f))
			}
		case intValue:
			if _, ok := f.Value.(*parser.Int); !ok {
				diags.Errorf(valuePos(f), "%s must be an integer, found %s", dotted, found(f))
			}
		case listValue:
			if _, ok := f.Value.(*parser.List); !ok {
				diags.Errorf(valuePos(f), "%s must be a list of strings ([\"…\"]), found %s", dotted, found(f))
			}
		}
	}
}

// checkSessionValues reports the session's values that would break at run
// time: a prefix that makes no cookie name (net/http drops a Set-Cookie
// with one), a path that is not absolute, a domain that is no host name.
func checkSessionValues(session *parser.Object, diags *parser.Diagnostics) {
	if v, f := sessionString(session, "prefix"); f != nil && !validCookieName(v+"_session") {
		diags.Errorf(f.Value.Pos(), "security.session.prefix %q makes an invalid cookie name %q: a cookie name is a token of RFC 6265 (letters, digits and !#$%%&'*+-.^_`|~)", parser.Echo(v), parser.Echo(v+"_session"))
	}
	if v, f := sessionString(session, "path"); f != nil && v != "" && !strings.HasPrefix(v, "/") {
		diags.Errorf(f.Value.Pos(), "security.session.path must start with \"/\", found %q", parser.Echo(v))
	}
	if v, f := sessionString(session, "domain"); f != nil && v != "" {
		if err := hostname.Check(strings.TrimPrefix(v, ".")); err != nil {
			diags.Errorf(f.Value.Pos(), "security.session.domain %q is not a host name: %v", parser.Echo(v), err)
		}
	}
}

// sessionString is the string at key of the session, trimmed, and its
// field; nil when absent or not a string.
func sessionString(session *parser.Object, key string) (string, *parser.Field) {
	f := session.Get(key)
	if f == nil {
		return "", nil
	}
	v, ok := f.Value.(*parser.String)
	if !ok {
		return "", nil
	}
	return strings.TrimSpace(v.Value), f
}

// validCookieName reports whether name is a token of RFC 6265 §4.1.1,
// the rule of net/http's, which drops a cookie of another name.
func validCookieName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`()<>@,;:\"/[]?={}`, c) >= 0 {
			return false
		}
	}
	return true
}

// found names what f holds, for a message: "an integer", "a section".
func found(f *parser.Field) string {
	if f.Object != nil {
		return "a section"
	}
	return article(f.Value.TypeName())
}

// valuePos is where f's value is, or its key for a section.
func valuePos(f *parser.Field) parser.Pos {
	if f.Object != nil {
		return f.KeyPos
	}
	return f.Value.Pos()
}

func isNull(v parser.Value) bool {
	_, null := v.(*parser.Null)
	return null
}
