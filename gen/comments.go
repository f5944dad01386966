package gen

import (
	"strings"
	"unicode/utf8"

	"github.com/routegen/routegen/internal/commenttext"
)

// commentText is text as a comment of either language writes it, so
// that nothing of routes.conf or of a file's name becomes code, or stops
// the file from compiling.
func commentText(s string) string { return commenttext.Escape(s) }

// safeInLineDirective reports whether a //line directive can name the
// file name as it is: the directive is the rest of its line, unescaped.
func safeInLineDirective(name string) bool {
	return utf8.ValidString(name) && !strings.ContainsFunc(name, commenttext.Unsafe)
}

// bom is the byte order mark, which Go source holds only as its first
// character.
const bom = "\ufeff"
