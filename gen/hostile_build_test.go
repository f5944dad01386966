package gen_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// hostileText is text Go source cannot hold as it is (a byte order mark,
// noncharacters), or that ends or reorders a comment's line (a line
// separator, a bidirectional control), where routes.conf may hold it:
// paths, constraints' words, roles and permissions.
const hostileText = "\ufeff\ufdd0\ufffe\U0010ffff\u2029\u202e"

// hostileLiteral is hostileText less the characters a path's literal may
// not hold, which show as a blank or as nothing (U+FEFF, U+2029).
const hostileLiteral = "\ufdd0\ufffe\U0010ffff\u202e"

// TestHostileTextBuilds builds, with the go command, the packages of two
// tables that hold hostileText in every value that may hold it: one of a
// few routes, whose matchers are code, one of 600, whose matchers are data
// and whose Routes is written as JSON. FuzzCheckThenGenerate type-checks
// what it generates, which is quicker; this is the compiler's own word.
func TestHostileTextBuilds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two packages with the go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/hostile\n\ngo 1.25.0\n")
	write("go.work", "go 1.25.0\n\nuse (\n\t.\n\t"+root+"\n)\n")
	for pkg, n := range map[string]int{"few": 3, "many": 600} {
		var routes strings.Builder
		for i := range n {
			fmt.Fprintf(&routes, "      r%d { path = \"/%s%d/:x[oneof=a%s b]/*rest\"; controller = \"C\"; action = \"A%d\"\n", i, hostileLiteral, i, hostileText, i)
			fmt.Fprintf(&routes, "        authorization { roles = [\"hasrole(%s)\"]; permissions = [\"ispermitted(%s:read)\"] } }\n", hostileText, hostileText)
		}
		conf := "domains {\n  d {\n    host = \"localhost\"\n    default_auth = \"anonymous\"\n    routes {\n" + routes.String() + "    }\n  }\n}\n"
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
		if table == nil || gen.Check(table).HasErrors() {
			t.Fatalf("%s: check refuses the table: %v%v", pkg, diags, gen.Check(table))
		}
		files, diags := gen.Generate(table, gen.Options{Package: pkg, Source: "routes" + hostileText + ".conf", Output: "routes_gen.go"})
		if diags.HasErrors() {
			t.Fatalf("%s: check passed, then Generate failed: %v", pkg, diags)
		}
		for _, f := range files {
			write(filepath.Join(pkg, f.Name), string(f.Content))
		}
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}
