package ir

import (
	"net/textproto"
	"slices"
	"strings"

	"github.com/routegen/routegen/parser"
)

var corsKeys = []string{"enable", "allow_origins", "allow_headers", "allow_methods", "expose_headers", "allow_credentials", "max_age"}

// defaultCORS is what a domain's cors { } starts from.
func defaultCORS() *CORS {
	return &CORS{
		AllowOrigins:  []string{"*"},
		AllowHeaders:  []string{"Origin", "Accept", "Accept-Language", "Authorization"},
		AllowMethods:  []string{"GET", "HEAD", "POST"},
		ExposeHeaders: []string{},
		MaxAge:        24 * 60 * 60,
	}
}

// cors reads a cors { } section field by field on top of base. A domain's
// section (domainLevel) is disabled unless it says enable = true, and always
// allows OPTIONS; a route's is enabled unless it says enable = false.
func (b *builder) cors(obj *parser.Object, base *CORS, domainLevel bool) *CORS {
	b.checkKeys(obj, "cors", corsKeys)
	if base == nil {
		base = defaultCORS()
	}
	c := *base
	var originsPos, credentialsPos parser.Pos
	if list, pos, ok := b.strList(obj, "allow_origins"); ok {
		c.AllowOrigins, originsPos = b.origins(list, pos), pos
	}
	if list, _, ok := b.strList(obj, "allow_headers"); ok {
		c.AllowHeaders = headerList(list)
	}
	if list, _, ok := b.strList(obj, "allow_methods"); ok {
		c.AllowMethods = methodList(list)
	}
	if domainLevel && !slices.Contains(c.AllowMethods, "*") && !slices.Contains(c.AllowMethods, "OPTIONS") {
		c.AllowMethods = append(slices.Clip(c.AllowMethods), "OPTIONS")
	}
	if list, _, ok := b.strList(obj, "expose_headers"); ok {
		c.ExposeHeaders = headerList(list)
	}
	if f := obj.Get("allow_credentials"); f != nil && f.Object == nil {
		credentialsPos = f.Value.Pos()
	}
	c.AllowCredentials = b.boolean(obj, "allow_credentials", base.AllowCredentials)
	if seconds, ok := b.maxAge(obj); ok {
		c.MaxAge = seconds
	}
	wildcard := slices.IndexFunc(c.AllowOrigins, func(o string) bool { return strings.Contains(o, "*") })
	if b.boolean(obj, "enable", !domainLevel) && c.AllowCredentials && wildcard >= 0 {
		pos := obj.Pos
		switch {
		case credentialsPos.IsValid():
			pos = credentialsPos
		case originsPos.IsValid():
			pos = originsPos
		}
		if o := c.AllowOrigins[wildcard]; o != "*" {
			b.diags.Errorf(pos, `cors: allow_credentials = true with the wildcard origin %q would let every site it matches make credentialed requests, whoever runs it; list the allowed origins`, o)
		} else {
			b.diags.Errorf(pos, `cors: allow_credentials = true with allow_origins "*" would let every site make credentialed requests (browsers refuse it); list the allowed origins`)
		}
	}
	return &c
}

// routeCORS reads the cors { } of a route or catch-all on top of its
// parent's fields, or the defaults when its domain does not enable CORS. It
// returns the fields its children start from and whether CORS applies to
// the section itself: unless it says enable = false, a route's cors { }
// enables CORS for it and its children, whether or not the domain does.
func (b *builder) routeCORS(obj *parser.Object, parent *CORS) (*CORS, bool) {
	c := b.cors(obj, parent, false)
	return c, b.boolean(obj, "enable", true)
}

func (b *builder) maxAge(obj *parser.Object) (int64, bool) {
	f := obj.Get("max_age")
	if f != nil && f.Object == nil {
		if n, ok := f.Value.(*parser.Int); ok && n.Value >= 0 {
			return n.Value, true
		}
	}
	text, pos, ok := b.str(obj, "max_age")
	if !ok {
		return 0, false
	}
	seconds, err := ParseMaxAge(text)
	if err != nil {
		b.diags.Errorf(pos, "cors: %v", err)
		return 0, false
	}
	return seconds, true
}

// origins lower-cases the origins; "*" stands for all of them.
func (b *builder) origins(list []string, pos parser.Pos) []string {
	var out []string
	for _, o := range list {
		o = strings.ToLower(strings.TrimSpace(o))
		if o == "*" {
			return []string{"*"}
		}
		scheme, host, found := strings.Cut(o, "://")
		if !found || scheme == "" || host == "" || strings.ContainsAny(host, "/?#") {
			b.diags.Errorf(pos, "cors: origin %q is not scheme://host[:port] (or \"*\")", o)
			continue
		}
		if strings.Contains(scheme, "*") || strings.Contains(host, "*") && !validWildcard(host) {
			b.diags.Errorf(pos, "cors: origin %q: a wildcard is the whole first label of a host, followed by its domain (\"https://*.example.com\"), or the whole port (\"http://localhost:*\")", o)
			continue
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// validWildcard reports whether the host[:port] of an origin holds its
// "*" where it stands for one party's names: the whole first label before
// a domain ("*.example.com"), or the whole port of one host
// ("localhost:*"). "*example.com" would match evilexample.com, "*" every
// site.
func validWildcard(host string) bool {
	if name, ok := strings.CutSuffix(host, ":*"); ok {
		return name != "" && !strings.Contains(name, "*")
	}
	rest, ok := strings.CutPrefix(host, "*.")
	return ok && rest != "" && rest[0] != '.' && rest[0] != ':' && !strings.Contains(rest, "*")
}

// headerList canonicalizes header names; "*" stands for all of them.
func headerList(list []string) []string {
	out := []string{}
	for _, h := range list {
		h = strings.TrimSpace(h)
		if h == "*" {
			return []string{"*"}
		}
		if h = textproto.CanonicalMIMEHeaderKey(h); h != "" && !slices.Contains(out, h) {
			out = append(out, h)
		}
	}
	return out
}

// methodList upper-cases methods; "*" stands for all of them.
func methodList(list []string) []string {
	out := []string{}
	for _, m := range list {
		m = strings.ToUpper(strings.TrimSpace(m))
		if m == "*" {
			return []string{"*"}
		}
		if m != "" && !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}
