// Package txtartest runs the txtar cases of the parser's and ir's tests:
// each archive holds the input files of one case and, in sections of
// given names, what the code is expected to report for them.
package txtartest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"
)

// Suite is a folder of cases.
type Suite struct {
	Pattern  string   // the archives, "testdata/*.txtar"
	Min      int      // the fewest archives there must be, so that a wrong pattern fails
	Sections []string // the names of the expected results; every archive has the first
	Update   bool     // rewrite the archives' sections with the results instead of comparing
}

// Case is one archive.
type Case struct {
	Archive *txtar.Archive
	Files   fstest.MapFS // the archive's files but its sections
	Main    string       // the first of them
}

// Run calls run for each archive, in a subtest named after it, and
// compares each section of the archive with the result of that name that
// run returns: a section the archive does not have is not compared.
func (s Suite) Run(t *testing.T, run func(t *testing.T, c Case) map[string]string) {
	t.Helper()
	archives, err := filepath.Glob(s.Pattern)
	if err != nil {
		t.Fatal(err)
	}
	if len(archives) < max(s.Min, 1) {
		t.Fatalf("found %d archives %s, want at least %d", len(archives), s.Pattern, max(s.Min, 1))
	}
	for _, file := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			s.runArchive(t, file, run)
		})
	}
}

func (s Suite) runArchive(t *testing.T, file string, run func(t *testing.T, c Case) map[string]string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := Case{Archive: ar, Files: fstest.MapFS{}}
	want := map[string]*txtar.File{}
	for i, f := range ar.Files {
		if slices.Contains(s.Sections, f.Name) {
			want[f.Name] = &ar.Files[i]
			continue
		}
		if c.Main == "" {
			c.Main = f.Name
		}
		c.Files[f.Name] = &fstest.MapFile{Data: f.Data}
	}
	if want[s.Sections[0]] == nil {
		t.Fatalf("%s has no section %q", file, s.Sections[0])
	}
	got := run(t, c)
	if s.Update {
		for name, f := range want {
			f.Data = []byte(got[name])
		}
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, name := range s.Sections {
		if f := want[name]; f != nil && got[name] != string(f.Data) {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", name, got[name], f.Data)
		}
	}
}
