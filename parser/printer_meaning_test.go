package parser_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// diskFS reads the files of the corpus as they are.
type diskFS struct{}

func (diskFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(filepath.FromSlash(name)) }
func (diskFS) Glob(pattern string) ([]string, error) {
	names, err := filepath.Glob(filepath.FromSlash(pattern))
	for i, n := range names {
		names[i] = filepath.ToSlash(n)
	}
	return names, err
}

// formattedFS reads every file formatted by parser.Format, includes too.
type formattedFS struct{ diskFS }

func (f formattedFS) ReadFile(name string) ([]byte, error) {
	src, err := f.diskFS.ReadFile(name)
	if err != nil {
		return nil, err
	}
	out, diags := parser.Format(name, src)
	if diags.HasErrors() {
		return src, nil // not formatted: the same file
	}
	return out, nil
}

// TestFormatKeepsMeaning checks, for every configuration file of the corpus
// and the rich example, that the formatted file builds to the same object
// (parser.Build, references resolved) and, for a routes.conf, to the same
// route table (ir.Load) or the same errors, positions aside.
func TestFormatKeepsMeaning(t *testing.T) {
	var files []string
	err := filepath.WalkDir("../testdata/aah", func(name string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(name, ".conf") {
			files = append(files, filepath.ToSlash(name))
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files (%v)", err)
	}
	files = append(files, "../testdata/rich/routes.conf")
	tables := 0
	for _, file := range files {
		t.Run(strings.TrimPrefix(file, "../testdata/"), func(t *testing.T) {
			if b, a := objectString(diskFS{}, file), objectString(formattedFS{}, file); b != a {
				t.Errorf("formatting changed the object:\nbefore:\n%s\nafter:\n%s", b, a)
			}
			if !strings.Contains(filepath.Base(file), "routes") {
				return
			}
			tables++
			if b, a := tableString(diskFS{}, file), tableString(formattedFS{}, file); b != a {
				t.Errorf("formatting changed the route table:\nbefore:\n%s\nafter:\n%s", b, a)
			}
		})
	}
	if tables < 20 {
		t.Errorf("compared %d route tables; the corpus has more", tables)
	}
}

var position = regexp.MustCompile(`:\d+:\d+`)

// noPositions drops line and column numbers from s.
func noPositions(s string) string { return position.ReplaceAllString(s, ":L:C") }

func objectString(fsys parser.FS, file string) string {
	f, diags := parser.Load(fsys, file)
	if diags.HasErrors() {
		return noPositions("errors:\n" + diags.Error())
	}
	obj, ds := parser.Build(f)
	diags = append(diags, ds...)
	diags = append(diags, parser.ResolveRefs(obj)...)
	var b strings.Builder
	dumpObject(&b, obj, 0)
	return noPositions(b.String() + diags.Error())
}

func dumpObject(b *strings.Builder, obj *parser.Object, depth int) {
	for _, f := range obj.Fields {
		fmt.Fprintf(b, "%s%s", strings.Repeat("  ", depth), f.Key)
		if f.Object != nil {
			b.WriteString(" {\n")
			dumpObject(b, f.Object, depth+1)
			fmt.Fprintf(b, "%s}\n", strings.Repeat("  ", depth))
			continue
		}
		fmt.Fprintf(b, " = %s\n", valueString(f.Value))
	}
}

func valueString(v parser.Value) string {
	switch v := v.(type) {
	case *parser.String:
		return fmt.Sprintf("%q", v.Value)
	case *parser.Int:
		return fmt.Sprintf("int %d", v.Value)
	case *parser.Float:
		return fmt.Sprintf("float %v", v.Value)
	case *parser.Bool:
		return fmt.Sprint(v.Value)
	case *parser.Null:
		return "null"
	case *parser.Ref:
		return "ref " + v.Name
	case *parser.Env:
		return "$" + v.Name
	case *parser.List:
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i] = valueString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return fmt.Sprintf("%T", v)
}

func tableString(fsys parser.FS, file string) string {
	table, diags := ir.Load(fsys, ir.Sources{Routes: file})
	out, err := json.MarshalIndent(table, "", "  ")
	if err != nil {
		return err.Error()
	}
	return noPositions(string(out) + "\n" + diags.Error())
}
