package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/aymanbagabas/go-udiff"
)

// diff compares the generated files with those on disk. It prints a
// unified diff (from the file on disk to what routegen would write) for
// each one that is missing or stale, and exits 1 then: a check for CI.
func (c *cli) diff(files []outFile) int {
	code := exitOK
	for _, f := range files {
		old, err := os.ReadFile(f.path)
		missing := errors.Is(err, fs.ErrNotExist)
		if err != nil && !missing {
			return c.failf("%v", err)
		}
		if bytes.Equal(old, f.content) {
			continue
		}
		code = exitInput
		name := c.diag.shown(f.path)
		from, state := "a/"+name, "stale"
		if missing {
			from, state = "/dev/null", "missing"
		}
		fmt.Fprint(c.stdout, unified(from, "b/"+name, string(old), string(f.content)))
		fmt.Fprintf(c.stderr, "routegen: %s is %s; run routegen (or go generate) to update it\n", name, state)
	}
	return code
}

// unified is the unified diff of old and new, ending with a newline.
func unified(from, to, old, new string) string {
	d := udiff.Unified(from, to, old, new)
	if d != "" && d[len(d)-1] != '\n' {
		d += "\n"
	}
	return d
}
