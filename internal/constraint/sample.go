package constraint

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// MaxSampleLength is the longest value Valid tries: a URL carries no
// longer path parameter in practice.
const MaxSampleLength = 8192

// sampleUUIDs are a UUID of each version 1 to 8 (RFC 9562 variant); each
// also meets "uuid".
var sampleUUIDs = func() []string {
	var out []string
	for v := 1; v <= 8; v++ {
		out = append(out, "123e4567-e89b-"+strconv.Itoa(v)+"2d3-a456-426614174000")
	}
	return out
}()

// Valid is a value that meets c, of at most MaxSampleLength characters;
// false when none does. The value is one of a finite set that holds a
// value of every kind c can tell apart: for a numeric constraint, numbers
// at, beside and between its bounds; else, for each length at, beside and
// between its bounds, a string of digits, of letters, and a UUID of each
// version at 36; and every oneof word. A value of any other kind meets
// no more of c's tags than one of these of its length (or number), so
// when none of them holds, no value does.
func (c *Constraint) Valid() (string, bool) {
	for _, v := range c.candidates() {
		if c.Holds(v) {
			return v, true
		}
	}
	return "", false
}

// Edges are the values at each edge of c, each of which may or may not
// meet it: Valid's value first, then each bound and its neighbours (a
// number, or a length filled with the class of the valid value), each
// oneof word and one outside, and a value of each other class (letters,
// digits, a decimal, a negative number, a number past int64, a UUID, a
// value with a dash).
func (c *Constraint) Edges() []string {
	valid, _ := c.Valid()
	fill := "a"
	if IsNumber(valid) {
		fill = "1"
	}
	var out []string
	for _, b := range c.bounds() {
		for _, n := range neighbours(b) {
			if c.numeric {
				out = append(out, formatNumber(n))
			} else if n >= 1 && n <= 256 {
				out = append(out, strings.Repeat(fill, int(n)))
			}
		}
	}
	for _, w := range c.words() {
		out = append(out, w, w+"x")
	}
	out = append(out, "abc", "7", "1.5", "-1", "9223372036854775808", sampleUUIDs[3], "a-1")
	slices.Sort(out)
	out = slices.Compact(out)
	out = slices.DeleteFunc(out, func(v string) bool { return v == valid || v == "" })
	if valid != "" {
		out = append([]string{valid}, out...)
	}
	return out
}

// bounds are the arguments of c's bounds tags.
func (c *Constraint) bounds() []float64 {
	var out []float64
	for _, term := range c.Terms {
		for _, t := range term {
			if t.op == opBound {
				out = append(out, t.bound)
			}
		}
	}
	return out
}

// words are the words of c's oneof tags.
func (c *Constraint) words() []string {
	var out []string
	for _, term := range c.Terms {
		for _, t := range term {
			out = append(out, t.words...)
		}
	}
	return out
}

// neighbours are the whole numbers at and beside b, and b's halves
// beside it.
func neighbours(b float64) []float64 {
	f, ce := math.Floor(b), math.Ceil(b)
	return []float64{f - 1, f, ce, ce + 1, b - 0.5, b + 0.5}
}

// candidates are the values Valid tries, in the order it prefers them.
func (c *Constraint) candidates() []string {
	var out []string
	points := []float64{7, 1, 42, 0}
	bounds := c.bounds()
	slices.Sort(bounds)
	for i, b := range bounds {
		points = append(points, neighbours(b)...)
		if i > 0 {
			points = append(points, (bounds[i-1]+b)/2, math.Floor((bounds[i-1]+b)/2))
		}
	}
	if len(bounds) > 0 {
		points = append(points, bounds[0]-2, bounds[len(bounds)-1]+2)
	}
	if c.numeric {
		for _, p := range points {
			out = append(out, formatNumber(p))
			if p >= 1e18 && p <= math.MaxInt64 {
				// The largest int64, which a float64 of its neighbourhood rounds to 2^63.
				out = append(out, strconv.FormatInt(math.MaxInt64, 10))
			}
		}
		return append(out, c.words()...)
	}
	out = append(out, c.words()...)
	lengths := []int{}
	for _, p := range append([]float64{3}, append(points, 36)...) {
		if p >= 1 && p <= MaxSampleLength && p == math.Trunc(p) {
			lengths = append(lengths, int(p))
		}
	}
	for _, n := range lengths {
		if n == 36 {
			out = append(out, sampleUUIDs...)
		}
		out = append(out, digits(n), strings.Repeat("a", n))
	}
	return out
}

// digits is a number of n digits that an int64 holds.
func digits(n int) string {
	if n <= 18 {
		return strings.Repeat("1", n)
	}
	return strings.Repeat("0", n-1) + "1"
}

// formatNumber writes n as a numeric constraint reads it: a whole number
// without a fraction, else a decimal.
func formatNumber(n float64) string {
	if n == math.Trunc(n) && math.Abs(n) < 1e18 {
		return strconv.FormatInt(int64(n), 10)
	}
	s := strconv.FormatFloat(n, 'f', -1, 64)
	if !IsNumeric(s) {
		return "0"
	}
	return s
}
