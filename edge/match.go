package edge

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/ir"
)

// routerOrder lists routes of one domain and method in the order the
// router's trie (internal/core's NewTrie, which alone decides precedence)
// tries them: at each level the literal, then the parameters after
// literal text (the longer text first), then the bare parameter, then the
// catch-alls in the same order. Of the routes that match a path, the first
// listed is the router's.
func routerOrder(routes []*ir.Route) []*ir.Route {
	trie := make([]core.TrieRoute, len(routes))
	for i, r := range routes {
		trie[i] = core.TrieRoute{Index: i, Path: r.Path, AllowEmpty: r.Static}
	}
	var out []*ir.Route
	var walk func(n *core.Node)
	walk = func(n *core.Node) {
		if n.Route >= 0 {
			out = append(out, routes[n.Route])
		}
		for _, e := range n.Literals {
			walk(e.Node)
		}
		for _, e := range n.Params {
			walk(e.Node)
		}
		for _, e := range n.CatchAlls {
			out = append(out, routes[e.Route])
		}
	}
	walk(core.NewTrie(trie))
	return out
}

// The parts of a path pattern. A parameter takes one non-empty segment,
// but a whole "." or ".." (the router's matchers take clean paths only),
// also after literal text (core.CleanAfterPrefix); a catch-all's segments
// must be clean too, as IsCleanTail has them.
const (
	segmentChar = `[^/?]`
	// notDotSegment is a segment that is neither "." nor "..".
	notDotSegment = `(?:[^/?.][^/?]*|\.[^/?.][^/?]*|\.\.[^/?]+)`
)

// The value after literal text in its segment ("/user_:name") is checked
// decoded (core.CleanAfterPrefix): no part of it between escaped slashes
// is "." or "..", a dot raw or escaped ("%2e", ".%2E"). Its units, an
// escape taken whole (a malformed one never reaches the router: net/http
// refuses it):
const (
	anyDot   = `(?:\.|%2[Ee])`
	notDot   = `(?:[^/?%.]|%[^2/?][^/?]|%2[^EeFf/?])` // nor an escaped slash
	notSlash = `(?:[^/?%]|%[^2/?][^/?]|%2[^Ff/?])`
	// valuePart is a non-empty part between escaped slashes, no dot
	// segment: two parts side by side are one.
	valuePart = `(?:` + anyDot + `?` + anyDot + `?` + notDot + `|` + anyDot + anyDot + anyDot + `)` + notSlash + `*`
	// afterPrefix is a non-empty value.
	afterPrefix = `(?:` + valuePart + `|%2[Ff])+`
)

// pathPattern is the regular expression (RE2, unanchored) of the escaped
// request paths route r matches, as its router's trie matches them.
func pathPattern(r *ir.Route) string {
	if len(r.Segments) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, s := range r.Segments {
		b.WriteByte('/')
		switch s.Kind {
		case ir.StaticSegment:
			b.WriteString(literalPattern(s.Literal))
		case ir.ParamSegment:
			if s.Literal == "" {
				// An escaped dot segment makes the router redirect, as the
				// whole path is checked.
				b.WriteString(notDotSegment)
				break
			}
			b.WriteString(literalPattern(s.Literal) + afterPrefix)
		case ir.CatchAllSegment:
			b.WriteString(catchAllPattern(s.Literal, r.Static))
		}
	}
	return b.String()
}

// catchAllPattern is the pattern of a catch-all after the literal prefix
// in its segment: a non-empty rest (empty too for a static listing's
// folder) whose segments, the first with prefix, are clean.
func catchAllPattern(prefix string, allowEmpty bool) string {
	more := `(?:/` + notDotSegment + `)`
	var p string
	switch prefix {
	case "":
		p = notDotSegment + more + `*/?`
	default:
		// The value's part of the prefix's segment is checked decoded
		// (core.CleanAfterPrefix).
		p = literalPattern(prefix) + `(?:` + afterPrefix + more + `*/?|` + more + `+/?|/)`
	}
	if allowEmpty {
		if prefix == "" {
			return `(?:` + p + `)?`
		}
		return `(?:` + p + `|` + literalPattern(prefix) + `)`
	}
	return p
}

