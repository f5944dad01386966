// Package hostname reads and checks the host names of domains and of
// requests, for ir (routes.conf's hosts), the runtime (the environment's,
// WithHost's and the Host header) and routevet alike.
package hostname

import (
	"fmt"
	"net/netip"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Check says what is wrong with a domain's host name ("example.com",
// "*.example.com"), lower-cased: nil when nothing is. routes.conf's hosts
// are checked when it is compiled, those of the environment and of
// WithHost when the router is built.
func Check(host string) error {
	name := strings.TrimPrefix(host, "*.")
	switch {
	case host == "":
		return fmt.Errorf("empty host")
	case !utf8.ValidString(host):
		return fmt.Errorf("not valid UTF-8")
	case strings.ContainsFunc(host, func(r rune) bool { return r <= ' ' || r == 0x7f }):
		return fmt.Errorf("a host holds no space or control character, and this one does")
	case strings.Contains(host, "://"):
		return fmt.Errorf("a host has no scheme; write just the name")
	case strings.ContainsAny(host, "/?#"):
		return fmt.Errorf("a host has no path; write just the name")
	case strings.ContainsAny(host, "[]"):
		// An IPv6 address, whole: the URLs and Host headers of the domain
		// write it so, and its port after it.
		inner, opened := strings.CutPrefix(host, "[")
		addr, closed := strings.CutSuffix(inner, "]")
		ip, err := netip.ParseAddr(addr)
		if !opened || !closed || err != nil || !ip.Is6() || ip.Zone() != "" {
			return fmt.Errorf(`not an IPv6 address in brackets ("[::1]", without a zone); write the port in port`)
		}
		// A browser sends the address in one form: a Host of another
		// spelling ("[0:0::1]") would match no request.
		if canonical := "[" + IPv6String(ip) + "]"; host != canonical {
			return fmt.Errorf("a browser sends this IPv6 address as %s, which would not match: write %q", canonical, canonical)
		}
		return nil
	case strings.Count(host, ":") > 1:
		return fmt.Errorf(`write an IPv6 address in brackets ("[::1]"), and its port in port`)
	case strings.Contains(host, ":"):
		return fmt.Errorf("write the port in port, not in host")
	case strings.ContainsFunc(host, func(r rune) bool { return r >= utf8.RuneSelf }):
		// Clients send an internationalized name in its ASCII form, and
		// net/http refuses a Host header that is not ASCII: a name written
		// in Unicode would match no request.
		return fmt.Errorf(`a host is written in ASCII, as clients send it: write an internationalized name in its Punycode form ("xn--…")`)
	case strings.ContainsFunc(host, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-_.*", r))
	}):
		return fmt.Errorf(`a host name holds letters, digits, "-", "_" and "." only`)
	case strings.Contains(name, "*"):
		return fmt.Errorf(`a wildcard is allowed only as the first label ("*.example.com")`)
	case name == "" || strings.HasPrefix(name, ".") || strings.HasSuffix(name, ".") || strings.Contains(name, ".."):
		return fmt.Errorf("empty label in host")
	case BadPunycode(name) != "":
		// A browser decodes an "xn--" label and refuses a host whose
		// label is not the Punycode of a valid name: its links would fail.
		return fmt.Errorf("label %q is not the Punycode of a name, and a browser refuses the host: write the name's ASCII form as idna gives it", BadPunycode(name))
	case endsInNumber(name) && !isIPv4(host):
		// A URL's host that ends in a number is an IPv4 address to a
		// browser ("127.1" is 127.0.0.1, "0" is 0.0.0.0), or no host at all:
		// the links would reach another Host than the one the router serves.
		// A wildcard's is never an address ("*." is not a number).
		return fmt.Errorf(`a browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it ("example.123"): write an address as four numbers from 0 to 255 ("127.0.0.1"), or end the name with a letter`)
	}
	return nil
}

// IsLabel reports whether s is one label of a host name as a URL helper
// takes a subdomain: an LDH label (IsLDHLabel), and valid Punycode when it
// begins with "xn--". Anything else ("evil.com/", "a.b", "") would put
// another host, or none, in the URL, and a label that is not valid
// Punycode ("xn--a") a host that browsers refuse.
func IsLabel(s string) bool {
	return IsLDHLabel(s) && (len(s) < 4 || !strings.EqualFold(s[:4], "xn--") || BadPunycode(s) == "")
}

// IsLDHLabel reports whether s is 1 to 63 letters, digits and hyphens, no
// hyphen first or last: the first label a wildcard domain serves, checked
// on every request without allocating.
func IsLDHLabel(s string) bool {
	if len(s) == 0 || len(s) > 63 || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := range len(s) {
		if c := s[i]; c != '-' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || isDigit(c)) {
			return false
		}
	}
	return true
}

// BadPunycode is the first label of name that begins with "xn--" and is
// not the Punycode of a valid internationalized label, as UTS #46 (and so
// a browser) reads it: "xn--a", "xn--zz", or "xn--www-" (which decodes to
// ASCII). "" when there is none.
func BadPunycode(name string) string {
	for label := range strings.SplitSeq(name, ".") {
		if !strings.HasPrefix(strings.ToLower(label), "xn--") {
			continue
		}
		unicode, err := idna.Lookup.ToUnicode(label)
		if err != nil {
			return label
		}
		if ascii, err := idna.Lookup.ToASCII(unicode); err != nil || ascii != strings.ToLower(label) {
			return label
		}
	}
	return ""
}

