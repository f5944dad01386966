package ir

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/runtime"
)

// Constraint is a parameter's validator-style tag list: every term must hold
// (`,`), and a term holds when any of its tags does (`|`).
type Constraint struct {
	Text  string  // as written, trimmed
	Terms [][]Tag // and of ors
}

// Tag is one validator tag, such as `uuid` or `max=20`.
type Tag struct {
	Name string
	Arg  string // after "=", trimmed; "" when the tag takes none
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
	for _, t := range runtime.ConstraintTags {
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

var supportedTagList = strings.Join(runtime.ConstraintTags, ", ")

// ParseConstraint parses the text between a parameter's brackets.
func ParseConstraint(text string) (*Constraint, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, fmt.Errorf("empty constraint")
	}
	c := &Constraint{Text: text}
	for _, termText := range strings.Split(text, ",") {
		var term []Tag
		for _, tagText := range strings.Split(termText, "|") {
			tag, err := parseTag(strings.TrimSpace(tagText))
			if err != nil {
				return nil, err
			}
			term = append(term, tag)
		}
		c.Terms = append(c.Terms, term)
	}
	return c, nil
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
		if s := suggest(tag.Name, slices.Sorted(maps.Keys(supportedTags))); s != "" {
			return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("unsupported constraint tag %q; did you mean %q?", tag.Name, s)}
		}
		return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("unsupported constraint tag %q (supported: %s)", tag.Name, supportedTagList)}
	}
	switch {
	case want == argNone && hasArg:
		return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag %q takes no value", tag.Name)}
	case want != argNone && tag.Arg == "":
		return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag %q needs a value (%s=…)", tag.Name, tag.Name)}
	case want == argNumber:
		if _, err := strconv.ParseFloat(tag.Arg, 64); err != nil {
			return Tag{}, &TagError{Tag: tag.Name, msg: fmt.Sprintf("constraint tag %q needs a number, found %q", tag.Name, tag.Arg)}
		}
	}
	return tag, nil
}
