package gen

import (
	"go/token"
	"go/types"
	"strconv"
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

// unexported turns a name into an unexported Go name that is neither a
// keyword nor a predeclared identifier: "client_id" → "clientID", "type" →
// "type_", "len" → "len_".
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
	if token.IsKeyword(s) || types.Universe.Lookup(s) != nil {
		s += "_"
	}
	return s
}

// namer gives the local names of one generated scope, so that no name
// routes.conf brings in can collide with a name the generated code uses
// there: each name it returns is new in the scope, and none is reserved.
type namer struct{ taken map[string]bool }

// newNamer starts a scope whose code refers to the reserved names: the
// package-level names and imports its body uses.
func newNamer(reserved ...string) *namer {
	n := &namer{taken: map[string]bool{}}
	for _, r := range reserved {
		n.taken[r] = true
	}
	return n
}

// name is want, or want with the first of "_", "_2", "_3"… that is free.
func (n *namer) name(want string) string {
	name := want
	for i := 1; n.taken[name]; i++ {
		name = want + "_"
		if i > 1 {
			name += strconv.Itoa(i)
		}
	}
	n.taken[name] = true
	return name
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

// Every unexported package-level name of the generated code begins with
// "routegen", so that none can plausibly clash with the user's own
// declarations in the package.
const (
	tableName           = "routegenTable"
	controllersTypeName = "routegenControllers"
	// The functions a URL helper method calls: see writeHelperBuilders.
	helperURLName        = "routegenHelperURL"
	checkedHelperURLName = "routegenCheckedHelperURL"
)

func dispatchFuncName(i int) string { return "dispatch" + strconv.Itoa(i) }

func matchFuncName(d int) string { return "routegenMatch" + strconv.Itoa(d) }

func matchMethodFuncName(d int, method string) string { return matchFuncName(d) + method }

func corsVarName(i int) string { return "routegenCORS" + strconv.Itoa(i) }

// urlBuilderMethods are the methods of URLBuilder that are not URL
// helpers: no route's helper may take their names.
var urlBuilderMethods = []string{"WithBasePath", "ForRouter", "ForRequest", "RouteURL", "RouteURLNamedArgs"}
