package parser

import (
	"strings"
	"testing"
)

func TestParseSyntax(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", ""},
		{"only newlines", "\n\n\r\n", ""},
		{"assignment", `a = "x"`, "1:1 a = 1:5 string \"x\"\n"},
		{"no spaces", `a="x"`, "1:1 a = 1:3 string \"x\"\n"},
		{"key with digits and underscores", "_a1_B = 1", "1:1 _a1_B = 1:9 int 1\n"},
		{"single-quoted string", `a = 'x'`, "1:1 a = 1:5 string' \"x\"\n"},
		{"escaped delimiter and backslash", `a = "q\"b\\c"`, "1:1 a = 1:5 string \"q\\\"b\\\\c\"\n"},
		{"other escapes stay", `a = "a\nb\t"`, "1:1 a = 1:5 string \"a\\\\nb\\\\t\"\n"},
		{"escaped single quote", `a = 'it\'s'`, "1:1 a = 1:5 string' \"it's\"\n"},
		{"other quote not escaped", `a = 'say \"hi\"'`, "1:1 a = 1:5 string' \"say \\\\\\\"hi\\\\\\\"\"\n"},
		{"multi-line string", "a = \"x\ny\"\nb = 1", "1:1 a = 1:5 string \"x\\ny\"\n3:1 b = 3:5 int 1\n"},
		{"crlf", "a = 1\r\nb = \"x\r\ny\"\r\n", "1:1 a = 1:5 int 1\n2:1 b = 2:5 string \"x\\ny\"\n"},
		{"bom", "\uFEFFa = 1", "1:1 a = 1:5 int 1\n"},
		{"integer", "a = 42", "1:1 a = 1:5 int 42\n"},
		{"negative integer", "a = -7", "1:1 a = 1:5 int -7\n"},
		{"largest integer", "a = 9223372036854775807", "1:1 a = 1:5 int 9223372036854775807\n"},
		{"smallest integer", "a = -9223372036854775808", "1:1 a = 1:5 int -9223372036854775808\n"},
		{"float", "a = 1.5", "1:1 a = 1:5 float 1.5\n"},
		{"float without decimals", "a = 2.", "1:1 a = 1:5 float 2\n"},
		{"negative float", "a = -0.25", "1:1 a = 1:5 float -0.25\n"},
		{"booleans", "a = true\nb = FALSE\nc = True", "1:1 a = 1:5 bool true\n2:1 b = 2:5 bool false\n3:1 c = 3:5 bool true\n"},
		{"null", "a = null\nb = NULL", "1:1 a = 1:5 null\n2:1 b = 2:5 null\n"},
		{"reference", "a = b", "1:1 a = 1:5 ref b\n"},
		{"dotted reference", "a = server.port", "1:1 a = 1:5 ref server.port\n"},
		{"environment", "a = $AAH_NAME", "1:1 a = 1:5 env AAH_NAME\n"},
		{"environment in braces", "a = ${AAH_NAME}", "1:1 a = 1:5 env AAH_NAME\n"},
		{"environment with a default", "a = ${PORT:-8080}", "1:1 a = 1:5 env PORT:-8080\n"},
		{"environment with an empty default", "a = ${PORT:-}", "1:1 a = 1:5 env PORT:-\n"},
		{"list", `a = [1, "x", [true], b.c, $E,]`,
			"1:1 a = 1:5 [1:6 int 1, 1:9 string \"x\", 1:14 [1:15 bool true]1:19, 1:22 ref b.c, 1:27 env E]1:30\n"},
		{"empty list", "a = []", "1:1 a = 1:5 []1:6\n"},
		{"list without commas", "a = [1 2\n3]", "1:1 a = 1:5 [1:6 int 1, 1:8 int 2, 2:1 int 3]2:2\n"},
		{"multi-line list with comments", "a = [ # first\n  1, # one\n  # two\n  2\n]",
			"1:1 a = 1:5 [2:3 int 1, 4:3 int 2]5:1\n"},
		{"semicolons", "a = 1; b = 2;", "1:1 a = 1:5 int 1\n1:8 b = 1:12 int 2\n"},
		{"empty statements", ";;a = 1;;", "1:3 a = 1:7 int 1\n"},
		{"section", "s {\n  a = 1\n}", "1:1 s 1:3{\n  2:3 a = 2:7 int 1\n3:1}\n"},
		{"one-line section", "s { a = 1; }", "1:1 s 1:3{\n  1:5 a = 1:9 int 1\n1:12}\n"},
		{"one-line section without semicolon", "s { a = 1 }", "1:1 s 1:3{\n  1:5 a = 1:9 int 1\n1:11}\n"},
		{"empty sections", "s {}\nt { }", "1:1 s 1:3{\n1:4}\n2:1 t 2:3{\n2:5}\n"},
		{"nested sections", "a { b { c = 1 } }", "1:1 a 1:3{\n  1:5 b 1:7{\n    1:9 c = 1:13 int 1\n  1:15}\n1:17}\n"},
		{"statements after a section", "s { }; a = 1", "1:1 s 1:3{\n1:5}\n1:8 a = 1:12 int 1\n"},
		{"include", `include "x/*.conf"`, "1:1 include 1:9 string \"x/*.conf\"\n"},
		{"include in any case", `INCLUDE 'y'`, "1:1 include 1:9 string' \"y\"\n"},
		{"include in a section", "s {\n  include \"z\"\n}", "1:1 s 1:3{\n  2:3 include 2:11 string \"z\"\n3:1}\n"},
		{"doc comments", "# one\n\n# two\na = 1", "doc 1:1 # one\ndoc 3:1 # two\n4:1 a = 4:5 int 1\n"},
		{"line comment", "a = 1 # note\nb = 2", "1:1 a = 1:5 int 1\nline 1:7 # note\n2:1 b = 2:5 int 2\n"},
		{"line comment after semicolon", "a = 1; # note", "1:1 a = 1:5 int 1\nline 1:8 # note\n"},
		{"line comment of the last statement of a line", "a = 1; b = 2 # b", "1:1 a = 1:5 int 1\n1:8 b = 1:12 int 2\nline 1:14 # b\n"},
		{"line comment with crlf", "a = 1 # note\r\n", "1:1 a = 1:5 int 1\nline 1:7 # note\n"},
		{"include comments", "# doc\ninclude \"x\" # line", "doc 1:1 # doc\n2:1 include 2:9 string \"x\"\nline 2:13 # line\n"},
		{"section comments", "# doc\ns { # open\n  a = 1\n  # last\n} # close\n# end of file",
			"doc 1:1 # doc\n2:1 s 2:3{\n  line 2:5 # open\n  3:3 a = 3:7 int 1\n  end 4:3 # last\n5:1}\nend 5:3 # close\nend 6:1 # end of file\n"},
		{"only comments", "#a\n#b", "end 1:1 #a\nend 2:1 #b\n"},
		{"empty comment", "#", "end 1:1 #\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, diags := Parse("t.conf", []byte(tt.src))
			if len(diags) > 0 {
				t.Fatalf("Parse(%q) reported:\n%s", tt.src, diagnosticLines(diags))
			}
			if got := dumpFileString(f); got != tt.want {
				t.Errorf("Parse(%q):\ngot:\n%s\nwant:\n%s", tt.src, got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
	}{
		{"colon", "port: 8080", []string{`t.conf:1:5: expected "=" or "{" after "port", found ":"`}},
		{"name alone", "foo\nb = 1", []string{`t.conf:1:4: expected "=" or "{" after "foo", found newline`}},
		{"name at end of file", "foo", []string{`t.conf:1:4: expected "=" or "{" after "foo", found end of file`}},
		{"brace on the next line", "foo\n{\n  a = 1\n}", []string{`t.conf:2:1: "{" must be on the same line as section name "foo"`}},
		{"two values", "a = 1 2", []string{`t.conf:1:7: expected ";" or newline after value, found "2"`}},
		{"two strings", `a = "x" "y"`, []string{`t.conf:1:9: expected ";" or newline after value, found string "y"`}},
		{"long string in message", `a = 1 "` + strings.Repeat("x", 40) + `"`,
			[]string{`t.conf:1:7: expected ";" or newline after value, found string "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"…`}},
		{"statement after a section", "s { } x = 1", []string{`t.conf:1:7: expected ";" or newline after "}", found "x"`}},
		{"two include patterns", `include "a" "b"`, []string{`t.conf:1:13: expected ";" or newline after include pattern, found string "b"`}},
		{"missing value at end of line", "a =\nb = 1", []string{`t.conf:1:4: expected value after "=", found newline`}},
		{"missing value at end of file", "a = ", []string{`t.conf:1:5: expected value after "=", found end of file`}},
		{"missing value before brace", "s { a = }", []string{`t.conf:1:9: expected value after "=", found "}"`}},
		{"stray closing brace", "a = 1\n}\nb = 2", []string{`t.conf:2:1: unexpected "}"`}},
		{"extra closing brace", "s {\n}}", []string{`t.conf:2:2: unexpected "}"`}},
		{"brace too many in a section", "a {\n  b {\n    x = 1\n    }\n  }\n}\n", []string{
			`t.conf:4:5: unexpected "}": by indentation, section "b" closes at line 5`,
		}},
		{"brace too many, a section closed on its line before", "a {\n  b {\n    c { x = 1 }\n  }\n  d {\n    y = 2 }\n  }\n}\n", []string{
			`t.conf:6:11: unexpected "}": by indentation, section "d" closes at line 7`,
		}},
		{"braces too many", "a {\n  b {\n    }\n  }\n}\n}\n", []string{
			`t.conf:3:5: unexpected "}": by indentation, section "b" closes at line 4`,
			`t.conf:6:1: unexpected "}"`,
		}},
		{"section not closed", "domains {\n  a = 1\n", []string{`t.conf:1:9: section "domains" is not closed`}},
		{"nested sections not closed", "a {\n  b {\n", []string{`t.conf:2:5: section "b" is not closed`}},
		{"brace missing before a sibling", "a {\n  b {\n    x = 1\n  c {\n    y = 2\n  }\n}\n", []string{
			`t.conf:2:5: section "b" is not closed: by indentation, its "}" is missing before line 4`,
		}},
		{"two braces missing before one line", "a {\n  b {\n    x = 1\nc = 2\n}\n", []string{
			`t.conf:2:5: section "b" is not closed: by indentation, its "}" is missing before line 4`,
		}},
		{"brace missing, indentation no help", "a {\nb {\nx = 1\n}\n", []string{
			`t.conf:1:3: section "a" is not closed: by indentation, its "}" is missing before line 2`,
		}},
		{"brace missing at the end of a section", "a {\n  b {\n    c {\n      x = 1\n  }\n}\n", []string{
			`t.conf:3:7: section "c" is not closed: by indentation, its "}" is missing before line 5`,
		}},
		{"statement starts with a string", `"a" = 1`, []string{`t.conf:1:1: expected key or section name, found string "a"`}},
		{"statement starts with equals", "= 1", []string{`t.conf:1:1: expected key or section name, found "="`}},
		{"statement starts with a brace", "{\n  a = 1\n}\nb = 1 1", []string{
			`t.conf:1:1: expected key or section name, found "{"`,
			`t.conf:4:7: expected ";" or newline after value, found "1"`,
		}},
		{"unexpected character", "a = @", []string{`t.conf:1:5: unexpected character '@'`}},
		{"unexpected character after value", "a = 1 @", []string{`t.conf:1:7: unexpected character '@'`}},
		{"unexpected character at statement start", "@ = 1", []string{`t.conf:1:1: unexpected character '@'`}},
		{"non-ASCII character", "é = 1", []string{`t.conf:1:1: illegal character U+00E9 'é'`}},
		{"no-break space before equals", "a\u00a0= 1\nb = 2 2", []string{
			`t.conf:1:2: illegal character U+00A0 (no-break space)`,
			`t.conf:2:7: expected ";" or newline after value, found "2"`,
		}},
		{"curly quote", "a = \u201cx\u201d", []string{`t.conf:1:5: illegal character U+201C (left double quotation mark)`}},
		{"non-printing non-ASCII character", "a = \u0085", []string{`t.conf:1:5: illegal character U+0085`}},
		{"unexpected NUL", "a = 1\n\x00", []string{`t.conf:2:1: unexpected byte 0x00`}},
		{"invalid UTF-8", "a = \xff", []string{`t.conf:1:5: illegal byte 0xff (not UTF-8)`}},
		{"unexpected character in key", "a-b = 1", []string{`t.conf:1:2: unexpected character '-'`}},
		{"lone dollar", "a = $", []string{`t.conf:1:5: unexpected character '$'`}},
		{"environment without its brace", "a = ${PORT:-8080\n", []string{`t.conf:1:5: unexpected character '$'`}},
		{"lone minus", "a = -x", []string{`t.conf:1:5: unexpected character '-'`}},
		{"comment of another language", "a = 1 // one\nb = 2 /* two */\n", []string{`t.conf:1:7: unexpected "//": a comment begins with "#"`, `t.conf:2:7: unexpected "/*": a comment begins with "#"`}},
		{"lone slash", "a = /x", []string{`t.conf:1:5: unexpected character '/': a path is a string, in quotes: write "/x"`}},
		{"lone slash after a byte order mark", "\uFEFFa = /x", []string{`t.conf:1:5: unexpected character '/': a path is a string, in quotes: write "/x"`}},
		{"unterminated string", `a = "abc`, []string{`t.conf:1:5: string literal not terminated`}},
		{"unterminated string over lines", "a = 'abc\nb = 1\nc = 1 1", []string{
			`t.conf:1:5: string literal not terminated`,
			`t.conf:3:7: expected ";" or newline after value, found "1"`,
		}},
		{"unterminated string ending in backslash", `a = "abc\`, []string{`t.conf:1:5: string literal not terminated`}},
		{"unterminated string closed by the next one", "s {\n  a = \"abc\n  b = \"x\"\n}\nc = 1 1", []string{
			`t.conf:2:7: string literal not terminated`,
			`t.conf:5:7: expected ";" or newline after value, found "1"`,
		}},
		{"unterminated string before an empty one", "a = \"abc\nb = \"\"\n", []string{`t.conf:1:5: string literal not terminated`}},
		{"string over lines", "a = \"abc\ndef\" # note\nb = [\"x\ny\", \"z\"]", nil},
		{"include as key", "include = 1", []string{`t.conf:1:1: "include" is a keyword and cannot be a key`}},
		{"null as key", "NULL = 1", []string{`t.conf:1:1: "NULL" is a keyword and cannot be a key`}},
		{"true as section name", "True { }", []string{`t.conf:1:1: "True" is a keyword and cannot be a section name`}},
		{"include as value", "a = include", []string{`t.conf:1:5: "include" is a keyword and cannot be a value`}},
		{"include without pattern", "include foo", []string{`t.conf:1:9: expected string after "include", found "foo"`}},
		{"include at end of file", "include", []string{`t.conf:1:8: expected string after "include", found end of file`}},
		{"dotted key", "a.b = 1", []string{`t.conf:1:1: invalid key "a.b": a name cannot contain "."`}},
		{"dotted section name", "a.b { }", []string{`t.conf:1:1: invalid section name "a.b": a name cannot contain "."`}},
		{"reference with empty part", "a = b..c", []string{`t.conf:1:5: invalid reference "b..c"`}},
		{"reference ending in a dot", "a = b.", []string{`t.conf:1:5: invalid reference "b."`}},
		{"reference with a keyword", "a = b.true", []string{`t.conf:1:5: invalid reference "b.true"`}},
		{"reference with a number", "a = b.1", []string{`t.conf:1:5: invalid reference "b.1"`}},
		{"integer out of range", "a = 9223372036854775808", []string{`t.conf:1:5: integer "9223372036854775808" is out of range`}},
		{"float out of range", "a = 1" + strings.Repeat("0", 400) + ".0", []string{`t.conf:1:5: float "1` + strings.Repeat("0", 31) + `"… is out of range`}},
		{"number with two points", "a = 1.2.3", []string{`t.conf:1:5: invalid number "1.2.3"`}},
		{"number with letters", "a = 12abc", []string{`t.conf:1:5: invalid number "12abc": a value with a unit is a string, in quotes: write "12abc"`}},
		{"methods without quotes", "method = GET, POST # both", []string{`t.conf:1:13: expected ";" or newline after value, found ","; several values are one string, in quotes: write "GET, POST", or a list in brackets`}},
		{"strings after a comma", `a = "x", "y"`, []string{`t.conf:1:8: expected ";" or newline after value, found ","`}},
		{"size without quotes", "max_body_size = 5mb", []string{`t.conf:1:17: invalid number "5mb": a value with a unit is a string, in quotes: write "5mb"`}},
		{"number with letters inside", "a = 1x2", []string{`t.conf:1:5: invalid number "1x2"`}},
		{"double comma in list", "a = [1,,2]", []string{`t.conf:1:8: expected value or "]" in list, found ","`}},
		{"list not closed", "a = [1, 2", []string{`t.conf:1:5: list is not closed`}},
		{"list not closed in a section", "s {\n  a = [1, 2\n", []string{`t.conf:2:7: list is not closed`}},
		{"list not closed before next key", "a = [1, 2\nb = 3\n", []string{`t.conf:2:3: expected value or "]" in list, found "="`}},
		{"error in a multi-line list", "a = [\n  1, =\n  2,\n]\nb = 1 1", []string{
			`t.conf:2:6: expected value or "]" in list, found "="`,
			`t.conf:5:7: expected ";" or newline after value, found "1"`,
		}},
		{"error in a nested list", "a = [[1, :], 2]\nb = 1 1", []string{
			`t.conf:1:10: expected value or "]" in list, found ":"`,
			`t.conf:2:7: expected ";" or newline after value, found "1"`,
		}},
		{"section in a list", "a = [{}]", []string{`t.conf:1:6: expected value or "]" in list, found "{"`}},
		{"bad statement skips its braces", "foo bar {\n  a = 1\n}\nc = 2 2", []string{
			`t.conf:1:5: expected "=" or "{" after "foo", found "bar"`,
			`t.conf:4:7: expected ";" or newline after value, found "2"`,
		}},
		{"bad statement skips its brackets", "foo bar [\n  1\n]\nc = 2 2", []string{
			`t.conf:1:5: expected "=" or "{" after "foo", found "bar"`,
			`t.conf:4:7: expected ";" or newline after value, found "2"`,
		}},
		{"one error a statement", "a = 1 2 3 @ @\nb = ::", []string{
			`t.conf:1:7: expected ";" or newline after value, found "2"`,
			`t.conf:2:5: expected value after "=", found ":"`,
		}},
		{"errors in sections", "s {\n  a = \n  t {\n    b = 1 1\n  }\n}\nc = d e", []string{
			`t.conf:2:7: expected value after "=", found newline`,
			`t.conf:4:11: expected ";" or newline after value, found "1"`,
			`t.conf:7:7: expected ";" or newline after value, found "e"`,
		}},
		{"section nested too deep", strings.Repeat("a{", 1001), []string{`t.conf:1:2002: nesting deeper than 1000 levels`}},
		{"list nested too deep", "a=" + strings.Repeat("[", 1001), []string{`t.conf:1:1003: nesting deeper than 1000 levels`}},
		{"nested 1000 deep", strings.Repeat("a{", 1000) + strings.Repeat("}", 1000), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := Parse("t.conf", []byte(tt.src))
			if got, want := diagnosticLines(diags), lines(tt.want); got != want {
				t.Errorf("Parse(%q):\ngot:\n%s\nwant:\n%s", tt.src, got, want)
			}
		})
	}
}

func TestParseTooManyErrors(t *testing.T) {
	_, diags := Parse("t.conf", []byte(strings.Repeat("@\n", 60)))
	if len(diags) != maxErrors+1 {
		t.Fatalf("got %d diagnostics, want %d", len(diags), maxErrors+1)
	}
	if got, want := diags[maxErrors].Error(), "t.conf:51:1: too many errors"; got != want {
		t.Errorf("last diagnostic is %q, want %q", got, want)
	}
}

// TestParseKeepsStatementsAroundErrors checks that error recovery loses
// only the statements in error.
func TestParseKeepsStatementsAroundErrors(t *testing.T) {
	f, diags := Parse("t.conf", []byte("a = 1\nb = @\nc = 3\ns { d = ; e = 5 }"))
	if len(diags) != 2 {
		t.Errorf("got diagnostics:\n%s\nwant 2", diagnosticLines(diags))
	}
	want := "1:1 a = 1:5 int 1\n3:1 c = 3:5 int 3\n4:1 s 4:3{\n  4:11 e = 4:15 int 5\n4:17}\n"
	if got := dumpFileString(f); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestPosString(t *testing.T) {
	tests := []struct {
		pos  Pos
		want string
	}{
		{Pos{File: "a.conf", Line: 2, Col: 3}, "a.conf:2:3"},
		{Pos{Line: 2, Col: 3}, "2:3"},
		{Pos{File: "a.conf"}, "a.conf"},
	}
	for _, tt := range tests {
		if got := tt.pos.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.pos, got, tt.want)
		}
	}
}

// lines joins ss, one a line.
func lines(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return strings.Join(ss, "\n") + "\n"
}

// TestStringPosOf checks that the positions of a string's bytes count the
// escapes and the line breaks of its source text.
func TestStringPosOf(t *testing.T) {
	f, diags := Parse("t.conf", []byte("a = \"x\\\"y\\\\z\"\nb = 'p\r\nq'\n"))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	a := f.Root.Items[0].(*Assign).Value.(*String)
	b := f.Root.Items[1].(*Assign).Value.(*String)
	for _, c := range []struct {
		s    *String
		i    int
		want string
	}{
		{a, 0, "t.conf:1:6"},  // x
		{a, 2, "t.conf:1:9"},  // y, after \"
		{a, 4, "t.conf:1:12"}, // z, after \\
		{b, 0, "t.conf:2:6"},
		{b, 2, "t.conf:3:1"}, // q, after \r\n
	} {
		if got := c.s.PosOf(c.i).String(); got != c.want {
			t.Errorf("PosOf(%q, %d) = %s, want %s", c.s.Value, c.i, got, c.want)
		}
	}
}
