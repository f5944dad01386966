package main

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The version the files generated in the tests name, whatever built the
// test: a checkout's, as the committed generated files of this repository
// name it, so that they do not change with each release.
func init() { version = "(devel)" }

// golden compares got with testdata/name, which -update rewrites.
func golden(t *testing.T, name, got string) {
	t.Helper()
	file := filepath.Join(goldenDir, name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/routegen -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (go test ./cmd/routegen -update rewrites it):\ngot:\n%s\nwant:\n%s", file, got, want)
	}
}

// goldenDir is testdata/ of this package, absolute: tests change the
// working folder.
var goldenDir = func() string {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		panic(err)
	}
	return dir
}()
