package main

import (
	"io"
	"strings"
	"testing"
)

// diagnosticFiles are inputs whose diagnostics the golden tests render: tabs
// and multi-byte characters before the column, a position past the end of
// its line, warnings, an error without a position.
var diagnosticFiles = map[string]string{
	"errors.conf": "domains {\n\tlocalhost {\n\t\thost = \"localhost\"\n\t\tname = \"Café ☕\"; hots = \"x\"\n\t\troutes {\n\t\t\ta { path = \"/a/:id[bogus]\"; controller = \"Hotel\" }\n\t\t\tb {\n\t\t\t\tpath = \"/b\"\n\t\t\t\tmethod = \"GTE\"\n\t\t\t\tcontroller = \"Hotel\"\n\t\t\t}\n\t\t}\n\t}\n}\n",
	"syntax.conf": "domains {\n  localhost {\n    host = \"localhost\n  }\n}\n",
	// A no-break space before "=" and a zero width space in a name: shown
	// as placeholders, with a caret under the whole placeholder.
	"invisible.conf": "domains {\n  localhost {\n    host\u00a0= \"localhost\"\n    na\u200bme = \"x\"\n  }\n}\n",
	"warnings.conf": `domains {
  localhost {
    host = "localhost"
    routes {
      index { path = "/"; controller = "Hotel"; action = "Index" }
      show { path = "/:id"; controller = "Hotel"; action = "Show" }
      book { path = "/:id/book"; controller = "Hotle"; action = "Book" }
    }
    routes {
      index { path = "/"; controller = "Hotel"; action = "Index" }
      show { path = "/:id"; controller = "Hotel"; action = "Show" }
      book { path = "/:id/book"; controller = "Hotle"; action = "Book" }
    }
  }
}
`,
}

// forceTerminal makes standard error a color terminal for the test.
func forceTerminal(t *testing.T) {
	t.Helper()
	saved := isTerminal
	isTerminal = func(io.Writer) bool { return true }
	t.Cleanup(func() { isTerminal = saved })
	t.Setenv("NO_COLOR", "")
	t.Setenv("TERM", "xterm-256color")
}

func TestDiagnosticsRendering(t *testing.T) {
	dir := writeFiles(t, diagnosticFiles)
	for _, tc := range []struct {
		golden string
		args   []string
		rich   bool
	}{
		{"diagnostics/errors.rich", []string{"check", "errors.conf"}, true},
		{"diagnostics/errors.plain", []string{"check", "errors.conf"}, false},
		{"diagnostics/syntax.rich", []string{"check", "syntax.conf"}, true},
		{"diagnostics/invisible.rich", []string{"check", "invisible.conf"}, true},
		{"diagnostics/warnings.rich", []string{"check", "warnings.conf"}, true},
		{"diagnostics/no_position.rich", []string{"check", "--profile", "prod", "warnings.conf"}, true},
		{"diagnostics/no_position.plain", []string{"check", "--profile", "prod", "warnings.conf"}, false},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			if tc.rich {
				forceTerminal(t)
			}
			_, _, stderr := runIn(t, dir, tc.args...)
			golden(t, tc.golden, stderr)
		})
	}
}

func TestDiagnosticsPlainUnlessTerminal(t *testing.T) {
	dir := writeFiles(t, diagnosticFiles)
	plain := func(t *testing.T, stderr string) {
		t.Helper()
		if strings.Contains(stderr, "\x1b[") || strings.Contains(stderr, " | ") {
			t.Errorf("want plain diagnostics, got\n%s", stderr)
		}
		if !strings.HasPrefix(stderr, "errors.conf:4:") {
			t.Errorf("want FILE:LINE:COL: message lines, got\n%s", stderr)
		}
	}
	t.Run("not a terminal", func(t *testing.T) {
		_, _, stderr := runIn(t, dir, "check", "errors.conf")
		plain(t, stderr)
	})
	t.Run("--no-color", func(t *testing.T) {
		forceTerminal(t)
		_, _, stderr := runIn(t, dir, "check", "--no-color", "errors.conf")
		plain(t, stderr)
	})
	t.Run("NO_COLOR", func(t *testing.T) {
		forceTerminal(t)
		t.Setenv("NO_COLOR", "1")
		_, _, stderr := runIn(t, dir, "check", "errors.conf")
		plain(t, stderr)
	})
	t.Run("TERM=dumb", func(t *testing.T) {
		forceTerminal(t)
		t.Setenv("TERM", "dumb")
		_, _, stderr := runIn(t, dir, "check", "errors.conf")
		plain(t, stderr)
	})
	t.Run("terminal", func(t *testing.T) {
		forceTerminal(t)
		_, _, stderr := runIn(t, dir, "check", "errors.conf")
		if !strings.Contains(stderr, "\x1b[") {
			t.Errorf("want colored diagnostics on a terminal, got\n%s", stderr)
		}
	})
}

func TestCaretIndent(t *testing.T) {
	for _, tc := range []struct {
		line string
		col  int
		want string
	}{
		{"abc", 1, ""},
		{"abc", 3, "  "},
		{"\t\tx = 1", 3, "\t\t"},
		{"é = 1", 4, "  "}, // é is two bytes, one column
		{"ab", 5, "    "},  // past the end of the line
		{"☕ x", 5, "   "},  // ☕ is three bytes, two columns
	} {
		if got := caretIndent(tc.line, tc.col); got != tc.want {
			t.Errorf("caretIndent(%q, %d) = %q, want %q", tc.line, tc.col, got, tc.want)
		}
	}
}
