package changes

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// signInChanges reports the keys of security.conf and the app config
// that reach the wire by signing in, and that no request of the probes
// tells apart: the session's cookie (its name, keys, attributes and
// lifetime), a form scheme's fields and redirects, an oauth2 scheme's
// scopes and provider. A scheme is compared with the scheme of its key
// and kind on the other side.
func (c *comparison) signInChanges() {
	o, n := c.old.table.Security, c.new.table.Security
	c.sessionChanges(o, n)
	if o == nil || n == nil {
		return
	}
	for _, is := range n.Schemes {
		i := slices.IndexFunc(o.Schemes, func(was ir.AuthScheme) bool { return was.Name == is.Name && was.Kind == is.Kind })
		if i < 0 {
			continue
		}
		switch is.Kind {
		case "form":
			c.formChanges(&o.Schemes[i], &is)
		case "oauth2":
			c.oauth2Changes(&o.Schemes[i], &is)
		}
	}
}

// signInReport reports a change of key of a scheme or the session, at
// its position on each side.
func (c *comparison) signInReport(oldPos, newPos parser.Pos, is outcome, change, old, new string, kind Kind, effect string) {
	s := &subject{kind: signInSubject, oldPos: oldPos, newPos: newPos}
	c.report(s, cause{is: is, change: change, old: old, new: new}, kind, effect, nil)
}

// sessionPos is where side t's security.conf (or app config) writes
// key of the session, else its security section.
func sessionPos(t *ir.Security, key string) parser.Pos {
	if t == nil {
		return parser.Pos{}
	}
	if at, ok := t.SessionKeyPos[key]; ok {
		return at
	}
	return t.Pos
}

func (c *comparison) sessionChanges(o, n *ir.Security) {
	var olds, news *ir.Session
	if o != nil {
		olds = o.Session
	}
	if n != nil {
		news = n.Session
	}
	switch {
	case olds == nil && news == nil:
		return
	case olds == nil:
		c.signInReport(parser.Pos{}, sessionPos(n, "mode"), ruleSession.to(Added), "session added", "", news.CookieName, Compatible, "a sign-in is kept in the cookie "+news.CookieName)
		return
	case news == nil:
		c.signInReport(sessionPos(o, "mode"), parser.Pos{}, ruleSession.to(Removed), "session removed", olds.CookieName, "", Breaking, "signed-in sessions (cookie "+olds.CookieName+") no longer open any route")
		return
	}
	at := func(key string) (parser.Pos, parser.Pos) { return sessionPos(o, key), sessionPos(n, key) }
	if olds.CookieName != news.CookieName {
		op, np := at("prefix")
		c.signInReport(op, np, ruleSessionRenamed.only(), "session cookie renamed", olds.CookieName, news.CookieName, Breaking, "every signed-in session is signed out: the cookie "+olds.CookieName+" is no longer read")
	}
	for _, k := range []struct{ key, oldKey, was, is, opens string }{
		{"sign_key", "old_sign_key", olds.SignKey, news.SignKey, news.OldSignKey},
		{"enc_key", "old_enc_key", olds.EncKey, news.EncKey, news.OldEncKey},
	} {
		if k.was == k.is || slices.Contains(olds.Withheld, k.key) || slices.Contains(news.Withheld, k.key) {
			continue // a key of a file of secrets is not compared: neither side's value is known
		}
		op, np := at(k.key)
		if k.opens == k.was && !slices.Contains(news.Withheld, k.oldKey) {
			c.signInReport(op, np, ruleSessionKey.to(Rotated), "session "+k.key+" rotated", "", "a new "+k.key+", the old one as "+k.oldKey, Compatible, "cookies of the old "+k.key+" still open ("+k.oldKey+")")
			continue
		}
		c.signInReport(op, np, ruleSessionKey.to(Replaced), "session "+k.key+" replaced", "", "a new "+k.key+", without the old one as "+k.oldKey, Breaking, "every signed-in session is signed out: cookies of the old "+k.key+" no longer open")
	}
	if olds.Secure != news.Secure {
		op, np := at("server.ssl.enable")
		if news.Secure {
			c.signInReport(op, np, ruleSessionSecure.to(Gained), "session cookie gains Secure", "server.ssl.enable = false", "server.ssl.enable = true", Breaking, "browsers no longer send the session over HTTP: sign-in over HTTP ends")
		} else {
			c.signInReport(op, np, ruleSessionSecure.to(Lost), "session cookie loses Secure", "server.ssl.enable = true", "server.ssl.enable = false", Security, "browsers send the session over plain HTTP too, where it can be read")
		}
	}
	if olds.HTTPOnly != news.HTTPOnly {
		op, np := at("http_only")
		if news.HTTPOnly {
			c.signInReport(op, np, ruleSessionHTTPOnly.to(Gained), "session cookie gains HttpOnly", "http_only = false", "http_only = true", Compatible, "the pages' scripts can no longer read the session cookie")
		} else {
			c.signInReport(op, np, ruleSessionHTTPOnly.to(Lost), "session cookie loses HttpOnly", "http_only = true", "http_only = false", Security, "the pages' scripts, an injected one too, can read the session cookie")
		}
	}
	if was, is := sameSiteRank(olds.SameSite), sameSiteRank(news.SameSite); was != is {
		op, np := at("samesite")
		old, new := "samesite = "+strconv.Quote(olds.SameSite), "samesite = "+strconv.Quote(news.SameSite)
		if is > was {
			c.signInReport(op, np, ruleSessionSameSite.to(Strengthened), "session cookie SameSite strengthened", old, new, Breaking, "cross-site requests that carried the session no longer do (an OAuth2 provider's redirect back among them, under strict)")
		} else {
			c.signInReport(op, np, ruleSessionSameSite.to(Weakened), "session cookie SameSite weakened", old, new, Security, "cross-site requests carry the session")
		}
	}
	if olds.Domain != news.Domain || olds.Path != news.Path {
		op, np := at("domain")
		if olds.Path != news.Path {
			op, np = at("path")
		}
		c.signInReport(op, np, ruleSessionScope.only(), "session cookie scope changed", "domain = "+strconv.Quote(olds.Domain)+", path = "+strconv.Quote(olds.Path),
			"domain = "+strconv.Quote(news.Domain)+", path = "+strconv.Quote(news.Path), Breaking, "the session is sent to other hosts or paths, and the old cookie is not replaced")
	}
	if olds.Store != news.Store || olds.StorePath != news.StorePath {
		c.storeChanges(olds, news, sessionPos(o, "store.type"), sessionPos(n, "store.type"))
	}
	if olds.TTL != news.TTL {
		op, np := at("ttl")
		old, new := "ttl = "+ttlText(olds.TTL), "ttl = "+ttlText(news.TTL)
		if longer(news.TTL, olds.TTL) {
			c.signInReport(op, np, ruleSessionLifetime.to(Longer), "session lifetime longer", old, new, Security, "a session, and a cookie taken from it, opens the routes for longer")
		} else {
			c.signInReport(op, np, ruleSessionLifetime.to(Shorter), "session lifetime shorter", old, new, Breaking, "signed-in users are signed out sooner")
		}
	}
}

