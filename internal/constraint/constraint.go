package constraint

import (
	"errors"
	"strconv"
	"strings"
)

// Constraint is a path parameter's constraint as routes.conf writes it
// between brackets ("number", "min=3,max=20", "uuid4|oneof=me"): every term
// (",") must hold, and a term holds when any of its tags ("|") does.
// Route.Constraints carries the text; Parse reads it when a value
// must be checked off the hot path: in URL builders and error replies.
type Constraint struct {
	Text  string
	Terms [][]Tag

	numeric bool // Numeric, worked out once
	single  *Tag // the only tag of a one-tag constraint, the most common
}

// Tag is one validator tag of a constraint, such as "uuid" or "max=20".
type Tag struct {
	Name string
	Arg  string // after "=", trimmed; "" when the tag takes none

	// What the tag does, worked out once for the request path.
	op      tagOp
	boundOp BoundOp
	bound   float64  // of the bounds tags
	words   []string // of oneof
}

// tagOp is what a tag checks.
type tagOp uint8

const (
	opRequired tagOp = iota
	opNumber
	opNumeric
	opAlpha
	opAlphanum
	opUUID // bound holds the version, 0 for any
	opOneOf
	opBound // bound and boundOp
)

// Parse reads a constraint's text. It accepts only what
// routegen's generator accepted, so the text of a generated route never
// fails here.
func Parse(text string) (*Constraint, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, errors.New("empty constraint")
	}
	c := &Constraint{Text: text}
	for termText := range strings.SplitSeq(text, ",") {
		var term []Tag
		for tagText := range strings.SplitSeq(termText, "|") {
			name, arg, hasArg := strings.Cut(strings.TrimSpace(tagText), "=")
			tag := Tag{Name: strings.TrimSpace(name), Arg: strings.TrimSpace(arg)}
			if err := tag.valid(hasArg); err != nil {
				return nil, err
			}
			tag.compile()
			term = append(term, tag)
		}
		c.Terms = append(c.Terms, term)
	}
	c.numeric = c.Numeric()
	if len(c.Terms) == 1 && len(c.Terms[0]) == 1 {
		c.single = &c.Terms[0][0]
	}
	return c, nil
}

// Tags lists every tag a constraint may use, with "=" after those
// that take a value.
var Tags = []string{
	"required", "number", "numeric", "alpha", "alphanum",
	"uuid", "uuid3", "uuid4", "uuid5", "oneof=",
	"len=", "min=", "max=", "gt=", "gte=", "lt=", "lte=",
}

// tagArgs says what each tag takes after "=": nothing, a number, or words.
var tagArgs = func() map[string]byte {
	args := map[string]byte{}
	for _, t := range Tags {
		name, takesArg := strings.CutSuffix(t, "=")
		switch {
		case !takesArg:
			args[name] = 0
		case name == "oneof":
			args[name] = 'w'
		default:
			args[name] = 'n'
		}
	}
	return args
}()

func (t Tag) valid(hasArg bool) error {
	if t.Name == "" {
		return errors.New("empty tag in constraint")
	}
	want, ok := tagArgs[t.Name]
	switch {
	case !ok:
		return errors.New("unsupported constraint tag " + strconv.Quote(t.Name) + " (supported: " + strings.Join(Tags, ", ") + ")")
	case want == 0 && hasArg:
		return errors.New("constraint tag " + strconv.Quote(t.Name) + " takes no value")
	case want != 0 && t.Arg == "":
		return errors.New("constraint tag " + strconv.Quote(t.Name) + " needs a value (" + t.Name + "=…)")
	case want == 'n':
		if _, err := strconv.ParseFloat(t.Arg, 64); err != nil {
			return errors.New("constraint tag " + strconv.Quote(t.Name) + " needs a number, found " + strconv.Quote(t.Arg))
		}
	}
	return nil
}

// compile works out what a valid tag does.
func (t *Tag) compile() {
	switch t.Name {
	case "required":
		t.op = opRequired
	case "number":
		t.op = opNumber
	case "numeric":
		t.op = opNumeric
	case "alpha":
		t.op = opAlpha
	case "alphanum":
		t.op = opAlphanum
	case "uuid", "uuid3", "uuid4", "uuid5":
		version, _ := strconv.Atoi(strings.TrimPrefix(t.Name, "uuid"))
		t.op, t.bound = opUUID, float64(version)
	case "oneof":
		t.op, t.words = opOneOf, strings.Fields(t.Arg)
	default:
		t.op, t.boundOp = opBound, boundOps[t.Name]
		t.bound, _ = strconv.ParseFloat(t.Arg, 64)
	}
}

