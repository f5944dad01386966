package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const unformatted = "domains { # the domains\n    localhost { host = 'localhost'; port = 8080 }\n\n\n  # the admin domain\n  admin {\n      host = \"admin.localhost\"\n      routes { a { path = \"/a\"; controller = \"Admin\" } }\n  }\n}\n"

const formatted = `domains { # the domains
  localhost {
    host = "localhost"
    port = 8080
  }

  # the admin domain
  admin {
    host = "admin.localhost"
    routes {
      a {
        path = "/a"
        controller = "Admin"
      }
    }
  }
}
`

func TestFmtPrints(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": unformatted})
	code, stdout, stderr := runIn(t, dir, "fmt")
	if code != exitOK || stdout != formatted || stderr != "" {
		t.Errorf("fmt = %d,\n%s\n%s\nwant 0 and\n%s", code, stdout, stderr, formatted)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "routes.conf")); string(data) != unformatted {
		t.Error("fmt without -w changed the file")
	}
}

func TestFmtListAndWrite(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.conf":      unformatted,
		"b.conf":      formatted,
		"conf/c.conf": unformatted,
	})
	if err := os.Chmod(filepath.Join(dir, "a.conf"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, _ := runIn(t, dir, "fmt", "-l", "a.conf", "b.conf", "conf/c.conf")
	if want := "a.conf\nconf/c.conf\n"; code != exitOK || stdout != want {
		t.Errorf("fmt -l = %d, %q; want 0, %q", code, stdout, want)
	}
	code, stdout, _ = runIn(t, dir, "fmt", "-l", "-w", "a.conf", "b.conf", filepath.Join(dir, "conf", "c.conf"))
	if want := "a.conf\nconf/c.conf\n"; code != exitOK || stdout != want {
		t.Errorf("fmt -l -w = %d, %q; want 0, %q", code, stdout, want)
	}
	for _, name := range []string{"a.conf", "b.conf", "conf/c.conf"} {
		if data, _ := os.ReadFile(filepath.Join(dir, name)); string(data) != formatted {
			t.Errorf("after fmt -w, %s =\n%s", name, data)
		}
	}
	if info, err := os.Stat(filepath.Join(dir, "a.conf")); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("fmt -w did not keep the file's mode: %v %v", info.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 3 {
		t.Errorf("fmt -w left %d entries in the folder, want 3 (no temporary files)", len(entries))
	}
	code, stdout, _ = runIn(t, dir, "fmt", "-l", "a.conf", "b.conf")
	if code != exitOK || stdout != "" {
		t.Errorf("fmt -l after -w = %d, %q; want nothing listed", code, stdout)
	}
}

func TestFmtWriteThroughSymlink(t *testing.T) {
	dir := writeFiles(t, map[string]string{"real/routes.conf": unformatted})
	if err := os.Symlink(filepath.Join("real", "routes.conf"), filepath.Join(dir, "routes.conf")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code, _, stderr := runIn(t, dir, "fmt", "-w", "routes.conf"); code != exitOK {
		t.Fatalf("fmt -w = %d, %s", code, stderr)
	}
	if info, err := os.Lstat(filepath.Join(dir, "routes.conf")); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Errorf("fmt -w replaced the link by a file")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "real", "routes.conf")); string(data) != formatted {
		t.Errorf("fmt -w did not rewrite the file the link points to")
	}
}

func TestFmtDiff(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": unformatted})
	code, stdout, _ := runIn(t, dir, "fmt", "-d", "routes.conf")
	if code != exitOK {
		t.Fatalf("fmt -d = %d", code)
	}
	golden(t, "fmt/diff.golden", stdout)
}

func TestFmtStdin(t *testing.T) {
	saved := stdin
	stdin = strings.NewReader(unformatted)
	t.Cleanup(func() { stdin = saved })
	code, stdout, _ := runIn(t, t.TempDir(), "fmt", "-")
	if code != exitOK || stdout != formatted {
		t.Errorf("fmt - = %d,\n%s", code, stdout)
	}
	if code, _, _ := runIn(t, t.TempDir(), "fmt", "-w", "-"); code != exitUsage {
		t.Errorf("fmt -w - = %d, want 2", code)
	}
}

func TestFmtSyntaxError(t *testing.T) {
	dir := writeFiles(t, map[string]string{"bad.conf": "a {\n  b =\n}\n", "good.conf": formatted})
	code, stdout, stderr := runIn(t, dir, "fmt", "-w", "bad.conf", "good.conf")
	if code != exitInput || stdout != "" || !strings.HasPrefix(stderr, "bad.conf:2:6: ") {
		t.Errorf("fmt of a file with a syntax error = %d, %q, %q; want 1 and the error", code, stdout, stderr)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "bad.conf")); string(data) != "a {\n  b =\n}\n" {
		t.Error("fmt -w changed a file that does not parse")
	}
}

