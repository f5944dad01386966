package gen

import (
	"bytes"
	"errors"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/dave/jennifer/jen"
)

// The generated Go file is built as jennifer code: gen builds each
// declaration as a tree, and jennifer renders it, choosing the imports and
// their names from the packages the code refers to (jen.Qual), and lays it
// out with gofmt. gen writes no import block of its own, and no Go as
// text but the lines of a large table (textBlock), laid out as gofmt
// would, in the place of a placeholder.
//
// The file is built and rendered in parts at the same time: laying the
// code out is most of what generation costs, and top-level declarations
// are laid out the same in a part as in the whole file. The first part is
// the jennifer file, with the header, the package clause and the imports
// of every part; the others are lists of declarations, which jennifer
// renders as such. The parts are joined as gofmt separates declarations,
// by one empty line.

// goPart is a part of the file: its declarations, each with the comments
// around it, and the packages they refer to.
type goPart struct {
	decls [][]jen.Code
	uses  map[string]bool
	// blocks are lines of a large table written as laid-out text, each
	// in place of the line of its placeholder (textBlock).
	blocks [][]byte
}

// blockMarker begins the placeholder comment of a block of text, which
// its index in goPart.blocks follows. The placeholder is alone on its
// line, which no comment or string of routes.conf can be: the text of
// routes.conf follows code or words of gen's on its line, and its line
// breaks are escaped.
const blockMarker = "// routegen-block:"

// textBlock is the placeholder of lines written as text, as gofmt lays
// them out, indentation included, with no line break after the last: a
// comment, which may stand among fields, methods and statements alike.
// The lines of a large table are written so (see "How gen writes Go" in
// docs/decisions.md): laying out the routes, the interfaces, the dispatch
// cases and the URL helpers of 100,000 routes was most of what generation
// cost.
func (g *generator) textBlock(text []byte) jen.Code {
	g.part.blocks = append(g.part.blocks, text)
	return jen.Comment(blockMarker + strconv.Itoa(len(g.part.blocks)-1))
}

// segments are the laid-out text of p with its blocks in the place of
// their placeholders, as pieces to be joined: the file is copied once,
// when they are (fixLineDirectives).
func (p *goPart) segments(text []byte) [][]byte {
	return p.blockSegments(nil, text)
}

// blockSegments appends text to segments, each placeholder's line
// replaced by its block.
func (p *goPart) blockSegments(segments [][]byte, text []byte) [][]byte {
	if len(p.blocks) == 0 {
		return append(segments, text)
	}
	done := 0
	for {
		k := bytes.Index(text[done:], []byte(blockMarker))
		if k < 0 {
			return append(segments, text[done:])
		}
		k += done
		start := bytes.LastIndexByte(text[:k], '\n') + 1
		end := k + len(blockMarker)
		for end < len(text) && text[end] >= '0' && text[end] <= '9' {
			end++
		}
		i, err := strconv.Atoi(string(text[k+len(blockMarker) : end]))
		if err != nil || i >= len(p.blocks) || len(bytes.TrimSpace(text[start:k])) > 0 || end < len(text) && text[end] != '\n' {
			// Not a placeholder alone on its line.
			segments = append(segments, text[done:end])
		} else {
			segments = append(segments, text[done:start], p.blocks[i])
		}
		done = end
	}
}

// declare adds a declaration to the part, with its doc comment, a line
// of doc a comment.
func (g *generator) declare(doc []string, decl jen.Code) {
	items := make([]jen.Code, 0, len(doc)+1)
	for _, line := range doc {
		items = append(items, comment(line))
	}
	g.add(append(items, decl)...)
}

// add adds a declaration to the part, as items on lines of their own: the
// comments before it, the declaration, the comments after it.
func (g *generator) add(items ...jen.Code) {
	g.part.decls = append(g.part.decls, items)
}

// comment is the line comment "// text", text escaped (commentText).
// jennifer writes a comment that begins with "//" or "/*" as it is, as it
// writes a directive, so that the text of one that may begin so ("/*path")
// follows the "// " gen gives it.
func comment(text string) *jen.Statement {
	return jen.Comment("// " + commentText(text))
}

