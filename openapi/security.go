package openapi

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// securitySchemes are the auth schemes of t as OpenAPI security schemes,
// as a client must send them, from what security.conf says of each
// (t.Security):
//
//   - basic: http basic;
//   - generic: an apiKey in the header of header.identity, which the
//     authenticator reads (runtime/aahauth.Generic), or http bearer when
//     it names none or Authorization; a header.credential is a second
//     apiKey, NAME.credential, which the scheme's requirement asks too;
//   - form and oauth2: an apiKey, the session cookie (aah's
//     "aah_session", or security.session.prefix + "_session") that
//     signing in sets: a form's login submit, an oauth2 scheme's
//     callback, whose operations describe how;
//   - any other: http bearer, the common case of an authenticator of
//     one's own.
//
// Without security.conf, a scheme the router needs an authenticator for
// is known by its name alone: http bearer, saying so. The router checks
// none of these itself: the authenticator registered for the scheme does.
// Each scheme says what security.conf calls it in x-routegen-scheme.
func securitySchemes(t *ir.Table) map[string]*SecurityScheme {
	out := map[string]*SecurityScheme{}
	if t.Security == nil {
		for _, name := range explain.Schemes(t) {
			out[name] = &SecurityScheme{Type: "http", HTTPScheme: "bearer",
				Description: fmt.Sprintf("Scheme %s of routes.conf, whose kind security.conf would say (--security): a bearer token is assumed.", name)}
		}
		return out
	}
	for _, scheme := range t.Security.Schemes {
		switch scheme.Kind {
		case "basic":
			out[scheme.Name] = &SecurityScheme{Type: "http", HTTPScheme: "basic", Scheme: scheme.Kind}
		case "form":
			out[scheme.Name] = sessionScheme(t, scheme, fmt.Sprintf("The session cookie that signing in sets: the login form's POST %s (operation %s_login_submit__aah) with the right credentials.", scheme.URLs["login_submit"], scheme.Name))
		case "oauth2":
			out[scheme.Name] = sessionScheme(t, scheme, fmt.Sprintf("The session cookie that signing in with the provider sets: GET %s (operation %s_login__aah) redirects to the provider, which redirects to GET %s (operation %s_redirect__aah); that callback sets the cookie. The provider's access token opens no route.",
				scheme.URLs["login"], scheme.Name, scheme.URLs["redirect"], scheme.Name))
		case "generic":
			if header := strings.TrimSpace(scheme.IdentityHeader); header != "" && !strings.EqualFold(header, "Authorization") {
				out[scheme.Name] = &SecurityScheme{Type: "apiKey", In: "header", Name: header, Scheme: scheme.Kind,
					Description: "The identity the authenticator reads from header " + header + " (header.identity)."}
			} else {
				out[scheme.Name] = &SecurityScheme{Type: "http", HTTPScheme: "bearer", Scheme: scheme.Kind,
					Description: "The identity the authenticator reads from header Authorization (aah's header.identity): a bearer token is assumed."}
			}
			if header := strings.TrimSpace(scheme.CredentialHeader); header != "" {
				out[credentialScheme(scheme.Name)] = &SecurityScheme{Type: "apiKey", In: "header", Name: header, Scheme: scheme.Kind,
					Description: "The credential the authenticator of scheme " + scheme.Name + " reads from header " + header + " (header.credential), with its identity."}
			}
		default:
			out[scheme.Name] = &SecurityScheme{Type: "http", HTTPScheme: "bearer", Scheme: scheme.Kind,
				Description: fmt.Sprintf("Scheme %s (%s) is checked by an authenticator of the application's own: a bearer token is assumed.", scheme.Name, scheme.Kind)}
		}
	}
	return out
}

// credentialScheme is the name of the security scheme of a generic
// scheme's header.credential.
func credentialScheme(name string) string { return name + ".credential" }

// sessionScheme is the session cookie a form or oauth2 scheme's sign-in
// sets, as an apiKey.
func sessionScheme(t *ir.Table, scheme ir.AuthScheme, description string) *SecurityScheme {
	return &SecurityScheme{Type: "apiKey", In: "cookie", Name: sessionCookie(t), Scheme: scheme.Kind, Description: description}
}

// sessionCookie is the name of the session's cookie.
func sessionCookie(t *ir.Table) string { return cmp.Or(t.Security.SessionCookie, "aah_session") }