// sameSiteRank orders samesite by what it keeps from cross-site
// requests: "none", then the browser's default (""), then "lax" and
// "strict".
func sameSiteRank(v string) int {
	return slices.Index([]string{"none", "", "lax", "strict"}, v)
}

// storeChanges reports a session's store.type or store.filepath changed,
// at store.type (store.filepath when only it changed). A cookie of one
// store opens no session of another: the cookie store's holds the session,
// a server store's its ID.
func (c *comparison) storeChanges(olds, news *ir.Session, op, np parser.Pos) {
	old, new := storeText(olds), storeText(news)
	switch {
	case news.Store == "cookie":
		c.signInReport(op, np, ruleSessionStore.to(Lost), "session store lost", old, new, Security,
			"signing out no longer revokes a session on the server: a copy of its cookie opens the routes until the cookie ends; every signed-in session is signed out")
	case olds.Store == "cookie":
		c.signInReport(op, np, ruleSessionStore.to(Gained), "session store gained", old, new, Breaking,
			"every signed-in session is signed out: the cookie holds the ID of a stored session, no longer the session")
	default:
		if olds.Store == news.Store {
			op, np = sessionPos(c.old.table.Security, "store.filepath"), sessionPos(c.new.table.Security, "store.filepath")
		}
		c.signInReport(op, np, ruleSessionStore.to(Changed), "session store changed", old, new, Breaking,
			"every signed-in session is signed out: the sessions stored are no longer read")
	}
}

func storeText(s *ir.Session) string {
	text := "store.type = " + strconv.Quote(s.Store)
	if s.StorePath != "" {
		text += ", store.filepath = " + strconv.Quote(s.StorePath)
	}
	return text
}

// longer reports whether a session of ttl a lasts longer than one of b.
// A copy of its cookie opens the routes for the ttl after the session's
// last save, and a cookie of ttl 0 (the browser's session, which a
// browser keeps until it closes, a copy for ever) for
// decide.DefaultSessionLifetime after its start, whatever the ttl says
// (decide.SessionMaxAge); of two that open for as long, the one of a
// ttl outlives the browser.
func longer(a, b time.Duration) bool {
	opens := func(ttl time.Duration) time.Duration {
		if ttl == 0 {
			return decide.SessionMaxAge(0, 0)
		}
		return ttl
	}
	return opens(a) > opens(b) || opens(a) == opens(b) && a != 0 && b == 0
}

func ttlText(d time.Duration) string {
	if d == 0 {
		return `"0" (the browser's session, at most ` + durationText(decide.SessionMaxAge(0, 0)) + ")"
	}
	return strconv.Quote(durationText(d))
}

