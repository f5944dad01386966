package ir

import (
	"fmt"
	"slices"
	"strings"

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
		if s := suggest(f.Key, allowed); s != "" {
			b.misspelt[misspelling{obj, s}] = true
		}
		b.diags.Errorf(f.KeyPos, "%s", unknown(fmt.Sprintf("unknown key %q in %s", f.Key, what), f.Key, allowed))
	}
}

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
	if s := suggest(name, known); s != "" {
		return fmt.Sprintf("%s; did you mean %q?", msg, s)
	}
	return fmt.Sprintf("%s (known: %s)", msg, strings.Join(known, ", "))
}

// suggest returns the candidate closest to s when it is close enough to be a
// likely typo.
func suggest(s string, candidates []string) string {
	limit := 1
	if len(s) >= 5 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := editDistance(strings.ToLower(s), strings.ToLower(c)); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
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
