package core

import (
	"encoding/binary"
	"math/bits"
	"path"
	"strings"
	"unsafe"
)

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

// A client may spell a dot segment escaped ("%2e%2e", ".%2E"), or hide
// one behind an escaped slash ("..%2f..%2fetc"), which stays inside its
// segment and so inside a parameter: escapedDots finds both, as neither
// may reach a parameter.

// dotForm is what the escapes of a path make of its segments.
type dotForm uint8

const (
	noEscapedDot      dotForm = iota
	escapedDotSegment         // a segment decodes to "." or "..": the path is served at its clean form
	dotInSegment              // a segment holds "." or ".." between escaped slashes: the path has no clean form
)

// escapedDots is the dot form of path's segments, decoded: the worst of
// them. A segment with a malformed escape is taken as sent, as
// Params.Value takes it.
func escapedDots(path string) dotForm {
	form := noEscapedDot
	for i := 0; ; {
		j := SegmentEnd(path, i)
		form = max(form, segmentDots(path[i:j]))
		if j == len(path) {
			return form
		}
		i = j + 1
	}
}

// segmentDots is the dot form of one segment, decoded.
func segmentDots(seg string) dotForm {
	if strings.IndexByte(seg, '%') < 0 {
		return noEscapedDot // literal dot segments are IsClean's
	}
	dot, slash := false, false
	n, dots := 0, 0 // the bytes and dots of the decoded text since the last "/"
	for i := 0; i <= len(seg); i++ {
		c := byte('/') // the end of the segment ends its last part
		if i < len(seg) {
			if c = seg[i]; c == '%' {
				if i+2 >= len(seg) || !isHex(seg[i+1]) || !isHex(seg[i+2]) {
					return noEscapedDot
				}
				c = unhex(seg[i+1])<<4 | unhex(seg[i+2])
				i += 2
				slash = slash || c == '/'
			}
		}
		if c == '/' {
			dot = dot || n > 0 && n <= 2 && dots == n
			n, dots = 0, 0
			continue
		}
		n++
		if c == '.' {
			dots++
		}
	}
	switch {
	case !dot:
		return noEscapedDot
	case slash:
		return dotInSegment
	}
	return escapedDotSegment
}

// CleanAfterPrefix reports whether v, the value of a parameter after
// literal text in its segment ("/user_:name"), up to the end of the
// segment, is neither "." nor "..", escaped or not, nor holds one between
// escaped slashes: a bare parameter's segment is checked with the whole
// path (escapedDots), but a prefix hides the value's own dot segments.
func CleanAfterPrefix(v string) bool {
	return NotDot(v) && segmentDots(v) == noEscapedDot
}

// CleanPath is path.Clean that keeps a trailing slash, as a redirect to the
// canonical form of a request path wants. An escaped dot segment ("%2e%2e")
// is read as the dot segment it stands for.
func CleanPath(p string) string {
	if p == "" {
		return "/"
	}
	if p[0] != '/' {
		p = "/" + p
	}
	if strings.IndexByte(p, '%') >= 0 && escapedDots(p) == escapedDotSegment {
		p = decodeDotSegments(p)
	}
	cleaned := path.Clean(p)
	if p[len(p)-1] == '/' && cleaned != "/" {
		cleaned += "/"
	}
	return cleaned
}

// decodeDotSegments is p with each segment that decodes to "." or ".."
// written as that.
func decodeDotSegments(p string) string {
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		if segmentDots(seg) == escapedDotSegment {
			segs[i] = strings.Repeat(".", strings.Count(strings.ToLower(seg), "%2e")+strings.Count(seg, "."))
		}
	}
	return strings.Join(segs, "/")
}

// SegmentEnd returns the index of the "/" that ends the path segment
// starting at start, or len(path); matchers call it at every level.
// Segments are short: eight bytes at a time, inlined, beats a call into
// the vectorized search.
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

// A route path's non-ASCII literal is generated escaped, as a client sends
// it: "/α" is "/%CE%B1". A client may also send the escapes in lower case,
// or the UTF-8 bytes raw (Go's server keeps them so in the path), so that
// a table with such a literal matches the path in one spelling: the
// canonical one below. A table without one matches the path as sent.

// CanonicalEscapes returns path with its bytes from 0x80 up written as
// escapes, and the escapes of those bytes in upper-case hex; other escapes
// are left as they are. It returns path itself, allocating nothing, when
// path is already so written.
func CanonicalEscapes(path string) string {
	i := 0
	for ; i < len(path); i++ {
		if c := path[i]; c >= 0x80 || c == '%' && i+2 < len(path) && isLowerHighEscape(path[i+1], path[i+2]) {
			break
		}
	}
	if i == len(path) {
		return path
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, i, len(path)+16)
	copy(b, path[:i])
	for ; i < len(path); i++ {
		switch c := path[i]; {
		case c >= 0x80:
			b = append(b, '%', hex[c>>4], hex[c&0xF])
		case c == '%' && i+2 < len(path) && isLowerHighEscape(path[i+1], path[i+2]):
			b = append(b, '%', upperHex(path[i+1]), upperHex(path[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// isLowerHighEscape reports whether the hex digits h, l of an escape name a
// byte from 0x80 up and one of them is a lower-case letter.
func isLowerHighEscape(h, l byte) bool {
	high := '8' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F'
	return high && isHex(l) && ('a' <= h && h <= 'f' || 'a' <= l && l <= 'f')
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }

func unhex(c byte) byte {
	if isDigit(c) {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
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
