package gen

import (
	"strconv"
	"strings"
	"unicode"
)

// commentText is text as a comment of either language writes it: each
// character that could end the comment's line or reorder what a reader
// sees of the line is written as its Go escape ("\n", "\u2028"), so that
// nothing of routes.conf or of a file's name becomes code. Those are the
// control characters, the line and paragraph separators, which end a
// JavaScript line comment, and the bidirectional controls.
func commentText(s string) string {
	if strings.IndexFunc(s, unsafeInComment) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeInComment(r) {
			b.WriteString(strings.Trim(strconv.QuoteRune(r), "'"))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func unsafeInComment(r rune) bool {
	return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Bidi_Control, r)
}
