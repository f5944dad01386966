package ir

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/parser"
)

// Constraint is a parameter's validator-style tag list: every term must hold
// (`,`), and a term holds when any of its tags does (`|`). Its methods are
// the runtime's, which checks the generated code's requests with the same
// text: what routes.conf accepts and what the router checks are one
// definition.
type Constraint struct {
	Text  string  // between the brackets, trimmed
	Terms [][]Tag // the terms, each its tags

	runtime *constraint.Constraint
}

// Tag is one validator tag, such as `uuid` or `max=20`.
type Tag struct {
	Name string
	Arg  string // after "=", trimmed; "" when the tag takes none
}

// Numeric reports whether the value must be a number, which makes the
// bounds tags (min, max, gt…) compare values instead of lengths.
func (c *Constraint) Numeric() bool { return c.runtime.Numeric() }

// IsInteger reports whether the value must be all digits, which gives the
// parameter an integer type.
func (c *Constraint) IsInteger() bool { return c.runtime.IsInteger() }

// Check reports why an unescaped value fails the constraint, as a reason
// such as `"abc" is not a number`, or nil when it meets it.
func (c *Constraint) Check(value string) error { return c.runtime.Check(value) }

// Valid returns a value that meets the constraint, and true; ParseConstraint
// refuses a constraint no value meets.
func (c *Constraint) Valid() (string, bool) { return c.runtime.Valid() }

// Edges are the values at each edge of c, each of which may or may not
// meet it: Valid's value first, then each bound and its neighbours, each
// oneof word and one outside, and a value of each other class.
func (c *Constraint) Edges() []string { return c.runtime.Edges() }

type tagArg uint8

const (
	argNone   tagArg = iota
	argNumber        // a decimal number
	argWords         // one or more space-separated words
)

// supportedTags lists every tag and the argument it takes, from the
// runtime's list: the generated code is checked by the runtime, which must
// know every tag routes.conf may use.
var supportedTags = func() map[string]tagArg {
	tags := map[string]tagArg{}
	for _, t := range constraint.Tags {
		name, takesArg := strings.CutSuffix(t, "=")
		switch {
		case !takesArg:
			tags[name] = argNone
		case name == "oneof":
			tags[name] = argWords
		default:
			tags[name] = argNumber
		}
	}
	return tags
}()

// otherRoutersTags are the names other routers give a constraint that a
// tag of routegen states (ASP.NET's int and guid, Fiber's int and bool…),
// by the tag to write instead.
var otherRoutersTags = map[string]string{
	"int": "number", "integer": "number", "long": "number", "int64": "number", "digits": "number",
	"guid": "uuid", "alphanumeric": "alphanum",
}

var supportedTagList = strings.Join(constraint.Tags, ", ")

// ParseConstraint parses the text between a parameter's brackets. It
// reports what is wrong in the terms of routes.conf, then leaves the
// parsing to the runtime, which accepts the same texts.
func ParseConstraint(text string) (*Constraint, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, fmt.Errorf("empty constraint")
	}
	var bounds boundsInterval
	for _, termText := range strings.Split(text, ",") {
		tags := strings.Split(termText, "|")
		for _, tagText := range tags {
			tag, err := parseTag(strings.TrimSpace(tagText))
			if err != nil {
				return nil, err
			}
			if len(tags) == 1 {
				if err := bounds.narrow(tag); err != nil {
					return nil, err
				}
			}
		}
	}
	c, err := constraint.Parse(text)
	if err != nil {
		return nil, err
	}
	if _, ok := c.Valid(); !ok {
		return nil, fmt.Errorf("no value of at most %d characters meets every term of the constraint: every request gets 400", constraint.MaxSampleLength)
	}
	terms := make([][]Tag, len(c.Terms))
	for i, term := range c.Terms {
		for _, t := range term {
			terms[i] = append(terms[i], Tag{Name: t.Name, Arg: t.Arg})
		}
	}
	return &Constraint{Text: c.Text, Terms: terms, runtime: c}, nil
}

// boundsInterval is what the bounds tags of a constraint's terms of one tag
// leave of the values (numbers, or lengths): a constraint whose bounds
// leave nothing, such as "min=5,max=1", fails every request with a 400.
type boundsInterval struct {
	lower, upper          Tag // the tags that set the bounds so far
	low, high             float64
	lowStrict, highStrict bool
	hasLow, hasHigh       bool
}

func (b *boundsInterval) narrow(tag Tag) error {
	x, err := strconv.ParseFloat(tag.Arg, 64)
	if err != nil {
		return nil // not a bound
	}
	raise := func(strict bool) {
		if !b.hasLow || x > b.low || x == b.low && strict {
			b.lower, b.low, b.lowStrict, b.hasLow = tag, x, strict, true
		}
	}
	lower := func(strict bool) {
		if !b.hasHigh || x < b.high || x == b.high && strict {
			b.upper, b.high, b.highStrict, b.hasHigh = tag, x, strict, true
		}
	}
	switch tag.Name {
	case "min", "gte":
		raise(false)
	case "gt":
		raise(true)
	case "max", "lte":
		lower(false)
	case "lt":
		lower(true)
	case "len":
		raise(false)
		lower(false)
	default:
		return nil
	}
	if b.hasLow && b.hasHigh && (b.low > b.high || b.low == b.high && (b.lowStrict || b.highStrict)) {
		other := b.lower
		if other.Name == tag.Name && other.Arg == tag.Arg {
			other = b.upper
		}
		return &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag \"%s=%s\" contradicts \"%s=%s\": no value passes both", tag.Name, tag.Arg, other.Name, other.Arg)}
	}
	return nil
}

// TagError is an error in a constraint that concerns one of its tags, so
// that the message can point at the tag.
type TagError struct {
	Tag string // the tag's name, as written
	msg string
}

func (e *TagError) Error() string { return e.msg }

func parseTag(text string) (Tag, error) {
	if text == "" {
		return Tag{}, fmt.Errorf("empty tag in constraint")
	}
	name, arg, hasArg := strings.Cut(text, "=")
	tag := Tag{Name: strings.TrimSpace(name), Arg: strings.TrimSpace(arg)}
	want, ok := supportedTags[tag.Name]
	if !ok {
		if s, ok := otherRoutersTags[strings.ToLower(tag.Name)]; ok {
			return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("unsupported constraint tag %q; did you mean %q?", tag.Name, s)}
		}
		if s := likelyName(tag.Name, slices.Sorted(maps.Keys(supportedTags))); s != "" {
			return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("unsupported constraint tag %q; did you mean %q?", parser.Echo(tag.Name), s)}
		}
		return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("unsupported constraint tag %q (supported: %s)", parser.Echo(tag.Name), supportedTagList)}
	}
	switch {
	case want == argNone && hasArg:
		return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag %q takes no value", parser.Echo(tag.Name))}
	case want != argNone && tag.Arg == "":
		return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag %q needs a value (%s=…)", parser.Echo(tag.Name), parser.Echo(tag.Name))}
	case want == argNumber:
		if _, err := strconv.ParseFloat(tag.Arg, 64); err != nil {
			return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag %q needs a number, found %q", parser.Echo(tag.Name), parser.Echo(tag.Arg))}
		}
	}
	return tag, nil
}
