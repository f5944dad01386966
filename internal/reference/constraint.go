package reference

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/routegen/routegen/ir"
)

// meetsAll reports whether every parameter of r meets its constraint.
func meetsAll(r *ir.Route, params []Param) bool {
	for i, p := range r.ParamSpecs {
		if p.Constraint != nil && !Meets(p.Constraint, params[i].Value) {
			return false
		}
	}
	return true
}

// Meets reports whether an unescaped value meets a constraint: every term
// (","), each holding when one of its tags ("|") does.
func Meets(c *ir.Constraint, v string) bool {
	numeric := slices.ContainsFunc(c.Terms, func(term []ir.Tag) bool {
		return len(term) == 1 && (term[0].Name == "number" || term[0].Name == "numeric")
	})
	for _, term := range c.Terms {
		if !slices.ContainsFunc(term, func(tag ir.Tag) bool { return holds(tag, v, numeric) }) {
			return false
		}
	}
	return true
}

// holds applies one tag. The bounds compare the value as a number when the
// parameter must be one, else its length in characters.
func holds(tag ir.Tag, v string, numeric bool) bool {
	switch tag.Name {
	case "required":
		return v != ""
	case "number":
		return isDigits(v) && fitsInt64(v)
	case "numeric":
		return isDecimal(v)
	case "alpha":
		return v != "" && strings.Trim(v, letters) == ""
	case "alphanum":
		return v != "" && strings.Trim(v, letters+digits) == ""
	case "uuid", "uuid3", "uuid4", "uuid5":
		return isUUID(v, strings.TrimPrefix(tag.Name, "uuid"))
	case "oneof":
		return slices.Contains(strings.Fields(tag.Arg), v)
	}
	bound, _ := strconv.ParseFloat(tag.Arg, 64)
	x := float64(utf8.RuneCountInString(v))
	if numeric {
		if !isDecimal(v) {
			return false
		}
		x, _ = strconv.ParseFloat(v, 64) // out of range is ±Inf, which compares
	}
	switch tag.Name {
	case "len":
		return x == bound
	case "min", "gte":
		return x >= bound
	case "max", "lte":
		return x <= bound
	case "gt":
		return x > bound
	case "lt":
		return x < bound
	}
	return false
}

const (
	letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digits  = "0123456789"
	hex     = digits + "abcdefABCDEF"
)

func isDigits(s string) bool { return s != "" && strings.Trim(s, digits) == "" }

// isDecimal accepts an optional sign, digits, and a fraction after a dot.
func isDecimal(s string) bool {
	if strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
		s = s[1:]
	}
	whole, frac, dot := strings.Cut(s, ".")
	return isDigits(whole) && (!dot || isDigits(frac))
}

// isUUID accepts the 8-4-4-4-12 hex form; a version also needs its digit
// and the RFC 9562 variant.
func isUUID(s, version string) bool {
	parts := strings.Split(s, "-")
	if len(parts) != 5 {
		return false
	}
	for i, n := range []int{8, 4, 4, 4, 12} {
		if len(parts[i]) != n || strings.Trim(parts[i], hex) != "" {
			return false
		}
	}
	return version == "" || parts[2][0] == version[0] && strings.ContainsRune("89abAB", rune(parts[3][0]))
}

// fitsInt64 reports whether digits, a number parameter's value, is at most
// the largest int64, compared as text: without its leading zeros, fewer
// digits, or as many and not greater.
func fitsInt64(digits string) bool {
	const largest = "9223372036854775807"
	digits = strings.TrimLeft(digits, "0")
	return len(digits) < len(largest) || len(digits) == len(largest) && digits <= largest
}
