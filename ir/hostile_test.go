package ir_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// hostileCheckSize is the size of the files of BenchmarkHostileCheck: the
// budget is any 10 MB routes.conf checked in ≤ 2 s and ≤ 1 GB.
const hostileCheckSize = 10 << 20

const hostileHead = "domains {\n  localhost {\n    host = \"localhost\"\n    default_auth = \"anonymous\"\n    routes {\n"
const hostileTail = "    }\n  }\n}\n"

// hostileChecks write routes.conf files of about size bytes, each the
// worst of one kind for check: one route of many parameters, many routes
// of one controller each with its own action, many controllers of names
// of one length, one key of megabytes, a warning repeated.
var hostileChecks = map[string]func(size int) string{
	"parameters": func(size int) string {
		var b strings.Builder
		b.WriteString(hostileHead + `      r { controller = "A"; action = "A"; path = "`)
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "/:p%d", i)
		}
		b.WriteString("\" }\n" + hostileTail)
		return b.String()
	},
	"actions": func(size int) string {
		var b strings.Builder
		b.WriteString(hostileHead)
		for i := 0; b.Len() < size && i < 99_000; i++ {
			fmt.Fprintf(&b, "      r%d { path = \"/p%d\"; controller = \"A\"; action = \"Act%d\" }\n", i, i, i)
		}
		b.WriteString(hostileTail)
		return b.String()
	},
	"controllers": func(size int) string {
		// Names of one length, each used twice or once: a typo's
		// candidates and the names that may be typos of them.
		var b strings.Builder
		b.WriteString(hostileHead)
		for i := 0; b.Len() < size && i < 33_000; i++ {
			fmt.Fprintf(&b, "      a%d { path = \"/a%d\"; controller = \"C%05d\"; action = \"A\" }\n", i, i, i)
			fmt.Fprintf(&b, "      b%d { path = \"/b%d\"; controller = \"C%05d\"; action = \"A\" }\n", i, i, i)
			fmt.Fprintf(&b, "      c%d { path = \"/c%d\"; controller = \"D%05d\"; action = \"A\" }\n", i, i, i)
		}
		b.WriteString(hostileTail)
		return b.String()
	},
	"unknown-key": func(size int) string {
		return strings.Repeat("k", size) + " = 1\n"
	},
	"warnings": func(size int) string {
		var b strings.Builder
		b.WriteString(hostileHead + "      r { path = \"/\"; controller = \"A\"; action = \"A\"\n")
		for b.Len() < size {
			b.WriteString("        cors { }\n")
		}
		b.WriteString("      }\n" + hostileTail)
		return b.String()
	},
}

func loadString(src string) (*ir.Table, parser.Diagnostics) {
	return ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(src)}}, ir.Sources{Routes: "routes.conf"})
}

// BenchmarkHostileCheck loads each shape as check does (parse, resolve,
// build the table, look for misspelt controllers); B/op bounds the
// allocation. Run it alone:
// go test ./ir -run '^$' -bench Hostile -benchmem -benchtime 1x.
func BenchmarkHostileCheck(b *testing.B) {
	for _, shape := range []string{"parameters", "actions", "controllers", "unknown-key", "warnings"} {
		src := hostileChecks[shape](hostileCheckSize)
		b.Run("shape="+shape, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if table, _ := loadString(src); table != nil {
					ir.ControllerTypos(table)
				}
			}
		})
	}
}

// TestHostileMessages: what check says of each shape is short, whatever
// the size of the file, and names the first problem.
func TestHostileMessages(t *testing.T) {
	const size = 1 << 20
	for shape, want := range map[string]string{
		"parameters":  `parameter "p32" is one too many: a route has at most 32 parameters`,
		"unknown-key": `unknown key "` + strings.Repeat("k", 80) + `"… (1048576 bytes) in the top level of routes.conf`,
		"warnings":    "too many warnings",
	} {
		t.Run(shape, func(t *testing.T) {
			_, diags := loadString(hostileChecks[shape](size))
			if len(diags) == 0 || len(diags) > 51+1 {
				t.Fatalf("%d diagnostics, want 1 to 52", len(diags))
			}
			all := diags.Error()
			if len(all) > 200*len(diags) {
				t.Errorf("%d bytes of messages for %d diagnostics, want about a line each", len(all), len(diags))
			}
			if !strings.Contains(all, want) {
				t.Errorf("diagnostics:\n%.2000s\nwant one saying %s", all, want)
			}
		})
	}
}

