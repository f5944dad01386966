package runtime

// A route path's non-ASCII literal is generated escaped, as a client sends
// it: "/α" is "/%CE%B1". A client may also send the escapes in lower case,
// or the UTF-8 bytes raw (Go's server keeps them so in the path), so that
// a table with such a literal matches the path in one spelling: the
// canonical one below. A table without one matches the path as sent.

// canonicalEscapes returns path with its bytes from 0x80 up written as
// escapes, and the escapes of those bytes in upper-case hex; other escapes
// are left as they are. It returns path itself, allocating nothing, when
// path is already so written.
func canonicalEscapes(path string) string {
	i := 0
	for ; i < len(path); i++ {
		if c := path[i]; c >= 0x80 || c == '%' && i+2 < len(path) && isLowerHighEscape(path[i+1], path[i+2]) {
			break
		}
	}
	if i == len(path) {
		return path
	}
	const hex = "0123456789ABCDEF"
	b := make([]byte, i, len(path)+16)
	copy(b, path[:i])
	for ; i < len(path); i++ {
		switch c := path[i]; {
		case c >= 0x80:
			b = append(b, '%', hex[c>>4], hex[c&0xF])
		case c == '%' && i+2 < len(path) && isLowerHighEscape(path[i+1], path[i+2]):
			b = append(b, '%', upperHex(path[i+1]), upperHex(path[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// isLowerHighEscape reports whether the hex digits h, l of an escape name a
// byte from 0x80 up and one of them is a lower-case letter.
func isLowerHighEscape(h, l byte) bool {
	high := '8' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F'
	return high && isHex(l) && ('a' <= h && h <= 'f' || 'a' <= l && l <= 'f')
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}