// TestFmtCorpus rewrites the example routes.conf files of the corpus with
// fmt -w: then fmt -l lists none of them, and check says of each what it
// said before. (parser's tests check the whole corpus in depth.)
func TestFmtCorpus(t *testing.T) {
	corpus, err := filepath.Glob("../../testdata/aah/*/*/routes.conf")
	if err != nil || len(corpus) == 0 {
		t.Fatalf("no corpus (%v)", err)
	}
	files := map[string]string{}
	for _, name := range corpus {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Join("c", strings.ReplaceAll(strings.TrimPrefix(name, "../../testdata/aah/"), "/", "_"))] = string(data)
	}
	dir := writeFiles(t, files)
	names := make([]string, 0, len(files))
	checked := map[string]int{}
	for name := range files {
		names = append(names, name)
		checked[name], _, _ = runIn(t, dir, "check", name)
	}
	if code, _, stderr := runIn(t, dir, append([]string{"fmt", "-w"}, names...)...); code != exitOK {
		t.Fatalf("fmt -w = %d, %s", code, stderr)
	}
	if code, stdout, _ := runIn(t, dir, append([]string{"fmt", "-l"}, names...)...); code != exitOK || stdout != "" {
		t.Errorf("fmt -l after fmt -w = %d, lists\n%s", code, stdout)
	}
	for _, name := range names {
		if code, _, stderr := runIn(t, dir, "check", name); code != checked[name] {
			t.Errorf("check %s = %d after fmt, %d before: %s", name, code, checked[name], stderr)
		}
	}
}

// TestFmtFindsFilesAsCheck: fmt finds routes.conf files as check does: at
// the module root through the directives below it, in a package folder
// through its directive, and with "./..." every one below.
func TestFmtFindsFilesAsCheck(t *testing.T) {
	unformatted := strings.Replace(validConf, "  localhost {", "  localhost    {", 1)
	dir := writeFiles(t, map[string]string{
		"go.mod":                "module example.com/shop\n\ngo 1.25\n",
		"web/doc.go":            "// Package web serves the shop.\npackage web\n\n//go:generate go tool routegen\n",
		"web/routes.conf":       unformatted,
		"admin/doc.go":          "package admin\n\n//go:generate go tool routegen --package admin conf/admin.conf\n",
		"admin/conf/admin.conf": unformatted,
		"other/routes.conf":     unformatted,
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fmt", "-l"}, "admin/conf/admin.conf\nweb/routes.conf\nother/routes.conf\n"},
		{[]string{"fmt", "-l", "web"}, "web/routes.conf\n"},
		{[]string{"fmt", "-l", "admin"}, "admin/conf/admin.conf\n"},
		{[]string{"fmt", "-l", "./..."}, "admin/conf/admin.conf\nweb/routes.conf\nother/routes.conf\n"},
		{[]string{"fmt", "-l", "other/..."}, "other/routes.conf\n"},
	} {
		code, stdout, stderr := runIn(t, dir, c.args...)
		if code != exitOK || stdout != c.want || stderr != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", strings.Join(c.args, " "), code, stdout, stderr, c.want)
		}
	}
}
