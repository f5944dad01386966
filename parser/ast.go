package parser

// File is one parsed source file.
type File struct {
	Name string   // as given to Parse
	Root *Section // the file's top-level statements; Root.Name is ""
}

// Section is `name { … }`, or the top level of a file.
type Section struct {
	Name    string
	NamePos Pos
	Lbrace  Pos // position of "{"; invalid for a file's root
	Rbrace  Pos // position of "}"; invalid for a file's root
	Items   []Item

	Doc         []Comment // comment lines directly above the section
	LineComment *Comment  // comment after "{" on the same line
	EndComments []Comment // comment lines after the last item, before "}"
	EndComment  *Comment  // comment after "}" on the same line
}

// Item is a statement inside a section: *Assign, *Section or *Include.
type Item interface {
	Pos() Pos
	item()
}

// Assign is `key = value`.
type Assign struct {
	Key    string
	KeyPos Pos
	Value  Value

	Doc         []Comment
	LineComment *Comment // comment after the value (or after its ";") on the same line
}

// Include is `include "glob"`. Load fills Files with the parsed files the
// glob matched, in name order; files read before (cycles, repeats) are left out.
type Include struct {
	IncludePos Pos
	Pattern    *String
	Files      []*File

	Doc         []Comment
	LineComment *Comment
}

// Comment is one `# …` comment; Text includes the "#".
type Comment struct {
	Pos  Pos
	Text string
}

func (s *Section) Pos() Pos { return s.NamePos }
func (a *Assign) Pos() Pos  { return a.KeyPos }
func (i *Include) Pos() Pos { return i.IncludePos }

func (*Section) item() {}
func (*Assign) item()  {}
func (*Include) item() {}

// Value is the right-hand side of an assignment or an element of a list:
// *String, *Int, *Float, *Bool, *Null, *List, *Ref or *Env.
type Value interface {
	Pos() Pos
	// TypeName names the value's type in messages: "string", "integer", …
	TypeName() string
}

// String is a quoted string, escapes removed.
type String struct {
	ValuePos Pos
	Value    string
	Quote    byte   // '"' or '\''
	Raw      string // the source text between the quotes, escapes kept
}

// PosOf returns the position of the byte of Value at index i, counting the
// escapes and line breaks of the source text. Without Raw (a String made
// by code), the value is taken to be written as is on one line.
func (s *String) PosOf(i int) Pos {
	pos := s.ValuePos
	pos.Col++ // the opening quote
	if s.Raw == "" {
		pos.Col += i
		return pos
	}
	for r, v := 0, 0; r < len(s.Raw) && v < i; r, v = r+1, v+1 {
		switch c := s.Raw[r]; {
		case c == '\\' && r+1 < len(s.Raw) && (s.Raw[r+1] == '\\' || s.Raw[r+1] == s.Quote):
			r++
			pos.Col++
		case c == '\r' && r+1 < len(s.Raw) && s.Raw[r+1] == '\n':
			r++
		}
		if s.Raw[r] == '\n' {
			pos.Line++
			pos.Col = 1
			continue
		}
		pos.Col++
	}
	return pos
}

// Int is an integer literal.
type Int struct {
	ValuePos Pos
	Value    int64
	Text     string
}

// Float is a literal with a decimal point.
type Float struct {
	ValuePos Pos
	Value    float64
	Text     string
}

// Bool is true or false, in any case.
type Bool struct {
	ValuePos Pos
	Value    bool
}

// Null is null, in any case.
type Null struct {
	ValuePos Pos
}

// List is `[ v, v, … ]`.
type List struct {
	Lbrack Pos
	Rbrack Pos
	Elems  []Value
}

// Ref is an unquoted dotted name used as a value: a reference to another key.
type Ref struct {
	ValuePos Pos
	Name     string
}

// Env is `$NAME`, `${NAME}` or `${NAME:-default}`: a value read from the
// environment, with the default of a shell when it is unset or empty.
type Env struct {
	ValuePos   Pos
	Name       string
	Default    string
	HasDefault bool
}

// Ref is the reference as generated code carries it: "NAME", or
// "NAME:-default" with a default.
func (v *Env) Ref() string {
	if v.HasDefault {
		return v.Name + ":-" + v.Default
	}
	return v.Name
}

func (v *String) Pos() Pos { return v.ValuePos }
func (v *Int) Pos() Pos    { return v.ValuePos }
func (v *Float) Pos() Pos  { return v.ValuePos }
func (v *Bool) Pos() Pos   { return v.ValuePos }
func (v *Null) Pos() Pos   { return v.ValuePos }
func (v *List) Pos() Pos   { return v.Lbrack }
func (v *Ref) Pos() Pos    { return v.ValuePos }
func (v *Env) Pos() Pos    { return v.ValuePos }

func (*String) TypeName() string { return "string" }
func (*Int) TypeName() string    { return "integer" }
func (*Float) TypeName() string  { return "float" }
func (*Bool) TypeName() string   { return "boolean" }
func (*Null) TypeName() string   { return "null" }
func (*List) TypeName() string   { return "list" }
func (*Ref) TypeName() string    { return "reference" }
func (*Env) TypeName() string    { return "environment variable" }
