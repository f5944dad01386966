package ir

import (
	"strings"

	"github.com/routegen/routegen/parser"
)

// Security is what security.conf says of authentication beyond the names
// of its schemes, for the documents generated from a table (OpenAPI).
type Security struct {
	// SessionCookie is security.session.name; "" for aah's default.
	SessionCookie string
	// Schemes are the auth schemes, in the order of security.conf.
	Schemes []AuthScheme
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
}

// readSecurity reads the schemes of security.conf; nil without one. Its
// diagnostics are authSchemes'.
func readSecurity(sec *parser.Object) *Security {
	if sec == nil {
		return nil
	}
	s := &Security{SessionCookie: stringAt(sec, "security.session.name")}
	auth := sec.Lookup("security.auth_schemes")
	if auth == nil || auth.Object == nil {
		return s
	}
	for _, f := range auth.Object.Fields {
		if f.Object == nil {
			continue
		}
		scheme := AuthScheme{
			Name:     f.Key,
			Kind:     strings.ToLower(stringAt(f.Object, "scheme")),
			Provider: strings.ToLower(stringAt(f.Object, "client.provider.name")),
			AuthURL:  stringAt(f.Object, "client.provider.url.auth"),
			TokenURL: stringAt(f.Object, "client.provider.url.token"),
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

// stringAt is the string at a dotted path of obj, trimmed; "" when absent
// or not a string.
func stringAt(obj *parser.Object, dotted string) string {
	f := obj.Lookup(dotted)
	if f == nil {
		return ""
	}
	if s, ok := f.Value.(*parser.String); ok {
		return strings.TrimSpace(s.Value)
	}
	return ""
}
