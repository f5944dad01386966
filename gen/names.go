package gen

import (
	"go/token"
	"strings"
	"unicode"
)

// commonInitialisms are written in one case in Go names, as golint taught.
var commonInitialisms = map[string]bool{
	"API": true, "CSS": true, "CSRF": true, "DNS": true, "HTML": true, "HTTP": true, "HTTPS": true,
	"ID": true, "IP": true, "JSON": true, "JWT": true, "OS": true, "SQL": true, "SSH": true,
	"TLS": true, "UI": true, "URI": true, "URL": true, "UUID": true, "WS": true, "XML": true,
}

// exported turns a routes.conf name into an exported Go name:
// "show_hotel" → "ShowHotel", "get_json" → "GetJSON", "testSite" → "TestSite".
func exported(name string) string {
	var b strings.Builder
	for _, word := range splitWords(name) {
		if upper := strings.ToUpper(word); commonInitialisms[upper] {
			b.WriteString(upper)
			continue
		}
		r := []rune(word)
		r[0] = unicode.ToUpper(r[0])
		b.WriteString(string(r))
	}
	if b.Len() == 0 || !unicode.IsLetter([]rune(b.String())[0]) {
		return "X" + b.String()
	}
	return b.String()
}

// unexported turns a name into an unexported Go name that is not a keyword:
// "client_id" → "clientID", "type" → "type_".
func unexported(name string) string {
	words := splitWords(name)
	if len(words) == 0 {
		return "x"
	}
	first := strings.ToLower(words[0])
	if first[0] >= '0' && first[0] <= '9' {
		first = "x" + first
	}
	rest := exported(strings.Join(words[1:], "_"))
	if len(words) == 1 {
		rest = ""
	}
	s := first + rest
	if token.IsKeyword(s) || predeclared[s] {
		s += "_"
	}
	return s
}

// predeclared are names generated code must not shadow.
var predeclared = map[string]bool{
	"ctx": true, "err": true, "runtime": true, "url": true, "strconv": true, "string": true,
	"int64": true, "len": true, "nil": true, "true": true, "false": true, "m": true, "p": true,
}

// splitWords splits at "_" and at lower-to-upper case changes.
func splitWords(name string) []string {
	var words []string
	for _, part := range strings.FieldsFunc(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' || r == '/' }) {
		start := 0
		runes := []rune(part)
		for i := 1; i < len(runes); i++ {
			// "editUser" splits before U, "APIController" before C.
			lowerToUpper := unicode.IsLower(runes[i-1]) && unicode.IsUpper(runes[i])
			acronymEnd := i+1 < len(runes) && unicode.IsUpper(runes[i-1]) && unicode.IsUpper(runes[i]) && unicode.IsLower(runes[i+1])
			if lowerToUpper || acronymEnd {
				words = append(words, string(runes[start:i]))
				start = i
			}
		}
		words = append(words, string(runes[start:]))
	}
	return words
}

// interfaceName is the Go interface of a controller: "Hotel" →
// "HotelController", "admin/AppController" → "AdminAppController".
func interfaceName(controller string) string {
	name := exported(controller)
	if !strings.HasSuffix(name, "Controller") {
		name += "Controller"
	}
	return name
}

// methodName is the Go method of an action: its first letter upper-cased,
// the rest kept ("JSONP", "editUser" → "EditUser").
func methodName(action string) string {
	r := []rune(action)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
