package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// shopModule is a module with two packages that generate their routes:
// web by `go tool routegen` from its routes.conf, admin by `go run` with
// arguments naming the input and output.
func shopModule(t *testing.T, adminConf string) string {
	t.Helper()
	return writeFiles(t, map[string]string{
		"go.mod":                       "module example.com/shop\n\ngo 1.25\n",
		"web/web.go":                   "package web\n\n//go:generate go tool routegen\n",
		"web/routes.conf":              validConf,
		"admin/admin.go":               "// Package admin …\npackage admin\n\n//go:generate go run github.com/routegen/routegen/cmd/routegen@v1.2.3 -o gen/routes_gen.go \"conf/admin routes.conf\"\n",
		"admin/conf/admin routes.conf": adminConf,
		"testdata/x.go":                "package x\n\n//go:generate go tool routegen\n",
	})
}

// TestDirectivesBelowWorkingFolder checks that check, diff and list run
// from a module's root find the //go:generate directives below it and run
// as go generate would, naming the files from the root.
func TestDirectivesBelowWorkingFolder(t *testing.T) {
	root := shopModule(t, strings.Replace(validConf, `"Hotel"`, `"Hotle"`, 1)+"x = [\n")
	code, _, stderr := runIn(t, root, "check")
	want := "admin/conf/admin routes.conf:14:5: list is not closed\n"
	if code != exitInput || stderr != want {
		t.Errorf("check = %d, %q; want 1, %q", code, stderr, want)
	}

	root = shopModule(t, validConf)
	if code, _, stderr := runIn(t, root, "check"); code != exitOK || stderr != "" {
		t.Errorf("check = %d, %q; want 0", code, stderr)
	}
	code, stdout, stderr := runIn(t, root, "diff")
	if code != exitInput || !strings.Contains(stdout, "+++ b/admin/gen/routes_gen.go") || !strings.Contains(stdout, "+++ b/web/routes_gen.go") {
		t.Errorf("diff = %d,\n%s\nwant 1 and a diff of both packages' files", code, stdout)
	}
	for _, want := range []string{"routegen: admin/gen/routes_gen.go is missing", "routegen: web/routes_gen.go is missing"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("diff: %q lacks %q", stderr, want)
		}
	}
	if code, _, _ := runIn(t, filepath.Join(root, "admin"), "diff", "--package", "admin"); code != exitInput {
		t.Errorf("diff in admin = %d, want 1 (the file is missing)", code)
	}
	// As go generate runs it: $GOPACKAGE names the package of the
	// directive's folder, not of the folder -o names.
	if code, _, stderr := inDirective(t, root, "admin"); code != exitOK {
		t.Fatalf("generate in admin = %d, %s", code, stderr)
	}
	if src, _ := os.ReadFile(filepath.Join(root, "admin", "gen", "routes_gen.go")); !strings.Contains(string(src), "\npackage gen\n") {
		t.Errorf("admin/gen/routes_gen.go is not in package gen:\n%.300s", src)
	}
	if code, stdout, stderr := runIn(t, root, "diff", "admin"); code != exitOK || stdout != "" {
		t.Errorf("diff admin after generating = %d, %q, %q; want 0", code, stdout, stderr)
	}

	code, stdout, stderr = runIn(t, root, "list", "--format", "json")
	if code != exitOK || strings.Count(stdout, `"show_hotel"`) != 2 {
		t.Errorf("list = %d, %q,\n%s\nwant both tables", code, stderr, stdout)
	}
}

// inDirective runs routegen as go generate runs the directive of pkg.
func inDirective(t *testing.T, root, pkg string) (int, string, string) {
	t.Helper()
	ds, err := findDirectives(filepath.Join(root, pkg), false)
	if err != nil || len(ds) != 1 {
		t.Fatalf("directives of %s: %v, %v", pkg, ds, err)
	}
	t.Chdir(root) // restored after the test; inFolder restores it after the run
	var stdout, stderr bytes.Buffer
	code := inFolder(ds[0], func() int { return run(ds[0].args, &stdout, &stderr) })
	return code, stdout.String(), stderr.String()
}

