package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/routegen/routegen/parser"
)

// sizeUnits maps a size suffix to its factor; sizes are 1024-based, as aah's were.
var sizeUnits = map[string]float64{
	"": 1, "b": 1,
	"k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10,
	"m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
	"g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30,
	"t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40,
}

// ParseSize parses a body size such as "500b", "64kb", "5mb", "1.5GiB" (any
// case) into bytes. "0" means no limit and parses to 0.
func ParseSize(s string) (int64, error) {
	text := strings.ToLower(strings.TrimSpace(s))
	end := 0
	for end < len(text) && (text[end] >= '0' && text[end] <= '9' || text[end] == '.') {
		end++
	}
	number, unit := text[:end], strings.TrimSpace(text[end:])
	factor, ok := sizeUnits[unit]
	if number == "" || !ok {
		return 0, fmt.Errorf("invalid size %q: want a number and a unit such as \"500b\", \"64kb\", \"5mb\", \"1gb\" (1024-based), or \"0\" for no limit", parser.Echo(s))
	}
	n, err := strconv.ParseFloat(number, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid size %q: %q is not a number", parser.Echo(s), parser.Echo(number))
	}
	bytes := n * factor
	switch {
	case bytes >= math.MaxInt64:
		return 0, fmt.Errorf("invalid size %q: larger than %d bytes", parser.Echo(s), int64(math.MaxInt64))
	case bytes > 0 && bytes < 1:
		// It would round to 0, which means no limit at all.
		return 0, fmt.Errorf("invalid size %q: less than one byte; write \"0\" for no limit", parser.Echo(s))
	}
	return int64(bytes), nil
}

// ParseMaxAge parses a CORS max_age: a Go duration ("24h", "90m") or a whole
// number of seconds ("600", the unit Access-Control-Max-Age is sent in).
func ParseMaxAge(s string) (int64, error) {
	text := strings.TrimSpace(s)
	if n, err := strconv.ParseInt(text, 10, 64); err == nil && n >= 0 {
		return n, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("invalid max_age %q: want a Go duration such as \"24h\" or a number of seconds", parser.Echo(s))
	}
	return int64(d / time.Second), nil
}
