package parser

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFormatGolden formats testdata/format/*.conf and compares the result
// with the .golden file beside each (go test ./parser -update rewrites them).
func TestFormatGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/format/*.conf")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata/format/*.conf (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, diags := Format(file, src)
			if diags.HasErrors() {
				t.Fatalf("Format: %v", diags)
			}
			golden := strings.TrimSuffix(file, ".conf") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Format(%s) =\n%s\nwant (%s; -update rewrites it)\n%s", file, got, golden, want)
			}
			checkFormatted(t, file, src, got)
		})
	}
}

// TestFormatCorpus formats every configuration file of the aah corpus and the
// rich example: formatting keeps the syntax tree and every comment, and is
// idempotent. (The object and route table are compared in
// printer_meaning_test.go.)
func TestFormatCorpus(t *testing.T) {
	files := append(aahFiles(t, ".conf"), "../testdata/rich/routes.conf")
	for _, file := range files {
		t.Run(strings.TrimPrefix(file, "../testdata/"), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got, diags := Format(file, src)
			if diags.HasErrors() {
				if _, pd := Parse(file, src); !pd.HasErrors() {
					t.Fatalf("Format failed on a file that parses: %v", diags)
				}
				return // a corpus file with syntax errors: not formatted, as gofmt
			}
			checkFormatted(t, file, src, got)
		})
	}
}

// checkFormatted checks the output of Format for src: it parses to the same
// tree, keeps the comments in their order, and formats to itself.
func checkFormatted(t *testing.T, file string, src, formatted []byte) {
	t.Helper()
	before, _ := Parse(file, src)
	after, diags := Parse(file, formatted)
	if diags.HasErrors() {
		t.Fatalf("the formatted file does not parse: %v\n%s", diags, formatted)
	}
	if b, a := treeString(before.Root), treeString(after.Root); b != a {
		t.Errorf("formatting changed the syntax tree:\nbefore:\n%s\nafter:\n%s", b, a)
	}
	if b, a := commentTexts(file, src), commentTexts(file, formatted); b != a {
		t.Errorf("formatting changed the comments:\nbefore:\n%s\nafter:\n%s", b, a)
	}
	again, diags := Format(file, formatted)
	if diags.HasErrors() || !bytes.Equal(again, formatted) {
		t.Errorf("formatting is not idempotent: fmt(fmt(x)) =\n%s\nfmt(x) =\n%s", again, formatted)
	}
}

// treeString prints a syntax tree without positions: its statements, values
// and the comments attached to them.
func treeString(sec *Section) string {
	var b strings.Builder
	var walk func(sec *Section, depth int)
	comments := func(depth int, kind string, cs []Comment, c *Comment) {
		for _, x := range cs {
			fmt.Fprintf(&b, "%s%s %s\n", strings.Repeat("  ", depth), kind, commentText(x))
		}
		if c != nil {
			fmt.Fprintf(&b, "%s%s %s\n", strings.Repeat("  ", depth), kind, commentText(*c))
		}
	}
	walk = func(sec *Section, depth int) {
		ind := strings.Repeat("  ", depth)
		for _, item := range sec.Items {
			switch item := item.(type) {
			case *Assign:
				comments(depth, "doc", item.Doc, nil)
				fmt.Fprintf(&b, "%s%s = %s\n", ind, item.Key, valueString(item.Value))
				comments(depth, "line", nil, item.LineComment)
			case *Include:
				comments(depth, "doc", item.Doc, nil)
				fmt.Fprintf(&b, "%sinclude %q\n", ind, item.Pattern.Value)
				comments(depth, "line", nil, item.LineComment)
			case *Section:
				comments(depth, "doc", item.Doc, nil)
				fmt.Fprintf(&b, "%s%s {\n", ind, item.Name)
				comments(depth+1, "line", nil, item.LineComment)
				walk(item, depth+1)
				fmt.Fprintf(&b, "%s}\n", ind)
				comments(depth, "end", nil, item.EndComment)
			}
		}
		comments(depth, "end", sec.EndComments, nil)
	}
	walk(sec, 0)
	return b.String()
}

// valueString prints a value with its type, without positions.
func valueString(v Value) string {
	switch v := v.(type) {
	case *String:
		return fmt.Sprintf("string %q", v.Value)
	case *Int:
		return fmt.Sprintf("int %s", v.Text)
	case *Float:
		return fmt.Sprintf("float %s", v.Text)
	case *Bool:
		return fmt.Sprintf("bool %v", v.Value)
	case *Null:
		return "null"
	case *Ref:
		return "ref " + v.Name
	case *Env:
		return "env " + v.Name
	case *List:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = valueString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("%T", v)
}

// commentTexts lists the comments of src in order, as the scanner finds them.
func commentTexts(file string, src []byte) string {
	var b strings.Builder
	sc := newScanner(file, src, func(Pos, string, ...any) {})
	for tok := sc.scan(); tok.kind != tokEOF; tok = sc.scan() {
		if tok.kind == tokComment {
			b.WriteString(strings.TrimRight(tok.text, " \t") + "\n")
		}
	}
	return b.String()
}

func TestFormatRefusesSyntaxErrors(t *testing.T) {
	out, diags := Format("bad.conf", []byte("a {\n  b = \n}\n"))
	if out != nil || !diags.HasErrors() {
		t.Errorf("Format of a file with a syntax error = %q, %v; want nil and the error", out, diags)
	}
}

func TestQuote(t *testing.T) {
	for _, s := range []string{``, `plain`, `a"b`, `a'b`, `a'b"c`, `\`, `\\`, `a\b`, `a\\b`, `a\"`, `a\'`, `"\`, "two\nlines", "tab\there", `\"\'\\`} {
		lit := quote(s)
		f, diags := Parse("q.conf", []byte("k = "+lit+"\n"))
		if diags.HasErrors() {
			t.Errorf("quote(%q) = %s, which does not parse: %v", s, lit, diags)
			continue
		}
		if got := f.Root.Items[0].(*Assign).Value.(*String).Value; got != s {
			t.Errorf("quote(%q) = %s, which reads back as %q", s, lit, got)
		}
	}
}

// FuzzFormat checks, for any input that parses, that Format keeps the
// syntax tree and every comment, and is idempotent.
func FuzzFormat(f *testing.F) {
	files, _ := filepath.Glob("testdata/format/*.conf")
	for _, name := range append(files, aahFiles(f, ".conf")...) {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"", "a = 1", "a = [ # c\n 1, # d\n [2, # e\n 3] # f\n] # g", "a = 'x\"y'", "a = \"x\\\\\"", "s { a = 1 } # c",
		"s {\n\n\n a = 1 # c\n\n # d\n\n} # e\n\n# f", "a = [\n\"multi\nline\", # c\n]", "a { b { c {} } }",
		"a = 1; b = [1]; # c\n", "include 'x' # c\n# d",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if _, diags := Parse("fuzz.conf", src); diags.HasErrors() {
			return
		}
		out, diags := Format("fuzz.conf", src)
		if diags.HasErrors() {
			t.Fatalf("Format fails on a file that parses: %v", diags)
		}
		checkFormatted(t, "fuzz.conf", src, out)
	})
}
