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
