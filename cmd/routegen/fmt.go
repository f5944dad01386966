package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/parser"
)

// fmtFlags are the flags of fmt, as gofmt's.
type fmtFlags struct {
	list, write, diff bool
}

func (f *fmtFlags) register(fs *pflag.FlagSet) {
	fs.BoolVarP(&f.list, "list", "l", false, "list the files whose formatting differs")
	fs.BoolVarP(&f.write, "write", "w", false, "write the result to the file instead of standard output (as every output is written: a symlink's target, a device written through, the mode kept)")
	fs.BoolVarP(&f.diff, "diff", "d", false, "print a diff instead of the result")
}

// fmt prints each file in the canonical layout (parser.Format), or with -l
// names those that are not in it, with -w rewrites them, with -d prints the
// changes. A file that does not parse is reported and left alone; the exit
// code is then 1. The default file is the default input; "-" is standard
// input.
func (c *cli) fmt(args []string, flags fmtFlags) int {
	if flags.write && slices.Contains(args, "-") {
		return c.usageError("cannot write standard input (-w with -)")
	}
	files, err := fmtFiles(args)
	if err != nil {
		return c.usageError(err.Error())
	}
	code := exitOK
	for _, name := range files {
		if c.fmtFile(name, flags) != exitOK {
			code = exitInput
		}
	}
	return code
}

// fmtFiles finds the routes.conf files of fmt's arguments as check, list
// and diff find their inputs: a file is itself; a folder is the inputs of
// the //go:generate directives of its Go files, else its routes.conf (or
// config/routes.conf); "folder/..." is the inputs of the directives in the
// folder and below it, and the routes.conf files there; no argument is
// ./routes.conf, ./config/routes.conf, else "./...".
func fmtFiles(args []string) ([]string, error) {
	if len(args) == 0 {
		if input, err := findInput(""); err == nil {
			return []string{input}, nil
		}
		args = []string{"./..."}
	}
	var files []string
	add := func(names ...string) {
		for _, name := range names {
			if name = filepath.Clean(name); !slices.Contains(files, name) {
				files = append(files, name)
			}
		}
	}
	for _, arg := range args {
		if dir, ok := strings.CutSuffix(filepath.ToSlash(arg), "/..."); ok || arg == "..." {
			found, err := confsBelow(cmp.Or(dir, "."))
			if err != nil {
				return nil, err
			}
			if len(found) == 0 {
				return nil, fmt.Errorf("%s: no routes.conf, and no //go:generate directive running routegen", arg)
			}
			add(found...)
			continue
		}
		if info, err := os.Stat(arg); arg == "-" || err != nil || !info.IsDir() {
			add(arg) // a file, standard input, or a name fmtFile reports
			continue
		}
		found, err := findSources(arg)
		if err != nil {
			return nil, err
		}
		for _, d := range found.directives {
			add(directiveInput(d))
		}
		if found.input != "" {
			add(found.input)
		}
	}
	return files, nil
}

// confsBelow lists the inputs of the directives in dir and below it, and
// the routes.conf files there, skipping what go generate ./... skips.
func confsBelow(dir string) ([]string, error) {
	directives, err := findDirectives(dir, true)
	if err != nil {
		return nil, err
	}
	var found []string
	for _, d := range directives {
		found = append(found, directiveInput(d))
	}
	err = filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && p != dir && (e.Name() == "testdata" || e.Name() == "vendor" || strings.HasPrefix(e.Name(), ".") || strings.HasPrefix(e.Name(), "_") || isModule(p)):
			return filepath.SkipDir
		case !e.IsDir() && e.Name() == "routes.conf":
			found = append(found, p)
		}
		return nil
	})
	return found, err
}

// directiveInput is the routes.conf a directive reads: its argument, else
// the default input of its folder.
func directiveInput(d directive) string {
	if fs, _, _, err := directiveFlags(d); err == nil && fs.NArg() > 0 {
		if filepath.IsAbs(fs.Arg(0)) {
			return fs.Arg(0)
		}
		return fromWorkingFolder(filepath.Join(d.dir, fs.Arg(0)))
	}
	for _, candidate := range []string{"routes.conf", filepath.Join("config", "routes.conf")} {
		if _, err := os.Stat(filepath.Join(d.dir, candidate)); err == nil {
			return filepath.Join(d.dir, candidate)
		}
	}
	return filepath.Join(d.dir, "routes.conf") // fmtFile reports it missing
}

func (c *cli) fmtFile(name string, flags fmtFlags) int {
	var src []byte
	var err error
	display := name
	if name == "-" {
		display = "<standard input>"
		src, err = io.ReadAll(stdin)
	} else {
		name = relativePath(name)
		display = name
		src, err = os.ReadFile(name)
	}
	if err != nil {
		return c.failf("%v", err)
	}
	out, diags := parser.Format(display, src)
	c.diag.print(diags)
	if diags.HasErrors() {
		return exitInput
	}
	changed := !bytes.Equal(src, out)
	if flags.list && changed {
		fmt.Fprintln(c.stdout, display)
	}
	if flags.diff && changed {
		n := filepath.ToSlash(display)
		fmt.Fprint(c.stdout, unified("a/"+n, "b/"+n, string(src), string(out)))
	}
	if flags.write && changed {
		if err := writeOutput(name, out); err != nil {
			return c.failf("%v", err)
		}
	}
	if !flags.list && !flags.write && !flags.diff {
		c.stdout.Write(out)
	}
	return exitOK
}

// stdin is what "-" reads; tests replace it.
var stdin io.Reader = os.Stdin

// fromWorkingFolder is the relative name as the shortest path from the
// working folder: a directive's go run -C folder may reach a file by way
// of the folders above it ("../../examples/app/routes.conf" from
// examples/app is "routes.conf").
func fromWorkingFolder(name string) string {
	wd, err := os.Getwd()
	if err != nil {
		return name
	}
	if rel, err := filepath.Rel(wd, filepath.Join(wd, name)); err == nil {
		return rel
	}
	return name
}