// literalPattern matches literal path text as the router does: an escape
// of a non-ASCII byte in either case (CanonicalEscapes), or the character
// such escapes spell sent unescaped.
func literalPattern(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); {
		if seq, n := nonASCIIEscapes(text[i:]); n > 0 {
			b.WriteString("(?:")
			for k := 0; k < n; k += 3 {
				b.WriteString("%" + caseless(text[i+k+1:i+k+2]) + caseless(text[i+k+2:i+k+3]))
			}
			if r, size := utf8.DecodeRune(seq); r != utf8.RuneError && size == len(seq) {
				b.WriteString("|" + regexp.QuoteMeta(string(r)))
			}
			b.WriteString(")")
			i += n
			continue
		}
		b.WriteString(regexp.QuoteMeta(text[i : i+1]))
		i++
	}
	return b.String()
}

// nonASCIIEscapes reads the escapes of one UTF-8 character at the start of
// s ("%CE%B1"): its bytes and the length of their text; 0 for none.
func nonASCIIEscapes(s string) ([]byte, int) {
	var seq []byte
	n := 0
	for len(s) >= n+3 && s[n] == '%' {
		v, err := strconv.ParseUint(s[n+1:n+3], 16, 8)
		if err != nil || v < 0x80 {
			break
		}
		seq = append(seq, byte(v))
		n += 3
		if utf8.FullRune(seq) {
			break
		}
	}
	return seq, n
}

// caseless matches one character in either ASCII case.
func caseless(c string) string {
	lower, upper := strings.ToLower(c), strings.ToUpper(c)
	if lower == upper {
		return regexp.QuoteMeta(c)
	}
	return "[" + upper + lower + "]"
}

// hostRegexp matches the Host headers the router's host table (internal/
// core's HostTable.Match) gives to a domain at host and port: the name with
// ASCII letters in either case and one trailing dot, a wildcard's one
// label, an IPv6 address in brackets or bare; at port, where none, 80 and
// 443 are the default port "", or at any port.
func hostRegexp(host, port string, anyPort bool) string {
	portText := `(?::|:80|:443)?`
	switch {
	case anyPort:
		portText = `(?::[0-9]*)?`
	case port != "":
		portText = ":" + regexp.QuoteMeta(port)
	}
	if inner, ok := strings.CutPrefix(host, "["); ok {
		inner = regexp.QuoteMeta(strings.TrimSuffix(inner, "]"))
		if anyPort || port == "" {
			// A bare IPv6 address is a name with no port.
			return `^(?:\[` + inner + `\]` + portText + `|` + inner + `)$`
		}
		return `^\[` + inner + `\]` + portText + `$`
	}
	var b strings.Builder
	b.WriteString("^")
	name := host
	if rest, ok := core.CutWildcard(host); ok {
		b.WriteString(`[^.:]+\.`)
		name = rest
	}
	for i := 0; i < len(name); i++ {
		if c := name[i : i+1]; 'a' <= name[i] && name[i] <= 'z' {
			b.WriteString(caseless(c))
		} else {
			b.WriteString(regexp.QuoteMeta(c))
		}
	}
	b.WriteString(`\.?` + portText + "$")
	return b.String()
}

// segmentsLiteral reports whether every segment of r is literal, so that
// its path is matched exactly.
func segmentsLiteral(r *ir.Route) bool {
	return !slices.ContainsFunc(r.Segments, func(s ir.Segment) bool { return s.Kind != ir.StaticSegment })
}

// prefixOf is the literal path before r's catch-all when that is its only
// parameter, a whole segment of its own, and r no static listing's: a
// path prefix, as Gateway API's PathPrefix matches whole segments. ok is
// false for any other route.
func prefixOf(r *ir.Route) (prefix string, ok bool) {
	n := len(r.Segments)
	if n == 0 || r.Segments[n-1].Kind != ir.CatchAllSegment || r.Segments[n-1].Literal != "" || !segmentsLiteral(&ir.Route{Segments: r.Segments[:n-1]}) {
		return "", false
	}
	var b strings.Builder
	for _, s := range r.Segments[:n-1] {
		b.WriteString("/" + s.Literal)
	}
	return cmp.Or(b.String(), "/"), true
}
