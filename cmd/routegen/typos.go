package main

import (
	"slices"
	"strings"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// controllerTypos warns about a controller name that looks misspelt: used
// by one route section (or catch_all) only, one edit (a letter changed,
// added, removed, or two swapped) away from a controller that more sections
// use. A misspelt controller is no error — it becomes another Go
// interface — but it leaves that route without the implementation meant
// for it. Names that differ only in case are left to the generator, which
// rejects them.
func controllerTypos(t *ir.Table) parser.Diagnostics {
	uses := map[string][]parser.Pos{} // route sections by controller, in table order
	use := func(controller string, pos parser.Pos) {
		if controller != "" && !slices.Contains(uses[controller], pos) {
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
	var diags parser.Diagnostics
	for _, name := range names {
		if len(uses[name]) != 1 || len(name) < 4 {
			continue
		}
		best := ""
		for _, other := range names {
			if len(uses[other]) < 2 || strings.EqualFold(other, name) || editDistance(name, other) != 1 {
				continue
			}
			if best == "" || len(uses[other]) > len(uses[best]) {
				best = other
			}
		}
		if best != "" {
			diags.Warnf(uses[name][0], "controller %q is used by this route only; did you mean %q (used by %d routes)?", name, best, len(uses[best]))
		}
	}
	return diags
}

// editDistance is the Levenshtein distance, counting a swap of two adjacent
// characters as one edit.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
