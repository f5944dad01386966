package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dave/jennifer/jen"
)

// A generated file is written as parts, each a jen.File of its own, which
// are rendered and gofmt-ed at the same time, then joined: formatting is
// most of the time generation takes, and a part's top-level declarations
// format the same alone as in the whole file.

// newPart starts a part of the file of package pkg.
func newPart(pkg string) *jen.File {
	f := jen.NewFile(pkg)
	f.ImportName(runtimePkg, "runtime")
	f.ImportName(implPkg, "routegenimpl")
	return f
}

// part is a part of a generated file: code to render and format, or text
// with the imports it needs, already in gofmt's form unless format is set
// (columns gofmt aligns are easier left to it).
type part struct {
	file    *jen.File
	text    []byte
	imports []string
	format  bool
}

// renderParts renders and formats every part concurrently and joins them
// into one file: the header comments, the package doc and clause, the
// imports of all parts, then the declarations of each part in order.
func renderParts(pkg string, header, doc []string, parts []part) ([]byte, error) {
	type rendered struct {
		imports []string // import specs as gofmt writes them: `"strings"`
		body    []byte
		err     error
	}
	results := make([]rendered, len(parts))
	var wg sync.WaitGroup
	for i, part := range parts {
		if part.file == nil && !part.format {
			results[i].imports, results[i].body = part.imports, part.text
			continue
		}
		if part.file == nil {
			wg.Go(func() {
				src, err := format.Source(append([]byte("package "+pkg+"\n\n"), part.text...))
				if err != nil {
					results[i].err = err
					return
				}
				results[i].imports = part.imports
				_, results[i].body, results[i].err = splitFormatted(src, pkg)
			})
			continue
		}
		wg.Go(func() {
			var buf bytes.Buffer
			if err := part.file.Render(&buf); err != nil {
				results[i].err = err
				return
			}
			results[i].imports, results[i].body, results[i].err = splitFormatted(buf.Bytes(), pkg)
		})
	}
	wg.Wait()

	var imports []string
	for _, r := range results {
		if r.err != nil {
			return nil, r.err
		}
		imports = append(imports, r.imports...)
	}
	// As goimports writes them: the standard library, then the rest, each
	// group sorted by path.
	slices.SortFunc(imports, func(a, b string) int {
		if sa, sb := isStandard(a), isStandard(b); sa != sb {
			if sa {
				return -1
			}
			return 1
		}
		return strings.Compare(importPath(a), importPath(b))
	})
	imports = slices.Compact(imports)

	var out bytes.Buffer
	for _, h := range header {
		fmt.Fprintf(&out, "// %s\n", h)
	}
	if len(header) > 0 {
		out.WriteString("\n")
	}
	for _, d := range doc {
		fmt.Fprintf(&out, "// %s\n", d)
	}
	fmt.Fprintf(&out, "package %s\n\n", pkg)
	switch len(imports) {
	case 0:
	case 1:
		fmt.Fprintf(&out, "import %s\n\n", imports[0])
	default:
		out.WriteString("import (\n")
		for i, spec := range imports {
			if i > 0 && isStandard(imports[i-1]) && !isStandard(spec) {
				out.WriteString("\n")
			}
			fmt.Fprintf(&out, "\t%s\n", spec)
		}
		out.WriteString(")\n\n")
	}
	first := true
	for _, r := range results {
		if len(r.body) == 0 {
			continue
		}
		if !first {
			out.WriteString("\n")
		}
		first = false
		out.Write(r.body)
	}
	return out.Bytes(), nil
}

// splitFormatted takes a formatted part apart: its import specs and the
// declarations after them.
func splitFormatted(src []byte, pkg string) (imports []string, body []byte, err error) {
	clause := []byte("package " + pkg + "\n")
	i := bytes.Index(src, clause)
	if i < 0 {
		return nil, nil, fmt.Errorf("generated part has no package clause")
	}
	rest := bytes.TrimLeft(src[i+len(clause):], "\n")
	switch {
	case bytes.HasPrefix(rest, []byte("import (\n")):
		end := bytes.Index(rest, []byte("\n)\n"))
		if end < 0 {
			return nil, nil, fmt.Errorf("generated part has an unterminated import block")
		}
		for spec := range strings.SplitSeq(string(rest[len("import (\n"):end]), "\n") {
			if spec = strings.TrimSpace(spec); spec != "" {
				imports = append(imports, spec)
			}
		}
		rest = rest[end+len("\n)\n"):]
	case bytes.HasPrefix(rest, []byte("import ")):
		end := bytes.IndexByte(rest, '\n')
		imports = append(imports, string(rest[len("import "):end]))
		rest = rest[end+1:]
	}
	return imports, bytes.TrimLeft(rest, "\n"), nil
}

// importPath is the quoted path of an import spec, after any name.
func importPath(spec string) string {
	return spec[strings.IndexByte(spec, '"'):]
}

// isStandard reports whether an import spec is of the standard library,
// whose paths have no dot in their first element.
func isStandard(spec string) bool {
	path, _ := strconv.Unquote(importPath(spec))
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}