// TestIncludedSecretNotEchoed: a file that is not a routes.conf, an
// included .env, is reported without its values.
func TestIncludedSecretNotEchoed(t *testing.T) {
	fsys := fstest.MapFS{
		"routes.conf": {Data: []byte("include \".env\"\n" + hostileHead + hostileTail)},
		".env":        {Data: []byte("STRIPE_KEY=sk_live_abcdef123\nDB_PASSWORD=hunter2hunter2\nJWT=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl\n")},
	}
	_, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
	if !diags.HasErrors() {
		t.Fatal("no error")
	}
	if all := diags.Error(); strings.Contains(all, "sk_live") || strings.Contains(all, "hunter2") || strings.Contains(all, "eyJ") {
		t.Errorf("the messages echo the secret values:\n%s", all)
	}
	// A file that is no configuration reports its first error, and nothing past it.
	var ofEnv []string
	for _, d := range diags {
		if d.Pos.File == ".env" {
			ofEnv = append(ofEnv, d.Pos.String()+": "+d.Msg)
		}
	}
	if len(ofEnv) != 1 {
		t.Errorf("%d messages at the included .env, want its first alone:\n%s", len(ofEnv), strings.Join(ofEnv, "\n"))
	}
}

// TestIncludedValuesHidden: a value of an included file that is not a
// .conf file is in no message: one at its place names the key and the
// position, one elsewhere names them for the value. A .conf file's values
// are quoted as routes.conf's are.
func TestIncludedValuesHidden(t *testing.T) {
	routes := `domains {
  d {
    include "host.env"
    routes {
      a { include "route.env" }
      b { path = "/hunter2-route"; controller = "C"; action = "A"; auth = "anonymous" }
    }
  }
  e {
    include "host.conf"
    routes { c { path = "/"; controller = "C"; action = "A"; auth = "anonymous" } }
  }
}
`
	fsys := fstest.MapFS{
		"routes.conf": {Data: []byte(routes)},
		"host.env":    {Data: []byte("port = 8080\nhost = \"hunter2 host\"\n")},
		"route.env":   {Data: []byte("path = \"/hunter2-route\"\ncontroller = \"C\"\naction = \"B\"\nauth = \"anonymous\"\n")},
		"host.conf":   {Data: []byte("host = \"shown host\"\n")},
	}
	_, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
	all := diags.Error()
	for _, want := range []string{
		`host.env:2:8: "host": not valid (host.env is not a .conf file: its text is not shown)`,
		`routes.conf:6:7: route "b" duplicates GET the value of "path" (route.env:1:1) of route "a" at routes.conf:5:7`,
		`host.conf:1:8: host "shown host"`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the diagnostics lack %s:\n%s", want, all)
		}
	}
	if strings.Contains(all, "hunter2") {
		t.Errorf("the diagnostics show a value of an .env:\n%s", all)
	}
}

// TestControllerTyposAtScale: among thousands of controllers of one
// length, the misspelt ones are found, and only they.
func TestControllerTyposAtScale(t *testing.T) {
	var b strings.Builder
	b.WriteString(hostileHead)
	for i := range 3000 {
		fmt.Fprintf(&b, "      a%d { path = \"/a%d\"; controller = \"Ctrl%04d\"; action = \"A\" }\n", i, i, i)
		fmt.Fprintf(&b, "      b%d { path = \"/b%d\"; controller = \"Ctrl%04d\"; action = \"A\" }\n", i, i, i)
	}
	// One edit from a candidate each: changed, removed, added, swapped;
	// then two edits from every candidate.
	for i, name := range []string{"Ctrl0x12", "Ctl0013", "Ctrl00144", "Crtl0015", "Cxrl00y6"} {
		fmt.Fprintf(&b, "      t%d { path = \"/t%d\"; controller = %q; action = \"A\" }\n", i, i, name)
	}
	b.WriteString(hostileTail)
	table, diags := loadString(b.String())
	if table == nil {
		t.Fatal(diags)
	}
	var got []string
	for _, d := range ir.ControllerTypos(table) {
		got = append(got, d.Msg)
	}
	want := []string{ // in name order
		`controller "Crtl0015" is used by this route only; did you mean "Ctrl0015" (used by 2 routes)?`,
		`controller "Ctl0013" is used by this route only; did you mean "Ctrl0013" (used by 2 routes)?`,
		`controller "Ctrl00144" is used by this route only; did you mean "Ctrl0014" (used by 2 routes)?`,
		`controller "Ctrl0x12" is used by this route only; did you mean "Ctrl0012" (used by 2 routes)?`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ControllerTypos:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
