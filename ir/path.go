package ir

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/parser"
)

// splitPath splits a raw route path at "/" (not inside a constraint's
// brackets) and cleans it as path.Clean would: empty and "." segments go,
// ".." removes the one before.
func splitPath(raw string) []string {
	var segs []string
	depth, start := 0, 0
	flush := func(end int) {
		switch seg := strings.TrimSpace(raw[start:end]); seg {
		case "", ".":
		case "..":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
		default:
			segs = append(segs, seg)
		}
	}
	for i := 0; i < len(raw); i++ {
		switch raw[i] {
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case '/':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(raw))
	return segs
}

// parsedPath is a route path split into segments with its parameters.
type parsedPath struct {
	Segments []Segment
	Params   []Param
}

// String is the cleaned path with constraints stripped: "/hotels/:id".
func (p parsedPath) String() string {
	segs := make([]core.Segment, len(p.Segments))
	for i, s := range p.Segments {
		segs[i] = core.Segment{Kind: s.Kind.core(), Literal: s.Literal, Param: s.Param}
	}
	return core.FormatPattern(segs)
}

// core is k as the routing core names it.
func (k SegmentKind) core() core.SegmentKind {
	switch k {
	case ParamSegment:
		return core.ParamSegment
	case CatchAllSegment:
		return core.CatchAllSegment
	}
	return core.StaticSegment
}

// parsePath parses a cleaned list of raw segments. A path of more than
// core.MaxParams parameters is refused at the first one too many, so that
// no later step sees more.
func parsePath(rawSegs []string) (parsedPath, error) {
	var p parsedPath
	for i, raw := range rawSegs {
		seg, param, err := parseSegment(raw)
		if err != nil {
			return p, err
		}
		if seg.Kind == CatchAllSegment && i != len(rawSegs)-1 {
			return p, &paramError{param: "*" + seg.Param, msg: fmt.Sprintf("catch-all parameter %q must be the last segment of the path", parser.Echo("*"+seg.Param))}
		}
		p.Segments = append(p.Segments, seg)
		if seg.Kind == StaticSegment {
			continue
		}
		written := ":" + seg.Param
		if seg.Kind == CatchAllSegment {
			written = "*" + seg.Param
		}
		if hasParam(p, seg.Param) {
			return p, &paramError{param: written, msg: fmt.Sprintf("parameter %q appears twice in the path", parser.Echo(seg.Param))}
		}
		if len(p.Params) == core.MaxParams {
			return p, &paramError{param: written, msg: fmt.Sprintf("parameter %q is one too many: a route has at most %d parameters", parser.Echo(seg.Param), core.MaxParams)}
		}
		p.Params = append(p.Params, param)
	}
	return p, nil
}

// parseSegment parses "text", "text:name", "text*name", each parameter with
// an optional "[constraint]".
func parseSegment(raw string) (Segment, Param, error) {
	if habit, param := otherRoutersParam(raw); habit != "" {
		return Segment{}, Param{}, fmt.Errorf("path segment %q: write a parameter as %s, not %s as other routers do", raw, param, habit)
	}
	i := strings.IndexAny(raw, ":*")
	if i < 0 {
		if strings.ContainsAny(raw, "[]") {
			return Segment{}, Param{}, fmt.Errorf("segment %q has a constraint but no parameter", parser.Echo(raw))
		}
		literal, err := escapeLiteral(raw)
		if err != nil {
			return Segment{}, Param{}, err
		}
		return Segment{Kind: StaticSegment, Literal: literal}, Param{}, nil
	}
	literal, err := escapeLiteral(raw[:i])
	if err != nil {
		return Segment{}, Param{}, err
	}
	seg := Segment{Kind: ParamSegment, Literal: literal}
	if raw[i] == '*' {
		seg.Kind = CatchAllSegment
	}
	rest := raw[i+1:]
	name, constraintText, hasConstraint, err := splitConstraint(rest)
	if err != nil {
		return Segment{}, Param{}, fmt.Errorf("segment %q: %v", parser.Echo(raw), err)
	}
	switch {
	case name == "":
		return Segment{}, Param{}, fmt.Errorf("segment %q: empty parameter name", parser.Echo(raw))
	case strings.ContainsAny(name, ":*"):
		return Segment{}, Param{}, fmt.Errorf("segment %q has two parameters; a segment holds at most one", parser.Echo(raw))
	case !isIdent(name):
		return Segment{}, Param{}, fmt.Errorf("segment %q: parameter name %q is not a name (letters, digits, _)", parser.Echo(raw), parser.Echo(name))
	}
	seg.Param = name
	param := Param{Name: name, Type: TypeString, CatchAll: seg.Kind == CatchAllSegment}
	if hasConstraint {
		c, err := ParseConstraint(constraintText)
		if err != nil {
			return Segment{}, Param{}, fmt.Errorf("parameter %q: %w", parser.Echo(name), err)
		}
		param.Constraint = c
		if c.IsInteger() {
			param.Type = TypeInt
		}
	}
	return seg, param, nil
}

// otherRoutersParam finds in a segment a parameter written as other
// routers write one — {id} (http.ServeMux, chi), {path...} and {*path}
// (catch-alls), {id:[0-9]+} (gorilla/mux), <id> and <int:id> (Flask) —
// and returns it with routes.conf's form of it: :id, *path, :id[number].
// A routes.conf constraint, after "[", is not looked into.
func otherRoutersParam(raw string) (habit, param string) {
	head, _, _ := strings.Cut(raw, "[")
	open := strings.IndexAny(head, "{<")
	if open < 0 {
		return "", ""
	}
	closer := map[byte]byte{'{': '}', '<': '>'}[raw[open]]
	length := strings.IndexByte(raw[open:], closer) // past a regular expression's brackets
	if length < 0 {
		return "", ""
	}
	habit = raw[open : open+length+1]
	inner, kind, constraint := habit[1:len(habit)-1], ":", ""
	if raw[open] == '{' {
		if rest, ok := strings.CutPrefix(inner, "*"); ok {
			inner, kind = rest, "*"
		}
		if rest, ok := strings.CutSuffix(inner, "..."); ok {
			inner, kind = rest, "*"
		}
		var pattern string
		inner, pattern, _ = strings.Cut(inner, ":")
		if pattern == "[0-9]+" || pattern == `\d+` {
			constraint = "[number]"
		}
	} else if converter, name, ok := strings.Cut(inner, ":"); ok {
		inner = name
		switch converter {
		case "int":
			constraint = "[number]"
		case "path":
			kind = "*"
		}
	}
	if !isIdent(inner) {
		return "", ""
	}
	return habit, kind + inner + constraint
}

// splitConstraint splits "name [constraint]" into its parts.
func splitConstraint(s string) (name, constraint string, has bool, err error) {
	open, close := strings.IndexByte(s, '['), strings.LastIndexByte(s, ']')
	switch {
	case open < 0 && close < 0:
		return strings.TrimSpace(s), "", false, nil
	case open < 0:
		return "", "", false, fmt.Errorf(`constraint has "]" but no "["`)
	case close < 0:
		return "", "", false, fmt.Errorf(`constraint has "[" but no "]"`)
	case close < open:
		return "", "", false, fmt.Errorf(`constraint has "]" before "["`)
	case strings.TrimSpace(s[close+1:]) != "":
		return "", "", false, fmt.Errorf("text %q after the constraint", parser.Echo(strings.TrimSpace(s[close+1:])))
	case strings.ContainsAny(s[open+1:close], "[]"):
		return "", "", false, fmt.Errorf("nested brackets in constraint")
	}
	return strings.TrimSpace(s[:open]), s[open+1 : close], true, nil
}

// escapeLiteral returns a literal of a path segment in the form a client
// sends it, so that it compares byte for byte with the request's escaped
// path: the characters a path segment may hold unescaped (RFC 3986 pchar
// less ":") as they are, every other character's UTF-8 bytes
// percent-encoded in upper-case hex (α: %CE%B1), as Go's url package and
// browsers write them. An ASCII character that must be escaped is refused:
// it is likely a slip ("?", "#", a space), and an escape in routes.conf is
// refused too, lest one path have two spellings.
func escapeLiteral(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", fmt.Errorf("path segment %q is not valid UTF-8", parser.Echo(s))
	}
	if i := strings.IndexFunc(s, unseen); i >= 0 {
		r, _ := utf8.DecodeRuneInString(s[i:])
		return "", fmt.Errorf("path segment %q has %U, which shows as a blank or as nothing: remove it, or write the character meant", parser.Echo(s), r)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			fmt.Fprintf(&b, "%%%02X", c)
		case isAlnum(c) || strings.IndexByte(literalPunct, c) >= 0:
			b.WriteByte(c)
		case c == '%':
			return "", escapeInLiteral(s)
		default:
			return "", fmt.Errorf("path segment %q has %q, which a URL path must percent-encode; use only letters, digits, %s and non-ASCII characters", parser.Echo(s), string(rune(c)), literalPunct)
		}
	}
	return b.String(), nil
}

