package runtime

import (
	"net/url"
	"strings"
)

// queryValue returns the first value of the named parameter in a raw query
// string ("a=1&b=x%20y"), unescaped as url.ParseQuery would ("+" is a
// space), or "" when absent.
//
// It agrees with url.ParseQuery(rawQuery).Get(name): a pair holding ';' is
// dropped, as is a pair whose key or value has a malformed escape; "a"
// alone has the value "", but an empty pair is no parameter at all. Unlike ParseQuery it has no limit on the number
// of pairs, since it builds no map. It allocates only to unescape the value
// it returns.
func queryValue(rawQuery, name string) string {
	for rawQuery != "" {
		var pair string
		pair, rawQuery, _ = strings.Cut(rawQuery, "&")
		if pair == "" || strings.IndexByte(pair, ';') >= 0 {
			continue
		}
		key, value, _ := strings.Cut(pair, "=")
		if !queryKeyIs(key, name) {
			continue
		}
		if v, err := url.QueryUnescape(value); err == nil {
			return v
		}
	}
	return ""
}

// queryKeyIs reports whether the escaped key unescapes, without error, to
// name. It decodes as it compares, so escaped keys cost no allocation.
func queryKeyIs(key, name string) bool {
	n := 0 // bytes of name matched
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch c {
		case '+':
			c = ' '
		case '%':
			if i+2 >= len(key) || !isHex(key[i+1]) || !isHex(key[i+2]) {
				return false
			}
			c = unhex(key[i+1])<<4 | unhex(key[i+2])
			i += 2
		}
		if n == len(name) || name[n] != c {
			return false
		}
		n++
	}
	return n == len(name)
}

func unhex(c byte) byte {
	if isDigit(c) {
		return c - '0'
	}
	return (c | 0x20) - 'a' + 10
}