// IPv6String writes ip as a browser serialises a URL's IPv6 host (the
// WHATWG URL standard): eight groups of lower-case hex without leading
// zeros, the first longest run of two or more zero groups as "::", and no
// dotted IPv4 part ("::ffff:7f00:1", where netip writes
// "::ffff:127.0.0.1").
func IPv6String(ip netip.Addr) string {
	b := ip.As16()
	var groups [8]uint16
	for i := range groups {
		groups[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	runStart, runLen := -1, 1 // a run of one zero group stays "0"
	for i := 0; i < 8; {
		j := i
		for j < 8 && groups[j] == 0 {
			j++
		}
		if j-i > runLen {
			runStart, runLen = i, j-i
		}
		i = max(j, i+1)
	}
	var out strings.Builder
	for i := 0; i < 8; i++ {
		if i == runStart {
			out.WriteString("::")
			i += runLen - 1
			continue
		}
		if i > 0 && i != runStart+runLen {
			out.WriteByte(':')
		}
		out.WriteString(strconv.FormatUint(uint64(groups[i]), 16))
	}
	return out.String()
}

// BrowserIPv4 reads name as a browser's URL parser reads a host that ends
// in a number (the WHATWG URL standard's IPv4 parser): up to four parts,
// each decimal, hexadecimal after "0x" or octal after "0", the last one
// filling the bytes left ("127.1" is 127.0.0.1). It gives the address in
// the four-number form a browser writes, or false when name does not end
// in a number or is no address a browser accepts.
func BrowserIPv4(name string) (string, bool) {
	if name == "" || !endsInNumber(strings.TrimSuffix(name, ".")) {
		return "", false
	}
	parts := strings.Split(strings.TrimSuffix(name, "."), ".")
	if len(parts) > 4 {
		return "", false
	}
	var addr uint64
	for i, part := range parts {
		base, digits := 10, part
		switch lower := strings.ToLower(part); {
		case strings.HasPrefix(lower, "0x"):
			base, digits = 16, lower[2:]
		case len(part) > 1 && part[0] == '0':
			base, digits = 8, part[1:]
		}
		n := uint64(0)
		if digits != "" {
			var err error
			if n, err = strconv.ParseUint(digits, base, 64); err != nil {
				return "", false
			}
		}
		if i < len(parts)-1 {
			if n > 255 {
				return "", false
			}
			addr = addr<<8 | n
			continue
		}
		bits := 8 * (5 - len(parts))
		if n >= 1<<bits {
			return "", false
		}
		addr = addr<<bits | n
	}
	return netip.AddrFrom4([4]byte{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}).String(), true
}

// endsInNumber reports whether a browser's URL parser reads name as an
// IPv4 address: its last label is decimal digits, or hexadecimal ones
// after "0x".
func endsInNumber(name string) bool {
	last := name[strings.LastIndexByte(name, '.')+1:]
	if hex, ok := strings.CutPrefix(strings.ToLower(last), "0x"); ok {
		return allBytes(hex, func(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' })
	}
	return last != "" && allBytes(last, isDigit)
}

// isIPv4 reports whether host is an IPv4 address in the only form that
// URLs and Host headers keep as written: four decimal numbers.
func isIPv4(host string) bool {
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.Is4()
}

// Split splits a Host header into name and port without
// allocating: "example.com:8080" gives "example.com", "8080", and
// "[::1]:80" gives "::1", "80" (no brackets). A missing or empty port is
// "". A malformed value, such as a port that is not all digits or an IPv6
// address without brackets, gives name=host and port="".
func Split(host string) (name, port string) {
	rest := host
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return host, ""
		}
		name, rest = host[1:end], host[end+1:]
		if rest == "" {
			return name, ""
		}
		if rest[0] != ':' {
			return host, ""
		}
	} else {
		i := strings.IndexByte(host, ':')
		if i < 0 {
			return host, ""
		}
		name, rest = host[:i], host[i:]
	}
	port = rest[1:] // rest starts with ':'
	if !allBytes(port, isDigit) {
		return host, ""
	}
	return name, port
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// allBytes reports whether every byte of s passes ok.
func allBytes(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
}

// CheckPort reports a port that is not "" (the scheme's default) or a
// number from 1 to 65535 in plain decimal: no sign, no leading zero,
// which other parsers read differently ("+80", "08080").
func CheckPort(port string) error {
	if port == "" {
		return nil
	}
	if len(port) > 5 || port[0] == '0' || !allBytes(port, isDigit) {
		return fmt.Errorf("port %q is not a number from 1 to 65535", port)
	}
	n := 0
	for i := range len(port) {
		n = n*10 + int(port[i]-'0')
	}
	if n > 65535 {
		return fmt.Errorf("port %q is not a number from 1 to 65535", port)
	}
	return nil
}
