package gen

import (
	"strconv"
	"strings"
)

// The tables of the file (Domains, Routes, the CORS policies) are keyed
// composite literals, their fields in the order of the runtime struct,
// zero values left out, a few short lines an element, so that the diff of
// a one-route change is a few short lines.

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

// write writes the literal's body, a line of fields a line.
func (k *keyedLiteral) write(f *goFile) {
	for _, line := range k.lines {
		for i, fl := range line {
			if i > 0 {
				f.write(", ")
			}
			f.write(fl.key + ": " + fl.value)
		}
		f.write(",\n")
	}
}

// writeInline writes the literal on one line: "{Key: value, …}".
func (k *keyedLiteral) writeInline(f *goFile) {
	f.write("{")
	sep := ""
	for _, line := range k.lines {
		for _, fl := range line {
			f.write(sep + fl.key + ": " + fl.value)
			sep = ", "
		}
	}
	f.write("}")
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