// TestPackageFolderArgument checks that check, diff and list take the
// package folder: its directive when it has one, else its routes.conf.
func TestPackageFolderArgument(t *testing.T) {
	root := shopModule(t, validConf)
	if code, stdout, _ := runIn(t, root, "diff", "admin"); code != exitInput || !strings.Contains(stdout, "+++ b/admin/gen/routes_gen.go") || strings.Contains(stdout, "web/") {
		t.Errorf("diff admin = %d,\n%s\nwant only admin's file", code, stdout)
	}
	plain := writeFiles(t, map[string]string{"svc/config/routes.conf": validConf})
	if code, stdout, stderr := runIn(t, plain, "list", "svc"); code != exitOK || !strings.Contains(stdout, "show_hotel") {
		t.Errorf("list svc = %d, %q, %q; want svc/config/routes.conf listed", code, stdout, stderr)
	}
	if code, _, stderr := runIn(t, plain, "check", "."); code != exitUsage || !strings.Contains(stderr, "no routes.conf in . or config") {
		t.Errorf("check . = %d, %q; want 2 and a message", code, stderr)
	}
}

// TestNamesUnderGoGenerate checks that under go generate a diagnostic names
// its file from the module's root.
func TestNamesUnderGoGenerate(t *testing.T) {
	root := shopModule(t, validConf)
	if err := os.WriteFile(filepath.Join(root, "web", "routes.conf"), []byte("a = \"x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFILE", "web.go")
	t.Setenv("GOPACKAGE", "web")
	code, _, stderr := runIn(t, filepath.Join(root, "web"))
	if want := "web/routes.conf:1:5: string literal not terminated\n"; code != exitInput || stderr != want {
		t.Errorf("generate = %d, %q; want 1, %q", code, stderr, want)
	}
	// The positions a message gives are named so too.
	twice := strings.Replace(validConf, "    routes {\n", "    routes {\n      show_hotel { path = \"/x\"; controller = \"App\" }\n", 1)
	if err := os.WriteFile(filepath.Join(root, "web", "routes.conf"), []byte(twice), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runIn(t, filepath.Join(root, "web"))
	if want := "web/routes.conf:6:7: route \"show_hotel\" is already defined at web/routes.conf:5:7 in the same routes { }; rename one (the second section would replace the first)\n"; code != exitInput || stderr != want {
		t.Errorf("generate = %d, %q; want 1, %q", code, stderr, want)
	}
}

func TestRoutegenArgs(t *testing.T) {
	if args, chdir, ok := routegenArgs("go run -C ../.. ./cmd/routegen --package routes -o x/r.go x/routes.conf"); !ok || chdir != "../.." || len(args) != 5 {
		t.Errorf("go run -C: %q, %q, %v", args, chdir, ok)
	}
	for line, want := range map[string][]string{
		"go tool routegen":                      {},
		"go tool routegen -o x.go a.conf":       {"-o", "x.go", "a.conf"},
		"go run ../../cmd/routegen routes.conf": {"routes.conf"},
		"go run -mod=mod github.com/routegen/routegen/cmd/routegen@v1 generate \"a b.conf\"": {"a b.conf"},
		"go tool stringer -type X": nil,
		"go run ./cmd/other":       nil,
	} {
		got, _, ok := routegenArgs(line)
		if ok != (want != nil) || ok && !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
			t.Errorf("routegenArgs(%q) = %q, %v; want %q", line, got, ok, want)
		}
	}
}

// TestCommandLineFilesFromWorkingFolder checks that a file named by a flag
// of the command line is read from where the command was typed, also by the
// directives that run in the folders below.
func TestCommandLineFilesFromWorkingFolder(t *testing.T) {
	root := shopModule(t, validConf)
	if err := os.WriteFile(filepath.Join(root, "security.conf"), []byte("security { auth_schemes { form_auth { scheme = \"form\" } } }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runIn(t, root, "list", "--security", "security.conf", "--format=openapi"); code != exitOK || strings.Count(stdout, `"securitySchemes"`) != 2 {
		t.Errorf("list --security security.conf = %d, %q,\n%.500s\nwant the scheme in both documents", code, stderr, stdout)
	}
	want := "conf/missing.conf: no such file or directory\n"
	if code, _, stderr := runIn(t, root, "check", "--app-config=conf/missing.conf"); code != exitInput || stderr != want+want {
		t.Errorf("check --app-config=conf/missing.conf = %d, %q; want 1 and %q for each directive", code, stderr, want)
	}
}

// TestSplitDirOfOneTable checks that list --split-dir refuses to write
// the documents of several routes.conf into one folder, where the domains
// of one key (both tables' "localhost") would leave the last one's alone,
// and writes nothing; with one named, it writes its documents.
func TestSplitDirOfOneTable(t *testing.T) {
	root := shopModule(t, validConf)
	code, _, stderr := runIn(t, root, "list", "--format", "openapi", "--split-dir", "out")
	want := `routegen: --split-dir writes the documents of one routes.conf, and 2 are read here: admin/conf/admin routes.conf (directive admin/admin.go:4), web/routes.conf (directive web/web.go:3); name one`
	if first, _, _ := strings.Cut(stderr, "\n"); code != exitUsage || first != want {
		t.Errorf("list --split-dir = %d, %q; want 2 and %q", code, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(root, "out")); !os.IsNotExist(err) {
		t.Errorf("list --split-dir wrote out/ (%v)", err)
	}
	if code, _, stderr := runIn(t, root, "list", "--format", "openapi", "--split-dir", "out", "web"); code != exitOK {
		t.Fatalf("list --split-dir out web = %d, %q; want 0", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "out", "localhost.json")); err != nil {
		t.Error(err)
	}
}

// TestListTablesNamed checks that list's tables say whose they are when
// it lists several, and that one table is printed alone.
func TestListTablesNamed(t *testing.T) {
	root := shopModule(t, validConf)
	code, stdout, stderr := runIn(t, root, "list")
	first, second := "admin/conf/admin routes.conf:\nDOMAIN ", "\n\nweb/routes.conf:\nDOMAIN "
	if code != exitOK || !strings.HasPrefix(stdout, first) || !strings.Contains(stdout, second) {
		t.Errorf("list = %d, %q,\n%s\nwant each table after its file's name", code, stderr, stdout)
	}
	if code, stdout, _ := runIn(t, root, "list", "web"); code != exitOK || !strings.HasPrefix(stdout, "DOMAIN ") {
		t.Errorf("list web = %d,\n%s\nwant the table alone", code, stdout)
	}
}

// TestUsageErrorOfDirective checks that a usage error in the arguments of a
// directive that check runs is reported at the directive's line.
func TestUsageErrorOfDirective(t *testing.T) {
	root := shopModule(t, validConf)
	if err := os.WriteFile(filepath.Join(root, "web", "web.go"), []byte("package web\n\n//go:generate go tool routegen --securty security.conf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "web/web.go:3: unknown flag: --securty\nRun 'routegen help' for usage.\n"
	if code, _, stderr := runIn(t, root, "check"); code != exitUsage || stderr != want {
		t.Errorf("check = %d, %q; want 2, %q", code, stderr, want)
	}
	want = "routegen: diff compares with the file on disk; -o - names none\nRun 'routegen help' for usage.\n"
	if code, _, stderr := runIn(t, root, "diff", "-o", "-"); code != exitUsage || stderr != want {
		t.Errorf("diff -o - = %d, %q; want 2, %q", code, stderr, want)
	}
	// A wrong value given on the command line is the command line's, though
	// it is handed on to every directive; in a directive, the directive's.
	want = "routegen: --matcher: \"fast\" is not auto, code or data\nRun 'routegen help' for usage.\n"
	if code, _, stderr := runIn(t, root, "check", "--matcher", "fast"); code != exitUsage || stderr != want {
		t.Errorf("check --matcher fast = %d, %q; want 2, %q", code, stderr, want)
	}
	if err := os.WriteFile(filepath.Join(root, "web", "web.go"), []byte("package web\n\n//go:generate go tool routegen --matcher fast\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want = "web/web.go:3: --matcher: \"fast\" is not auto, code or data\nRun 'routegen help' for usage.\n"
	if code, _, stderr := runIn(t, root, "check"); code != exitUsage || stderr != want {
		t.Errorf("check, directive with --matcher fast = %d, %q; want 2, %q", code, stderr, want)
	}
}

// TestGenerateAtModuleRoot checks that routegen with no argument, at the
// root of a module with no routes.conf, runs the directives below it as go
// generate would, so that diff then finds nothing stale.
func TestGenerateAtModuleRoot(t *testing.T) {
	root := shopModule(t, validConf)
	if code, stdout, stderr := runIn(t, root); code != exitOK || stdout != "" || stderr != "" {
		t.Fatalf("routegen at the root = %d, %q, %q; want 0", code, stdout, stderr)
	}
	for file, pkg := range map[string]string{"web/routes_gen.go": "web", "admin/gen/routes_gen.go": "gen"} {
		if src, err := os.ReadFile(filepath.Join(root, file)); err != nil || !strings.Contains(string(src), "\npackage "+pkg+"\n") {
			t.Errorf("%s: %v, not in package %s:\n%.300s", file, err, pkg, src)
		}
	}
	if code, stdout, stderr := runIn(t, root, "diff"); code != exitOK || stdout != "" || stderr != "" {
		t.Errorf("diff after generating at the root = %d, %q, %q; want 0", code, stdout, stderr)
	}
}

// aahLayout is an aah application's layout: config/routes.conf and
// config/security.conf at the module's root, read by the directive of a
// package below it, whose --security names the schemes and --app-config
// the body limit. auth is the auth of its first route.
func aahLayout(t *testing.T, auth string) string {
	t.Helper()
	return gitRepo(t, map[string]string{
		"go.mod": "module example.com/aahapp\n\ngo 1.25\n",
		"config/routes.conf": `domains {
  localhost {
    host = "localhost"
    routes {
      show_hotel {
        path = "/hotels/:id[number]"
        controller = "Hotel"
        action = "Show"
        auth = "` + auth + `"
      }
      book_hotel { path = "/hotels/:id/book"; method = "POST"; controller = "Hotel"; action = "Book"; auth = "basic_auth" }
    }
  }
}
`,
		"config/security.conf": "security {\n  auth_schemes {\n    basic_auth { scheme = \"basic\" }\n  }\n}\n",
		"config/aah.conf":      "request {\n  max_body_size = \"1kb\"\n}\n",
		"app/routes/doc.go":    "// Package routes is generated.\npackage routes\n\n//go:generate go tool routegen --security ../../config/security.conf --app-config ../../config/aah.conf ../../config/routes.conf\n",
	})
}

// TestAahLayoutWithoutArgument checks that every command run with no
// argument at the root of an aah layout reads config/routes.conf as its
// directive does, with the directive's --security, rather than alone.
func TestAahLayoutWithoutArgument(t *testing.T) {
	root := aahLayout(t, "basic_authx")
	want := `config/routes.conf:9:16: auth "basic_authx" is not an auth scheme of security.conf; did you mean "basic_auth"?` + "\n"
	for _, args := range [][]string{{"check"}, {"diff"}, {"list"}, {"list", "--format", "openapi"}, {}, {"match", "GET", "/hotels/1"}, {"changes"}} {
		if code, _, stderr := runIn(t, root, args...); code != exitInput || stderr != want {
			t.Errorf("routegen %s = %d, %q; want 1, %q", strings.Join(args, " "), code, stderr, want)
		}
	}
	// A folder argument is its directive too, with its flags.
	for _, args := range [][]string{{"match", "GET", "/hotels/1", "app/routes"}, {"changes", "app/routes"}} {
		if code, _, stderr := runIn(t, root, args...); code != exitInput || stderr != want {
			t.Errorf("routegen %s = %d, %q; want 1, %q", strings.Join(args, " "), code, stderr, want)
		}
	}

	root = aahLayout(t, "basic_auth")
	if code, stdout, stderr := inDirective(t, root, filepath.Join("app", "routes")); code != exitOK || stdout != "" || stderr != "" {
		t.Fatalf("go generate's run = %d, %q, %q; want 0", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "app", "routes", "routes_gen.go")); err != nil {
		t.Errorf("the directive's file was not written: %v", err)
	}
	if code, stdout, stderr := runIn(t, root, "diff"); code != exitOK || stdout != "" || stderr != "" {
		t.Errorf("diff after generating = %d, %q, %q; want 0 and nothing about config/routes_gen.go", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(root, "config", "routes_gen.go")); err == nil {
		t.Error("config/routes_gen.go was written beside routes.conf")
	}
	if code, stdout, stderr := runIn(t, root, "match", "GET", "/hotels/1"); code != exitOK || !strings.Contains(stdout, `authenticator of "basic_auth"`) {
		t.Errorf("match = %d, %q,\n%s", code, stderr, stdout)
	}
	if code, stdout, stderr := runIn(t, root, "match", "POST", "/hotels/1/book"); code != exitOK || !strings.Contains(stdout, "max_body_size is 1024 bytes") {
		t.Errorf("match POST = %d, %q,\n%s\nwant the body limit of --app-config", code, stderr, stdout)
	}
	if code, stdout, stderr := runIn(t, root, "changes"); code != exitOK || stdout != "no route changed\n" {
		t.Errorf("changes = %d, %q, %q; want no change", code, stdout, stderr)
	}
	// A flag of the command line wins over the directive's.
	if code, _, stderr := runIn(t, root, "match", "--security", "missing.conf", "GET", "/hotels/1"); code != exitInput || !strings.Contains(stderr, "missing.conf") {
		t.Errorf("match --security missing.conf = %d, %q; want 1 naming it", code, stderr)
	}
}

// TestNamesFromWorkingFolder checks that a directive run for a command
// typed in its own folder names files from there, not from the module's
// root.
func TestNamesFromWorkingFolder(t *testing.T) {
	root := shopModule(t, validConf+"x = [\n")
	want := "conf/admin routes.conf:14:5: list is not closed\n"
	if code, _, stderr := runIn(t, filepath.Join(root, "admin"), "check"); code != exitInput || stderr != want {
		t.Errorf("check in admin = %d, %q; want 1, %q", code, stderr, want)
	}
}

// TestFlagValuesOfEveryCommand checks that every command refuses a wrong
// flag value as a usage error, once, before reading anything; and a wrong
// value in a directive's arguments at the directive.
func TestFlagValuesOfEveryCommand(t *testing.T) {
	root := aahLayout(t, "basic_auth")
	want := "routegen: --max-body-size: invalid size \"lots\": want a number and a unit such as \"500b\", \"64kb\", \"5mb\", \"1gb\" (1024-based), or \"0\" for no limit\nRun 'routegen help' for usage.\n"
	for _, args := range [][]string{{"check"}, {"diff"}, {}, {"list"}, {"match", "GET", "/"}, {"changes"}, {"changes", "config/routes.conf", "config/routes.conf"}} {
		args = append(args, "--max-body-size=lots")
		if code, _, stderr := runIn(t, root, args...); code != exitUsage || stderr != want {
			t.Errorf("routegen %s = %d, %q; want 2, %q", strings.Join(args, " "), code, stderr, want)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "app", "routes", "doc.go"), []byte("package routes\n\n//go:generate go tool routegen --max-body-size lots ../../config/routes.conf\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want = "app/routes/doc.go:3: " + strings.TrimPrefix(want, "routegen: ")
	for _, args := range [][]string{{"check"}, {"list"}, {"match", "GET", "/"}, {"changes"}} {
		if code, _, stderr := runIn(t, root, args...); code != exitUsage || stderr != want {
			t.Errorf("routegen %s, directive with --max-body-size lots = %d, %q; want 2, %q", strings.Join(args, " "), code, stderr, want)
		}
	}
}

// TestListOfDirectiveWithGenerateFlags checks that list runs a directive
// whose flags are generate's only (--matcher, --ts), which it ignores.
func TestListOfDirectiveWithGenerateFlags(t *testing.T) {
	root := shopModule(t, validConf)
	if err := os.WriteFile(filepath.Join(root, "web", "web.go"), []byte("package web\n\n//go:generate go tool routegen --matcher data --ts ../ts/routes.ts\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := runIn(t, root, "list", "web"); code != exitOK || !strings.Contains(stdout, "show_hotel") {
		t.Errorf("list web = %d, %q,\n%s", code, stderr, stdout)
	}
}
