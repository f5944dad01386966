package routevet

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ignorePrefix begins a comment that silences the findings of its line,
// or of the line below when it stands alone: "//routegen:ignore REASON".
const ignorePrefix = "//routegen:ignore"

// ignore is one //routegen:ignore comment.
type ignore struct {
	pos    token.Pos
	reason string
	used   bool
}

// ignores are the //routegen:ignore comments of a package's files, by
// file name and line.
type ignores struct {
	fset   *token.FileSet
	byLine map[string]map[int]*ignore
	all    []*ignore
}

func findIgnores(fset *token.FileSet, files []*ast.File) *ignores {
	ig := &ignores{fset: fset, byLine: map[string]map[int]*ignore{}}
	for _, f := range files {
		if ast.IsGenerated(f) {
			continue
		}
		for _, group := range f.Comments {
			for _, c := range group.List {
				rest, ok := strings.CutPrefix(c.Text, ignorePrefix)
				if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
					continue
				}
				pos := fset.Position(c.Slash)
				if ig.byLine[pos.Filename] == nil {
					ig.byLine[pos.Filename] = map[int]*ignore{}
				}
				i := &ignore{pos: c.Slash, reason: strings.TrimSpace(rest)}
				ig.byLine[pos.Filename][pos.Line] = i
				ig.all = append(ig.all, i)
			}
		}
	}
	return ig
}

// silences reports whether an ignore comment with a reason on the line of
// pos, or on the line above, silences a finding at pos, and marks it used.
func (ig *ignores) silences(pos token.Pos) bool {
	p := ig.fset.Position(pos)
	for _, line := range []int{p.Line, p.Line - 1} {
		if i := ig.byLine[p.Filename][line]; i != nil && i.reason != "" {
			i.used = true
			return true
		}
	}
	return false
}

// filter wraps report so that the findings an ignore comment silences
// are dropped.
func (ig *ignores) filter(report func(analysis.Diagnostic)) func(analysis.Diagnostic) {
	return func(d analysis.Diagnostic) {
		if !ig.silences(d.Pos) {
			report(d)
		}
	}
}

// reportMisuse reports the ignore comments without a reason, which
// silence nothing, and those that silenced nothing.
func (ig *ignores) reportMisuse(report func(analysis.Diagnostic)) {
	for _, i := range ig.all {
		switch {
		case i.reason == "":
			report(analysis.Diagnostic{Pos: i.pos, Message: ignorePrefix + " needs a reason: " + ignorePrefix + " REASON (why the finding is meant)"})
		case !i.used:
			report(analysis.Diagnostic{Pos: i.pos, Message: ignorePrefix + " silences no finding on its line or the next: remove it"})
		}
	}
}
