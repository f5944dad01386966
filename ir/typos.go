package ir

import (
	"hash/maphash"
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
	// The candidates, used by several sections, are indexed by the keys of
	// editKeys: a name is compared only with those that share a key with
	// it, which all names one edit away do, so that many controllers of
	// one length are not compared pairwise.
	seed := maphash.MakeSeed()
	byKey := map[uint64][]string{}
	for _, name := range names {
		if len(uses[name]) >= 2 && len(name) <= maxTypoName+1 {
			for _, k := range editKeys(seed, name) {
				byKey[k] = append(byKey[k], name)
			}
		}
	}
	var diags parser.Diagnostics
	for _, name := range names {
		if len(uses[name]) != 1 || len(name) < 4 || len(name) > maxTypoName {
			continue
		}
		best := ""
		for _, k := range editKeys(seed, name) {
			for _, other := range byKey[k] {
				if strings.EqualFold(other, name) || !suggest.OneEdit(name, other) {
					continue
				}
				if best == "" || len(uses[other]) > len(uses[best]) || len(uses[other]) == len(uses[best]) && other < best {
					best = other
				}
			}
		}
		if best != "" {
			diags.Warnf(uses[name][0], "controller %q is used by this route only; did you mean %q (used by %d routes)?", name, best, len(uses[best]))
		}
	}
	return diags
}

// maxTypoName is the longest controller name looked at for a typo: a
// name is a Go identifier's worth of text, and each costs its length in
// keys.
const maxTypoName = 64

// editKeys are the hashes of name and of name less each one of its bytes.
// Two names one edit apart share one: a changed byte, both less it; an
// added or removed one, the shorter and the longer less it; two swapped,
// both less either.
func editKeys(seed maphash.Seed, name string) []uint64 {
	keys := []uint64{maphash.String(seed, name)}
	var h maphash.Hash
	h.SetSeed(seed)
	for i := range len(name) {
		h.Reset()
		h.WriteString(name[:i])
		h.WriteString(name[i+1:])
		keys = append(keys, h.Sum64())
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}
