package parser

import (
	"fmt"
	"strconv"
	"strings"
)

const (
	maxErrors = 50   // past this, Parse reports "too many errors" and stops
	maxDepth  = 1000 // of sections and lists nested in each other
)

// Parse parses one file. It does not follow includes: Include.Files stay
// nil (see Load). The returned file holds every statement that parsed, even
// when there are errors; the diagnostics are sorted by position.
func Parse(filename string, src []byte) (*File, Diagnostics) {
	p := &parser{}
	p.sc = newScanner(filename, src, p.errorf)
	p.next()
	root := &Section{}
	p.parseBody(root)
	p.diags.Sort()
	return &File{Name: filename, Root: root}, p.diags
}

// parser is a recursive descent parser, one function per construct. After
// an error in a statement it skips to the end of that statement, so that
// one mistake gives one error.
type parser struct {
	sc     *scanner
	tok    token // the current token
	diags  Diagnostics
	errors int
	depth  int  // sections and lists open
	halted bool // on too many errors or too deep a nesting: the rest of the file is ignored
	// sections are every section opened, in the order of their "{", for
	// finding the one whose "}" is missing, or closed too early.
	sections []*Section
	// extraBraceSeen is set once a "}" closing nothing was reported:
	// the indentation tells of the first one only.
	extraBraceSeen bool
}

func (p *parser) next() {
	if p.halted {
		p.tok = token{kind: tokEOF, pos: p.tok.pos}
		return
	}
	p.tok = p.sc.scan()
}

// halt stops parsing: from now on the current token is the end of the file.
func (p *parser) halt() {
	p.halted = true
	p.tok = token{kind: tokEOF, pos: p.tok.pos}
}

func (p *parser) errorf(pos Pos, format string, args ...any) {
	if p.halted {
		return
	}
	if p.errors == maxErrors {
		p.diags.Errorf(pos, "too many errors")
		p.halt()
		return
	}
	p.errors++
	p.diags.Errorf(pos, format, args...)
}

// errorExpected reports that the current token is not what was expected.
func (p *parser) errorExpected(what string) {
	if p.tok.kind == tokIllegal {
		p.errorf(p.tok.pos, "%s", p.tok.unexpectedCharacter())
		return
	}
	p.errorf(p.tok.pos, "expected %s, found %s", what, p.tok.describe())
}

// enter opens a section or list at the current token, unless that nests
// too deep: then it reports so and halts.
func (p *parser) enter() bool {
	p.depth++
	if p.depth > maxDepth {
		p.errorf(p.tok.pos, "nesting deeper than %d levels", maxDepth)
		p.halt()
		return false
	}
	return true
}

func (p *parser) leave() { p.depth-- }

func (p *parser) comment() *Comment {
	return &Comment{Pos: p.tok.pos, Text: p.tok.text}
}

// parseBody parses the statements of sec up to its "}" (left as the current
// token), or up to the end of the file for a file's root.
func (p *parser) parseBody(sec *Section) {
	var comments []Comment // since the last statement
	for {
		switch p.tok.kind {
		case tokNewline, tokSemicolon:
			p.next()
		case tokComment:
			comments = append(comments, *p.comment())
			p.next()
		case tokRbrace:
			if sec.Lbrace.IsValid() {
				sec.EndComments = comments
				return
			}
			p.reportExtraBrace(p.tok.pos)
			p.next()
		case tokEOF:
			sec.EndComments = comments
			if sec.Lbrace.IsValid() && !p.halted {
				p.reportUnclosed(sec)
				p.halt() // the sections around it are not closed either: say it once
			}
			return
		default:
			item := p.parseStatement()
			if item == nil {
				p.skipStatement()
				comments = nil
				continue
			}
			setDoc(item, comments)
			comments = nil
			sec.Items = append(sec.Items, item)
			p.endStatement(item)
		}
	}
}

