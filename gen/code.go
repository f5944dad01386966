package gen

import "github.com/dave/jennifer/jen"

// The tables of the file (Domains, Routes, the CORS policies) are keyed
// composite literals, their fields in the order of the runtime struct,
// zero values left out, a few short lines an element, so that the diff of
// a one-route change is a few short lines.

// field is one key: value of a keyed composite literal; a nil value is a
// zero value, left out.
type field struct {
	key   string
	value jen.Code
}

// keyedLiteral collects the lines of a keyed composite literal written one
// or more fields a line.
type keyedLiteral struct{ lines [][]jen.Code }

// line adds the fields that are set as one line.
func (k *keyedLiteral) line(fields ...field) {
	var set []jen.Code
	for _, f := range fields {
		if f.value != nil {
			set = append(set, jen.Id(f.key).Op(":").Add(f.value))
		}
	}
	if len(set) > 0 {
		k.lines = append(k.lines, set)
	}
}

// block is the literal's body, "{", a line of fields a line, "}".
func (k *keyedLiteral) block() *jen.Statement {
	lines := make([]jen.Code, len(k.lines))
	for i, line := range k.lines {
		lines[i] = jen.Custom(jen.Options{Separator: ","}, line...)
	}
	return multiLine(lines...)
}

// inline is the literal's body on one line: "{Key: value, …}".
func (k *keyedLiteral) inline() *jen.Statement {
	var fields []jen.Code
	for _, line := range k.lines {
		fields = append(fields, line...)
	}
	return jen.Values(fields...)
}

// multiLine is the body of a composite literal whose elements are on lines
// of their own.
func multiLine(elements ...jen.Code) *jen.Statement {
	return jen.Custom(jen.Options{Open: "{", Close: "}", Separator: ",", Multi: true}, elements...)
}

// stringsLit is a []string literal, or nil for an empty list.
func stringsLit(list []string) jen.Code {
	if len(list) == 0 {
		return nil
	}
	items := make([]jen.Code, len(list))
	for i, s := range list {
		items[i] = jen.Lit(s)
	}
	return jen.Index().String().Values(items...)
}

func trueLit(v bool) jen.Code {
	if v {
		return jen.True()
	}
	return nil
}

func nonZero(v int64) jen.Code {
	if v == 0 {
		return nil
	}
	return jen.Lit(int(v))
}

func stringLit(v string) jen.Code {
	if v == "" {
		return nil
	}
	return jen.Lit(v)
}
