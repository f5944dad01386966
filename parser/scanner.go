package parser

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenKind is the lexical class of a token.
type tokenKind int

const (
	tokEOF       tokenKind = iota
	tokNewline             // "\n"; newlines end statements
	tokComment             // "# …" up to the end of the line
	tokName                // a name, or dotted names: server.port (checked by the parser)
	tokNumber              // starts with a digit or "-" (checked by the parser)
	tokString              // "…" or '…'
	tokEnv                 // $NAME
	tokAssign              // =
	tokLbrace              // {
	tokRbrace              // }
	tokLbrack              // [
	tokRbrack              // ]
	tokComma               // ,
	tokSemicolon           // ;
	tokColon               // ":", never valid, but a likely slip from other formats
	tokIllegal             // any other character, or a byte that is not UTF-8
)

// token is one lexical token.
type token struct {
	kind  tokenKind
	pos   Pos
	text  string // the source text; for a string, its value without quotes and escapes
	quote byte   // for a string, its delimiter
	raw   string // for a string, its source text between the quotes
}

// describe names the token in "found …" parts of messages.
func (t token) describe() string {
	switch t.kind {
	case tokEOF:
		return "end of file"
	case tokNewline:
		return "newline"
	case tokComment:
		return "comment"
	case tokString:
		return "string " + quoteShort(t.text)
	default:
		return quoteShort(t.text)
	}
}

// unexpectedCharacter describes an illegal token. An ASCII character is
// shown as itself; any other is named by its code point, as the Go compiler
// does, and by its name when it is one that looks like a blank or like
// ASCII punctuation; a byte that is not UTF-8 is shown in hex.
func (t token) unexpectedCharacter() string {
	if t.text == "//" || t.text == "/*" {
		return fmt.Sprintf(`unexpected %q: a comment begins with "#"`, t.text)
	}
	r, size := utf8.DecodeRuneInString(t.text)
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("illegal byte 0x%02x (not UTF-8)", t.text[0])
	case r >= utf8.RuneSelf:
		return "illegal character " + describeRune(r)
	case !unicode.IsPrint(r):
		return fmt.Sprintf("unexpected byte 0x%02x", t.text[0])
	}
	return fmt.Sprintf("unexpected character %q", r)
}

// describeRune names a non-ASCII rune: U+00A0 (no-break space), U+00E9 'é'.
func describeRune(r rune) string {
	if name, ok := runeNames[r]; ok {
		return fmt.Sprintf("%U (%s)", r, name)
	}
	if unicode.IsPrint(r) {
		return fmt.Sprintf("%#U", r)
	}
	return fmt.Sprintf("%U", r)
}

// runeNames are the characters that an editor or a word processor slips in
// for a blank or for ASCII punctuation, and that are hard to see.
var runeNames = map[rune]string{
	'\u00a0': "no-break space",
	'\u00ad': "soft hyphen",
	'\u2002': "en space",
	'\u2003': "em space",
	'\u2009': "thin space",
	'\u200b': "zero width space",
	'\u200c': "zero width non-joiner",
	'\u200d': "zero width joiner",
	'\u2010': "hyphen",
	'\u2011': "non-breaking hyphen",
	'\u2013': "en dash",
	'\u2014': "em dash",
	'\u2018': "left single quotation mark",
	'\u2019': "right single quotation mark",
	'\u201c': "left double quotation mark",
	'\u201d': "right double quotation mark",
	'\u2028': "line separator",
	'\u2029': "paragraph separator",
	'\u202f': "narrow no-break space",
	'\u2060': "word joiner",
	'\u3000': "ideographic space",
	'\ufeff': "zero width no-break space",
	'\uff1d': "fullwidth equals sign",
}