// parseStatement parses an assignment, a section or an include, or reports
// an error and returns nil.
func (p *parser) parseStatement() Item {
	if p.tok.kind != tokName {
		p.errorExpected("key or section name")
		return nil
	}
	name := p.tok
	p.next()
	switch {
	case p.tok.kind == tokAssign:
		if !p.checkName(name, "key") {
			return nil
		}
		return p.parseAssign(name)
	case p.tok.kind == tokLbrace:
		if !p.checkName(name, "section name") {
			return nil
		}
		return p.parseSection(name)
	case keyword(name.text) == "include":
		return p.parseInclude(name)
	case p.tok.kind == tokNewline && p.peekPastNewlines() == tokLbrace:
		// A brace on the next line is a likely slip: say so and parse the
		// section anyway, lest its body be taken for statements.
		for p.tok.kind == tokNewline {
			p.next()
		}
		p.errorf(p.tok.pos, "%q must be on the same line as section name %s", "{", quoteShort(name.text))
		if !p.checkName(name, "section name") {
			return nil
		}
		return p.parseSection(name)
	}
	p.errorExpected(`"=" or "{" after ` + quoteShort(name.text))
	return nil
}

// peekPastNewlines returns the kind of the first token after the current
// newlines, consuming nothing.
func (p *parser) peekPastNewlines() tokenKind {
	sc := *p.sc
	sc.errorf = func(Pos, string, ...any) {} // reported when scanned for real
	tok := p.tok
	for tok.kind == tokNewline {
		tok = sc.scan()
	}
	return tok.kind
}

// checkName reports whether name can name a key or section (its role).
func (p *parser) checkName(name token, role string) bool {
	switch {
	case keyword(name.text) != "":
		p.errorf(name.pos, "%q is a keyword and cannot be a %s", name.text, role)
	case strings.Contains(name.text, "."):
		p.errorf(name.pos, "invalid %s %s: a name cannot contain %q", role, quoteShort(name.text), ".")
	default:
		return true
	}
	return false
}

func (p *parser) parseAssign(key token) Item {
	p.next() // "="
	value := p.parseValue(`after "="`)
	if value == nil {
		return nil
	}
	return &Assign{Key: key.text, KeyPos: key.pos, Value: value}
}

func (p *parser) parseSection(name token) Item {
	sec := &Section{Name: name.text, NamePos: name.pos, Lbrace: p.tok.pos}
	if !p.enter() {
		return nil
	}
	p.sections = append(p.sections, sec)
	defer p.leave()
	p.next()
	if p.tok.kind == tokComment {
		sec.LineComment = p.comment()
		p.next()
	}
	p.parseBody(sec)
	if p.tok.kind != tokRbrace {
		return nil // not closed: reported by parseBody
	}
	sec.Rbrace = p.tok.pos
	p.next()
	return sec
}

// lines are the lines of the source, without the BOM, which takes no
// column.
func (p *parser) lines() []string {
	return strings.Split(strings.TrimPrefix(string(p.sc.src), bom), "\n")
}

// indentOf is the width of the blanks that begin line.
func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " \t")) }

// reportUnclosed reports a missing "}" found at the end of the file, where
// atEOF is the section left open. With one "}" missing, every "}" after it
// closes the section around the one it was written for, so atEOF is mostly
// the outermost section: useless. The indentation tells better, and the
// section reported is, in this order:
//   - the one whose content comes back to its own indentation (or less)
//     first, on a line that is not a "}": its "}" belongs before that line
//     (of two on the same line, the inner one);
//   - the first one closed by a "}" indented less than itself: its own "}"
//     is missing and it took its parent's, so it belongs before that one;
//   - atEOF.
func (p *parser) reportUnclosed(atEOF *Section) {
	lines := p.lines()
	indent := func(line int) int { return indentOf(lines[line-1]) }
	report := func(sec *Section, before int) {
		if p.sc.unterminated[sec.Lbrace.Line] {
			return // a string left open on the section's line took its "}"
		}
		p.errorf(sec.Lbrace, "section %s is not closed: by indentation, its %q is missing before line %d", quoteShort(sec.Name), "}", before)
	}
	var unclosed *Section
	before := 0
	for _, sec := range p.sections {
		last := len(lines)
		if sec.Rbrace.IsValid() {
			last = sec.Rbrace.Line - 1
		}
		for n := sec.Lbrace.Line + 1; n <= last && (unclosed == nil || n <= before); n++ {
			text := strings.TrimSpace(lines[n-1])
			if text == "" || text[0] == '#' || text[0] == '}' {
				continue
			}
			if indent(n) <= indent(sec.NamePos.Line) {
				unclosed, before = sec, n
				break
			}
		}
	}
	if unclosed != nil {
		report(unclosed, before)
		return
	}
	var first *Section
	for _, sec := range p.sections {
		if sec.Rbrace.IsValid() && sec.Rbrace.Line != sec.Lbrace.Line && indent(sec.Rbrace.Line) < indent(sec.NamePos.Line) &&
			(first == nil || sec.Rbrace.Before(first.Rbrace)) {
			first = sec
		}
	}
	if first != nil {
		report(first, first.Rbrace.Line)
		return
	}
	p.errorf(atEOF.Lbrace, "section %s is not closed", quoteShort(atEOF.Name))
}

