package gen

import (
	"bytes"
	"fmt"

	"github.com/routegen/routegen/parser"
)

// Line directives make the Go tools place an action's interface method at
// the route of routes.conf that declares it: a //line directive before the
// method, and one after it that hands the position back to the generated
// file. gofmt keeps //line directives at the start of their line.

// lineResetPlaceholder stands for the directive that hands the position
// back; the line it must name is known only once the file is formatted.
const lineResetPlaceholder = "//line routegen-reset.go:1:1"

// lineDirective places the next line at pos: the method name, after the
// tab that indents it, lands on pos's column.
func lineDirective(file string, pos parser.Pos) string {
	return fmt.Sprintf("//line %s:%d:%d", file, pos.Line, max(pos.Col-1, 1))
}

// fixLineDirectives replaces each placeholder with a directive that gives
// the next line its own number in the generated file.
func fixLineDirectives(src []byte, output string) []byte {
	// A directive names the output and a line where the placeholder names
	// routegen-reset.go:1: room for the difference, without a copy.
	grow := bytes.Count(src, []byte(lineResetPlaceholder)) * (len(output) + 20)
	out := make([]byte, 0, len(src)+grow)
	line := 1 // the line of src[done:]'s start
	done := 0
	for {
		k := bytes.Index(src[done:], []byte(lineResetPlaceholder))
		if k < 0 {
			return append(out, src[done:]...)
		}
		start := done + bytes.LastIndexByte(src[done:done+k], '\n') + 1
		end := done + k + len(lineResetPlaceholder)
		if end < len(src) && src[end] != '\n' || len(bytes.TrimSpace(src[start:done+k])) > 0 {
			// Not alone on its line: no placeholder.
			out = append(out, src[done:end]...)
			line += bytes.Count(src[done:end], []byte("\n"))
			done = end
			continue
		}
		line += bytes.Count(src[done:start], []byte("\n"))
		out = append(out, src[done:start]...)
		out = fmt.Appendf(out, "//line %s:%d:1", output, line+1)
		done = end
	}
}
