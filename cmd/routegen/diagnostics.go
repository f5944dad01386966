package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/term"
	"golang.org/x/text/width"

	"github.com/routegen/routegen/parser"
)

// isTerminal reports whether w is a terminal. Tests replace it to force the
// rich rendering.
var isTerminal = func(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// richDiagnostics reports whether diagnostics written to w show their
// source line, a caret and colors: only on a terminal, and neither with
// --no-color, nor with NO_COLOR set (https://no-color.org), nor on a dumb
// terminal.
func richDiagnostics(w io.Writer, noColor bool) bool {
	return !noColor && os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb" && isTerminal(w)
}

// reporter prints diagnostics: as FILE:LINE:COL: message, one a line, or
// for people at a terminal with the source line and a caret under the
// column, in color.
type reporter struct {
	w     io.Writer
	rich  bool
	lines map[string][]string // the source files read so far, by name
	// prefix is the folder printed before a relative file name: under go
	// generate, the package's folder in its module.
	prefix string
	files  []string // the files the diagnostics printed so far are in
}

func newReporter(w io.Writer, rich bool) *reporter {
	return &reporter{w: w, rich: rich, lines: map[string][]string{}}
}

// ANSI SGR sequences of the rich rendering.
const (
	sgrReset   = "\x1b[0m"
	sgrBold    = "\x1b[1m"
	sgrError   = "\x1b[1;31m" // bold red
	sgrWarning = "\x1b[1;35m" // bold magenta
	sgrGutter  = "\x1b[34m"   // blue
	sgrCaret   = "\x1b[1;32m" // bold green
)

func (r *reporter) print(diags parser.Diagnostics) {
	for _, d := range diags {
		if f := d.Pos.File; f != "" && !slices.Contains(r.files, f) {
			r.files = append(r.files, f)
		}
	}
	for _, d := range diags {
		if !r.rich {
			if d.Pos == (parser.Pos{}) {
				fmt.Fprint(r.w, "routegen: ") // as for a wrong flag: no file to name
			}
			fmt.Fprintln(r.w, r.named(d).Error())
			continue
		}
		r.printRich(d)
	}
}

// named is d with its file named as shown says, in its position and in
// the positions its message gives ("already defined at routes.conf:5:7"),
// which are of its own file or of the ones it includes.
func (r *reporter) named(d parser.Diagnostic) parser.Diagnostic {
	if d.Pos.File == "" {
		return d
	}
	if r.prefix != "" {
		for _, file := range r.files {
			for _, before := range []string{" ", "("} {
				d.Msg = strings.ReplaceAll(d.Msg, before+file+":", before+r.shown(file)+":")
			}
		}
	}
	d.Pos.File = r.shown(d.Pos.File)
	return d
}

// shown is how messages name a file: slash-separated, after the prefix
// when it is relative.
func (r *reporter) shown(file string) string {
	if r.prefix == "" || filepath.IsAbs(file) {
		return filepath.ToSlash(file)
	}
	return path.Join(r.prefix, filepath.ToSlash(file))
}

// printRich prints
//
//	routes.conf:7:9: error: unknown key "contoller" …
//	   7 |         contoller = "App"
//	     |         ^
func (r *reporter) printRich(d parser.Diagnostic) {
	kind, color := "error", sgrError
	if d.Warning {
		kind, color = "warning", sgrWarning
	}
	var b strings.Builder
	if pos := r.named(d).Pos.String(); pos != "" {
		b.WriteString(sgrBold + pos + ":" + sgrReset + " ")
	}
	fmt.Fprintf(&b, "%s%s:%s %s%s%s\n", color, kind, sgrReset, sgrBold, d.Msg, sgrReset)
	if line, ok := r.sourceLine(d.Pos); ok {
		num := fmt.Sprint(d.Pos.Line)
		pad := strings.Repeat(" ", len(num))
		fmt.Fprintf(&b, "%s %s |%s %s\n", sgrGutter, num, sgrReset, visibleLine(line))
		fmt.Fprintf(&b, "%s %s |%s %s%s%s%s\n", sgrGutter, pad, sgrReset, caretIndent(line, d.Pos.Col), sgrCaret, caret(line, d.Pos.Col), sgrReset)
	}
	io.WriteString(r.w, b.String())
}

// sourceLine returns the line of pos in its file, when the file can be read
// and has the line.
func (r *reporter) sourceLine(pos parser.Pos) (string, bool) {
	if !pos.IsValid() || pos.File == "" {
		return "", false
	}
	lines, ok := r.lines[pos.File]
	if !ok {
		src, err := os.ReadFile(pos.File)
		if err == nil {
			src = bytes.TrimPrefix(src, []byte("\uFEFF")) // takes no column
			lines = strings.Split(string(src), "\n")
		}
		r.lines[pos.File] = lines
	}
	if pos.Line > len(lines) {
		return "", false
	}
	return strings.TrimRight(lines[pos.Line-1], "\r"), true
}

// caretIndent is the blank space that puts a caret under byte column col of
// the line as visibleLine shows it: a tab for a tab, two spaces for a wide
// character (東, ☕), a space for any other, and the width of the
// placeholder of an invisible one.
func caretIndent(line string, col int) string {
	var b strings.Builder
	for i := 0; i < col-1 && i < len(line); {
		r, size := utf8.DecodeRuneInString(line[i:])
		switch shown := placeholder(line[i:]); {
		case shown != "":
			b.WriteString(strings.Repeat(" ", len(shown)))
		case r == '\t':
			b.WriteByte('\t')
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			b.WriteString("  ")
		default:
			b.WriteByte(' ')
		}
		i += size
	}
	if col-1 > len(line) { // past the end of the line: at the end of the file
		b.WriteString(strings.Repeat(" ", col-1-len(line)))
	}
	return b.String()
}

// caret marks the character at byte column col: one "^", or one under each
// column of its placeholder.
func caret(line string, col int) string {
	if col-1 < len(line) {
		if shown := placeholder(line[col-1:]); shown != "" {
			return strings.Repeat("^", len(shown))
		}
	}
	return "^"
}

// visibleLine is line with each character that shows as nothing or as a
// blank, though it is not one to the parser, replaced by its placeholder:
// a no-break space before "=" is otherwise invisible under its caret.
func visibleLine(line string) string {
	var b strings.Builder
	for i := 0; i < len(line); {
		_, size := utf8.DecodeRuneInString(line[i:])
		if shown := placeholder(line[i:]); shown != "" {
			b.WriteString(shown)
		} else {
			b.WriteString(line[i : i+size])
		}
		i += size
	}
	return b.String()
}

// placeholder is how visibleLine shows the character that s begins with:
// <U+00A0> for a non-ASCII space or an invisible character, <0xC2> for a
// byte that is not UTF-8, and "" for a character shown as itself.
func placeholder(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r == utf8.RuneError && size == 1:
		return fmt.Sprintf("<0x%02X>", s[0])
	case r >= utf8.RuneSelf && (unicode.IsSpace(r) || !unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r)):
		return fmt.Sprintf("<%U>", r)
	}
	return ""
}
