package parser

import "strings"

// ResolveRefs replaces every reference in root's values (list elements
// included) with the value it names: the key at that dotted path from root
// or, when root has none, from each fallback in turn. A reference to a
// reference is followed. The replacement is the named Value itself, so it
// keeps its position. Lists that references reach are resolved in place,
// wherever they are (in a fallback too). A reference that cannot be
// resolved is reported and left in place.
func ResolveRefs(root *Object, fallbacks ...*Object) Diagnostics {
	r := &resolver{
		scopes:  append([]*Object{root}, fallbacks...),
		onStack: map[*Field]int{},
		done:    map[*Field]bool{},
		keys:    map[*Object]map[string]*Field{},
	}
	r.resolveObject(root, "")
	r.diags.Sort()
	return r.diags
}

type resolver struct {
	scopes  []*Object
	stack   []string       // paths of the fields being resolved, outermost first, to report cycles
	onStack map[*Field]int // index in stack of the fields being resolved
	done    map[*Field]bool
	keys    map[*Object]map[string]*Field // the fields of each object looked in, by key
	diags   Diagnostics
	errors  int
}

// errorf reports an error, up to maxErrors of them, as Parse does: a file
// of many bad references is not a configuration.
func (r *resolver) errorf(pos Pos, format string, args ...any) {
	if r.errors++; r.errors <= maxErrors {
		r.diags.Errorf(pos, format, args...)
	} else if r.errors == maxErrors+1 {
		r.diags.Errorf(pos, "too many errors")
	}
}

// resolveObject resolves the fields of obj, whose keys' paths start with prefix.
func (r *resolver) resolveObject(obj *Object, prefix string) {
	for _, f := range obj.Fields {
		if f.Object != nil {
			r.resolveObject(f.Object, prefix+f.Key+".")
			continue
		}
		r.resolveField(f, prefix+f.Key)
	}
}

// resolveField resolves the value of f, whose path is name, once.
func (r *resolver) resolveField(f *Field, name string) {
	if r.done[f] {
		return
	}
	r.onStack[f] = len(r.stack)
	r.stack = append(r.stack, name)
	f.Value = r.resolveValue(f.Value)
	r.stack = r.stack[:len(r.stack)-1]
	delete(r.onStack, f)
	r.done[f] = true
}

func (r *resolver) resolveValue(v Value) Value {
	switch v := v.(type) {
	case *Ref:
		return r.resolveRef(v)
	case *List:
		for i, elem := range v.Elems {
			v.Elems[i] = r.resolveValue(elem)
		}
	}
	return v
}

// resolveRef returns the value ref names, or ref when it names none.
func (r *resolver) resolveRef(ref *Ref) Value {
	f := r.lookup(ref.Name)
	switch {
	case f == nil && !strings.Contains(ref.Name, "."):
		// A bare word is most often text left unquoted: action = About.
		// Neither it nor a dotted reference is echoed: in a file that is
		// not a configuration (an included .env) it is a value, perhaps a
		// secret (a JWT is words and dots).
		r.errorf(ref.ValuePos, "this bare word is a reference to a key, and no key has its name; quote it to write text")
		return ref
	case f == nil:
		r.errorf(ref.ValuePos, "this reference, a path of keys, names no key")
		return ref
	case f.Object != nil:
		r.errorf(ref.ValuePos, "reference %q names a section, not a value", ref.Name)
		return ref
	}
	if i, ok := r.onStack[f]; ok {
		cycle := append(r.stack[i:len(r.stack):len(r.stack)], ref.Name)
		r.errorf(ref.ValuePos, "reference cycle: %s", strings.Join(cycle, " -> "))
		return ref
	}
	r.resolveField(f, ref.Name)
	if _, failed := f.Value.(*Ref); failed {
		return ref // reported while resolving f
	}
	return f.Value
}

// lookup finds the field a reference names, as Object.Lookup does but
// through an index of each object's keys: a file of many references to
// one key costs a map read each, not a scan of the fields.
func (r *resolver) lookup(name string) *Field {
	for _, scope := range r.scopes {
		if f := r.lookupIn(scope, name); f != nil {
			return f
		}
	}
	return nil
}

func (r *resolver) lookupIn(obj *Object, dotted string) *Field {
	var field *Field
	for key := range strings.SplitSeq(dotted, ".") {
		if obj == nil {
			return nil // field is a value, not a section
		}
		index := r.keys[obj]
		if index == nil {
			index = make(map[string]*Field, len(obj.Fields))
			for _, f := range obj.Fields {
				if _, seen := index[f.Key]; !seen { // the first, as Object.Get
					index[f.Key] = f
				}
			}
			r.keys[obj] = index
		}
		if field = index[key]; field == nil {
			return nil
		}
		obj = field.Object
	}
	return field
}
