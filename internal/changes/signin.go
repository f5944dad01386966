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

// keyAt is a key of a scheme or the session: its path, as Change.Key
// names it, and where each side writes it.
type keyAt struct {
	name     string
	old, new parser.Pos
}

// signInReport reports a change of key k of a scheme or the session.
func (c *comparison) signInReport(k keyAt, is outcome, change, old, new string, kind Kind, effect string) {
	s := &subject{kind: signInSubject, oldPos: k.old, newPos: k.new, name: k.name}
	c.report(s, cause{is: is, change: change, old: old, new: new}, kind, effect, nil)
}

// sessionKey is the path of key of the session: a key of
// security.session, or server.ssl.enable of the app config.
func sessionKey(key string) string {
	if key == sslKey {
		return key
	}
	return "security.session." + key
}

const sslKey = "server.ssl.enable"

// sessionSubjectKeys are the keys of the session a change is reported at.
var sessionSubjectKeys = []string{"prefix", "sign_key", "enc_key", sslKey, "http_only", "samesite", "domain", "path", "ttl", "store.type", "store.filepath"}

// The keys of a form scheme and of an oauth2 scheme a change is reported
// at.
var (
	formSubjectKeys   = []string{"field.identity", "field.credential", "url.login_failure", "url.default_target", "url.always_to_default"}
	oauth2SubjectKeys = []string{"url.success", "client.scopes", "client.provider.name", "client.provider.url.auth", "client.provider.url.token"}
)

// schemeKey is the path of key of scheme name.
func schemeKey(name, key string) string { return "security.auth_schemes." + name + "." + key }

// signInSubjects are the keys a change of t's sign-in can be at, as
// Change.Key names them; none without security.conf.
func signInSubjects(t *ir.Table) []string {
	if t.Security == nil {
		return nil
	}
	out := []string{"security.session"}
	for _, k := range sessionSubjectKeys {
		out = append(out, sessionKey(k))
	}
	for _, s := range t.Security.Schemes {
		keys := map[string][]string{"form": formSubjectKeys, "oauth2": oauth2SubjectKeys}[s.Kind]
		for _, k := range keys {
			out = append(out, schemeKey(s.Name, k))
		}
	}
	return out
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
		c.signInReport(keyAt{"security.session", parser.Pos{}, sessionPos(n, "mode")}, ruleSession.to(Added), "session added", "", news.CookieName, Compatible, "a sign-in is kept in the cookie "+news.CookieName)
		return
	case news == nil:
		c.signInReport(keyAt{"security.session", sessionPos(o, "mode"), parser.Pos{}}, ruleSession.to(Removed), "session removed", olds.CookieName, "", Breaking, "signed-in sessions (cookie "+olds.CookieName+") no longer open any route")
		return
	}
	at := func(key string) keyAt { return keyAt{sessionKey(key), sessionPos(o, key), sessionPos(n, key)} }
	if olds.CookieName != news.CookieName {
		k := at("prefix")
		c.signInReport(k, ruleSessionRenamed.only(), "session cookie renamed", olds.CookieName, news.CookieName, Breaking, "every signed-in session is signed out: the cookie "+olds.CookieName+" is no longer read")
	}
	for _, k := range []struct{ key, oldKey, was, is, opens string }{
		{"sign_key", "old_sign_key", olds.SignKey, news.SignKey, news.OldSignKey},
		{"enc_key", "old_enc_key", olds.EncKey, news.EncKey, news.OldEncKey},
	} {
		if k.was == k.is || slices.Contains(olds.Withheld, k.key) || slices.Contains(news.Withheld, k.key) {
			continue // a key of a file of secrets is not compared: neither side's value is known
		}
		written := at(k.key)
		if k.opens == k.was && !slices.Contains(news.Withheld, k.oldKey) {
			c.signInReport(written, ruleSessionKey.to(Rotated), "session "+k.key+" rotated", "", "a new "+k.key+", the old one as "+k.oldKey, Compatible, "cookies of the old "+k.key+" still open ("+k.oldKey+")")
			continue
		}
		c.signInReport(written, ruleSessionKey.to(Replaced), "session "+k.key+" replaced", "", "a new "+k.key+", without the old one as "+k.oldKey, Breaking, "every signed-in session is signed out: cookies of the old "+k.key+" no longer open")
	}
	if olds.Secure != news.Secure {
		k := at(sslKey)
		if news.Secure {
			c.signInReport(k, ruleSessionSecure.to(Gained), "session cookie gains Secure", "server.ssl.enable = false", "server.ssl.enable = true", Breaking, "browsers no longer send the session over HTTP: sign-in over HTTP ends")
		} else {
			c.signInReport(k, ruleSessionSecure.to(Lost), "session cookie loses Secure", "server.ssl.enable = true", "server.ssl.enable = false", Security, "browsers send the session over plain HTTP too, where it can be read")
		}
	}
	if olds.HTTPOnly != news.HTTPOnly {
		k := at("http_only")
		if news.HTTPOnly {
			c.signInReport(k, ruleSessionHTTPOnly.to(Gained), "session cookie gains HttpOnly", "http_only = false", "http_only = true", Compatible, "the pages' scripts can no longer read the session cookie")
		} else {
			c.signInReport(k, ruleSessionHTTPOnly.to(Lost), "session cookie loses HttpOnly", "http_only = true", "http_only = false", Security, "the pages' scripts, an injected one too, can read the session cookie")
		}
	}
	if was, is := sameSiteRank(olds.SameSite), sameSiteRank(news.SameSite); was != is {
		k := at("samesite")
		old, new := "samesite = "+strconv.Quote(olds.SameSite), "samesite = "+strconv.Quote(news.SameSite)
		if is > was {
			c.signInReport(k, ruleSessionSameSite.to(Strengthened), "session cookie SameSite strengthened", old, new, Breaking, "cross-site requests that carried the session no longer do (an OAuth2 provider's redirect back among them, under strict)")
		} else {
			c.signInReport(k, ruleSessionSameSite.to(Weakened), "session cookie SameSite weakened", old, new, Security, "cross-site requests carry the session")
		}
	}
	c.scopeChanges("domain", olds.Domain, news.Domain, domainCovers, at)
	c.scopeChanges("path", olds.Path, news.Path, pathCovers, at)
	if olds.Store != news.Store || olds.StorePath != news.StorePath {
		c.storeChanges(olds, news, at)
	}
	if olds.TTL != news.TTL {
		k := at("ttl")
		old, new := "ttl = "+ttlText(olds.TTL), "ttl = "+ttlText(news.TTL)
		if longer(news.TTL, olds.TTL) {
			c.signInReport(k, ruleSessionLifetime.to(Longer), "session lifetime longer", old, new, Security, "a session, and a cookie taken from it, opens the routes for longer")
		} else {
			c.signInReport(k, ruleSessionLifetime.to(Shorter), "session lifetime shorter", old, new, Breaking, "signed-in users are signed out sooner")
		}
	}
}