// reportExtraBrace reports a "}" at pos that closes nothing. With one "}"
// too many, each "}" after it closes the section around the one it was
// written for, so pos, at the end of the file, is mostly far from the
// brace to remove. The indentation tells better: the first section closed
// by a "}" that begins a line indented more than the section's name took
// the "}" of a section inside it, which is the brace too many; but where a
// multi-line section at that "}"'s indentation was closed earlier by a
// "}" that does not begin a line, inside the first, that earlier "}" is.
// The message names where, by indentation, the section it closed ends.
func (p *parser) reportExtraBrace(pos Pos) {
	if p.extraBraceSeen {
		p.errorf(pos, "unexpected %q", "}")
		return
	}
	p.extraBraceSeen = true
	lines := p.lines()
	indent := func(line int) int { return indentOf(lines[line-1]) }
	beginsLine := func(at Pos) bool { return at.Col == indent(at.Line)+1 }
	closed := func(sec *Section) bool {
		return sec.Rbrace.IsValid() && sec.Rbrace.File == pos.File && sec.Rbrace.Line != sec.Lbrace.Line
	}
	var taker *Section // the first section closed by an inner section's "}"
	for _, sec := range p.sections {
		if closed(sec) && beginsLine(sec.Rbrace) && indent(sec.Rbrace.Line) > indent(sec.NamePos.Line) &&
			(taker == nil || sec.Rbrace.Before(taker.Rbrace)) {
			taker = sec
		}
	}
	if taker == nil {
		p.errorf(pos, "unexpected %q", "}")
		return
	}
	early := taker // the section the brace too many closed
	for _, sec := range p.sections {
		if closed(sec) && taker.Lbrace.Before(sec.Lbrace) && sec.Rbrace.Before(taker.Rbrace) && !beginsLine(sec.Rbrace) &&
			indent(sec.NamePos.Line) == indent(taker.Rbrace.Line) && (early == taker || early.Lbrace.Before(sec.Lbrace)) {
			early = sec
		}
	}
	for n := early.Rbrace.Line + 1; n <= len(lines); n++ {
		if strings.HasPrefix(strings.TrimSpace(lines[n-1]), "}") && indent(n) == indent(early.NamePos.Line) {
			p.errorf(early.Rbrace, "unexpected %q: by indentation, section %s closes at line %d", "}", quoteShort(early.Name), n)
			return
		}
	}
	p.errorf(pos, "unexpected %q", "}")
}

func (p *parser) parseInclude(kw token) Item {
	if p.tok.kind != tokString {
		p.errorExpected(fmt.Sprintf("string after %q", kw.text))
		return nil
	}
	pattern := p.stringValue()
	p.next()
	return &Include{IncludePos: kw.pos, Pattern: pattern}
}

func (p *parser) stringValue() *String {
	return &String{ValuePos: p.tok.pos, Value: p.tok.text, Quote: p.tok.quote, Raw: p.tok.raw}
}

