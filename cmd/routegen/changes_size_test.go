package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/routegen/routegen/parser"
)

// TestChangesBaseRefusesLargeBlob: a committed include past
// parser.MaxFileSize is refused by its size, which git gives, before any
// of it is read: no git command reads the blob.
func TestChangesBaseRefusesLargeBlob(t *testing.T) {
	realGit, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	big := "# " + strings.Repeat("x", parser.MaxFileSize) + "\n"
	dir := gitRepo(t, map[string]string{"routes.conf": "include \"big.conf\"\n" + changesBefore, "big.conf": big, "api.conf": changesAPIBefore})
	if err := os.WriteFile(filepath.Join(dir, "big.conf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A git that logs its arguments, one call a line, then runs git.
	bin, log := t.TempDir(), filepath.Join(t.TempDir(), "calls")
	script := "#!/bin/sh\necho \"$*\" >> " + log + "\nexec " + realGit + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	code, _, stderr := runIn(t, dir, "changes", "--base", "HEAD")
	if want := "big.conf is larger than 16 MiB"; code != exitInput || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit %d and %q", code, stderr, exitInput, want)
	}
	calls, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for call := range strings.Lines(string(calls)) {
		if strings.Contains(call, "big.conf") && !strings.HasPrefix(call, "cat-file -s ") {
			t.Errorf("git %s read the blob past the limit", strings.TrimSpace(call))
		}
	}
}
