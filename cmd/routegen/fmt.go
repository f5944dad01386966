package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/parser"
)

// fmtFlags are the flags of fmt, as gofmt's.
type fmtFlags struct {
	list, write, diff bool
}

func (f *fmtFlags) register(fs *pflag.FlagSet) {
	fs.BoolVarP(&f.list, "list", "l", false, "list the files whose formatting differs")
	fs.BoolVarP(&f.write, "write", "w", false, "write the result to the file instead of standard output")
	fs.BoolVarP(&f.diff, "diff", "d", false, "print a diff instead of the result")
}

// fmt prints each file in the canonical layout (parser.Format), or with -l
// names those that are not in it, with -w rewrites them, with -d prints the
// changes. A file that does not parse is reported and left alone; the exit
// code is then 1. The default file is the default input; "-" is standard
// input.
func (c *cli) fmt(args []string, flags fmtFlags) int {
	if len(args) == 0 {
		input, err := findInput("")
		if err != nil {
			return c.usageError(err.Error())
		}
		args = []string{input}
	}
	if flags.write && slices.Contains(args, "-") {
		return c.usageError("cannot write standard input (-w with -)")
	}
	code := exitOK
	for _, name := range args {
		if c.fmtFile(name, flags) != exitOK {
			code = exitInput
		}
	}
	return code
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
		target, err := filepath.EvalSymlinks(name) // rewrite the file a link points to, not the link
		if err != nil {
			return c.failf("%v", err)
		}
		info, err := os.Stat(target)
		if err != nil {
			return c.failf("%v", err)
		}
		if err := writeFileAtomic(target, out, info.Mode().Perm()); err != nil {
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
