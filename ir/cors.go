package ir

import (
	"fmt"
	"net/netip"
	"net/textproto"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/parser"
	"golang.org/x/net/idna"
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
		c.AllowOrigins, originsPos = b.origins(list, elemPositions(obj, "allow_origins", pos)), pos
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

// elemPositions are the positions of the elements of the list of key, or
// else (a list built otherwise) pos for each.
func elemPositions(obj *parser.Object, key string, pos parser.Pos) func(i int) parser.Pos {
	var elems []parser.Value
	if f := obj.Get(key); f != nil {
		if list, ok := f.Value.(*parser.List); ok {
			elems = list.Elems
		}
	}
	return func(i int) parser.Pos {
		if i < len(elems) {
			return elems[i].Pos()
		}
		return pos
	}
}

// origins lower-cases the origins; "*" stands for all of them. Each one's
// errors are at its position, elemPos(i).
func (b *builder) origins(list []string, elemPos func(i int) parser.Pos) []string {
	var out []string
	for i, o := range list {
		pos := elemPos(i)
		o = strings.ToLower(strings.TrimSpace(o))
		if o == "*" {
			return []string{"*"}
		}
		scheme, host, found := strings.Cut(o, "://")
		if !found || scheme == "" || host == "" || strings.IndexAny(host, "/?#") == 0 {
			b.diags.Errorf(pos, "cors: origin %q is not scheme://host[:port] (or \"*\")", o)
			continue
		}
		if strings.Contains(scheme, "*") || strings.Contains(host, "*") && !validWildcard(host) {
			b.diags.Errorf(pos, "cors: origin %q: a wildcard is the whole first label of a host, followed by its domain (\"https://*.example.com\"), or the whole port (\"http://localhost:*\")", o)
			continue
		}
		if sent, why, err := browserOrigin(scheme, host); err != nil {
			b.diags.Errorf(pos, "cors: origin %q can never match, as no browser sends it: %v", o, err)
			continue
		} else if sent != o {
			b.diags.Errorf(pos, "cors: origin %q can never match: a browser sends %q (%s); write that", o, sent, why)
			continue
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out
}

// browserOrigin is the Origin a browser sends for a page at
// scheme://authority (lower-cased; a wildcard's "*" kept), as the WHATWG
// URL standard serialises it: no path, no user name, no default port, a
// port in plain decimal, a host in ASCII (Punycode), an IPv4 address as
// four numbers and an IPv6 one in its canonical form. why says what
// differs from what is written; err is set when no browser sends any
// origin for it.
func browserOrigin(scheme, authority string) (sent, why string, err error) {
	var fixed []string
	if !isScheme(scheme) {
		return "", "", fmt.Errorf("%q is not a URL scheme", scheme)
	}
	if i := strings.IndexAny(authority, "/?#"); i >= 0 {
		authority, fixed = authority[:i], append(fixed, "no path")
	}
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority, fixed = authority[i+1:], append(fixed, "no user name")
	}
	host, port := authority, ""
	if i := strings.LastIndexByte(authority, ':'); i >= 0 && !strings.HasSuffix(authority, "]") {
		host, port = authority[:i], authority[i+1:]
	}
	switch n, err := strconv.ParseUint(strings.TrimLeft(port, "0"), 10, 32); {
	case port == "" || port == "*":
	case !allDigits(port) || n == 0 || n > 65535 || err != nil:
		return "", "", fmt.Errorf("port %q is not a number from 1 to 65535", port)
	case defaultPorts[scheme] == n:
		port, fixed = "", append(fixed, "no default port")
	case strconv.FormatUint(n, 10) != port:
		port, fixed = strconv.FormatUint(n, 10), append(fixed, "the port in plain decimal")
	}
	name, wildcard := strings.CutPrefix(host, "*.")
	switch {
	case strings.HasPrefix(name, "["):
		if ip, err := netip.ParseAddr(strings.Trim(name, "[]")); err == nil && ip.Is6() && ip.Zone() == "" && strings.HasSuffix(name, "]") {
			if canonical := "[" + hostname.IPv6String(ip) + "]"; canonical != name {
				name, fixed = canonical, append(fixed, "the IPv6 address in its canonical form")
			}
		}
	case strings.ContainsFunc(name, func(r rune) bool { return r >= utf8.RuneSelf }):
		ascii, err := idna.Lookup.ToASCII(name)
		if err != nil {
			return "", "", fmt.Errorf("host %q is not a name a browser accepts: %v", name, err)
		}
		name, fixed = ascii, append(fixed, "the host in ASCII, its Punycode form")
	default:
		if ip, ok := hostname.BrowserIPv4(name); ok && ip != name {
			name, fixed = ip, append(fixed, "the IPv4 address as four numbers")
		}
	}
	if wildcard {
		name = "*." + name
	}
	if err := hostname.Check(name); err != nil {
		return "", "", fmt.Errorf("host %q: %v", name, err)
	}
	sent = scheme + "://" + name
	if port != "" {
		sent += ":" + port
	}
	return sent, strings.Join(fixed, ", "), nil
}

// defaultPorts are the ports a browser leaves out of an origin.
var defaultPorts = map[string]uint64{"http": 80, "https": 443, "ws": 80, "wss": 443}

// isScheme reports whether s is a URL scheme: a letter, then letters,
// digits, "+", "-" and ".".
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return s != ""
}

func allDigits(s string) bool {
	return s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
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