// requirementsOf returns the security requirements of an auth value of
// t: its scheme (with a generic scheme's credential); any scheme for
// "authenticated"; none, [], for anonymous or no auth.
func requirementsOf(t *ir.Table) func(auth string) []map[string][]string {
	credential := map[string]bool{}
	schemes := explain.Schemes(t) // without security.conf, those the router needs
	if t.Security != nil {
		schemes = t.AuthSchemes
		for _, s := range t.Security.Schemes {
			credential[s.Name] = s.Kind == "generic" && strings.TrimSpace(s.CredentialHeader) != ""
		}
	}
	requirement := func(scheme string) map[string][]string {
		r := map[string][]string{scheme: {}}
		if credential[scheme] {
			r[credentialScheme(scheme)] = []string{}
		}
		return r
	}
	return func(auth string) []map[string][]string {
		switch auth {
		case "", decide.AuthAnonymous:
			return []map[string][]string{}
		case decide.AuthAuthenticated:
			either := []map[string][]string{}
			for _, s := range schemes {
				either = append(either, requirement(s))
			}
			return either
		}
		return []map[string][]string{requirement(auth)}
	}
}

// signIn describes a route an auth scheme adds: what a client sends it,
// and its redirects.
func signIn(t *ir.Table, r *ir.Route, op *Operation) {
	var scheme ir.AuthScheme
	for _, s := range t.Security.Schemes {
		if s.Name == r.AddedBy {
			scheme = s
		}
	}
	location := func(description string) *Response {
		return &Response{Description: description, Headers: map[string]*Header{
			"Location": {Description: "Where the redirect goes.", Schema: map[string]any{"type": "string"}},
		}}
	}
	setsSession := func(res *Response) *Response {
		res.Headers["Set-Cookie"] = &Header{Description: "The session cookie, " + sessionCookie(t) + ", of the user signed in.", Schema: map[string]any{"type": "string"}}
		return res
	}
	op.Tags = []string{r.AddedBy}
	switch r.Action {
	case "login_submit":
		op.Summary = "Sign in with scheme " + scheme.Name + "'s login form."
		op.RequestBody = &RequestBody{Required: true, Content: map[string]*MediaType{
			"application/x-www-form-urlencoded": {Schema: map[string]any{
				"type": "object",
				"properties": map[string]any{
					scheme.IdentityField:   map[string]any{"type": "string", "description": "The identity (field.identity)."},
					scheme.CredentialField: map[string]any{"type": "string", "description": "The password (field.credential)."},
					"_rt":                  map[string]any{"type": "string", "description": "Where to go once signed in: a path of this site."},
				},
				"required": []string{scheme.IdentityField, scheme.CredentialField},
			}},
		}}
		target := "to _rt when it is a path of this site, else to " + scheme.URLs["default_target"] + " (url.default_target)"
		if scheme.AlwaysToDefault {
			target = "to " + scheme.URLs["default_target"] + " (url.default_target, url.always_to_default)"
		}
		op.Responses["302"] = setsSession(location("Signed in: the session cookie is set and the redirect goes " + target +
			". Wrong credentials: no cookie, and the redirect goes to " + scheme.URLs["login_failure"] + " (url.login_failure)."))
	case "login":
		op.Summary = "Sign in with scheme " + scheme.Name + "'s OAuth 2 provider."
		op.Responses["302"] = location("To the provider's authorization endpoint, which sends the user back to " + scheme.URLs["redirect"] + " (url.redirect) with a code and the state, kept in the session cookie this response sets.")
		setsSession(op.Responses["302"])
	case "redirect":
		op.Summary = "The OAuth 2 callback of scheme " + scheme.Name + ": it signs in."
		for _, name := range []string{"code", "state"} {
			op.Parameters = append(op.Parameters, &Parameter{Name: name, In: "query", Required: true, Schema: map[string]any{"type": "string"},
				Description: "The " + name + " the provider sends back."})
		}
		op.Responses["302"] = setsSession(location("Signed in: the session cookie is set, and the redirect goes to " + scheme.URLs["success"] + " (url.success)."))
		op.Responses["401"] = &Response{Description: "The state or the code is missing or wrong, or the provider's token identifies no one."}
	}
}
