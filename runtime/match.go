package runtime

import (
	"encoding/binary"
	"math/bits"
	"net/url"
	"path"
	"strings"
	"unsafe"

	"github.com/routegen/routegen/internal/core"
)

// Match is the outcome of a Lookup. It is meant to be reused: Lookup
// overwrites every field and allocates nothing.
type Match struct {
	// Route is the matched route; nil when none matched. With Status 400 it
	// is the route whose parameter constraint failed.
	Route *Route
	// Params holds the path parameters of Route.
	Params Params
	// Status is 200 (found), 301 or 308 (redirect: see Redirect), 204 (an
	// automatic OPTIONS reply), 400 (a parameter failed its constraint),
	// 404 or 405.
	Status int
	// Allow is the Allow header for 204 and 405.
	Allow string
	// Domain is the matched domain; nil when no domain serves the host.
	Domain *Domain
	// CatchAll is set when the domain's catch_all answers.
	CatchAll bool

	redirect redirectKind
	target   string // the redirect target when it needs no building; stale unless redirect is redirectTo
}

type redirectKind uint8

const (
	noRedirect    redirectKind = iota
	redirectTo                 // to target
	redirectClean              // to the cleaned path
)

// Reset clears the match for path.
func (m *Match) Reset(path string) {
	m.Route, m.Status, m.Allow, m.Domain, m.CatchAll = nil, 0, "", nil, false
	m.Params.reset(path)
	m.redirect, m.target = noRedirect, ""
}

// Start readies m for a generated matcher to match path, and returns it.
func (m *Match) Start(path string) *Match {
	m.Params.path, m.Params.n, m.Params.escapes = path, 0, escapesUnknown
	return m
}

// Path is the path the match was made for.
func (m *Match) Path() string { return m.Params.path }

// Redirect returns where a 301 or 308 sends the client: the path without
// its query string. It is "" for other statuses. Only the redirect to a
// cleaned path builds a new string.
func (m *Match) Redirect() string {
	switch m.redirect {
	case redirectTo:
		return sameHost(m.target)
	case redirectClean:
		return sameHost(CleanPath(m.Params.path))
	}
	return ""
}

// sameHost keeps a redirect target on this host: "//evil.example" and
// "/\evil.example" would be read by browsers as another host.
func sameHost(target string) string {
	if len(target) > 1 && (target[1] == '/' || target[1] == '\\') {
		return "/" + url.PathEscape(target[1:2]) + target[2:]
	}
	return target
}

// Found records route as the match.
func (m *Match) Found(r *Route) {
	m.Route, m.Status = r, 200
}

// RedirectTo records a redirect to target, which must stay on this host.
func (m *Match) RedirectTo(method, target string) {
	m.Status, m.redirect, m.target = redirectStatus(method), redirectTo, target
}

// RedirectClean records a redirect to the cleaned form of the path.
func (m *Match) RedirectClean(method string) {
	m.Status, m.redirect = redirectStatus(method), redirectClean
}

// redirectStatus is 301 for GET and HEAD, and 308 otherwise, which keeps
// the method and body.
func redirectStatus(method string) int {
	if method == "GET" || method == "HEAD" {
		return 301
	}
	return 308
}

// Params are the path parameters of a match, kept as offsets into the
// escaped path so that matching allocates nothing.
type Params struct {
	path    string
	names   *[]string // the route's, so that a match need not read them
	n       int
	escapes escapes // whether path holds a "%", found out on first need
	spans   [core.MaxParams][2]int32
	scratch []byte // Checked's unescaped value, reused
}

type escapes uint8

const (
	escapesUnknown escapes = iota
	noEscapes
	hasEscapes
)

func (p *Params) reset(path string) {
	p.path, p.names, p.n, p.escapes = path, nil, 0, escapesUnknown
}

// Push records a parameter value path[start:end]; generated matchers call it.
func (p *Params) Push(start, end int) {
	p.spans[p.n] = [2]int32{int32(start), int32(end)}
	p.n++
}

// Pop removes the last parameter when a matcher backtracks.
func (p *Params) Pop() { p.n-- }

// Truncate keeps the first n parameters.
func (p *Params) Truncate(n int) { p.n = n }

// SetNames names the parameters, in path order.
func (p *Params) SetNames(names []string) { p.names = &names }

// Len is the number of parameters.
func (p *Params) Len() int { return p.n }

