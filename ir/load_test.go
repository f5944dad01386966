package ir_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"github.com/routegen/routegen/ir"
)

var update = flag.Bool("update", false, "rewrite expected outputs from what the code produces")

// TestErrorCases runs every testdata/errors/*.txtar archive: its files form
// the file system, its comment names the sources ("security: x.conf",
// "app-config: aah.conf", "profile: dev", "max-body-size: 1mb"), and its
// "errors" file lists the exact diagnostics expected.
func TestErrorCases(t *testing.T) {
	archives, _ := filepath.Glob("testdata/errors/*.txtar")
	if len(archives) < 40 {
		t.Errorf("found %d error cases, want at least 40", len(archives))
	}
	for _, name := range archives {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(name)
			if err != nil {
				t.Fatal(err)
			}
			fsys := fstest.MapFS{}
			wantIdx := -1
			for i, f := range ar.Files {
				if f.Name == "errors" {
					wantIdx = i
					continue
				}
				fsys[f.Name] = &fstest.MapFile{Data: f.Data}
			}
			if wantIdx < 0 {
				t.Fatal(`archive has no "errors" file`)
			}
			src := sourcesFromComment(t, ar.Comment)
			table, diags := ir.Load(fsys, src)
			got := diags.Error()
			if got != "" {
				got += "\n"
			}
			if diags.HasErrors() != (table == nil) {
				t.Errorf("table returned %v with errors %v", table != nil, diags.HasErrors())
			}
			if *update {
				ar.Files[wantIdx].Data = []byte(got)
				if err := os.WriteFile(name, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := string(ar.Files[wantIdx].Data); got != want {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func sourcesFromComment(t *testing.T, comment []byte) ir.Sources {
	src := ir.Sources{Routes: "routes.conf"}
	for _, line := range strings.Split(string(bytes.TrimSpace(comment)), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(key) {
		case "routes":
			src.Routes = value
		case "security":
			src.Security = value
		case "app-config":
			src.AppConfig = value
		case "profile":
			src.Profile = value
		case "max-body-size":
			src.MaxBodySize = value
		case "case":
		default:
			t.Fatalf("unknown source %q in the archive comment", key)
		}
	}
	return src
}
