package parser

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aahDir holds configuration files of real aah applications.
const aahDir = "../testdata/aah"

// osFS reads the operating system's files.
type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error) {
	return os.ReadFile(filepath.FromSlash(name))
}

func (osFS) Glob(pattern string) ([]string, error) {
	names, err := filepath.Glob(filepath.FromSlash(pattern))
	for i, name := range names {
		names[i] = filepath.ToSlash(name)
	}
	return names, err
}

// aahFiles returns the names of the files under aahDir whose name ends
// with ext, slash-separated.
func aahFiles(t testing.TB, ext string) []string {
	var names []string
	err := filepath.WalkDir(aahDir, func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(name, ext) {
			names = append(names, filepath.ToSlash(name))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) == 0 {
		t.Fatalf("no %s files under %s", ext, aahDir)
	}
	return names
}

func TestAahFiles(t *testing.T) {
	for _, name := range aahFiles(t, ".conf") {
		t.Run(strings.TrimPrefix(name, aahDir+"/"), func(t *testing.T) {
			diags, obj := loadBuildResolve(osFS{}, name)
			if len(diags) > 0 {
				t.Fatalf("got diagnostics:\n%s", diagnosticLines(diags))
			}
			if obj == nil || len(obj.Fields) == 0 {
				t.Errorf("got no keys")
			}
		})
	}
}

func TestAahIncludes(t *testing.T) {
	diags, obj := loadBuildResolve(osFS{}, aahDir+"/webapp1/aah.conf")
	if len(diags) > 0 {
		t.Fatalf("got diagnostics:\n%s", diagnosticLines(diags))
	}
	if f := obj.Lookup("instance_name"); f == nil {
		t.Errorf("no instance_name")
	} else if env, ok := f.Value.(*Env); !ok || env.Name != "AAH_INSTANCE_NAME" {
		t.Errorf("instance_name = %s, want $AAH_INSTANCE_NAME", dumpValue(f.Value))
	}
	for _, path := range []string{"security", "env.dev.log.receiver", "env.prod"} {
		if obj.Lookup(path) == nil {
			t.Errorf("no %s: an include was not followed", path)
		}
	}
}