// endStatement checks that a statement ends with ";", a newline, the end of
// the file or the "}" of a one-line section, and takes the comment after it.
func (p *parser) endStatement(item Item) {
	semicolon := p.tok.kind == tokSemicolon
	if semicolon {
		p.next()
	}
	switch p.tok.kind {
	case tokComment:
		setLineComment(item, p.comment())
		p.next()
	case tokNewline, tokEOF, tokRbrace:
	default:
		if semicolon {
			break
		}
		// Values after a comma, written as aah's comma-separated strings
		// are (method = GET, POST), but without the quotes.
		if a, ok := item.(*Assign); ok && p.tok.kind == tokComma {
			if ref, bare := a.Value.(*Ref); bare {
				p.errorf(p.tok.pos, `expected ";" or newline after value, found ","; several values are one string, in quotes: write %s, or a list in brackets`, quoteShort(p.unquotedText(ref.ValuePos, ";#}")))
				p.skipStatement()
				break
			}
		}
		p.errorExpected(`";" or newline after ` + describeEnd(item))
		p.skipStatement()
	}
}

// describeEnd names how item ends, for messages.
func describeEnd(item Item) string {
	switch item.(type) {
	case *Section:
		return `"}"`
	case *Include:
		return "include pattern"
	default:
		return "value"
	}
}

func setDoc(item Item, doc []Comment) {
	switch item := item.(type) {
	case *Assign:
		item.Doc = doc
	case *Section:
		item.Doc = doc
	case *Include:
		item.Doc = doc
	}
}

// setLineComment sets the comment that follows item on its last line.
func setLineComment(item Item, c *Comment) {
	switch item := item.(type) {
	case *Assign:
		item.LineComment = c
	case *Section:
		item.EndComment = c
	case *Include:
		item.LineComment = c
	}
}

// skipStatement skips the rest of a statement after an error in it: to the
// end of its line, but past any braces and brackets it opened, so that their
// content is not taken for statements.
func (p *parser) skipStatement() {
	braces, brackets := 0, 0
	for {
		switch p.tok.kind {
		case tokEOF:
			return
		case tokNewline, tokSemicolon:
			if braces == 0 && brackets == 0 {
				return
			}
		case tokLbrace:
			braces++
		case tokRbrace:
			if braces == 0 {
				return // closes the enclosing section
			}
			braces--
		case tokLbrack:
			brackets++
		case tokRbrack:
			if brackets > 0 {
				brackets--
			}
		}
		p.next()
	}
}

// parseValue parses a value, or reports an error (saying what was expected
// where, in context) and returns nil.
func (p *parser) parseValue(context string) Value {
	tok := p.tok
	switch tok.kind {
	case tokString:
		p.next()
		return &String{ValuePos: tok.pos, Value: tok.text, Quote: tok.quote, Raw: tok.raw}
	case tokNumber:
		p.next()
		return p.number(tok)
	case tokName:
		p.next()
		return p.nameValue(tok)
	case tokEnv:
		p.next()
		return newEnv(tok)
	case tokLbrack:
		return p.parseList()
	case tokIllegal:
		if tok.text == "/" {
			p.errorf(tok.pos, "unexpected character '/': a path is a string, in quotes: write %s", quoteShort(p.unquotedText(tok.pos, ";#}],")))
			return nil
		}
	}
	p.errorExpected("value " + context)
	return nil
}

// unquotedText is the text of the source line from pos up to one of the
// bytes of stop or the end of the line, blanks trimmed: what a value
// written without its quotes holds.
func (p *parser) unquotedText(pos Pos, stop string) string {
	text := p.lines()[pos.Line-1][pos.Col-1:]
	if i := strings.IndexAny(text, stop); i >= 0 {
		text = text[:i]
	}
	return strings.TrimSpace(text)
}

func (p *parser) number(tok token) Value {
	switch {
	case isInt(tok.text):
		n, err := strconv.ParseInt(tok.text, 10, 64)
		if err != nil {
			p.errorf(tok.pos, "integer %s is out of range", quoteShort(tok.text))
			return nil
		}
		return &Int{ValuePos: tok.pos, Value: n, Text: tok.text}
	case isFloat(tok.text):
		f, err := strconv.ParseFloat(tok.text, 64)
		if err != nil {
			p.errorf(tok.pos, "float %s is out of range", quoteShort(tok.text))
			return nil
		}
		return &Float{ValuePos: tok.pos, Value: f, Text: tok.text}
	}
	if withUnit := strings.TrimRight(tok.text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"); withUnit != tok.text && (isInt(withUnit) || isFloat(withUnit)) {
		// A size or a duration ("5mb", "30m"), which is a string.
		p.errorf(tok.pos, "invalid number %s: a value with a unit is a string, in quotes: write %s", quoteShort(tok.text), quoteShort(tok.text))
		return nil
	}
	p.errorf(tok.pos, "invalid number %s", quoteShort(tok.text))
	return nil
}

