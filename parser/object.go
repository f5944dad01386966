package parser

import "strings"

// Object is a section's content after the language's rules: includes
// expanded in place, a duplicate key replaced by the later one, a duplicate
// section replaced by the later one (with a warning naming both positions).
type Object struct {
	Name   string
	Pos    Pos      // the section's name position (the file root: Pos{File: name, Line: 1, Col: 1})
	Fields []*Field // in order of first appearance of each key
}

// Field is one key of an Object: a value or a section.
type Field struct {
	Key    string
	KeyPos Pos
	Value  Value   // nil when the field is a section
	Object *Object // non-nil when the field is a section
	// Replaced is the field of the same key that this one replaced in its
	// section, when the key was written twice; nil otherwise.
	Replaced *Field
}

// Build applies the language's rules to a parsed (and loaded) file. Its
// diagnostics are warnings about keys that replace others.
func Build(f *File) (*Object, Diagnostics) {
	var b builder
	root := &Object{Pos: Pos{File: f.Name, Line: 1, Col: 1}}
	b.fill(root, map[string]int{}, f.Root.Items)
	b.diags.Sort()
	return root, b.diags
}

type builder struct {
	diags    Diagnostics
	warnings int
}

// warnf reports a warning, up to maxErrors of them, as Parse reports
// errors: a file of thousands of replaced sections is not a routes.conf.
func (b *builder) warnf(pos Pos, format string, args ...any) {
	if b.warnings++; b.warnings <= maxErrors {
		b.diags.Warnf(pos, format, args...)
	} else if b.warnings == maxErrors+1 {
		b.diags.Warnf(pos, "too many warnings")
	}
}

// fill adds items to obj; index maps obj's keys to their place in Fields.
// An include's files are filled in at its place, into the same object.
func (b *builder) fill(obj *Object, index map[string]int, items []Item) {
	for _, item := range items {
		switch item := item.(type) {
		case *Assign:
			b.set(obj, index, &Field{Key: item.Key, KeyPos: item.KeyPos, Value: item.Value})
		case *Section:
			child := &Object{Name: item.Name, Pos: item.NamePos}
			b.fill(child, map[string]int{}, item.Items)
			b.set(obj, index, &Field{Key: item.Name, KeyPos: item.NamePos, Object: child})
		case *Include:
			for _, f := range item.Files {
				b.fill(obj, index, f.Root.Items)
			}
		}
	}
}

// set adds field to obj, replacing the field of the same key, if any, in
// its place. Only a replaced value is unremarkable: a replaced section loses
// all its keys, which is likely a mistake.
func (b *builder) set(obj *Object, index map[string]int, field *Field) {
	i, ok := index[field.Key]
	if !ok {
		index[field.Key] = len(obj.Fields)
		obj.Fields = append(obj.Fields, field)
		return
	}
	old := obj.Fields[i]
	switch {
	case old.Object != nil && field.Object != nil:
		b.warnf(field.KeyPos, "section %q replaces the one at %s", field.Key, old.KeyPos)
	case old.Object != nil:
		b.warnf(field.KeyPos, "key %q replaces the section at %s", field.Key, old.KeyPos)
	case field.Object != nil:
		b.warnf(field.KeyPos, "section %q replaces the key at %s", field.Key, old.KeyPos)
	}
	field.Replaced = old
	obj.Fields[i] = field
}

// Get returns the field of o named key, or nil.
func (o *Object) Get(key string) *Field {
	for _, f := range o.Fields {
		if f.Key == key {
			return f
		}
	}
	return nil
}

// Lookup returns the field a dotted path names through nested objects
// ("a.b.c"), or nil.
func (o *Object) Lookup(dotted string) *Field {
	obj := o
	var field *Field
	for key := range strings.SplitSeq(dotted, ".") {
		if obj == nil {
			return nil // field is a value, not a section
		}
		if field = obj.Get(key); field == nil {
			return nil
		}
		obj = field.Object
	}
	return field
}

// Merge merges src into o, deeply: a section of src is merged into o's
// section of the same name; any other field of src replaces o's field of the
// same key in its place (position included), or is appended. A merged
// section keeps o's position. o receives copies of src's objects and lists,
// so that src is never changed through o.
func (o *Object) Merge(src *Object) {
	index := make(map[string]int, len(o.Fields))
	for i, f := range o.Fields {
		index[f.Key] = i
	}
	for _, sf := range src.Fields {
		i, ok := index[sf.Key]
		switch {
		case !ok:
			index[sf.Key] = len(o.Fields)
			o.Fields = append(o.Fields, sf.clone())
		case o.Fields[i].Object != nil && sf.Object != nil:
			o.Fields[i].Object.Merge(sf.Object)
		default:
			o.Fields[i] = sf.clone()
		}
	}
}

func (f *Field) clone() *Field {
	c := *f
	if f.Object != nil {
		c.Object = &Object{Name: f.Object.Name, Pos: f.Object.Pos}
		c.Object.Merge(f.Object)
	}
	c.Value = cloneValue(f.Value)
	return &c
}

// cloneValue copies lists, the only values ResolveRefs changes in place.
func cloneValue(v Value) Value {
	list, ok := v.(*List)
	if !ok {
		return v
	}
	c := *list
	c.Elems = make([]Value, len(list.Elems))
	for i, e := range list.Elems {
		c.Elems[i] = cloneValue(e)
	}
	return &c
}
