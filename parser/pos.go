// Package parser reads routes.conf files (and the aah-style configuration
// files beside them) into syntax trees whose every node keeps its file, line
// and column.
//
// Parse never panics and always terminates, whatever the bytes: problems are
// returned as Diagnostics, sorted by position, in the Go convention
// FILE:LINE:COL: message.
package parser

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// Pos is a position in a source file. Line and Col are 1-based; Col counts
// bytes, as go/token does.
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether the position names a line.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats the position as FILE:LINE:COL, omitting what is unknown.
func (p Pos) String() string {
	switch {
	case !p.IsValid():
		return p.File
	case p.File == "":
		return fmt.Sprintf("%d:%d", p.Line, p.Col)
	default:
		return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
	}
}

// MarshalText writes the position as String does, for JSON output.
func (p Pos) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Before reports whether p comes before q (by file name, then line, then column).
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Diagnostic is one error or warning at a position.
type Diagnostic struct {
	Pos     Pos
	Msg     string
	Warning bool
}

// Error formats the diagnostic as FILE:LINE:COL: message.
func (d Diagnostic) Error() string {
	at := d.Pos.String() + ": "
	if d.Pos == (Pos{}) {
		at = "" // a problem of no file: a setting
	}
	if d.Warning {
		return at + "warning: " + d.Msg
	}
	return at + d.Msg
}

// Diagnostics is a list of errors and warnings.
type Diagnostics []Diagnostic

// Errorf appends an error at pos. A string argument written with %q is
// an Echo.
func (ds *Diagnostics) Errorf(pos Pos, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, echoes(args)...)})
}

// Warnf appends a warning at pos. A string argument written with %q is
// an Echo.
func (ds *Diagnostics) Warnf(pos Pos, format string, args ...any) {
	*ds = append(*ds, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, echoes(args)...), Warning: true})
}

// maxEcho is the most bytes of a value a message quotes: a key or a path
// of megabytes is named by its beginning and its length, not written out.
const maxEcho = 80

// Echo is a value of the input quoted in a message: with %q, one longer
// than maxEcho bytes is cut there (at a character's start) and followed by
// its length, `"kkkk…"… (9437184 bytes)`; other verbs write it whole.
type Echo string

// Format implements fmt.Formatter.
func (e Echo) Format(f fmt.State, verb rune) {
	if verb != 'q' || len(e) <= maxEcho {
		fmt.Fprintf(f, fmt.FormatString(f, verb), string(e))
		return
	}
	cut := maxEcho
	for cut > 0 && !utf8.RuneStart(e[cut]) {
		cut--
	}
	fmt.Fprintf(f, "%q… (%d bytes)", string(e[:cut]), len(e))
}

// echoes is args with each long string an Echo.
func echoes(args []any) []any {
	out, cloned := args, false
	for i, a := range args {
		if s, ok := a.(string); ok && len(s) > maxEcho {
			if !cloned {
				out, cloned = slices.Clone(args), true // the caller's slice stays as it is
			}
			out[i] = Echo(s)
		}
	}
	return out
}

// Sort orders the diagnostics by position, keeping the order of those at the
// same position, and drops exact duplicates.
func (ds *Diagnostics) Sort() {
	sort.SliceStable(*ds, func(i, j int) bool { return (*ds)[i].Pos.Before((*ds)[j].Pos) })
	out := (*ds)[:0]
	for i, d := range *ds {
		if i > 0 && d == (*ds)[i-1] {
			continue
		}
		out = append(out, d)
	}
	*ds = out
}

// Capped is ds, in order, up to its maxErrors-th error, then "too many
// errors" at the next, and up to its maxErrors-th warning, then "too many
// warnings" at the next, as Parse does: a file of thousands is not a
// configuration, and the first ones say why.
func (ds Diagnostics) Capped() Diagnostics {
	errors, warnings := 0, 0
	var capped Diagnostics
	for _, d := range ds {
		switch {
		case !d.Warning:
			if errors++; errors > maxErrors {
				capped.Errorf(d.Pos, "too many errors")
				return capped
			}
		case warnings == maxErrors:
			warnings++
			capped.Warnf(d.Pos, "too many warnings")
			continue
		case warnings > maxErrors:
			continue
		default:
			warnings++
		}
		capped = append(capped, d)
	}
	return capped
}

// HasErrors reports whether any diagnostic is an error rather than a warning.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if !d.Warning {
			return true
		}
	}
	return false
}

// Err returns the diagnostics as an error when at least one is an error, else nil.
func (ds Diagnostics) Err() error {
	if ds.HasErrors() {
		return ds
	}
	return nil
}

// Error lists every diagnostic, one a line.
func (ds Diagnostics) Error() string {
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}