// nameValue turns an unquoted name into a boolean, null or reference.
func (p *parser) nameValue(tok token) Value {
	switch keyword(tok.text) {
	case "true", "false":
		return &Bool{ValuePos: tok.pos, Value: keyword(tok.text) == "true"}
	case "null":
		return &Null{ValuePos: tok.pos}
	case "include":
		p.errorf(tok.pos, "%q is a keyword and cannot be a value", tok.text)
		return nil
	}
	if !isRef(tok.text) {
		p.errorf(tok.pos, "invalid reference %s", quoteShort(tok.text))
		return nil
	}
	return &Ref{ValuePos: tok.pos, Name: tok.text}
}

func (p *parser) parseList() Value {
	list := &List{Lbrack: p.tok.pos}
	if !p.enter() {
		return nil
	}
	defer p.leave()
	p.next()
	for {
		p.skipNewlinesAndComments()
		switch p.tok.kind {
		case tokRbrack:
			list.Rbrack = p.tok.pos
			p.next()
			return list
		case tokEOF:
			if !p.halted {
				p.errorf(list.Lbrack, "list is not closed")
				p.halt() // the sections around it are not closed either: say it once
			}
			return nil
		}
		elem := p.parseValue(`or "]" in list`)
		if elem == nil {
			p.skipList()
			return nil
		}
		list.Elems = append(list.Elems, elem)
		p.skipNewlinesAndComments()
		if p.tok.kind == tokComma {
			p.next()
		}
	}
}

// skipNewlinesAndComments skips what a list may hold between its elements.
// The comments are dropped: a List has no place for them.
func (p *parser) skipNewlinesAndComments() {
	for p.tok.kind == tokNewline || p.tok.kind == tokComment {
		p.next()
	}
}

// skipList skips the rest of a list after an error in it: past its "]"
// (and any braces in it), or up to a "}" or the end of the file when it is
// not closed.
func (p *parser) skipList() {
	brackets, braces := 1, 0
	for {
		switch p.tok.kind {
		case tokEOF:
			return
		case tokLbrace:
			braces++
		case tokRbrace:
			if braces == 0 {
				return // closes the enclosing section
			}
			braces--
		case tokLbrack:
			brackets++
		case tokRbrack:
			brackets--
			if brackets == 0 {
				p.next()
				return
			}
		}
		p.next()
	}
}

// keyword returns the keyword s spells, in any case, or "".
func keyword(s string) string {
	for _, kw := range [...]string{"true", "false", "null", "include"} {
		if strings.EqualFold(s, kw) {
			return kw
		}
	}
	return ""
}

// isName reports whether s is a name that is not a keyword.
func isName(s string) bool {
	if s == "" || !isNameStart(s[0]) || keyword(s) != "" {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isNameChar(s[i]) {
			return false
		}
	}
	return true
}

// isRef reports whether s is names joined by dots.
func isRef(s string) bool {
	for part := range strings.SplitSeq(s, ".") {
		if !isName(part) {
			return false
		}
	}
	return true
}

// isInt reports whether s is -?[0-9]+.
func isInt(s string) bool {
	return isDigits(strings.TrimPrefix(s, "-"))
}

// isFloat reports whether s is -?[0-9]+\.[0-9]*.
func isFloat(s string) bool {
	whole, frac, ok := strings.Cut(strings.TrimPrefix(s, "-"), ".")
	return ok && isDigits(whole) && (frac == "" || isDigits(frac))
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// newEnv reads an environment reference: $NAME, ${NAME} or ${NAME:-default}.
func newEnv(tok token) *Env {
	ref := strings.TrimPrefix(tok.text, "$")
	if braced, ok := strings.CutPrefix(ref, "{"); ok {
		ref = strings.TrimSuffix(braced, "}")
	}
	name, fallback, hasDefault := strings.Cut(ref, ":-")
	return &Env{ValuePos: tok.pos, Name: name, Default: fallback, HasDefault: hasDefault}
}
