package reference

import (
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/routegen/routegen/ir"
)

// domainOf is the index of the domain serving a Host header, or -1. A table
// of one domain serves every host. Otherwise the host's name (ASCII case
// ignored, one trailing dot dropped) selects the domains of that exact host,
// else the wildcard domains whose host follows exactly one DNS label of
// the name; among those, the one at the request's port (80 and 443 being the
// default port), else the first.
func domainOf(t *ir.Table, host string) int {
	if len(t.Domains) == 1 {
		return 0
	}
	name, port := splitHost(host)
	name = lowerASCII(strings.TrimSuffix(unbracket(name), "."))
	serves := func(d *ir.Domain) bool {
		if !d.Wildcard() {
			return unbracket(d.Host) == name
		}
		label, ok := strings.CutSuffix(name, d.Host[1:])
		return ok && isLabel(label)
	}
	// Exact names before wildcards; among the domains of one name, the
	// request's port, else the first in file order.
	for _, wildcard := range []bool{false, true} {
		first := -1
		for i, d := range t.Domains {
			if d.Wildcard() != wildcard || !serves(d) {
				continue
			}
			if d.Port == port {
				return i
			}
			if first < 0 {
				first = i
			}
		}
		if first >= 0 {
			return first
		}
	}
	return -1
}

// splitHost splits a Host header into name and port, the default ports
// made "". A value that is not name[:digits] or [name][:digits] is all name.
// isLabel reports whether a wildcard domain's label is a DNS label: 1 to
// 63 letters, digits and hyphens, no hyphen first or last.
func isLabel(label string) bool {
	if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") {
		return false
	}
	for _, c := range label {
		if !(c == '-' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9') { // name is lower-cased
			return false
		}
	}
	return true
}

func splitHost(host string) (name, port string) {
	name, port = host, ""
	if strings.HasPrefix(host, "[") {
		if end := strings.IndexByte(host, ']'); end >= 0 {
			name, port = host[1:end], host[end+1:]
		}
	} else if i := strings.IndexByte(host, ':'); i >= 0 {
		name, port = host[:i], host[i:]
	}
	if port != "" {
		digits, ok := strings.CutPrefix(port, ":")
		if !ok || strings.Trim(digits, "0123456789") != "" {
			return host, ""
		}
		port = digits
	}
	if port == "80" || port == "443" {
		port = ""
	}
	return name, port
}

func unbracket(host string) string {
	if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		return host[1 : len(host)-1]
	}
	return host
}

// lowerASCII folds ASCII letters only: no other character may pass for one.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// isClean reports whether path has no empty, "." or ".." segment, except an
// empty last one: a trailing slash.
func isClean(p string) bool {
	segs := strings.Split(p, "/")[1:]
	for i, s := range segs {
		if s == "." || s == ".." || s == "" && i < len(segs)-1 {
			return false
		}
	}
	return true
}

// The dot segments a path's escapes spell.
const (
	noDot      = iota
	escapedDot // a segment is "." or ".." once decoded: "%2e%2E", ".%2e"
	hiddenDot  // a segment decoded holds "." or ".." between the slashes its escapes make: "..%2fetc"
)

// escapedDots is the worst of what the segments of path spell once
// decoded; a segment that does not decode is as sent.
func escapedDots(path string) int {
	worst := noDot
	for _, seg := range strings.Split(path, "/") {
		if !strings.Contains(seg, "%") {
			continue
		}
		decoded, err := url.PathUnescape(seg)
		if err != nil {
			continue
		}
		parts := strings.Split(decoded, "/")
		switch {
		case len(parts) == 1 && (decoded == "." || decoded == ".."):
			worst = max(worst, escapedDot)
		case slices.ContainsFunc(parts, isDotPart):
			worst = hiddenDot
		}
	}
	return worst
}

func isDotPart(s string) bool { return s == "." || s == ".." }

// spellDots writes each segment of path that decodes to "." or ".." as that.
func spellDots(path string) string {
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if decoded, err := url.PathUnescape(seg); err == nil && isDotPart(decoded) {
			segs[i] = decoded
		}
	}
	return strings.Join(segs, "/")
}

// holdsDot reports whether a parameter's value, as sent, holds a "." or
// ".." part once each of its segments is decoded: no parameter takes one.
func holdsDot(v string) bool {
	for _, seg := range strings.Split(v, "/") {
		decoded, err := url.PathUnescape(seg)
		if err != nil {
			decoded = seg
		}
		if slices.ContainsFunc(strings.Split(decoded, "/"), isDotPart) {
			return true
		}
	}
	return false
}

// cleanPath is path.Clean keeping a trailing slash.
func cleanPath(p string) string {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// match is the route of exactly method that matches the clean path, and
// its parameters. Of the routes that match, it is the one whose first
// segment differing from the others' is the most specific: a literal, then
// a parameter after the longer literal prefix, then a catch-all after the
// longer prefix. That is the route a walk down the path finds when it tries
// the choices of each segment in that order, coming back up on failure.
func match(dom *ir.Domain, method, path string) (*ir.Route, []Param) {
	segs := strings.Split(path, "/")[1:]
	var best *ir.Route
	var bestRank []rank
	var bestParams []Param
	for _, r := range dom.Routes {
		if r.Method != method {
			continue
		}
		ranks, params, ok := matchRoute(r, segs)
		if ok && (best == nil || slices.CompareFunc(ranks, bestRank, compareRank) < 0) {
			best, bestRank, bestParams = r, ranks, params
		}
	}
	return best, bestParams
}

// rank is how specific a route segment is: the lower the better.
type rank struct {
	kind   ir.SegmentKind // literal, parameter, catch-all
	prefix int            // literal text before a parameter, negated: longer first
}

func compareRank(a, b rank) int {
	if a.kind != b.kind {
		return int(a.kind) - int(b.kind)
	}
	return a.prefix - b.prefix
}

// matchRoute matches r's pattern against the segments of a clean path.
func matchRoute(r *ir.Route, segs []string) ([]rank, []Param, bool) {
	if len(r.Segments) == 0 {
		return nil, nil, len(segs) == 1 && segs[0] == ""
	}
	var ranks []rank
	var params []Param
	for i, s := range r.Segments {
		if i >= len(segs) {
			return nil, nil, false
		}
		ranks = append(ranks, rank{s.Kind, -len(s.Literal)})
		switch s.Kind {
		case ir.StaticSegment:
			if segs[i] != s.Literal {
				return nil, nil, false
			}
		case ir.ParamSegment:
			v, ok := strings.CutPrefix(segs[i], s.Literal)
			if !ok || v == "" || holdsDot(v) {
				return nil, nil, false
			}
			params = append(params, Param{s.Param, unescape(v)})
		case ir.CatchAllSegment:
			// The rest of the path; a static route also serves its folder itself.
			v, ok := strings.CutPrefix(strings.Join(segs[i:], "/"), s.Literal)
			if !ok || v == "" && !r.Static || holdsDot(v) {
				return nil, nil, false
			}
			return ranks, append(params, Param{s.Param, unescape(v)}), true
		}
	}
	return ranks, params, len(segs) == len(r.Segments)
}

// Params returns the parameters of r for path when r's pattern matches it,
// whether or not r is the route a request for path would find.
func Params(r *ir.Route, path string) ([]Param, bool) {
	if !strings.HasPrefix(path, "/") || !isClean(path) {
		return nil, false
	}
	_, params, ok := matchRoute(r, strings.Split(path, "/")[1:])
	return params, ok
}