// scopeChanges reports how the session cookie's attribute key (domain or
// path) went from was to is, where covers(a, b) says whether a cookie of
// a is sent wherever one of b is: widened when the new one reaches
// requests the old did not, narrowed when the old one reached requests
// the new does not; both for scopes apart.
func (c *comparison) scopeChanges(key, was, is string, covers func(a, b string) bool, at func(string) keyAt) {
	if was == is {
		return
	}
	old, new := key+" = "+strconv.Quote(was), key+" = "+strconv.Quote(is)
	if !covers(was, is) {
		c.signInReport(at(key), ruleSessionScope.to(Widened), "session cookie "+key+" widened", old, new, Security,
			"browsers send the session to "+scopeText(key, is)+", also where it did not go: a signed-in session opens the routes there")
	}
	if !covers(is, was) {
		c.signInReport(at(key), ruleSessionScope.to(Narrowed), "session cookie "+key+" narrowed", old, new, Breaking,
			"browsers send the session to "+scopeText(key, is)+" only: signed-in users are signed out where it went before")
	}
}

// domainCovers reports whether a cookie of domain a is sent to every host
// one of domain b is: "" is the host that set it alone, which a browser
// takes a domain for only when the host is that domain or below it.
func domainCovers(a, b string) bool {
	a, b = strings.ToLower(strings.TrimPrefix(a, ".")), strings.ToLower(strings.TrimPrefix(b, "."))
	return a == b || a != "" && (b == "" || strings.HasSuffix(b, "."+a))
}

// pathCovers reports whether a cookie of path a is sent to every path one
// of path b is: b is a or below it.
func pathCovers(a, b string) bool {
	return a == b || strings.HasPrefix(b, a) && (strings.HasSuffix(a, "/") || b[len(a)] == '/')
}

