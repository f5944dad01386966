package parser

import (
	"fmt"
	"strings"
)

// This file prints syntax trees and objects compactly, one node a line with
// its position, for tests to compare with what they expect.

// dumpSection prints the items and comments of sec, indented by depth.
func dumpSection(b *strings.Builder, sec *Section, depth int) {
	for _, item := range sec.Items {
		switch item := item.(type) {
		case *Assign:
			dumpComments(b, depth, "doc", item.Doc...)
			line(b, depth, "%s %s = %s", lc(item.KeyPos), item.Key, dumpValue(item.Value))
			dumpComment(b, depth, "line", item.LineComment)
		case *Include:
			dumpComments(b, depth, "doc", item.Doc...)
			line(b, depth, "%s include %s", lc(item.IncludePos), dumpValue(item.Pattern))
			dumpComment(b, depth, "line", item.LineComment)
			for _, f := range item.Files {
				line(b, depth+1, "file %s", f.Name)
				dumpSection(b, f.Root, depth+2)
			}
		case *Section:
			dumpComments(b, depth, "doc", item.Doc...)
			line(b, depth, "%s %s %s{", lc(item.NamePos), item.Name, lc(item.Lbrace))
			dumpComment(b, depth+1, "line", item.LineComment)
			dumpSection(b, item, depth+1)
			line(b, depth, "%s}", lc(item.Rbrace))
			dumpComment(b, depth, "end", item.EndComment)
		}
	}
	dumpComments(b, depth, "end", sec.EndComments...)
}

func dumpComments(b *strings.Builder, depth int, kind string, cs ...Comment) {
	for _, c := range cs {
		dumpComment(b, depth, kind, &c)
	}
}

func dumpComment(b *strings.Builder, depth int, kind string, c *Comment) {
	if c != nil {
		line(b, depth, "%s %s %s", kind, lc(c.Pos), c.Text)
	}
}

// lc prints a position without its file name: LINE:COL.
func lc(p Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

func line(b *strings.Builder, depth int, format string, args ...any) {
	b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(b, format, args...)
	b.WriteByte('\n')
}

// dumpValue prints v with its position, without the file name.
func dumpValue(v Value) string {
	pos := lc(v.Pos()) + " "
	switch v := v.(type) {
	case *String:
		if v.Quote == '\'' {
			return pos + fmt.Sprintf("string' %q", v.Value)
		}
		return pos + fmt.Sprintf("string %q", v.Value)
	case *Int:
		return pos + fmt.Sprintf("int %d", v.Value)
	case *Float:
		return pos + fmt.Sprintf("float %v", v.Value)
	case *Bool:
		return pos + fmt.Sprintf("bool %v", v.Value)
	case *Null:
		return pos + "null"
	case *Ref:
		return pos + "ref " + v.Name
	case *Env:
		return pos + "env " + v.Ref()
	case *List:
		elems := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			elems[i] = dumpValue(e)
		}
		return fmt.Sprintf("%s[%s]%s", pos, strings.Join(elems, ", "), lc(v.Rbrack))
	}
	return fmt.Sprintf("%T", v)
}

// dumpObject prints the fields of obj, indented by depth.
func dumpObject(b *strings.Builder, obj *Object, depth int) {
	for _, f := range obj.Fields {
		if f.Object != nil {
			line(b, depth, "%s %s {", f.KeyPos, f.Key)
			dumpObject(b, f.Object, depth+1)
			line(b, depth, "}")
			continue
		}
		line(b, depth, "%s %s = %s", f.KeyPos, f.Key, dumpValue(f.Value))
	}
}

func dumpFileString(f *File) string {
	var b strings.Builder
	dumpSection(&b, f.Root, 0)
	return b.String()
}

func dumpObjectString(obj *Object) string {
	var b strings.Builder
	dumpObject(&b, obj, 0)
	return b.String()
}

// diagnosticLines formats ds one a line.
func diagnosticLines(ds Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Error())
		b.WriteByte('\n')
	}
	return b.String()
}
