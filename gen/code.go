package gen

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

// Helpers every part of the file uses.

func rt(name string) *jen.Statement { return jen.Qual(runtimePkg, name) }

// impl names what the generated code calls of routegenimpl.
func impl(name string) *jen.Statement { return jen.Qual(implPkg, name) }

func literals(list []string) []jen.Code {
	vals := make([]jen.Code, len(list))
	for i, s := range list {
		vals[i] = jen.Lit(s)
	}
	return vals
}

// multiline puts each element of a composite literal on its own line.
func multiline(items []jen.Code) []jen.Code {
	if len(items) == 0 {
		return items
	}
	return append(items, jen.Line())
}

// The tables of the file (Domains, Routes, the CORS policies) are data,
// and the largest part of a big file: they are written as text already in
// gofmt's form rather than built as code and formatted, which would take a
// third of generation. Each is a keyed composite literal, its fields in the
// order of the runtime struct, zero values left out, a few short lines an
// element, so that the diff of a one-route change is a few short lines.

// field is one key: value of a keyed composite literal, the value as Go text.
type field struct{ key, value string }

// keyedLiteral collects the lines of a keyed composite literal written one
// or more fields a line; fields with zero values are left out.
type keyedLiteral struct{ lines [][]field }

// line adds the fields that are set as one line.
func (k *keyedLiteral) line(fields ...field) {
	var set []field
	for _, f := range fields {
		if f.value != "" {
			set = append(set, f)
		}
	}
	if len(set) > 0 {
		k.lines = append(k.lines, set)
	}
}

// write writes the literal's body, each line at indent, as gofmt aligns
// it: the first value of a line is aligned with the first values of the
// lines around it, in runs that a line of several fields ends.
func (k *keyedLiteral) write(b *bytes.Buffer, indent string) {
	for start := 0; start < len(k.lines); {
		end := start + 1 // the run is lines[start:end]
		for end < len(k.lines) && len(k.lines[end-1]) == 1 {
			end++
		}
		width := 0
		for _, line := range k.lines[start:end] {
			width = max(width, len(line[0].key))
		}
		for _, line := range k.lines[start:end] {
			b.WriteString(indent)
			for i, f := range line {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(f.key + ":")
				pad := 1
				if i == 0 {
					pad += width - len(f.key)
				}
				b.WriteString(strings.Repeat(" ", pad) + f.value)
			}
			b.WriteString(",\n")
		}
		start = end
	}
}

// inline is the literal on one line: "{Key: value, …}".
func (k *keyedLiteral) inline() string {
	var fields []string
	for _, line := range k.lines {
		for _, f := range line {
			fields = append(fields, f.key+": "+f.value)
		}
	}
	return "{" + strings.Join(fields, ", ") + "}"
}

// stringsText is a []string literal, or "" for an empty list.
func stringsText(list []string) string {
	if len(list) == 0 {
		return ""
	}
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	return "[]string{" + strings.Join(quoted, ", ") + "}"
}

func trueText(v bool) string {
	if v {
		return "true"
	}
	return ""
}

func nonZero(v int64) string {
	if v == 0 {
		return ""
	}
	return strconv.FormatInt(v, 10)
}

func quotedText(v string) string {
	if v == "" {
		return ""
	}
	return strconv.Quote(v)
}