// unseen reports whether r is a non-ASCII character that shows as a blank
// or as nothing, which an editor slips in (a no-break space, a zero width
// space); the joiners that some scripts spell words with are not.
func unseen(r rune) bool {
	switch r {
	case '\u00ad', '\u200b', '\u2060', '\ufeff':
		return true
	}
	return r >= utf8.RuneSelf && unicode.IsSpace(r)
}

// literalPunct is the punctuation a path segment holds unescaped.
const literalPunct = "-._~!$&'()+,;=@"

// escapeInLiteral is the error for a literal written with an escape: the
// character itself is to be written instead, when there is one to write.
func escapeInLiteral(s string) error {
	decoded, err := url.PathUnescape(s)
	if err == nil && utf8.ValidString(decoded) && decoded != s {
		if _, err := escapeLiteral(decoded); err == nil {
			return fmt.Errorf("path segment %q is percent-encoded; write %q: routegen escapes a literal itself, and a request matches either spelling", parser.Echo(s), parser.Echo(decoded))
		}
	}
	return fmt.Errorf("path segment %q has %q: a literal cannot hold an escape; use only letters, digits, %s and non-ASCII characters, written as themselves", parser.Echo(s), "%", literalPunct)
}

// Unescaped returns a route path as written in routes.conf, its escaped
// literals decoded: "/%CE%B1/:id" is "/α/:id". Literals hold no other
// escapes, so decoding is exact.
func Unescaped(path string) string {
	if !strings.Contains(path, "%") {
		return path
	}
	if s, err := url.PathUnescape(path); err == nil {
		return s
	}
	return path
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isIdent reports whether s is [A-Za-z_][A-Za-z0-9_]*.
func isIdent(s string) bool {
	if s == "" || '0' <= s[0] && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isAlnum(s[i]) && s[i] != '_' {
			return false
		}
	}
	return true
}

