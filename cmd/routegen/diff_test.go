package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	dir := writeFiles(t, map[string]string{"api/routes.conf": validConf})
	out := filepath.Join(dir, "api", "routes_gen.go")

	code, stdout, stderr := runIn(t, dir, "diff", "api/routes.conf")
	if code != exitInput || !strings.HasPrefix(stdout, "--- /dev/null\n+++ b/api/routes_gen.go\n@@ -0,0 +1,") ||
		stderr != "routegen: api/routes_gen.go is missing; run routegen (or go generate) to update it\n" {
		t.Errorf("diff without a generated file = %d,\n%.200s\n%s\nwant 1, a diff from /dev/null and a message", code, stdout, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("diff wrote the generated file")
	}

	if code, _, stderr := runIn(t, dir, "api/routes.conf"); code != exitOK {
		t.Fatalf("generate = %d, %s", code, stderr)
	}
	if code, stdout, stderr := runIn(t, dir, "diff", "api/routes.conf"); code != exitOK || stdout != "" || stderr != "" {
		t.Errorf("diff after generate = %d, %q, %q; want 0 and no output", code, stdout, stderr)
	}

	generated, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	stale := strings.Replace(string(generated), "// Source: routes.conf\n", "// Source: old.conf\n", 1)
	if stale == string(generated) {
		t.Fatalf("the generated file has no Source line:\n%.300s", generated)
	}
	if err := os.WriteFile(out, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runIn(t, dir, "diff", "api/routes.conf")
	if code != exitInput || stderr != "routegen: api/routes_gen.go is stale; run routegen (or go generate) to update it\n" {
		t.Errorf("diff of a stale file = %d, %q; want 1 and a message", code, stderr)
	}
	golden(t, "diff/stale.golden", stdout)
	if data, _ := os.ReadFile(out); string(data) != stale {
		t.Error("diff changed the file on disk")
	}
}

// TestDiffUnderGoGenerate checks that diff finds the file where generation
// puts it: under go generate, in $GOFILE's folder, in package $GOPACKAGE.
func TestDiffUnderGoGenerate(t *testing.T) {
	dir := writeFiles(t, map[string]string{"config/routes.conf": validConf})
	t.Setenv("GOFILE", "main.go")
	t.Setenv("GOPACKAGE", "web")
	if code, _, stderr := runIn(t, dir); code != exitOK {
		t.Fatalf("generate = %d, %s", code, stderr)
	}
	if code, stdout, stderr := runIn(t, dir, "diff"); code != exitOK || stdout != "" {
		t.Errorf("diff = %d, %s %s; want 0", code, stdout, stderr)
	}
	t.Setenv("GOPACKAGE", "other")
	if code, stdout, _ := runIn(t, dir, "diff"); code != exitInput || !strings.Contains(stdout, "+package other\n") {
		t.Errorf("diff with another package = %d,\n%s\nwant 1 and the package line changed", code, stdout)
	}
}

// TestPackageOfOutputFolder checks that without --package or $GOPACKAGE the
// package is the one the output folder's Go files declare.
func TestPackageOfOutputFolder(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"my-api/routes.conf":    validConf,
		"my-api/doc.go":         "// Package api serves the API.\npackage api\n",
		"my-api/api_test.go":    "package api_test\n",
		"other-api/routes.conf": validConf,
	})
	for folder, want := range map[string]string{"my-api": "api", "other-api": "otherapi"} {
		code, stdout, stderr := runIn(t, dir, "-o", "-", folder+"/routes.conf")
		if code != exitOK || !strings.Contains(stdout, "\npackage "+want+"\n") {
			t.Errorf("generate in %s = %d, %s; want package %s", folder, code, stderr, want)
		}
	}
}

// TestPackageDocElsewhere checks that the generated file writes no
// package comment when another file of its package has one, as go doc
// would show both; a directive above the package clause is none, nor is
// the comment of another package's file, nor the generated file's own.
func TestPackageDocElsewhere(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"documented/routes.conf":  validConf,
		"documented/doc.go":       "// Package web serves the site.\npackage web\n",
		"directive/routes.conf":   validConf,
		"directive/doc.go":        "//go:generate go tool routegen\npackage web\n",
		"test-only/routes.conf":   validConf,
		"test-only/web_test.go":   "// Package web_test tests the site.\npackage web_test\n",
		"regenerated/routes.conf": validConf,
		"regenerated/main.go":     "package web\n",
	})
	for folder, wantDoc := range map[string]bool{"documented": false, "directive": true, "test-only": true, "regenerated": true} {
		args := []string{"--package", "web", folder + "/routes.conf"}
		for range 2 { // the second time over the file the first wrote
			if code, _, stderr := runIn(t, dir, args...); code != exitOK {
				t.Fatalf("generate in %s = %d, %s", folder, code, stderr)
			}
		}
		data, err := os.ReadFile(filepath.Join(dir, folder, "routes_gen.go"))
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(data), "\n// Package web routes the requests of routes.conf.\n"); got != wantDoc {
			t.Errorf("generated in %s: package comment %v, want %v", folder, got, wantDoc)
		}
		if code, stdout, stderr := runIn(t, dir, append([]string{"diff"}, args...)...); code != exitOK {
			t.Errorf("diff in %s = %d, %s%s; want 0", folder, code, stdout, stderr)
		}
	}
}

func TestDiffUsage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	if code, _, stderr := runIn(t, dir, "diff", "-o", "-"); code != exitUsage {
		t.Errorf("diff -o - = %d, %s; want 2", code, stderr)
	}
}

// TestCheckRunsTheGenerator checks that check reports what only the
// generator finds, as generate and diff do: they share one pipeline.
func TestCheckRunsTheGenerator(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": `domains {
  localhost {
    host = "localhost"
    routes {
      a { path = "/a"; controller = "Hotel"; action = "Show" }
      b { path = "/b"; controller = "HotelController"; action = "Show" }
    }
  }
}
`})
	for _, cmd := range []string{"check", "diff", "generate"} {
		code, _, stderr := runIn(t, dir, cmd)
		if code != exitInput || !strings.Contains(stderr, "both become the Go interface") {
			t.Errorf("%s = %d, %q; want 1 and the generator's error", cmd, code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "routes_gen.go")); err == nil {
		t.Error("a failed generation wrote a file")
	}
}
