package tscheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	code := m.Run()
	RemoveCompiled()
	os.Exit(code)
}

// TestEveryGoldenTable: goldenTables lists the package of every routes.ts
// the golden tests write.
func TestEveryGoldenTable(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(Root, "golden", "*", "routes.ts"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden routes.ts: %v", err)
	}
	files = append(files, filepath.Join(Root, "examples", "app", "routes", "routes.ts"))
	for _, f := range files {
		dir, _ := filepath.Rel(Root, filepath.Dir(f))
		if !slices.ContainsFunc(goldenTables, func(g goldenTable) bool { return g.dir == filepath.ToSlash(dir) }) {
			t.Errorf("goldenTables lacks %s", dir)
		}
	}
	if len(goldenTables) != len(files) {
		t.Errorf("goldenTables has %d tables, the golden folders %d", len(goldenTables), len(files))
	}
}

// TestStrict: tsc --strict --noEmit, with the stricter checks of
// tsconfig.json, passes on the module of every golden table and on
// types/ok.ts, which calls the helpers in every way their types allow.
func TestStrict(t *testing.T) {
	RequireNode(t)
	if out, ok := Tsc(t, Dir, "--project", "tsconfig.json"); !ok {
		t.Errorf("tsc --project tsconfig.json:\n%s", out)
	}
	files, _ := filepath.Glob(filepath.Join(Root, "golden", "*", "routes.ts"))
	files = append(files, filepath.Join(Root, "examples", "app", "routes", "routes.ts"))
	if out, ok := Tsc(t, Dir, append([]string{"--ignoreConfig", "--strict", "--noEmit", "--target", "es2020", "--module", "es2022"}, files...)...); !ok {
		t.Errorf("tsc --strict --noEmit:\n%s", out)
	}
}

// TestRuntimeStrict: the TypeScript every generated module ends with,
// gen/typescript_runtime.ts, passes tsc --strict on its own, and with the
// stricter checks of tsconfig.json.
func TestRuntimeStrict(t *testing.T) {
	RequireNode(t)
	file := filepath.Join(Root, "gen", "typescript_runtime.ts")
	if out, ok := Tsc(t, Dir, "--ignoreConfig", "--strict", "--noEmit", "--target", "es2020", "--module", "es2022", "--lib", "es2020", file); !ok {
		t.Errorf("tsc --strict --noEmit gen/typescript_runtime.ts:\n%s", out)
	}
	dir := t.TempDir()
	config := `{"extends": ` + strconv.Quote(filepath.Join(Dir, "tsconfig.json")) + `, "include": [], "files": [` + strconv.Quote(file) + `]}`
	if err := os.WriteFile(filepath.Join(dir, "tsconfig.json"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, ok := Tsc(t, dir, "--project", "tsconfig.json"); !ok {
		t.Errorf("tsc with tsconfig.json's checks on gen/typescript_runtime.ts:\n%s", out)
	}
}

// TestWrongCalls: each call of types/errors.ts, after its @ts-expect-error
// directive, is a compile error. tsc passes on the file only if each
// directive's line errors; without the directives it must report an error
// on exactly those lines, and a directive before a correct call fails it.
func TestWrongCalls(t *testing.T) {
	RequireNode(t)
	source, err := os.ReadFile(filepath.Join(Dir, "types", "errors.ts"))
	if err != nil {
		t.Fatal(err)
	}
	if out, ok := compileAlone(t, string(source)); !ok {
		t.Fatalf("tsc on types/errors.ts:\n%s", out)
	}

	directive := regexp.MustCompile(`(?m)^// @ts-expect-error.*$`)
	var want []int // the lines after the directives
	lines := strings.Split(string(source), "\n")
	for i, line := range lines {
		if directive.MatchString(line) {
			want = append(want, i+2)
		}
	}
	if len(want) < 4 {
		t.Fatalf("types/errors.ts has %d directives", len(want))
	}
	out, ok := compileAlone(t, directive.ReplaceAllString(string(source), "//"))
	if ok {
		t.Fatal("types/errors.ts without its directives compiles")
	}
	var got []int
	for _, m := range regexp.MustCompile(`errors\.ts\((\d+),\d+\): error`).FindAllStringSubmatch(out, -1) {
		n, _ := strconv.Atoi(m[1])
		if !slices.Contains(got, n) {
			got = append(got, n)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("without the directives tsc reports errors on lines %v, want %v:\n%s", got, want, out)
	}

	correct := strings.Replace(string(source), "\nrouteURL(\"no_such_route\", {});\n", "\nrouteURL(\"no_such_route\", {});\n// @ts-expect-error: a correct call\nrouteURL(\"home\", {});\n", 1)
	if correct == string(source) {
		t.Fatal("types/errors.ts has no call of no_such_route")
	}
	if out, ok := compileAlone(t, correct); ok || !strings.Contains(out, "TS2578") {
		t.Errorf("a directive before a correct call: tsc succeeded or did not report the directive unused:\n%s", out)
	}
}

// TestTypoListsNames: a misspelt route name is a compile error whose
// message lists names routeURL takes, not the type never.
func TestTypoListsNames(t *testing.T) {
	RequireNode(t)
	out, ok := compileAlone(t, "import { routeURL } from \"../../../golden/rich/routes.js\";\n\nrouteURL(\"usr\", { id: 7 });\n")
	if ok || !strings.Contains(out, `Argument of type '"usr"' is not assignable to parameter of type '"admin.admin_files" | "admin.admin_home" | `) {
		t.Errorf("tsc on a misspelt name: want an error naming the routes:\n%s", out)
	}
}

// compileAlone compiles source as types/errors.ts would be, from a
// folder of its own: its imports are made absolute.
func compileAlone(t *testing.T, source string) (string, bool) {
	t.Helper()
	dir := t.TempDir()
	source = strings.ReplaceAll(source, `"../../../golden/`, `"`+filepath.ToSlash(Root)+"/golden/")
	config := `{"extends": ` + strconv.Quote(filepath.Join(Dir, "tsconfig.json")) + `, "include": [], "files": ["errors.ts"]}`
	for name, data := range map[string]string{"errors.ts": source, "tsconfig.json": config} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return Tsc(t, dir, "--project", "tsconfig.json")
}