// paramError is an error of a path at one of its parameters, param as
// written (":id", "*rest"): the last one of the path, which is the one
// the error is about (the second of two, the one too many).
type paramError struct {
	param string
	msg   string
}

func (e *paramError) Error() string { return e.msg }

// lastParamIndex returns the index in path of the last parameter written
// as param (":id", "*rest"), not inside a constraint's brackets, or -1.
func lastParamIndex(path, param string) int {
	last, depth := -1, 0
	for i := 0; i < len(path); i++ {
		switch c := path[i]; {
		case c == '[':
			depth++
		case c == ']' && depth > 0:
			depth--
		case depth == 0 && strings.HasPrefix(path[i:], param):
			if end := i + len(param); end == len(path) || strings.IndexByte("/[ \t", path[end]) >= 0 {
				last = i
			}
		}
	}
	return last
}

// tagIndex returns the index in path of the constraint tag named tag: the
// first one written between brackets at the start of a tag (after "[",
// "," or "|", blanks allowed), or -1.
func tagIndex(path, tag string) int {
	inBrackets, tagStart := false, false
	for i := 0; i < len(path); i++ {
		switch c := path[i]; {
		case c == '[' || inBrackets && (c == ',' || c == '|'):
			inBrackets, tagStart = true, true
		case c == ']':
			inBrackets = false
		case c == ' ' || c == '\t':
		case inBrackets && tagStart:
			end := i + len(tag)
			if strings.HasPrefix(path[i:], tag) && (end == len(path) || strings.IndexByte("=,|] \t", path[end]) >= 0) {
				return i
			}
			tagStart = false
		}
	}
	return -1
}
