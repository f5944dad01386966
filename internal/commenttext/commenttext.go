// Package commenttext writes text of routes.conf and of file names into
// the comments of generated files (Go, TypeScript, YAML) so that nothing
// of it ends the comment or changes what a reader sees of the line.
package commenttext

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape is s as a comment of Go, TypeScript or YAML writes it: each
// character that could end the comment's line, reorder what a reader sees
// of the line, or that Go source or a YAML stream cannot hold is written
// as its Go escape ("\n", "\u2028", "\ufeff", "\xff"). Those are the
// control characters (NUL, DEL and C1, U+0085 among them), the line and
// paragraph separators, which end a JavaScript line comment and which
// YAML reads as line breaks, the bidirectional controls, the byte order
// mark and the other noncharacters, and bytes that are not UTF-8.
func Escape(s string) string {
	if !strings.ContainsFunc(s, Unsafe) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case Unsafe(r):
			b.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
		default:
			b.WriteRune(r)
		}
		s = s[size:]
	}
	return b.String()
}

// Unsafe reports whether Escape escapes r.
func Unsafe(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) ||
		r == '\ufeff' || unicode.Is(unicode.Noncharacter_Code_Point, r)
}
