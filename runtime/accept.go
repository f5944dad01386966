package runtime

import "strings"

// AcceptContentType is the preferred media type of a request's Accept
// header, parsed on first use. The zero value is an empty header.
type AcceptContentType struct {
	header                string
	owner                 *Request // whose Accept header is read when first asked; nil after reset and once read
	parsed                bool
	mime, version, vendor string
}

// reset forgets the previous parse; header is parsed when first asked.
func (a *AcceptContentType) reset(header string) {
	*a = AcceptContentType{header: header}
}

// forget forgets the previous parse for a request of owner, whose Accept
// header is read and parsed when first asked, so that requests whose action
// never asks pay nothing. A pooled context writes nothing here unless the
// previous request parsed its header or reset gave one, which both let
// go of the owner.
func (a *AcceptContentType) forget(owner *Request) {
	if a.owner != owner {
		*a = AcceptContentType{owner: owner}
	}
}

// Mime is the preferred media type as sent, without parameters:
// "application/json", "application/vnd.acme.app.user-v2+json", or "".
func (a *AcceptContentType) Mime() string {
	a.parse()
	return a.mime
}

// Version is the API version the client asks for: from a vendor media type
// ("…-v2+json") or else from a version parameter; "" when none.
func (a *AcceptContentType) Version() string {
	a.parse()
	return a.version
}

// Vendor is the name of a vendor media type ("acme.app.user" for
// "application/vnd.acme.app.user-v2+json"); "" for other types.
func (a *AcceptContentType) Vendor() string {
	a.parse()
	return a.vendor
}

func (a *AcceptContentType) parse() {
	if a.parsed {
		return
	}
	if a.owner != nil && a.owner.Request != nil {
		a.header = a.owner.Request.Header.Get("Accept")
	}
	a.mime, a.version, a.vendor = parseAccept(a.header)
	a.parsed, a.owner = true, nil
}

// parseAccept picks the media range of an Accept header with the highest
// quality (the first among equals) and returns it without parameters, with
// the API version and vendor it names; see AcceptContentType.
//
// Ranges with q=0, and elements that are not "type/subtype", are never
// picked. A q that is not a valid qvalue ("0", "0.5", "1.000") is ignored,
// so the range keeps the default q=1. The results are substrings of header,
// except for a quoted version holding a backslash escape.
func parseAccept(header string) (mime, version, vendor string) {
	best := 0 // quality of the pick in thousandths; q=0 is never picked
	var escaped bool
	for rest := header; rest != ""; {
		var r mediaRange
		r, rest = nextMediaRange(rest)
		if r.q > best && isMediaType(r.mime) {
			best, mime, version, escaped = r.q, r.mime, r.version, r.escaped
		}
	}
	vendor, ver := vendorVersion(mime)
	switch {
	case ver != "":
		version = ver // the vendor type's version beats a parameter
	case escaped:
		version = unquotePairs(version)
	}
	return mime, version, vendor
}

// mediaRange is one element of an Accept header.
type mediaRange struct {
	mime    string
	version string // the version parameter, quoted-pair escapes kept when escaped
	escaped bool
	q       int // thousandths
}

// nextMediaRange parses the element at the start of s and returns the rest
// after its comma. Quoted parameter values may hold commas and semicolons.
func nextMediaRange(s string) (r mediaRange, rest string) {
	r.q = 1000
	i := indexSep(s, false)
	r.mime, s = trimOWS(s[:i]), s[i:]
	for s != "" && s[0] == ';' {
		s = s[1:]
		i := indexSep(s, true)
		name := trimOWS(s[:i])
		if s = s[i:]; s == "" || s[0] != '=' {
			continue // a parameter without a value
		}
		s = trimLeftOWS(s[1:])
		var value string
		var escaped bool
		if s != "" && s[0] == '"' {
			value, escaped, s = quotedString(s[1:])
			s = s[indexSep(s, false):] // ignore anything after the closing quote
		} else {
			i := indexSep(s, false)
			value, s = trimOWS(s[:i]), s[i:]
		}
		switch {
		case strings.EqualFold(name, "q"):
			if q, ok := parseQuality(value); ok && !escaped {
				r.q = q
			}
		case strings.EqualFold(name, "version"):
			r.version, r.escaped = value, escaped
		}
	}
	if s != "" { // s[0] is the comma
		s = s[1:]
	}
	return r, s
}

// indexSep is the index of the first ';' or ',' (or '=' when equals is
// set) in s, or len(s).
func indexSep(s string, equals bool) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == ';' || c == ',' || (equals && c == '=') {
			return i
		}
	}
	return len(s)
}

// quotedString reads a quoted-string whose opening quote is already
// consumed. An unterminated one runs to the end of s.
func quotedString(s string) (value string, escaped bool, rest string) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			escaped = true
			i++
		case '"':
			return s[:i], escaped, s[i+1:]
		}
	}
	return s, escaped, ""
}

// unquotePairs removes the backslashes of quoted-pairs.
func unquotePairs(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			if i++; i == len(s) {
				break
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// parseQuality parses an RFC 9110 qvalue into thousandths.
func parseQuality(s string) (int, bool) {
	if s == "" || len(s) > 5 || (s[0] != '0' && s[0] != '1') {
		return 0, false
	}
	q := int(s[0]-'0') * 1000
	if len(s) == 1 {
		return q, true
	}
	if s[1] != '.' {
		return 0, false
	}
	for i, scale := 2, 100; i < len(s); i, scale = i+1, scale/10 {
		if !isDigit(s[i]) {
			return 0, false
		}
		q += int(s[i]-'0') * scale
	}
	return q, q <= 1000
}

// isMediaType reports whether s looks like "type/subtype" (or a wildcard).
func isMediaType(s string) bool {
	i := strings.IndexByte(s, '/')
	return i > 0 && i < len(s)-1
}

// isVendor reports whether the subtype of a media type is in the vendor
// tree ("vnd.").
func isVendor(mime string) bool {
	_, sub, _ := strings.Cut(mime, "/")
	return len(sub) >= 4 && strings.EqualFold(sub[:4], "vnd.")
}

// vendorVersion splits a vendor subtype "vnd.<vendor>-v<version>+suffix" at
// its last "-v" followed by a digit. Without one, vendor is everything
// before the suffix and version is "".
func vendorVersion(mime string) (vendor, version string) {
	if !isVendor(mime) {
		return "", ""
	}
	_, sub, _ := strings.Cut(mime, "/")
	name := sub[len("vnd."):]
	if i := strings.LastIndexByte(name, '+'); i >= 0 {
		name = name[:i] // the structured syntax suffix follows the last '+'
	}
	for i := len(name) - 3; i >= 0; i-- {
		if name[i] == '-' && name[i+1]|0x20 == 'v' && isDigit(name[i+2]) {
			return name[:i], name[i+2:]
		}
	}
	return name, ""
}

func isOWS(c byte) bool { return c == ' ' || c == '\t' }

func trimLeftOWS(s string) string {
	for s != "" && isOWS(s[0]) {
		s = s[1:]
	}
	return s
}

func trimOWS(s string) string {
	s = trimLeftOWS(s)
	for s != "" && isOWS(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
