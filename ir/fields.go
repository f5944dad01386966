package ir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/parser"
)

// Typed access to an object's fields. Each getter reports a field of the
// wrong type as an error naming the expected type and returns ok=false, so
// that the caller falls back to the default and goes on checking the rest.

// checkKeys reports every key of obj that is not in allowed, with a
// did-you-mean suggestion.
func (b *builder) checkKeys(obj *parser.Object, what string, allowed []string) {
	for _, f := range obj.Fields {
		if slices.Contains(allowed, f.Key) {
			continue
		}
		// A file of many unknown keys is not a routes.conf: past a few, as
		// the compiler does, no more are reported (nor looked for spellings).
		if b.unknownKeys++; b.unknownKeys > maxUnknownKeys {
			if b.unknownKeys == maxUnknownKeys+1 {
				b.diags.Errorf(f.KeyPos, "too many unknown keys")
			}
			continue
		}
		if s := likelyName(f.Key, allowed); s != "" {
			b.misspelt[misspelling{obj, s}] = true
		}
		b.diags.Errorf(f.KeyPos, "%s", unknown(fmt.Sprintf("unknown key %q in %s", parser.Echo(f.Key), what), f.Key, allowed))
	}
}

// maxUnknownKeys is the most unknown keys reported.
const maxUnknownKeys = 50

// misspelling is a key of an object that an unknown key was taken for.
type misspelling struct {
	obj *parser.Object
	key string
}

// given reports whether obj has the key, perhaps with a wrong type or
// misspelt: a "missing key" error would then only repeat an earlier one.
func (b *builder) given(obj *parser.Object, keys ...string) bool {
	for _, k := range keys {
		if obj.Get(k) != nil || b.misspelt[misspelling{obj, k}] {
			return true
		}
	}
	return false
}

// value returns the field's value, or nil when it is absent or null. A
// section where a value belongs is an error.
func (b *builder) value(obj *parser.Object, key, want string) (*parser.Field, parser.Value) {
	f := obj.Get(key)
	if f == nil {
		return nil, nil
	}
	if f.Object != nil {
		b.diags.Errorf(f.KeyPos, "%q must be %s, found a section", key, want)
		return nil, nil
	}
	switch v := f.Value.(type) {
	case *parser.Null:
		return nil, nil
	case *parser.Env:
		b.diags.Errorf(v.ValuePos, "$%s: environment variables are allowed only in host and port (the routes are fixed when the code is generated)", v.Name)
		return nil, nil
	}
	return f, f.Value
}

func (b *builder) wrongType(key, want string, v parser.Value) {
	b.diags.Errorf(v.Pos(), "%q must be %s, found %s", key, want, article(v.TypeName()))
}

func article(typeName string) string {
	switch typeName[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + typeName
	}
	return "a " + typeName
}

// str returns a string field.
func (b *builder) str(obj *parser.Object, key string) (string, parser.Pos, bool) {
	_, v := b.value(obj, key, "a string")
	if v == nil {
		return "", parser.Pos{}, false
	}
	s, ok := v.(*parser.String)
	if !ok {
		b.wrongType(key, "a string", v)
		return "", parser.Pos{}, false
	}
	return s.Value, s.ValuePos, true
}

// boolean returns a boolean field, or def.
func (b *builder) boolean(obj *parser.Object, key string, def bool) bool {
	_, v := b.value(obj, key, "a boolean")
	if v == nil {
		return def
	}
	bv, ok := v.(*parser.Bool)
	if !ok {
		b.wrongType(key, "a boolean (true or false)", v)
		return def
	}
	return bv.Value
}

// strList returns a list of strings.
func (b *builder) strList(obj *parser.Object, key string) ([]string, parser.Pos, bool) {
	_, v := b.value(obj, key, "a list of strings")
	if v == nil {
		return nil, parser.Pos{}, false
	}
	list, ok := v.(*parser.List)
	if !ok {
		b.wrongType(key, "a list of strings", v)
		return nil, parser.Pos{}, false
	}
	out := make([]string, 0, len(list.Elems))
	for _, e := range list.Elems {
		s, ok := e.(*parser.String)
		if !ok {
			b.diags.Errorf(e.Pos(), "%q must be a list of strings, found %s in it", key, article(e.TypeName()))
			return nil, parser.Pos{}, false
		}
		out = append(out, s.Value)
	}
	return out, list.Lbrack, true
}

// section returns a field that must be a section.
func (b *builder) section(obj *parser.Object, key string) *parser.Object {
	f := obj.Get(key)
	if f == nil {
		return nil
	}
	if f.Object == nil {
		if _, isNull := f.Value.(*parser.Null); !isNull {
			b.diags.Errorf(f.KeyPos, "%q must be a section (%s { … }), found %s", key, key, article(f.Value.TypeName()))
		}
		return nil
	}
	return f.Object
}

// unknown completes the message about an unknown name with the likely
// intended one, or else with the list of the known ones.
func unknown(msg, name string, known []string) string {
	if s := likelyName(name, known); s != "" {
		return fmt.Sprintf("%s; did you mean %q?", msg, s)
	}
	return fmt.Sprintf("%s (known: %s)", msg, strings.Join(known, ", "))
}

// likelyName returns the candidate closest to s when it is close enough to be a
// likely typo: one edit away, two for a name of five bytes or more.
func likelyName(s string, candidates []string) string {
	limit := 1
	if len(s) >= 5 {
		limit = 2
	}
	return suggest.Closest(s, candidates, limit)
}