// Numeric reports whether the value must be a number, which makes the bounds
// tags (min, max, gt…) compare values instead of lengths.
func (c *Constraint) Numeric() bool {
	for _, term := range c.Terms {
		if len(term) == 1 && (term[0].Name == "number" || term[0].Name == "numeric") {
			return true
		}
	}
	return false
}

// IsInteger reports whether the value must be all digits, which gives the
// parameter an integer type.
func (c *Constraint) IsInteger() bool {
	for _, term := range c.Terms {
		if len(term) == 1 && term[0].Name == "number" {
			return true
		}
	}
	return false
}

// Holds reports whether an unescaped value meets the constraint. A Lookup
// checks the parameters of the route it found with it.
func (c *Constraint) Holds(value string) bool {
	if c.single != nil {
		return c.single.holds(value, c.numeric)
	}
	for _, term := range c.Terms {
		if !termHolds(term, value, c.numeric) {
			return false
		}
	}
	return true
}

// Check reports why an unescaped value fails the constraint, as a reason
// such as `"abc" is not a number`, or nil when it meets it.
func (c *Constraint) Check(value string) error {
	numeric := c.numeric
	for _, term := range c.Terms {
		if !termHolds(term, value, numeric) {
			return errors.New(strconv.Quote(value) + " " + termReason(term, value, numeric))
		}
	}
	return nil
}

func termHolds(term []Tag, v string, numeric bool) bool {
	for i := range term {
		if term[i].holds(v, numeric) {
			return true
		}
	}
	return false
}

// holds applies one tag; the bounds compare the value as a number when the
// parameter must be one, else its length in characters.
func (t *Tag) holds(v string, numeric bool) bool {
	switch t.op {
	case opRequired:
		return v != ""
	case opNumber:
		return IsInt64(v)
	case opNumeric:
		return IsNumeric(v)
	case opAlpha:
		return IsAlpha(v)
	case opAlphanum:
		return IsAlphanum(v)
	case opUUID:
		return IsUUID(v, int(t.bound))
	case opOneOf:
		return IsOneOf(v, t.words...)
	}
	return CheckBound(v, numeric, t.boundOp, t.bound)
}

var boundOps = map[string]BoundOp{
	"len": BoundLen, "min": BoundMin, "max": BoundMax,
	"gt": BoundGT, "gte": BoundGTE, "lt": BoundLT, "lte": BoundLTE,
}

// termReason says what a value failing every tag of term is not.
func termReason(term []Tag, v string, numeric bool) string {
	if len(term) == 1 {
		return term[0].reason(v, numeric)
	}
	alternatives := make([]string, len(term))
	for i, tag := range term {
		alternatives[i] = tag.Name
		if tag.Arg != "" {
			alternatives[i] += "=" + tag.Arg
		}
	}
	return "meets none of " + strings.Join(alternatives, " | ")
}

func (t Tag) reason(v string, numeric bool) string {
	switch t.Name {
	case "required":
		return "is empty"
	case "number":
		if IsNumber(v) {
			return "is out of the range of a 64-bit integer"
		}
		return "is not a number"
	case "numeric":
		return "is not a decimal number"
	case "alpha":
		return "is not only ASCII letters"
	case "alphanum":
		return "is not only ASCII letters and digits"
	case "uuid":
		return "is not a UUID"
	case "uuid3", "uuid4", "uuid5":
		return "is not a version " + t.Name[4:] + " UUID"
	case "oneof":
		return "is not one of " + strings.Join(strings.Fields(t.Arg), ", ")
	}
	if numeric && !IsNumeric(v) {
		return "is not a number"
	}
	if numeric {
		return map[string]string{
			"len": "is not " + t.Arg, "min": "is less than " + t.Arg, "gte": "is less than " + t.Arg,
			"max": "is more than " + t.Arg, "lte": "is more than " + t.Arg,
			"gt": "is not more than " + t.Arg, "lt": "is not less than " + t.Arg,
		}[t.Name]
	}
	return map[string]string{
		"len": "is not " + t.Arg + " characters long", "min": "is shorter than " + t.Arg + " characters",
		"gte": "is shorter than " + t.Arg + " characters", "max": "is longer than " + t.Arg + " characters",
		"lte": "is longer than " + t.Arg + " characters", "gt": "is not longer than " + t.Arg + " characters",
		"lt": "is not shorter than " + t.Arg + " characters",
	}[t.Name]
}
