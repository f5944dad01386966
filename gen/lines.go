package gen

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/routegen/routegen/parser"
)

// Line directives make the Go tools place an action's interface method at
// the route of routes.conf that declares it: a /*line*/ directive before
// the method on its line, and a //line directive after the interface that
// hands the position back to the generated file. gofmt keeps //line
// directives at the start of their line.

// lineResetPlaceholder stands for the directive that hands the position
// back; the line it must name is known only once the file is formatted.
const lineResetPlaceholder = "//line routegen-reset.go:1:1"

// lineDirective places the next line at pos: the method name, after the
// tab that indents it, lands on pos's column.
func lineDirective(file string, pos parser.Pos) string {
	return "//line " + directivePos(file, pos)
}

// directivePos is the position a directive names for a method at pos: one
// column before it, where the blank before the method's name is.
func directivePos(file string, pos parser.Pos) string {
	return fmt.Sprintf("%s:%d:%d", file, pos.Line, max(pos.Col-1, 1))
}

// methodDirective places the interface method that follows it at pos: a
// /*line*/ directive on the method's line, which go doc leaves out of the
// method's comment, where a //line directive above the method shows as an
// empty comment line. gofmt writes a space after it, the column pos's
// name lands one after. A file name holding "*/", which would end the
// comment, takes a //line directive above the method (ownLine).
func methodDirective(file string, pos parser.Pos) (directive string, ownLine bool) {
	if strings.Contains(file, "*/") {
		return lineDirective(file, pos), true
	}
	return "/*line " + directivePos(file, pos) + "*/", false
}

// fixLineDirectives joins the segments of the file (render), each
// placeholder alone on its line replaced with a directive that gives the
// next line its own number in the generated file.
func fixLineDirectives(segments [][]byte, output string) []byte {
	size, directives := 0, 0
	for _, s := range segments {
		size += len(s)
		directives += bytes.Count(s, []byte(lineResetPlaceholder))
	}
	// A directive names the output and a line where the placeholder names
	// routegen-reset.go:1: room for the difference, without a copy.
	out := make([]byte, 0, size+directives*(len(output)+20))
	line := 1 // the line of out's end
	for i, s := range segments {
		done := 0
		for {
			k := bytes.Index(s[done:], []byte(lineResetPlaceholder))
			if k < 0 {
				line += bytes.Count(s[done:], []byte("\n"))
				out = append(out, s[done:]...)
				break
			}
			k += done
			line += bytes.Count(s[done:k], []byte("\n"))
			out = append(out, s[done:k]...)
			done = k + len(lineResetPlaceholder)
			start := bytes.LastIndexByte(out, '\n') + 1
			if len(bytes.TrimSpace(out[start:])) > 0 || !lineEnds(segments[i:], done) {
				// Not alone on its line: no placeholder.
				out = append(out, lineResetPlaceholder...)
				continue
			}
			out = fmt.Appendf(out[:start], "//line %s:%d:1", output, line+1)
		}
	}
	return out
}

// lineEnds reports whether a line of the file ends at offset at of
// segments[0]: a newline follows, or nothing.
func lineEnds(segments [][]byte, at int) bool {
	for _, s := range segments {
		if at < len(s) {
			return s[at] == '\n'
		}
		at -= len(s)
	}
	return true
}
