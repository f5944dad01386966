package gen

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// commentText is text as a comment of either language writes it: each
// character that could end the comment's line, reorder what a reader
// sees of the line, or that Go source cannot hold is written as its Go
// escape ("\n", "\u2028", "\ufeff", "\xff"), so that nothing of
// routes.conf or of a file's name becomes code, or stops the file from
// compiling. Those are the control characters (NUL among them), the line
// and paragraph separators, which end a JavaScript line comment, the
// bidirectional controls, the byte order mark and the other
// noncharacters, and bytes that are not UTF-8.
func commentText(s string) string {
	if !strings.ContainsFunc(s, unsafeInComment) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[0])
		case unsafeInComment(r):
			b.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
		default:
			b.WriteRune(r)
		}
		s = s[size:]
	}
	return b.String()
}

// unsafeInComment reports whether r is a character commentText escapes;
// a file name that holds one, or bytes that are not UTF-8, cannot be
// written in a //line directive (safeInLineDirective).
func unsafeInComment(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r) ||
		r == '\ufeff' || unicode.Is(unicode.Noncharacter_Code_Point, r)
}

// safeInLineDirective reports whether a //line directive can name the
// file name as it is: the directive is the rest of its line, unescaped.
func safeInLineDirective(name string) bool {
	return utf8.ValidString(name) && !strings.ContainsFunc(name, unsafeInComment)
}

// bom is the byte order mark, which Go source holds only as its first
// character.
const bom = "\ufeff"