// Name is the name of parameter i.
func (p *Params) Name(i int) string { return (*p.names)[i] }

// Raw is parameter i as sent, still escaped.
func (p *Params) Raw(i int) string {
	s := p.spans[i]
	return p.path[s[0]:s[1]]
}

// Value is parameter i unescaped. It allocates only when the value holds an
// escape; a malformed escape is returned as sent.
func (p *Params) Value(i int) string {
	if p.escapes != noEscapes {
		return p.unescaped(i)
	}
	return p.Raw(i)
}

// unescaped is Value once the path is known to hold a "%" or not yet
// looked at: one search of the whole path spares every later value its own.
func (p *Params) unescaped(i int) string {
	if p.escapes == escapesUnknown {
		p.escapes = noEscapes
		if strings.IndexByte(p.path, '%') >= 0 {
			p.escapes = hasEscapes
		}
	}
	raw := p.Raw(i)
	if p.escapes == noEscapes || strings.IndexByte(raw, '%') < 0 {
		return raw
	}
	if v, err := url.PathUnescape(raw); err == nil {
		return v
	}
	return raw
}

// Checked returns parameter i unescaped, without allocating once the
// match's buffer is large enough: generated constraint checks use it. The
// result is only valid until the next call; Value gives a lasting string.
func (p *Params) Checked(i int) string {
	raw := p.Raw(i)
	if strings.IndexByte(raw, '%') < 0 {
		return raw
	}
	buf, ok := unescapePath(p.scratch[:0], raw)
	if !ok {
		return raw
	}
	p.scratch = buf
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// unescapePath appends s with its %XX escapes decoded, as url.PathUnescape
// would; false for a malformed escape.
func unescapePath(dst []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return dst, false
			}
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		dst = append(dst, c)
	}
	return dst, true
}

// Get returns the unescaped value of the named parameter, or "".
func (p *Params) Get(name string) string {
	if p.names == nil {
		return ""
	}
	for i, n := range *p.names {
		if i < p.n && n == name {
			return p.Value(i)
		}
	}
	return ""
}

// IsClean reports whether an escaped request path is in its cleaned form:
// it begins with "/" and has no empty, "." or ".." segment but a last
// empty one (a trailing slash).
func IsClean(p string) bool {
	return p != "" && p[0] == '/' && IsCleanTail(p[1:])
}

// IsCleanTail reports whether s, the rest of a path after one of its "/",
// is clean. Matchers check a catch-all's value with it, so that Lookup
// scans a whole path for dot segments only when no route matched. It uses
// the fast byte searches, as most paths hold no dot at all.
func IsCleanTail(s string) bool {
	if strings.HasPrefix(s, "/") || strings.Contains(s, "//") {
		return false
	}
	for i := 0; i < len(s); i++ {
		j := strings.IndexByte(s[i:], '.')
		if j < 0 {
			return true
		}
		i += j
		if i > 0 && s[i-1] != '/' {
			continue
		}
		rest := s[i+1:]
		if rest == "" || rest[0] == '/' || rest[0] == '.' && (len(rest) == 1 || rest[1] == '/') {
			return false
		}
	}
	return true
}

// NotDot reports whether a parameter's segment is neither "." nor "..",
// which only an unclean path has.
func NotDot(seg string) bool {
	return len(seg) > 2 || seg != "." && seg != ".."
}

// CleanPath is path.Clean that keeps a trailing slash, as a redirect to the
// canonical form of a request path wants.
func CleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	cleaned := path.Clean(p)
	if p[len(p)-1] == '/' && cleaned != "/" {
		cleaned += "/"
	}
	return cleaned
}

// SegmentEnd returns the index of the "/" that ends the path segment
// starting at start, or len(path); generated matchers call it at every
// level. Segments are short: eight bytes at a time, inlined, beats a call
// into the vectorized search.
func SegmentEnd(path string, start int) int {
	i := start
	for ; i+8 <= len(path); i += 8 {
		w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(path[i:]), 8))
		w ^= 0x2f2f2f2f2f2f2f2f // a "/" becomes a zero byte
		if z := (w - 0x0101010101010101) &^ w & 0x8080808080808080; z != 0 {
			return i + bits.TrailingZeros64(z)>>3
		}
	}
	for ; i < len(path); i++ {
		if path[i] == '/' {
			return i
		}
	}
	return len(path)
}
