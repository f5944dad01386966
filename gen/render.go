package gen

import (
	"bytes"
	"errors"
	"fmt"
	"go/format"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// goFile is a generated Go file as the generator writes it: its
// declarations in order, in no particular layout, and the packages they
// use. format.Source lays it out, as gofmt would: the generator writes no
// indentation or alignment of its own.
//
// The declarations are written in two halves, which are formatted at the
// same time: formatting is most of what generation costs (0.63 s of the
// 0.8 s a file of 10,000 routes takes in one call), and top-level
// declarations format the same in either half as in the whole file. The
// second half is formatted without the imports, which gofmt does not need.
type goFile struct {
	halves  [2]bytes.Buffer
	second  bool            // writing the second half
	imports map[string]bool // by path
}

// newGoFile starts the file of a table of routes routes, its halves sized
// to about what a route takes in each, so that the text is not copied as
// it grows.
func newGoFile(routes int) *goFile {
	f := &goFile{imports: map[string]bool{}}
	f.halves[0].Grow(350 * routes)
	f.halves[1].Grow(350 * routes)
	return f
}

// use records that the declarations refer to the packages of paths.
func (f *goFile) use(paths ...string) {
	for _, p := range paths {
		f.imports[p] = true
	}
}

// printf writes to the declarations.
func (f *goFile) printf(format string, args ...any) { fmt.Fprintf(f.body(), format, args...) }

// write writes text to the declarations.
func (f *goFile) write(text string) { f.body().WriteString(text) }

// secondHalf starts the second half of the declarations.
func (f *goFile) secondHalf() { f.second = true }

func (f *goFile) body() *bytes.Buffer {
	if f.second {
		return &f.halves[1]
	}
	return &f.halves[0]
}

// render returns the formatted file of package pkg: the header comments,
// the package doc and clause, the imports — the standard library's apart
// from the others, as goimports groups them — then the declarations.
func (f *goFile) render(pkg string, header, doc []string) ([]byte, error) {
	var first bytes.Buffer
	for _, h := range header {
		fmt.Fprintf(&first, "// %s\n", h)
	}
	first.WriteString("\n")
	for _, d := range doc {
		fmt.Fprintf(&first, "// %s\n", d)
	}
	clause := "package " + pkg + "\n\n"
	first.WriteString(clause + "import (\n")
	var standard, others []string
	for p := range f.imports {
		if isStandard(p) {
			standard = append(standard, p)
		} else {
			others = append(others, p)
		}
	}
	// format.Source sorts each group.
	for _, group := range [][]string{standard, others} {
		for _, p := range group {
			first.WriteString(strconv.Quote(p) + "\n")
		}
		first.WriteString("\n")
	}
	first.WriteString(")\n\n")
	first.Write(f.halves[0].Bytes())
	second := append([]byte(clause), f.halves[1].Bytes()...)

	var formatted [2][]byte
	var errs [2]error
	var wg sync.WaitGroup
	for i, src := range [][]byte{first.Bytes(), second} {
		wg.Go(func() { formatted[i], errs[i] = format.Source(src) })
	}
	wg.Wait()
	if err := errors.Join(errs[:]...); err != nil {
		return nil, err
	}
	rest, ok := bytes.CutPrefix(formatted[1], []byte(clause))
	if !ok {
		return nil, fmt.Errorf("the second half formats without its package clause")
	}
	if len(rest) == 0 {
		return formatted[0], nil
	}
	return slices.Concat(formatted[0], []byte("\n"), rest), nil
}

// isStandard reports whether an import path is of the standard library,
// whose paths have no dot in their first element.
func isStandard(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
