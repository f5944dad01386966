package parser

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Format returns src, a routes.conf (or any file of its syntax), in the one
// canonical layout `routegen fmt` prints:
//
//   - two spaces of indentation a level, one statement a line,
//     `key = value`, sections as `name {` … `}` (an empty one as `name {}`);
//   - every comment kept where it was: above a statement, after it on its
//     line, after a "{" or "}", at the end of a section, inside a list;
//   - a blank line wherever the source had one or more between two
//     statements or comments of a section, none after "{" or before "}";
//   - strings double-quoted, unless the value holds a `"` and no `'`: then
//     single-quoted; only the backslashes that need it are escaped;
//   - true, false and null in lower case, numbers as written;
//   - a list on one line when it fits in 80 columns and holds no comment,
//     else one element a line, each followed by a comma;
//   - includes printed as `include "…"`, never expanded.
//
// The result parses to the same syntax tree but for positions, and
// formatting it again changes nothing. A file that does not parse is not
// formatted: Format returns nil and the diagnostics.
func Format(filename string, src []byte) ([]byte, Diagnostics) {
	f, diags := Parse(filename, src)
	if diags.HasErrors() {
		return nil, diags
	}
	p := &printer{lists: map[*List][]Comment{}}
	if err := p.placeListComments(filename, src, f); err != nil {
		diags.Errorf(err.pos, "%s", err.msg)
		return nil, diags
	}
	p.body(f.Root, 0)
	out := strings.TrimLeft(p.b.String(), "\n")
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return []byte(out), diags
}

const (
	indentUnit = "  "
	lineWidth  = 80 // a list longer than this on one line is split, one element a line
)

type printer struct {
	b strings.Builder
	// lists holds the comments inside each list, which the syntax tree
	// does not keep: Format finds them by scanning the source again.
	lists map[*List][]Comment
}

type formatError struct {
	pos Pos
	msg string
}

// placeListComments finds the comments of src that no node of f holds and
// files each under the innermost list around it. Any other comment left over
// is an error, so that formatting never loses a comment.
func (p *printer) placeListComments(filename string, src []byte, f *File) *formatError {
	attached := map[Pos]bool{}
	var lists []*List
	walkSection(f.Root, func(c Comment) { attached[c.Pos] = true }, func(l *List) { lists = append(lists, l) })
	sc := newScanner(filename, src, func(Pos, string, ...any) {})
	for {
		tok := sc.scan()
		if tok.kind == tokEOF {
			return nil
		}
		if tok.kind != tokComment || attached[tok.pos] {
			continue
		}
		var inner *List
		for _, l := range lists {
			if l.Lbrack.Before(tok.pos) && tok.pos.Before(l.Rbrack) && (inner == nil || inner.Lbrack.Before(l.Lbrack)) {
				inner = l
			}
		}
		if inner == nil {
			return &formatError{tok.pos, "internal error: the formatter would lose this comment"}
		}
		p.lists[inner] = append(p.lists[inner], Comment{Pos: tok.pos, Text: tok.text})
	}
}

// walkSection calls comment for every comment the syntax tree of sec holds
// and list for every list in its values.
func walkSection(sec *Section, comment func(Comment), list func(*List)) {
	comments := func(cs []Comment, c *Comment) {
		for _, x := range cs {
			comment(x)
		}
		if c != nil {
			comment(*c)
		}
	}
	comments(sec.Doc, sec.LineComment)
	comments(sec.EndComments, sec.EndComment)
	for _, item := range sec.Items {
		switch item := item.(type) {
		case *Assign:
			comments(item.Doc, item.LineComment)
			walkValue(item.Value, list)
		case *Include:
			comments(item.Doc, item.LineComment)
		case *Section:
			walkSection(item, comment, list)
		}
	}
}

func walkValue(v Value, list func(*List)) {
	if l, ok := v.(*List); ok {
		list(l)
		for _, e := range l.Elems {
			walkValue(e, list)
		}
	}
}

// element is a line or lines of a section's body, with the source lines it
// spanned, which tell where the blank lines were.
type element struct {
	first, last int // source lines
	print       func(depth int)
}

// body prints the items and comments of sec, one level deeper than depth
// for a section, at depth 0 for a file's root.
func (p *printer) body(sec *Section, depth int) {
	var elems []element
	comments := func(cs []Comment) {
		for _, c := range cs {
			elems = append(elems, element{c.Pos.Line, c.Pos.Line, func(depth int) { p.line(depth, commentText(c)) }})
		}
	}
	for _, item := range sec.Items {
		switch item := item.(type) {
		case *Assign:
			comments(item.Doc)
			elems = append(elems, element{item.KeyPos.Line, valueEnd(item.Value), func(depth int) {
				head := item.Key + " = "
				p.line(depth, head+p.value(item.Value, depth, width(depth)+utf8.RuneCountInString(head))+trailing(item.LineComment))
			}})
		case *Include:
			comments(item.Doc)
			elems = append(elems, element{item.IncludePos.Line, valueEnd(item.Pattern), func(depth int) {
				p.line(depth, "include "+quote(item.Pattern.Value)+trailing(item.LineComment))
			}})
		case *Section:
			comments(item.Doc)
			elems = append(elems, element{item.NamePos.Line, item.Rbrace.Line, func(depth int) { p.section(item, depth) }})
		}
	}
	comments(sec.EndComments)
	for i, e := range elems {
		if i > 0 && e.first > elems[i-1].last+1 {
			p.b.WriteByte('\n')
		}
		e.print(depth)
	}
}

