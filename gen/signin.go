package gen

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// signsIn reports whether the table has a session or a form or oauth2
// scheme of security.conf, which SignIn holds.
func (g *generator) signsIn() bool {
	s := g.table.Security
	return s != nil && (s.Session != nil || slices.ContainsFunc(s.Schemes, func(a ir.AuthScheme) bool { return a.Kind == "form" || a.Kind == "oauth2" }))
}

// writeSignIn writes SignIn: security.conf's session and form and oauth2
// schemes, for runtime.WithSessions, runtime/aahauth and aahoauth2.
func (g *generator) writeSignIn() {
	if !g.signsIn() {
		return
	}
	s := g.table.Security
	var lit keyedLiteral
	if c := s.Session; c != nil {
		var sl keyedLiteral
		sl.line(field{"CookieName", stringLit(c.CookieName)}, field{"Domain", stringLit(c.Domain)}, field{"Path", stringLit(c.Path)})
		sl.line(field{"HTTPOnly", trueLit(c.HTTPOnly)}, field{"Secure", trueLit(c.Secure)}, field{"SameSite", sameSiteLit(c.SameSite)})
		if c.TTL != 0 {
			sl.line(field{"TTL", durationLit(c.TTL)})
		}
		if c.Store != "cookie" {
			sl.line(field{"Store", stringLit(c.Store)}, field{"StorePath", stringLit(c.StorePath)})
		}
		sl.line(field{"SignKey", stringLit(c.SignKey)}, field{"EncKey", stringLit(c.EncKey)})
		sl.line(field{"OldSignKey", stringLit(c.OldSignKey)}, field{"OldEncKey", stringLit(c.OldEncKey)})
		lit.line(field{"Session", jen.Op("&").Qual(runtimePkg, "SessionConfig").Add(sl.block())})
	}
	var forms []jen.Code
	for _, a := range s.Schemes {
		if a.Kind != "form" {
			continue
		}
		var fl keyedLiteral
		fl.line(field{"Login", stringLit(a.URLs["login"])}, field{"LoginSubmit", stringLit(a.URLs["login_submit"])})
		fl.line(field{"LoginFailure", stringLit(a.URLs["login_failure"])}, field{"DefaultTarget", stringLit(a.URLs["default_target"])},
			field{"AlwaysToDefault", trueLit(a.AlwaysToDefault)})
		fl.line(field{"IdentityField", stringLit(a.IdentityField)}, field{"CredentialField", stringLit(a.CredentialField)},
			field{"PasswordEncoder", stringLit(a.PasswordEncoder)})
		forms = append(forms, jen.Lit(a.Name).Op(":").Add(fl.block()))
	}
	if forms != nil {
		lit.line(field{"Forms", jen.Map(jen.String()).Op("*").Qual(runtimePkg, "FormConfig").Add(multiLine(forms...))})
	}
	var oauth2 []jen.Code
	for _, a := range s.Schemes {
		if a.Kind != "oauth2" {
			continue
		}
		var ol keyedLiteral
		ol.line(field{"ClientID", stringLit(a.ClientID)}, field{"ClientSecret", stringLit(a.ClientSecret)}, field{"Scopes", stringsLit(a.Scopes)})
		ol.line(field{"Provider", stringLit(a.Provider)}, field{"AuthURL", stringLit(a.AuthURL)}, field{"TokenURL", stringLit(a.TokenURL)})
		ol.line(field{"Login", stringLit(a.URLs["login"])}, field{"Redirect", stringLit(a.URLs["redirect"])}, field{"Success", stringLit(a.URLs["success"])})
		oauth2 = append(oauth2, jen.Lit(a.Name).Op(":").Add(ol.block()))
	}
	if oauth2 != nil {
		lit.line(field{"OAuth2", jen.Map(jen.String()).Op("*").Qual(runtimePkg, "OAuth2Config").Add(multiLine(oauth2...))})
	}
	doc := []string{
		"SignIn is what security.conf says of signing in: the session, for runtime.WithSessions",
		"(its keys as written there), and the form and oauth2 schemes, for the packages runtime/aahauth",
		"and runtime/aahauth/aahoauth2.",
	}
	if c := s.Session; c != nil && len(c.Withheld) > 0 {
		doc = append(doc, "The session's keys read from a file of secrets ("+strings.Join(c.Withheld, ", ")+") are not written here:",
			"set them in a copy of SignIn.Session before runtime.WithSessions.")
	}
	for _, a := range s.Schemes {
		if a.ClientSecretWithheld {
			doc = append(doc, "The client.secret of "+a.Name+" is read from a file of secrets, and not written here:",
				"set SignIn.OAuth2["+strconv.Quote(a.Name)+"].ClientSecret before its Options.")
		}
	}
	g.declare(doc, jen.Var().Id("SignIn").Op("=").Qual(runtimePkg, "SignIn").Add(lit.block()))
}

// durationLit is d as Go writes a constant duration: in hours or minutes,
// as ttl is, else in the largest unit that holds it whole.
func durationLit(d time.Duration) jen.Code {
	for _, unit := range []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}} {
		if d%unit.d == 0 {
			return jen.Lit(int(d/unit.d)).Op("*").Qual("time", unit.name)
		}
	}
	return jen.Lit(int(d)).Op("*").Qual("time", "Nanosecond")
}

// sameSiteLit is the http.SameSite of a session's samesite; nil for
// none, the browser's default.
func sameSiteLit(mode string) jen.Code {
	switch strings.ToLower(mode) {
	case "lax":
		return jen.Qual("net/http", "SameSiteLaxMode")
	case "strict":
		return jen.Qual("net/http", "SameSiteStrictMode")
	case "none":
		return jen.Qual("net/http", "SameSiteNoneMode")
	}
	return nil
}
