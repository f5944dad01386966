package parser

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// FuzzParse checks that Parse, Build and ResolveRefs survive any input and
// report well-formed diagnostics.
func FuzzParse(f *testing.F) {
	for _, name := range aahFiles(f, "") {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	for _, s := range []string{
		"", "\uFEFF", "a = 1", "a = b\nb = a", "a = [a]", "s { a = s }", "x = s.a\ns { a = x }",
		"a { b { c = 1 }", "}}}", "{{{", "[[[", "a = [[[", "a = ]", "a = \"", "a = '\\",
		"a = \"x\\\"", "a = 1 2 3", "a = 1.2.3", "a = -", "a = $", "a = $1", "include",
		"include \"*\"", "INCLUDE 'x' # c", "foo\n{\n}", "foo\n\n", "a.b.c = 1", "a = b..c",
		"a = 99999999999999999999", "a\r\n= 1\r", "# c\r\n", "a = [1,, 2]", "a = [{]}",
		"s { a = 1 } b = 2", "\x00\xff\xfe", "é = 'é'", "a = 1; ; b = 2;", "s { # c\n} # d",
		"a = 1\na { }\na = 2\na { b = a }", "a {\n  b {\n    }\n  }\n}\n}", "a {\n  b { c { x = 1 }}\n  }\n}\r\n}",
	} {
		f.Add([]byte(s))
	}
	// The hostile shapes, small: a long path, many references to one key,
	// deep nesting, many siblings, a host that is not UTF-8, a string left
	// open on one line, a path of many parameters, a long key, many
	// actions of one controller, a repeated section, a .env's line.
	hostile := []string{
		`r { path = "/` + strings.Repeat("s/", 300) + `x" }`,
		"base = 1\n" + strings.Repeat("k = base\n", 300),
		strings.Repeat("a { ", 60) + strings.Repeat("} ", 60),
		"routes {\n" + strings.Repeat("  r { path = \"/p\" }\n", 300) + "}",
		"d { host = \"exa\xffmple.com\" }",
		`home { path = "/; controller = "App" }`,
		`r { path = "/` + strings.Repeat(":p/", 40) + `x" }`,
		strings.Repeat("k", 4096) + " = 1",
		"routes {\n" + strings.Repeat("  r { path = \"/p\"; controller = \"A\"; action = \"Act\" }\n", 300) + "}",
		"r {\n" + strings.Repeat("  cors { }\n", 300) + "}",
		"include \".env\"\nSTRIPE_KEY=sk_live_abcdef123\n",
	}
	for _, s := range hostile {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, diags := Parse("fuzz.conf", src)
		checkDiagnostics(t, src, diags)
		obj, diags := Build(file)
		checkDiagnostics(t, src, diags)
		checkDiagnostics(t, src, ResolveRefs(obj))
	})
}

// checkDiagnostics checks that diags are sorted and point into src.
func checkDiagnostics(t *testing.T, src []byte, diags Diagnostics) {
	t.Helper()
	lines := bytes.Split(src, []byte("\n"))
	for i, d := range diags {
		p := d.Pos
		if p.File != "fuzz.conf" || p.Line < 1 || p.Line > len(lines) || p.Col < 1 || p.Col > len(lines[p.Line-1])+1 {
			t.Errorf("diagnostic %q is outside the input (%d lines)", d.Error(), len(lines))
		}
		if i > 0 && p.Before(diags[i-1].Pos) {
			t.Errorf("diagnostic %q comes after %q", d.Error(), diags[i-1].Error())
		}
	}
}

// TestParseHugeInputs checks that pathological inputs end, with errors, in
// about linear time.
func TestParseHugeInputs(t *testing.T) {
	const size = 10 << 20
	random := make([]byte, size)
	rng := rand.NewChaCha8([32]byte{})
	rng.Read(random)
	tests := []struct {
		name string
		src  []byte
	}{
		{"braces", bytes.Repeat([]byte("{"), size)},
		{"brackets", bytes.Repeat([]byte("["), size)},
		{"quotes", bytes.Repeat([]byte(`"`), size)},
		{"random bytes", random},
		{"nested sections", bytes.Repeat([]byte("a{"), size/2)},
		{"nested lists", append([]byte("a="), bytes.Repeat([]byte("["), size)...)},
		{"closing braces", bytes.Repeat([]byte("}"), size)},
		{"newlines then a name", append(bytes.Repeat([]byte("a\n"), size/2), "a"...)},
		{"one long name", bytes.Repeat([]byte("a"), size)},
		{"one long string", append([]byte(`a = "`), bytes.Repeat([]byte(`\\`), size)...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file, diags := Parse("huge.conf", tt.src)
			if !diags.HasErrors() {
				t.Fatal("no error")
			}
			if len(diags) > maxErrors+1 {
				t.Errorf("%d diagnostics, want at most %d", len(diags), maxErrors+1)
			}
			obj, _ := Build(file)
			ResolveRefs(obj)
		})
	}
}

// generateRoutes returns a routes file of n route sections.
func generateRoutes(n int) []byte {
	var b strings.Builder
	b.WriteString("# generated\ndomains {\n  localhost {\n    host = \"localhost\"\n    port = 8080\n    routes {\n")
	for i := range n {
		fmt.Fprintf(&b, "      # route %d\n", i)
		fmt.Fprintf(&b, "      route_%d { # the route\n", i)
		fmt.Fprintf(&b, "        path = \"/items/%d/:id\"\n", i)
		b.WriteString("        method = 'GET'; controller = \"Items\"; action = \"Show\"\n")
		b.WriteString("        auth = domains.localhost.host\n")
		fmt.Fprintf(&b, "        weight = %d.5\n        anonymous = false\n", i)
		b.WriteString("        methods = [\"GET\", \"POST\",\n          \"PUT\"]\n")
		b.WriteString("      }\n")
	}
	b.WriteString("    }\n  }\n}\n")
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	src := generateRoutes(10000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, diags := Parse("bench.conf", src); len(diags) > 0 {
			b.Fatal(diags)
		}
	}
}

func TestGeneratedRoutes(t *testing.T) {
	file, diags := Parse("gen.conf", generateRoutes(3))
	if len(diags) > 0 {
		t.Fatalf("Parse:\n%s", diagnosticLines(diags))
	}
	obj, diags := Build(file)
	diags = append(diags, ResolveRefs(obj)...)
	if len(diags) > 0 {
		t.Fatalf("Build and ResolveRefs:\n%s", diagnosticLines(diags))
	}
	if f := obj.Lookup("domains.localhost.routes.route_2.auth"); f == nil || dumpValue(f.Value) != `4:12 string "localhost"` {
		t.Errorf("auth = %v", f)
	}
}