// textQual is name of the package of path as text of the file, which
// imports the package under the last element of its path (newGoFile).
func (g *generator) textQual(path, name string) string {
	g.part.uses[path] = true
	return path[strings.LastIndexByte(path, '/')+1:] + "." + name
}

// qual refers to name of the package of path, which the file imports.
func (g *generator) qual(path, name string) *jen.Statement {
	g.part.uses[path] = true
	return jen.Qual(path, name)
}

// items are the part's declarations as lines, with an empty line before
// each declaration but the first when first is false.
func (p *goPart) items(first bool) []jen.Code {
	var items []jen.Code
	for i, d := range p.decls {
		if i > 0 || first {
			items = append(items, jen.Line())
		}
		items = append(items, d...)
	}
	return items
}

// newGoFile starts a jennifer file of package pkg, with the header
// comments and the package's doc comment.
func newGoFile(pkg string, header, doc []string) *jen.File {
	f := jen.NewFile(pkg)
	// The last element of their paths, without the alias jennifer would
	// otherwise give a package whose name it cannot tell from its path.
	f.ImportName(runtimePkg, "runtime")
	f.ImportName(implPkg, "routegenimpl")
	for _, h := range header {
		f.HeaderComment("// " + commentText(h))
	}
	for _, d := range doc {
		f.PackageComment("// " + commentText(d))
	}
	return f
}

// render builds the parts of the file, each part's writers on a generator
// of its own, and renders them, as many at a time as there are processors:
// the first, the jennifer file, once every part is built, as it imports
// what they all refer to. A part's tree is dropped once it is rendered, so
// that at most that many trees are held at once. The file is returned as
// the segments to join, the parts separated by an empty line.
func (g *generator) render(header, doc []string, writers [][]func(*generator)) ([][]byte, error) {
	parts := make([]*goPart, len(writers))
	texts := make([][][]byte, len(writers))
	errs := make([]error, len(writers))
	build := func(i int) *goPart {
		p := *g
		p.part = &goPart{uses: map[string]bool{}}
		for _, write := range writers[i] {
			write(&p)
		}
		return p.part
	}
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var built, rendered sync.WaitGroup
	for i := 1; i < len(writers); i++ {
		built.Add(1)
		rendered.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			part := build(i)
			uses := &goPart{uses: part.uses}
			parts[i] = uses
			built.Done()
			var b bytes.Buffer
			errs[i] = jen.Custom(jen.Options{Multi: true}, part.items(false)...).RenderWithFile(&b, newGoFile(g.opts.Package, nil, nil))
			texts[i] = part.segments(bytes.TrimSpace(b.Bytes()))
		})
	}
	parts[0] = build(0)
	f := newGoFile(g.opts.Package, header, doc)
	for _, item := range parts[0].items(true) {
		f.Add(item)
	}
	built.Wait()
	var b bytes.Buffer
	if errs[0] = importAll(f, parts[1:]); errs[0] == nil {
		errs[0] = f.Render(&b)
	}
	rendered.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	segments := [][]byte{b.Bytes()}
	newline := []byte("\n")
	for _, text := range texts[1:] {
		if len(text) > 1 || len(text) == 1 && len(text[0]) > 0 {
			segments = append(append(append(segments, newline), text...), newline)
		}
	}
	return segments, nil
}

// importAll makes f import the packages the parts refer to. jennifer
// imports the packages a file's code refers to, so f renders a reference
// to each, and drops the text.
func importAll(f *jen.File, parts []*goPart) error {
	var paths []string
	for _, p := range parts {
		for path := range p.uses {
			paths = append(paths, path)
		}
	}
	slices.Sort(paths)
	for _, path := range slices.Compact(paths) {
		if err := jen.Qual(path, "_").RenderWithFile(io.Discard, f); err != nil {
			return err
		}
	}
	return nil
}
