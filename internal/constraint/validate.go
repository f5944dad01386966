package constraint

import (
	"strconv"
	"unicode/utf8"
)

// The checks below back the constraints routes.conf puts on parameters, in
// the manner of validator tags. They look at ASCII only: a non-ASCII digit
// or letter never passes.

// IsNumber reports whether s is one or more ASCII digits.
func IsNumber(s string) bool {
	return s != "" && allBytes(s, isDigit)
}

// IsInt64 reports whether s is one or more ASCII digits whose number an
// int64 holds: the value of a number parameter, which actions receive as
// an int64.
func IsInt64(s string) bool {
	if !IsNumber(s) {
		return false
	}
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil
}

// IsNumeric reports whether s is a decimal number: an optional sign, digits,
// and optionally a '.' followed by digits ("-1", "+2.5"; not "1." nor ".5").
func IsNumeric(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	whole, frac := s, ""
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			whole, frac = s[:i], s[i+1:]
			if frac == "" {
				return false
			}
			break
		}
	}
	return IsNumber(whole) && (frac == "" || IsNumber(frac))
}

// IsAlpha reports whether s is one or more ASCII letters.
func IsAlpha(s string) bool {
	return s != "" && allBytes(s, isLetter)
}

// IsAlphanum reports whether s is one or more ASCII letters and digits.
func IsAlphanum(s string) bool {
	return s != "" && allBytes(s, func(c byte) bool { return isLetter(c) || isDigit(c) })
}

// IsUUID reports whether s is a UUID in its 8-4-4-4-12 hex form, in any
// case. Version 0 accepts any; versions 1 to 8 also require that version
// nibble and the RFC 9562 (formerly 4122) variant. Other versions never
// match.
func IsUUID(s string, version int) bool {
	if len(s) != 36 || version < 0 || version > 8 {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch i {
		case 8, 13, 18, 23:
			if s[i] != '-' {
				return false
			}
		default:
			if !isHex(s[i]) {
				return false
			}
		}
	}
	if version == 0 {
		return true
	}
	switch s[19] {
	case '8', '9', 'a', 'b', 'A', 'B':
		return s[14] == byte('0'+version)
	}
	return false
}

// IsOneOf reports whether s equals one of options, case-sensitively.
func IsOneOf(s string, options ...string) bool {
	for _, o := range options {
		if s == o {
			return true
		}
	}
	return false
}

// Length is the number of runes in s, which the min, max and len
// constraints compare for non-numeric parameters. An invalid UTF-8 byte
// counts as one rune.
func Length(s string) int {
	return utf8.RuneCountInString(s)
}

// ParseNumber parses s for the numeric bounds of a constraint. It accepts
// what IsNumeric accepts, so no exponents, hex, "Inf" or "NaN"; a number
// too large for a float64 gives ±Inf, which still compares correctly.
func ParseNumber(s string) (float64, bool) {
	if !IsNumeric(s) {
		return 0, false
	}
	f, _ := strconv.ParseFloat(s, 64) // only a range error is possible
	return f, true
}

func allBytes(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isHex(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