// quoteShort quotes s for a message, cutting it when it is long: a stray
// quote can turn the rest of a file into one string.
func quoteShort(s string) string {
	const max = 32
	if len(s) <= max {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q…", s[:max])
}

const bom = "\uFEFF"

// scanner splits a source file into tokens. It never fails: bytes it cannot
// use become tokIllegal tokens, and an unterminated string is reported
// through errorf and still yields a string token.
type scanner struct {
	file      string
	src       []byte
	offset    int // of the next byte to read
	line      int // of the next byte to read, 1-based
	lineStart int // offset of the first byte of the current line
	errorf    func(pos Pos, format string, args ...any)
	// unterminated are the lines of the strings not terminated: a section
	// opened there lost its "}" to the string, which the string's error
	// explains.
	unterminated map[int]bool
}

func newScanner(file string, src []byte, errorf func(Pos, string, ...any)) *scanner {
	s := &scanner{file: file, src: src, line: 1, errorf: errorf}
	if bytes.HasPrefix(src, []byte(bom)) {
		s.offset = len(bom)
		s.lineStart = len(bom) // the BOM takes no column
	}
	return s
}

func (s *scanner) pos(offset int) Pos {
	return Pos{File: s.file, Line: s.line, Col: offset - s.lineStart + 1}
}

// scan returns the next token.
func (s *scanner) scan() token {
	s.skipSpace()
	start := s.offset
	tok := token{pos: s.pos(start)}
	if start >= len(s.src) {
		tok.kind = tokEOF
		return tok
	}
	ch := s.src[start]
	switch {
	case ch == '\n':
		s.offset++
		s.newline()
		tok.kind = tokNewline
	case ch == '#':
		s.skipLine()
		tok.kind = tokComment
		tok.text = strings.TrimSuffix(string(s.src[start:s.offset]), "\r")
		return tok
	case ch == '"' || ch == '\'':
		tok.kind = tokString
		tok.quote = ch
		tok.text, tok.raw = s.scanString(tok.pos)
		return tok
	case isNameStart(ch):
		s.skipWord()
		tok.kind = tokName
	case isDigit(ch) || ch == '-' && isDigit(s.peek(1)):
		s.offset++
		s.skipWord()
		tok.kind = tokNumber
	case ch == '$' && isNameStart(s.peek(1)):
		s.offset++
		s.skipName()
		tok.kind = tokEnv
	case ch == '$' && s.peek(1) == '{' && isNameStart(s.peek(2)):
		// ${NAME} or ${NAME:-default}, as in a shell; the default ends at "}".
		s.offset += 2
		s.skipName()
		if s.peek(0) == ':' && s.peek(1) == '-' {
			for s.offset < len(s.src) && s.src[s.offset] != '}' && s.src[s.offset] != '\n' {
				s.offset++
			}
		}
		tok.kind = tokIllegal
		if s.peek(0) == '}' {
			s.offset++
			tok.kind = tokEnv
		}
	case ch == '/' && (s.peek(1) == '/' || s.peek(1) == '*'):
		// Another language's comment, one token: its message says so.
		s.offset += 2
		tok.kind = tokIllegal
	default:
		tok.kind = punctuation(ch)
		if tok.kind == tokIllegal {
			_, size := utf8.DecodeRune(s.src[start:])
			s.offset += size
		} else {
			s.offset++
		}
	}
	tok.text = string(s.src[start:s.offset])
	return tok
}

func punctuation(ch byte) tokenKind {
	switch ch {
	case '=':
		return tokAssign
	case '{':
		return tokLbrace
	case '}':
		return tokRbrace
	case '[':
		return tokLbrack
	case ']':
		return tokRbrack
	case ',':
		return tokComma
	case ';':
		return tokSemicolon
	case ':':
		return tokColon
	}
	return tokIllegal
}

// peek returns the byte n bytes ahead, or 0 past the end.
func (s *scanner) peek(n int) byte {
	if s.offset+n < len(s.src) {
		return s.src[s.offset+n]
	}
	return 0
}

// newline records that the byte before offset was "\n".
func (s *scanner) newline() {
	s.line++
	s.lineStart = s.offset
}

// skipSpace skips blanks; "\r" is one so that "\r\n" ends a line like "\n".
func (s *scanner) skipSpace() {
	for s.offset < len(s.src) {
		switch s.src[s.offset] {
		case ' ', '\t', '\r':
			s.offset++
		default:
			return
		}
	}
}

// skipLine moves to the "\n" ending the line, or to the end of the file.
func (s *scanner) skipLine() {
	for s.offset < len(s.src) && s.src[s.offset] != '\n' {
		s.offset++
	}
}

// skipWord skips letters, digits, "_" and ".": names and numbers are scanned
// whole, so that "1.2.3" or "a..b" is one token the parser can reject.
func (s *scanner) skipWord() {
	for s.offset < len(s.src) && (isNameChar(s.src[s.offset]) || s.src[s.offset] == '.') {
		s.offset++
	}
}

func (s *scanner) skipName() {
	for s.offset < len(s.src) && isNameChar(s.src[s.offset]) {
		s.offset++
	}
}

// scanString scans a quoted string starting at offset and returns its value
// and its source text.
// Only the backslash and the delimiter can be escaped; any other backslash
// is kept, as aah does. A raw newline belongs to the string; "\r\n" in it
// becomes "\n".
//
// A string is not terminated when it reaches the end of the file, when it
// spans lines and its closing quote is followed by more than can end a
// value, and when its closing quote is followed at once by a name: that
// quote then opens a later string, and the quote missing is on the first
// line. Either way the error is at the opening quote and the
// string ends at the end of its first line, so that the lines after it are
// scanned as written and give no follow-on errors.
func (s *scanner) scanString(pos Pos) (value, raw string) {
	quote := s.src[s.offset]
	s.offset++
	start := s.offset
	line, lineStart := s.line, s.lineStart
	plain := true  // no escape and no "\r": the value is the source text
	firstEnd := -1 // offset of the "\n" that ends the string's first line
scan:
	for s.offset < len(s.src) {
		switch ch := s.src[s.offset]; ch {
		case quote:
			s.offset++
			if firstEnd >= 0 && !s.endsValue() {
				break scan // a closing quote that does not end a value: see above
			}
			if firstEnd < 0 && s.offset < len(s.src) && isNameChar(s.src[s.offset]) {
				// Nothing written right after a value starts a name: this quote
				// opens the next string ("/; controller = "App"), and the one
				// missing belongs in this string.
				break scan
			}
			text := s.src[start : s.offset-1]
			if plain {
				return string(text), string(text)
			}
			return unescape(text, quote), string(text)
		case '\\':
			plain = false
			if next := s.peek(1); next == '\\' || next == quote {
				s.offset++
			}
		case '\r':
			plain = false
		case '\n':
			if firstEnd < 0 {
				firstEnd = s.offset
			}
			s.offset++
			s.newline()
			continue
		}
		s.offset++
	}
	s.errorf(pos, "string literal not terminated")
	if s.unterminated == nil {
		s.unterminated = map[int]bool{}
	}
	s.unterminated[pos.Line] = true
	if firstEnd < 0 {
		// The string ends with its line: at its "\n", or at the end of the file.
		firstEnd = len(s.src)
		if i := bytes.IndexByte(s.src[start:], '\n'); i >= 0 {
			firstEnd = start + i
		}
		line, lineStart = s.line, s.lineStart
	}
	s.offset, s.line, s.lineStart = firstEnd, line, lineStart
	text := bytes.TrimSuffix(s.src[start:firstEnd], []byte("\r"))
	return unescape(text, quote), string(text)
}

// endsValue reports whether what follows offset on its line can follow a
// value: nothing, a comment, or the punctuation that ends a statement, a
// list element or a section.
func (s *scanner) endsValue() bool {
	for i := s.offset; i < len(s.src); i++ {
		switch s.src[i] {
		case ' ', '\t', '\r':
			continue
		case '\n', '#', ';', ',', ']', '}':
			return true
		}
		return false
	}
	return true
}

// unescape removes the escapes of a string's text and the "\r" of "\r\n".
func unescape(text []byte, quote byte) string {
	var b strings.Builder
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		ch := text[i]
		next := byte(0)
		if i+1 < len(text) {
			next = text[i+1]
		}
		switch {
		case ch == '\\' && (next == '\\' || next == quote):
			i++
			b.WriteByte(next)
		case ch == '\r' && next == '\n':
			// dropped: the "\n" follows
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

func isDigit(ch byte) bool     { return '0' <= ch && ch <= '9' }
func isLetter(ch byte) bool    { return 'a' <= ch && ch <= 'z' || 'A' <= ch && ch <= 'Z' }
func isNameStart(ch byte) bool { return isLetter(ch) || ch == '_' }
func isNameChar(ch byte) bool  { return isNameStart(ch) || isDigit(ch) }
