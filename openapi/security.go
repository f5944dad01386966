package openapi

import (
	"cmp"
	"fmt"

	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// oauth2Endpoints are the endpoints of the providers aah knows by name.
var oauth2Endpoints = map[string][2]string{
	"facebook": {"https://www.facebook.com/v3.2/dialog/oauth", "https://graph.facebook.com/v3.2/oauth/access_token"},
	"github":   {"https://github.com/login/oauth/authorize", "https://github.com/login/oauth/access_token"},
	"google":   {"https://accounts.google.com/o/oauth2/auth", "https://oauth2.googleapis.com/token"},
}

// securitySchemes are the auth schemes of t as OpenAPI security schemes,
// from what security.conf says of each (t.Security):
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
// Without security.conf, a scheme a route names is known by its name
// alone: http bearer, saying so. The router checks none of these itself:
// the authenticator registered for the scheme does. Each scheme says what
// security.conf calls it in x-routegen-scheme.
func securitySchemes(t *ir.Table) map[string]*SecurityScheme {
	out := map[string]*SecurityScheme{}
	if t.Security == nil {
		for _, name := range explain.NamedSchemes(t) {
			out[name] = &SecurityScheme{Type: "http", HTTPScheme: "bearer",
				Description: fmt.Sprintf("Scheme %s of routes.conf, whose kind security.conf would say (--security): a bearer token is assumed.", name)}
		}
		return out
	}
	sessionCookie := cmp.Or(t.Security.SessionCookie, "aah_session")
	for _, scheme := range t.Security.Schemes {
		cookie := &SecurityScheme{Type: "apiKey", In: "cookie", Name: sessionCookie, Scheme: scheme.Kind,
			Description: "The session cookie the login of scheme " + scheme.Name + " sets."}
		switch scheme.Kind {
		case "basic":
			out[scheme.Name] = &SecurityScheme{Type: "http", HTTPScheme: "basic", Scheme: scheme.Kind}
		case "form":
			out[scheme.Name] = cookie
		case "oauth2":
			out[scheme.Name] = oauth2Scheme(scheme, cookie)
		default:
			out[scheme.Name] = &SecurityScheme{Type: "http", HTTPScheme: "bearer", Scheme: scheme.Kind,
				Description: fmt.Sprintf("Scheme %s (%s) is checked by an authenticator of the application's own: a bearer token is assumed.", scheme.Name, scheme.Kind)}
		}
	}
	return out
}

// oauth2Scheme is the authorization code flow of an oauth2 scheme, or
// fallback when its endpoints are not known.
func oauth2Scheme(scheme ir.AuthScheme, fallback *SecurityScheme) *SecurityScheme {
	authURL, tokenURL := scheme.AuthURL, scheme.TokenURL
	if authURL == "" || tokenURL == "" {
		known, ok := oauth2Endpoints[scheme.Provider]
		if !ok {
			fallback.Description += " Its provider's endpoints are not known: set client.provider.url.auth and .token."
			return fallback
		}
		authURL, tokenURL = known[0], known[1]
	}
	scopes := map[string]string{}
	for _, s := range scheme.Scopes {
		scopes[s] = ""
	}
	return &SecurityScheme{Type: "oauth2", Scheme: "oauth2",
		Flows: &Flows{AuthorizationCode: &Flow{AuthorizationURL: authURL, TokenURL: tokenURL, Scopes: scopes}}}
}
