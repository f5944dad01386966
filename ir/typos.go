package ir

import (
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/parser"
)

// ControllerTypos warns about a controller name that looks misspelt: used
// by one route section (or catch_all) only, one edit (a letter changed,
// added, removed, or two swapped) away from a controller that more sections
// use. A misspelt controller is no error — it becomes another Go
// interface — but it leaves that route without the implementation meant
// for it. Names that differ only in case are left to the generator, which
// rejects them.
func ControllerTypos(t *Table) parser.Diagnostics {
	uses := map[string][]parser.Pos{} // route sections by controller, in table order
	type section struct {
		controller string
		pos        parser.Pos
	}
	seen := map[section]bool{} // a section of several methods is one use
	use := func(controller string, pos parser.Pos) {
		if controller != "" && !seen[section{controller, pos}] {
			seen[section{controller, pos}] = true
			uses[controller] = append(uses[controller], pos)
		}
	}
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			if !r.Static {
				use(r.Controller, r.Pos)
			}
		}
		if d.CatchAll != nil {
			use(d.CatchAll.Controller, d.CatchAll.Pos)
		}
	}
	var names []string
	for name := range uses {
		names = append(names, name)
	}
	slices.Sort(names)
	// The names one edit away are at most one byte longer or shorter: the
	// candidates, used by several sections, are indexed by length.
	byLength := map[int][]string{}
	for _, name := range names {
		if len(uses[name]) >= 2 {
			byLength[len(name)] = append(byLength[len(name)], name)
		}
	}
	var diags parser.Diagnostics
	for _, name := range names {
		if len(uses[name]) != 1 || len(name) < 4 {
			continue
		}
		best := ""
		for _, other := range slices.Concat(byLength[len(name)-1], byLength[len(name)], byLength[len(name)+1]) {
			if strings.EqualFold(other, name) || suggest.Distance(name, other) != 1 {
				continue
			}
			if best == "" || len(uses[other]) > len(uses[best]) || len(uses[other]) == len(uses[best]) && other < best {
				best = other
			}
		}
		if best != "" {
			diags.Warnf(uses[name][0], "controller %q is used by this route only; did you mean %q (used by %d routes)?", name, best, len(uses[best]))
		}
	}
	return diags
}