func (p *printer) section(sec *Section, depth int) {
	if len(sec.Items) == 0 && len(sec.EndComments) == 0 && sec.LineComment == nil {
		p.line(depth, sec.Name+" {}"+trailing(sec.EndComment))
		return
	}
	p.line(depth, sec.Name+" {"+trailing(sec.LineComment))
	p.body(sec, depth+1)
	p.line(depth, "}"+trailing(sec.EndComment))
}

// line writes one line (or more, for a multi-line value) at depth.
func (p *printer) line(depth int, text string) {
	p.b.WriteString(strings.Repeat(indentUnit, depth))
	p.b.WriteString(text)
	p.b.WriteByte('\n')
}

func width(depth int) int { return depth * len(indentUnit) }

func trailing(c *Comment) string {
	if c == nil {
		return ""
	}
	return " " + commentText(*c)
}

func commentText(c Comment) string { return strings.TrimRight(c.Text, " \t") }

// value formats v; a list that does not fit on its line, column col of a
// line at depth, takes several lines.
func (p *printer) value(v Value, depth, col int) string {
	switch v := v.(type) {
	case *String:
		return quote(v.Value)
	case *Int:
		return v.Text
	case *Float:
		return v.Text
	case *Bool:
		if v.Value {
			return "true"
		}
		return "false"
	case *Null:
		return "null"
	case *Ref:
		return v.Name
	case *Env:
		if v.HasDefault {
			return "${" + v.Ref() + "}"
		}
		return "$" + v.Name
	case *List:
		return p.list(v, depth, col)
	}
	panic(fmt.Sprintf("parser: unexpected value %T", v))
}

func (p *printer) list(l *List, depth, col int) string {
	comments := p.lists[l]
	if len(comments) == 0 {
		parts := make([]string, len(l.Elems))
		for i, e := range l.Elems {
			parts[i] = p.value(e, depth+1, col) // a nested list that is too long splits the outer one anyway
		}
		flat := "[" + strings.Join(parts, ", ") + "]"
		if !strings.Contains(flat, "\n") && col+utf8.RuneCountInString(flat) <= lineWidth {
			return flat
		}
	}
	// One element a line. A comment on the line of an element follows it;
	// any other comes before the next element, or before "]".
	before := make([][]Comment, len(l.Elems)+1)
	after := make([]*Comment, len(l.Elems))
	for _, c := range comments {
		prev := -1
		for i, e := range l.Elems {
			if e.Pos().Before(c.Pos) {
				prev = i
			}
		}
		switch {
		case prev >= 0 && c.Pos.Line == valueEnd(l.Elems[prev]) && after[prev] == nil:
			c := c
			after[prev] = &c
		default:
			before[prev+1] = append(before[prev+1], c)
		}
	}
	var b strings.Builder
	inner := strings.Repeat(indentUnit, depth+1)
	b.WriteString("[\n")
	for i := range len(l.Elems) + 1 {
		for _, c := range before[i] {
			b.WriteString(inner + commentText(c) + "\n")
		}
		if i == len(l.Elems) {
			break
		}
		b.WriteString(inner + p.value(l.Elems[i], depth+1, width(depth+1)) + "," + trailing(after[i]) + "\n")
	}
	b.WriteString(strings.Repeat(indentUnit, depth) + "]")
	return b.String()
}

// valueEnd is the source line v ends on.
func valueEnd(v Value) int {
	switch v := v.(type) {
	case *List:
		return v.Rbrack.Line
	case *String:
		return v.ValuePos.Line + strings.Count(v.Value, "\n")
	}
	return v.Pos().Line
}

// quote writes s as a string literal that reads back as s: in double quotes
// unless s holds a double quote and no single quote. Only a backslash that
// would otherwise escape the next character (or the closing quote) is
// doubled, and the delimiter is escaped.
func quote(s string) string {
	q := byte('"')
	if strings.Contains(s, `"`) && !strings.Contains(s, "'") {
		q = '\''
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(q)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == q:
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\\' && (i+1 == len(s) || s[i+1] == '\\' || s[i+1] == q):
			b.WriteString(`\\`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(q)
	return b.String()
}