// durationText is d as a ttl writes it: "30m", "2h", "1h30m".
func durationText(d time.Duration) string {
	text := d.String() // "30m0s", "2h0m0s", "1h30m0s"
	text = strings.TrimSuffix(text, "0s")
	if strings.HasSuffix(text, "h0m") {
		text = strings.TrimSuffix(text, "0m")
	}
	return text
}

// schemeKeyPos is where s writes key, else its own key.
func schemeKeyPos(s *ir.AuthScheme, key string) parser.Pos {
	if at, ok := s.KeyPos[key]; ok {
		return at
	}
	return s.Pos
}

func (c *comparison) formChanges(o, n *ir.AuthScheme) {
	at := func(key string) (parser.Pos, parser.Pos) { return schemeKeyPos(o, key), schemeKeyPos(n, key) }
	for _, f := range []struct{ key, was, is string }{
		{"field.identity", o.IdentityField, n.IdentityField},
		{"field.credential", o.CredentialField, n.CredentialField},
	} {
		if f.was != f.is {
			op, np := at(f.key)
			c.signInReport(op, np, ruleLoginField.only(), "login form field renamed", n.Name+"."+f.key+" = "+strconv.Quote(f.was), n.Name+"."+f.key+" = "+strconv.Quote(f.is), Breaking,
				"login forms that post "+strconv.Quote(f.was)+" are refused (302 to url.login_failure)")
		}
	}
	for _, key := range []string{"login_failure", "default_target"} {
		if was, is := o.URLs[key], n.URLs[key]; was != is {
			op, np := at("url." + key)
			c.signInReport(op, np, ruleSignInRedirect.only(), "sign-in redirect changed", n.Name+".url."+key+" = "+was, n.Name+".url."+key+" = "+is, Breaking, "a sign-in that went to "+was+" goes to "+is)
		}
	}
	if o.AlwaysToDefault != n.AlwaysToDefault {
		op, np := at("url.always_to_default")
		old, new := "always_to_default = "+strconv.FormatBool(o.AlwaysToDefault), "always_to_default = "+strconv.FormatBool(n.AlwaysToDefault)
		if n.AlwaysToDefault {
			c.signInReport(op, np, ruleAlwaysToDefault.to(On), "always_to_default turned on", old, new, Breaking, "a sign-in goes to "+n.URLs["default_target"]+", not back to the page it came from (_rt)")
		} else {
			c.signInReport(op, np, ruleAlwaysToDefault.to(Off), "always_to_default turned off", old, new, Security, "a sign-in goes to the _rt its request carries, a target the link chooses")
		}
	}
}

func (c *comparison) oauth2Changes(o, n *ir.AuthScheme) {
	at := func(key string) (parser.Pos, parser.Pos) { return schemeKeyPos(o, key), schemeKeyPos(n, key) }
	if was, is := o.URLs["success"], n.URLs["success"]; was != is {
		op, np := at("url.success")
		c.signInReport(op, np, ruleSignInRedirect.only(), "sign-in redirect changed", n.Name+".url.success = "+was, n.Name+".url.success = "+is, Breaking, "a sign-in that went to "+was+" goes to "+is)
	}
	if added, removed := lacking(strings.Join(n.Scopes, ","), strings.Join(o.Scopes, ",")), lacking(strings.Join(o.Scopes, ","), strings.Join(n.Scopes, ",")); len(added)+len(removed) > 0 {
		op, np := at("client.scopes")
		old, new := scopesText(o.Scopes), scopesText(n.Scopes)
		if len(added) > 0 {
			c.signInReport(op, np, ruleOAuth2Scopes.only(), "OAuth2 scopes changed", old, new, Security, "the provider is asked for "+strings.Join(added, ", ")+" of each user's account as well")
		}
		if len(removed) > 0 {
			c.signInReport(op, np, ruleOAuth2Scopes.only(), "OAuth2 scopes changed", old, new, Breaking, "tokens no longer grant "+strings.Join(removed, ", ")+": the application's calls that need them fail")
		}
	}
	was := strings.Join([]string{o.Provider, o.AuthURL, o.TokenURL}, " ")
	if is := strings.Join([]string{n.Provider, n.AuthURL, n.TokenURL}, " "); was != is {
		key := "client.provider.name"
		if o.AuthURL != n.AuthURL {
			key = "client.provider.url.auth"
		} else if o.TokenURL != n.TokenURL {
			key = "client.provider.url.token"
		}
		op, np := at(key)
		c.signInReport(op, np, ruleOAuth2Provider.only(), "OAuth2 provider changed", providerText(o), providerText(n), Security, "sign-in is sent to, and its tokens come from, "+providerText(n))
	}
}

func scopesText(scopes []string) string {
	return "[" + strings.Join(scopes, ", ") + "]"
}

func providerText(s *ir.AuthScheme) string {
	return strings.TrimSpace(cmp.Or(s.Provider, "") + " " + strings.TrimSpace(s.AuthURL+" "+s.TokenURL))
}
