package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteOutputFollowsLinksAndKeepsModes: every command that writes
// follows a symlink to its target, keeps an existing file's mode, and
// makes a new file 0644, as gofmt -w does.
func TestWriteOutputFollowsLinksAndKeepsModes(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":       validConf,
		"unformatted.conf":  "domains { localhost { host = \"localhost\" } }\n",
		"gen/kept_gen.go":   "old\n",
		"gen/linked_gen.go": "old\n",
		"front/routes.ts":   "old\n",
	})
	chmod(t, filepath.Join(dir, "gen/kept_gen.go"), 0o640)
	chmod(t, filepath.Join(dir, "gen/linked_gen.go"), 0o600)
	chmod(t, filepath.Join(dir, "front/routes.ts"), 0o664)
	chmod(t, filepath.Join(dir, "unformatted.conf"), 0o600)
	symlink(t, "gen/linked_gen.go", filepath.Join(dir, "link_gen.go"))
	symlink(t, "front/routes.ts", filepath.Join(dir, "link.ts"))
	symlink(t, "unformatted.conf", filepath.Join(dir, "link.conf"))
	symlink(t, "gen/dangling_gen.go", filepath.Join(dir, "dangling_gen.go"))

	for _, args := range [][]string{
		{"--package", "gen", "-o", "gen/kept_gen.go", "routes.conf"},
		{"--package", "gen", "-o", "link_gen.go", "--ts", "link.ts", "routes.conf"},
		{"--package", "gen", "-o", "dangling_gen.go", "routes.conf"},
		{"--package", "gen", "-o", "gen/new_gen.go", "routes.conf"},
		{"fmt", "-w", "link.conf"},
	} {
		if code, _, stderr := runIn(t, dir, args...); code != exitOK {
			t.Fatalf("routegen %s = %d, %s", strings.Join(args, " "), code, stderr)
		}
	}
	for _, f := range []struct {
		name, content string
		mode          fs.FileMode
	}{
		{"gen/kept_gen.go", "package gen", 0o640},
		{"gen/linked_gen.go", "package gen", 0o600},
		{"front/routes.ts", "export function showHotel", 0o664},
		{"gen/dangling_gen.go", "package gen", 0o644},
		{"gen/new_gen.go", "package gen", 0o644},
		{"unformatted.conf", "domains {\n  localhost {\n", 0o600},
	} {
		p := filepath.Join(dir, f.name)
		info, err := os.Lstat(p)
		if err != nil {
			t.Error(err)
			continue
		}
		if !info.Mode().IsRegular() || info.Mode().Perm() != f.mode {
			t.Errorf("%s is %v, want a regular file of mode %v", f.name, info.Mode(), f.mode)
		}
		if data, _ := os.ReadFile(p); !strings.Contains(string(data), f.content) {
			t.Errorf("%s holds %.80q, want %q in it", f.name, data, f.content)
		}
	}
	for _, link := range []string{"link_gen.go", "link.ts", "link.conf", "dangling_gen.go"} {
		if info, err := os.Lstat(filepath.Join(dir, link)); err != nil || info.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symlink (%v, %v)", link, info.Mode(), err)
		}
	}
}

// TestWriteOutputRefusesAFolder: a folder named as the output is an error,
// and stays a folder.
func TestWriteOutputRefusesAFolder(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf, "out/x": ""})
	err := writeOutput(filepath.Join(dir, "out"), []byte("x"))
	if !errors.Is(err, syscall.EISDIR) {
		t.Errorf("writeOutput(folder) = %v, want EISDIR", err)
	}
}

func chmod(t *testing.T, name string, mode fs.FileMode) {
	t.Helper()
	if err := os.Chmod(name, mode); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}
