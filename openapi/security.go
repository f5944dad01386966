package openapi

import (
	"fmt"
	"strings"

	"github.com/routegen/routegen/parser"
)

// oauth2Endpoints are the endpoints of the providers aah knows by name.
var oauth2Endpoints = map[string][2]string{
	"facebook": {"https://www.facebook.com/v3.2/dialog/oauth", "https://graph.facebook.com/v3.2/oauth/access_token"},
	"github":   {"https://github.com/login/oauth/authorize", "https://github.com/login/oauth/access_token"},
	"google":   {"https://accounts.google.com/o/oauth2/auth", "https://oauth2.googleapis.com/token"},
}

// securitySchemes are the auth schemes of security.conf (obj; nil for
// none) as OpenAPI security schemes:
//
//   - basic: http basic;
//   - oauth2: the authorization code flow, with the endpoints of
//     client.provider.url.auth and .token, or of a provider aah knows by
//     name (facebook, github, google); without endpoints, the session
//     cookie the login leaves, as for form;
//   - form: an apiKey, the session cookie (security.session.name, aah's
//     default "aah_session");
//   - generic and any other: http bearer, the common case of an
//     authenticator of one's own.
//
// The router checks none of these itself: the authenticator registered for
// the scheme does. Each scheme says what security.conf calls it in
// x-routegen-scheme.
func securitySchemes(obj *parser.Object) map[string]*SecurityScheme {
	if obj == nil {
		return nil
	}
	sessionCookie := "aah_session"
	if name := stringAt(obj, "security.session.name"); name != "" {
		sessionCookie = name
	}
	out := map[string]*SecurityScheme{}
	auth := obj.Lookup("security.auth_schemes")
	if auth == nil || auth.Object == nil {
		return out
	}
	for _, field := range auth.Object.Fields {
		if field.Object == nil {
			continue
		}
		kind := strings.ToLower(stringAt(field.Object, "scheme"))
		cookie := &SecurityScheme{Type: "apiKey", In: "cookie", Name: sessionCookie, Scheme: kind,
			Description: "The session cookie the login of scheme " + field.Key + " sets."}
		switch kind {
		case "basic":
			out[field.Key] = &SecurityScheme{Type: "http", HTTPScheme: "basic", Scheme: kind}
		case "form":
			out[field.Key] = cookie
		case "oauth2":
			out[field.Key] = oauth2Scheme(field.Object, cookie)
		default:
			out[field.Key] = &SecurityScheme{Type: "http", HTTPScheme: "bearer", Scheme: kind,
				Description: fmt.Sprintf("Scheme %s (%s) is checked by an authenticator of the application's own: a bearer token is assumed.", field.Key, kind)}
		}
	}
	return out
}

// oauth2Scheme is the authorization code flow of an oauth2 scheme, or
// fallback when its endpoints are not known.
func oauth2Scheme(obj *parser.Object, fallback *SecurityScheme) *SecurityScheme {
	authURL, tokenURL := stringAt(obj, "client.provider.url.auth"), stringAt(obj, "client.provider.url.token")
	if authURL == "" || tokenURL == "" {
		known, ok := oauth2Endpoints[strings.ToLower(stringAt(obj, "client.provider.name"))]
		if !ok {
			fallback.Description += " Its provider's endpoints are not known: set client.provider.url.auth and .token."
			return fallback
		}
		authURL, tokenURL = known[0], known[1]
	}
	scopes := map[string]string{}
	if f := obj.Lookup("client.scopes"); f != nil {
		if list, ok := f.Value.(*parser.List); ok {
			for _, e := range list.Elems {
				if s, ok := e.(*parser.String); ok {
					scopes[s.Value] = ""
				}
			}
		}
	}
	return &SecurityScheme{Type: "oauth2", Scheme: "oauth2",
		Flows: &Flows{AuthorizationCode: &Flow{AuthorizationURL: authURL, TokenURL: tokenURL, Scopes: scopes}}}
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
