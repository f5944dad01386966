package ir_test

import (
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/routegen/routegen/ir"
)

// sizeFactors are the unit factors of ParseSize, 1024-based, as docs/reference.md
// documents them.
var sizeFactors = map[string]float64{"b": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}

// FuzzParseSize checks that ParseSize never panics, never gives a negative
// size, ignores case and surrounding space, and that a number with a unit
// is the number times the unit's factor.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"5mb", "1.5GiB", "0", "500b", "64KB", " 1 kb ", "2t", "8589934591.99gb", "9999999999tb", "1e3", "..", "-1", "", "1.2.3mb", "kb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ir.ParseSize(s)
		if err != nil {
			return
		}
		if n < 0 {
			t.Fatalf("ParseSize(%q) = %d", s, n)
		}
		for _, variant := range []string{strings.ToUpper(s), strings.ToLower(s), " " + s + "\t"} {
			if m, err := ir.ParseSize(variant); err != nil || m != n {
				t.Errorf("ParseSize(%q) = %d, %v; ParseSize(%q) = %d", variant, m, err, s, n)
			}
		}
		number, unit := splitSize(s)
		f, err := strconv.ParseFloat(number, 64)
		if err != nil {
			t.Fatalf("ParseSize(%q) = %d, but %q is not a number", s, n, number)
		}
		factor, ok := sizeFactors[strings.TrimSuffix(strings.TrimSuffix(unit, "b"), "i")]
		if unit == "b" || unit == "" {
			factor, ok = 1, true
		}
		if !ok || f*factor >= math.MaxInt64 || n != int64(f*factor) {
			t.Errorf("ParseSize(%q) = %d, want %v × %v", s, n, f, factor)
		}
		if n == 0 && f != 0 {
			t.Errorf("ParseSize(%q) = 0, which means no limit, for a size that is not 0", s)
		}
	})
}

// splitSize splits a size into its number and lower-case unit.
func splitSize(s string) (number, unit string) {
	s = strings.ToLower(strings.TrimSpace(s))
	i := strings.IndexFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimSpace(s[i:])
}

// FuzzParseMaxAge checks that ParseMaxAge never panics, gives whole
// seconds that are never negative, and reads back what it gives, written
// as seconds or as a duration.
func FuzzParseMaxAge(f *testing.F) {
	for _, s := range []string{"24h", "90m", "600", " 600 ", "1.5s", "0", "-1", "-0", "1h30m", "2562047h", "9223372036854775807", "abc", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ir.ParseMaxAge(s)
		if err != nil {
			return
		}
		if n < 0 {
			t.Fatalf("ParseMaxAge(%q) = %d", s, n)
		}
		if whole, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil && whole != n {
			t.Errorf("ParseMaxAge(%q) = %d, want the number itself", s, n)
		}
		if m, err := ir.ParseMaxAge(strconv.FormatInt(n, 10)); err != nil || m != n {
			t.Errorf("ParseMaxAge(%d) = %d, %v after ParseMaxAge(%q)", n, m, err, s)
		}
		if n <= math.MaxInt64/int64(time.Second) {
			d := (time.Duration(n) * time.Second).String()
			if m, err := ir.ParseMaxAge(d); err != nil || m != n {
				t.Errorf("ParseMaxAge(%q) = %d, %v after ParseMaxAge(%q) = %d", d, m, err, s, n)
			}
		}
	})
}

// FuzzParseConstraint checks that ParseConstraint never panics, that what
// it accepts is terms of tags written back the same way, and that a
// number parameter is numeric.
func FuzzParseConstraint(f *testing.F) {
	for _, s := range []string{"number", "required,number|uuid", "oneof=a b  c", "min=1, max=20", "len=2|alpha", " uuid4 ", "max=x", "oneof=", ",", "a|", "number=1", "gt=1e3,lt=0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ir.ParseConstraint(s)
		if err != nil {
			return
		}
		if c.Text != strings.TrimSpace(s) || len(c.Terms) == 0 {
			t.Fatalf("ParseConstraint(%q) = %+v", s, c)
		}
		var terms []string
		for _, term := range c.Terms {
			var tags []string
			for _, tag := range term {
				if tag.Name == "" || tag.Name != strings.TrimSpace(tag.Name) || tag.Arg != strings.TrimSpace(tag.Arg) {
					t.Fatalf("ParseConstraint(%q): tag %+v is not trimmed", s, tag)
				}
				text := tag.Name
				if tag.Arg != "" {
					text += "=" + tag.Arg
				}
				tags = append(tags, text)
			}
			terms = append(terms, strings.Join(tags, "|"))
		}
		written := strings.Join(terms, ",")
		again, err := ir.ParseConstraint(written)
		if err != nil || !reflect.DeepEqual(again.Terms, c.Terms) {
			t.Errorf("ParseConstraint(%q) = %+v, but %q written back parses to %+v, %v", s, c.Terms, written, again, err)
		}
		if c.IsInteger() && !c.Numeric() {
			t.Errorf("ParseConstraint(%q): an integer that is not numeric", s)
		}
	})
}
