package gen

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"
)

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

// literal is a value of a composite literal written both as code and as
// the text gofmt lays the code out as, for the lines of a large table
// written as text (textBlock); a nil code is a zero value, left out.
type literal struct {
	code jen.Code
	text string
}

// textField is one key: value of a keyed composite literal.
type textField struct {
	key   string
	value literal
}

// stringLiteral is s quoted, as jennifer quotes it; "" is left out.
func stringLiteral(s string) literal {
	if s == "" {
		return literal{}
	}
	return literal{jen.Lit(s), strconv.Quote(s)}
}

func intLiteral(v int64) literal {
	return literal{jen.Lit(int(v)), strconv.FormatInt(v, 10)}
}

// trueLiteral is true; false is left out.
func trueLiteral(v bool) literal {
	if !v {
		return literal{}
	}
	return literal{jen.True(), "true"}
}

// stringsLiteral is a []string literal; an empty list is left out.
func stringsLiteral(list []string) literal {
	if len(list) == 0 {
		return literal{}
	}
	var b strings.Builder
	b.WriteString("[]string{")
	for i, s := range list {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(s))
	}
	b.WriteString("}")
	return literal{stringsLit(list), b.String()}
}

// compositeLiteral is prefix (such as "&"), the type, then the fields on
// one line.
func compositeLiteral(prefix string, typeCode jen.Code, typeText string, fields []textField) literal {
	var lit keyedLiteral
	for _, f := range fields {
		lit.line(field{f.key, f.value.code})
	}
	var b bytes.Buffer
	b.WriteString(prefix + typeText)
	writeLiteralText(&b, fields)
	return literal{jen.Op(prefix).Add(typeCode).Add(lit.inline()), b.String()}
}

// writeLiteralText writes the body of a keyed literal on one line:
// "{Key: value, …}".
func writeLiteralText(b *bytes.Buffer, fields []textField) {
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(f.key)
		b.WriteString(": ")
		b.WriteString(f.value.text)
	}
	b.WriteByte('}')
}