// scopeText says where a cookie of the value of key goes.
func scopeText(key, value string) string {
	switch {
	case key == "domain" && value == "":
		return "the host that set it"
	case key == "domain":
		return value + " and every host below it"
	case value == "/":
		return "every path"
	}
	return value + " and the paths below it"
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
func (c *comparison) storeChanges(olds, news *ir.Session, at func(string) keyAt) {
	old, new := storeText(olds), storeText(news)
	k := at("store.type")
	switch {
	case news.Store == "cookie":
		c.signInReport(k, ruleSessionStore.to(Lost), "session store lost", old, new, Security,
			"signing out no longer revokes a session on the server: a copy of its cookie opens the routes until the cookie ends; every signed-in session is signed out")
	case olds.Store == "cookie":
		c.signInReport(k, ruleSessionStore.to(Gained), "session store gained", old, new, Breaking,
			"every signed-in session is signed out: the cookie holds the ID of a stored session, no longer the session")
	default:
		if olds.Store == news.Store {
			k = at("store.filepath")
		}
		c.signInReport(k, ruleSessionStore.to(Changed), "session store changed", old, new, Breaking,
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
	at := func(key string) keyAt {
		return keyAt{schemeKey(n.Name, key), schemeKeyPos(o, key), schemeKeyPos(n, key)}
	}
	for _, f := range []struct{ key, was, is string }{
		{"field.identity", o.IdentityField, n.IdentityField},
		{"field.credential", o.CredentialField, n.CredentialField},
	} {
		if f.was != f.is {
			k := at(f.key)
			c.signInReport(k, ruleLoginField.only(), "login form field renamed", n.Name+"."+f.key+" = "+strconv.Quote(f.was), n.Name+"."+f.key+" = "+strconv.Quote(f.is), Breaking,
				"login forms that post "+strconv.Quote(f.was)+" are refused (302 to url.login_failure)")
		}
	}
	for _, key := range []string{"login_failure", "default_target"} {
		if was, is := o.URLs[key], n.URLs[key]; was != is {
			k := at("url." + key)
			c.signInReport(k, ruleSignInRedirect.only(), "sign-in redirect changed", n.Name+".url."+key+" = "+was, n.Name+".url."+key+" = "+is, Breaking, "a sign-in that went to "+was+" goes to "+is)
		}
	}
	if o.AlwaysToDefault != n.AlwaysToDefault {
		k := at("url.always_to_default")
		old, new := "always_to_default = "+strconv.FormatBool(o.AlwaysToDefault), "always_to_default = "+strconv.FormatBool(n.AlwaysToDefault)
		if n.AlwaysToDefault {
			c.signInReport(k, ruleAlwaysToDefault.to(On), "always_to_default turned on", old, new, Breaking, "a sign-in goes to "+n.URLs["default_target"]+", not back to the page it came from (_rt)")
		} else {
			c.signInReport(k, ruleAlwaysToDefault.to(Off), "always_to_default turned off", old, new, Security, "a sign-in goes to the _rt its request carries, a target the link chooses")
		}
	}
}

func (c *comparison) oauth2Changes(o, n *ir.AuthScheme) {
	at := func(key string) keyAt {
		return keyAt{schemeKey(n.Name, key), schemeKeyPos(o, key), schemeKeyPos(n, key)}
	}
	if was, is := o.URLs["success"], n.URLs["success"]; was != is {
		k := at("url.success")
		c.signInReport(k, ruleSignInRedirect.only(), "sign-in redirect changed", n.Name+".url.success = "+was, n.Name+".url.success = "+is, Breaking, "a sign-in that went to "+was+" goes to "+is)
	}
	if added, removed := lacking(strings.Join(n.Scopes, ","), strings.Join(o.Scopes, ",")), lacking(strings.Join(o.Scopes, ","), strings.Join(n.Scopes, ",")); len(added)+len(removed) > 0 {
		k := at("client.scopes")
		old, new := scopesText(o.Scopes), scopesText(n.Scopes)
		if len(added) > 0 {
			c.signInReport(k, ruleOAuth2Scopes.only(), "OAuth2 scopes changed", old, new, Security, "the provider is asked for "+strings.Join(added, ", ")+" of each user's account as well")
		}
		if len(removed) > 0 {
			c.signInReport(k, ruleOAuth2Scopes.only(), "OAuth2 scopes changed", old, new, Breaking, "tokens no longer grant "+strings.Join(removed, ", ")+": the application's calls that need them fail")
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
		k := at(key)
		c.signInReport(k, ruleOAuth2Provider.only(), "OAuth2 provider changed", providerText(o), providerText(n), Security, "sign-in is sent to, and its tokens come from, "+providerText(n))
	}
}

func scopesText(scopes []string) string {
	return "[" + strings.Join(scopes, ", ") + "]"
}

func providerText(s *ir.AuthScheme) string {
	return strings.TrimSpace(cmp.Or(s.Provider, "") + " " + strings.TrimSpace(s.AuthURL+" "+s.TokenURL))
}
