package tscheck

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/big"
	"math/rand/v2"
	"net"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/runtime"
)

var seed = flag.Uint64("seed", 1, "seed of the differential test's random arguments")

// callsPerHelper is how many random calls the differential test makes of
// each function, and as many of routeURL with its route's name.
const callsPerHelper = 24

// jsCall is one call the driver makes: see testdata/driver.mjs.
type jsCall struct {
	Module string            `json:"module"`
	Fn     string            `json:"fn,omitempty"`
	Args   []any             `json:"args,omitempty"`
	Name   string            `json:"name,omitempty"`
	Params map[string]any    `json:"params,omitempty"`
	Query  map[string]string `json:"query,omitempty"`
	Base   *string           `json:"base,omitempty"`
	Hosts  map[string]string `json:"hosts,omitempty"`
}

type jsResult struct {
	URL   *string `json:"url"`
	Error *string `json:"error"`
}

// goOutcome is what the Go side gave for a call, or, when Go cannot take
// the call's values (a number out of int64's range), what the TypeScript
// error must say.
type goOutcome struct {
	what   string // the call, for messages
	url    string
	err    error
	tsOnly string // the TypeScript call must fail with this in its message
}

// TestSameURLs: for every route of the golden tables, with random
// arguments (unicode, "/", "%", "..", "", numbers out of range…), under
// random base paths and hosts, the TypeScript function and the Go helper
// give the same URL or both refuse, with the same message; so do routeURL
// and RouteURLNamedArgs. Among the refusals, both must refuse what would
// put another host in the URL: a subdomain that is not one DNS label.
func TestSameURLs(t *testing.T) {
	RequireNode(t)
	folder := CompiledModules(t)
	t.Logf("seed %d (go test -seed N chooses another)", *seed)
	rng := rand.New(rand.NewPCG(*seed, 0x5eed))
	var calls []jsCall
	var outcomes []goOutcome
	for _, g := range goldenTables {
		c, o := differentialCalls(t, rng, g)
		calls, outcomes = append(calls, c...), append(outcomes, o...)
	}
	input, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	var results []jsResult
	if err := json.Unmarshal(Node(t, Dir, input, filepath.Join("testdata", "driver.mjs"), folder), &results); err != nil {
		t.Fatal(err)
	}
	if len(results) != len(calls) {
		t.Fatalf("the driver gave %d results for %d calls", len(results), len(calls))
	}
	counts := map[string]int{}
	for i, res := range results {
		kind, problem := compareOutcome(outcomes[i], res)
		if problem != "" {
			t.Errorf("%s: %s", outcomes[i].what, problem)
			if counts["mismatch"]++; counts["mismatch"] > 20 {
				t.Fatal("too many mismatches")
			}
		}
		counts[kind]++
	}
	t.Logf("%d calls: %v", len(calls), counts)
	// The random arguments must reach every outcome, or the test proves little.
	for _, kind := range []string{"same URL", "both refuse", "both refuse another host", "TypeScript refuses what Go cannot take"} {
		if counts[kind] == 0 {
			t.Errorf("no call ended as %q", kind)
		}
	}
}

var anotherHost = regexp.MustCompile(`is not one DNS label`)

// compareOutcome says how a call ended, and what is wrong with it, if
// anything.
func compareOutcome(o goOutcome, res jsResult) (kind, problem string) {
	switch {
	case o.tsOnly != "":
		if res.Error == nil || !strings.Contains(*res.Error, o.tsOnly) {
			return "", fmt.Sprintf("TypeScript gave %s, want an error with %q", show(res), o.tsOnly)
		}
		return "TypeScript refuses what Go cannot take", ""
	case res.Error != nil && o.err != nil:
		if unassignedEscapes(*res.Error) != unassignedEscapes(o.err.Error()) {
			return "", fmt.Sprintf("both refuse, TypeScript with\n\t%s\nGo with\n\t%s", *res.Error, o.err)
		}
		if anotherHost.MatchString(o.err.Error()) {
			return "both refuse another host", ""
		}
		return "both refuse", ""
	case res.URL != nil && o.err == nil:
		if *res.URL != o.url {
			return "", fmt.Sprintf("TypeScript gave %q, Go %q", *res.URL, o.url)
		}
		return "same URL", ""
	}
	return "", fmt.Sprintf("TypeScript gave %s, Go %q, %v", show(res), o.url, o.err)
}

func show(res jsResult) string {
	if res.URL != nil {
		return strconv.Quote(*res.URL)
	}
	if res.Error != nil {
		return "error " + strconv.Quote(*res.Error)
	}
	return "nothing"
}

var escape = regexp.MustCompile(`\\u[0-9a-f]{4}|\\U[0-9a-f]{8}`)

// unassignedEscapes writes as it is each character that a message escapes
// as \uXXXX or \UXXXXXXXX and that Go's Unicode tables do not have: Go
// escapes it as not printable, a JavaScript engine of a later Unicode
// version may print it.
func unassignedEscapes(msg string) string {
	return escape.ReplaceAllStringFunc(msg, func(e string) string {
		n, _ := strconv.ParseUint(e[2:], 16, 32)
		r := rune(n)
		if unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs) {
			return e
		}
		return string(r)
	})
}

var dnsLabel = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$`)

// rootDomain is the domain whose URLs are paths: the first that is neither
// a subdomain nor a wildcard, else the first.
func rootDomain(domains []runtime.Domain) int {
	for i, d := range domains {
		if !d.Subdomain && !isWildcard(d) {
			return i
		}
	}
	return 0
}

// helper is a typed URL helper of a golden package.
type helper struct {
	goName, tsName string
	fn             reflect.Type // the helper's func type, without its receiver
	route          *runtime.Route
	takesSub       bool
	wildcard       bool // the route's domain is a wildcard one
	nonRoot        bool
}

// helpers lists the typed helpers of g's URLBuilder, read from its
// generated file: each method of URLBuilder passes the index of its route
// in Routes to the generated function that builds its URL.
func helpers(t *testing.T, g goldenTable) []helper {
	root := rootDomain(g.domains)
	file, err := parser.ParseFile(token.NewFileSet(), filepath.Join(Root, g.dir, "routes_gen.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var hs []helper
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || len(fn.Body.List) != 1 {
			continue
		}
		ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		call, ok := ret.Results[0].(*ast.CallExpr)
		if !ok || len(call.Args) < 2 {
			continue
		}
		if fun, ok := call.Fun.(*ast.Ident); !ok || !strings.HasPrefix(fun.Name, "routegen") || !strings.HasSuffix(fun.Name, "HelperURL") {
			continue
		}
		lit, ok := call.Args[1].(*ast.BasicLit)
		if !ok {
			continue
		}
		index, _ := strconv.Atoi(lit.Value)
		method, ok := reflect.TypeOf(g.url).MethodByName(fn.Name.Name)
		if !ok || index >= len(g.routes) {
			t.Fatalf("%s: URLBuilder.%s: no such method or route %d", g.dir, fn.Name.Name, index)
		}
		route := &g.routes[index]
		helperType := reflect.ValueOf(g.url).MethodByName(fn.Name.Name).Type()
		hs = append(hs, helper{
			goName: method.Name, tsName: tsName(method.Name), fn: helperType, route: route,
			takesSub: helperType.NumIn() == len(route.Params)+1,
			wildcard: isWildcard(g.domains[route.Domain]),
			nonRoot:  route.Domain != root,
		})
	}
	if len(hs) == 0 {
		t.Fatalf("%s: no URL helper", g.dir)
	}
	return hs
}

// tsName is the TypeScript name of a Go helper, as docs/usage.md says: the Go
// name in lowerCamelCase, its leading initialism in lower case
// ("APIItems" → "apiItems"), "_" after a word JavaScript reserves.
func tsName(goName string) string {
	r := []rune(goName)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) && unicode.IsLower(r[n]) {
		n-- // the last capital begins the next word
	}
	name := strings.ToLower(string(r[:n])) + string(r[n:])
	switch name {
	case "delete", "new", "default", "import", "export", "return", "switch", "case", "class", "function", "this", "void", "with", "yield", "package", "static":
		name += "_"
	}
	return name
}

// environment sets the variables the golden table's hosts and ports are
// read from, for the Go helpers, and returns the hosts the TypeScript
// module must be given for the same URLs: those of the domains whose host
// or port is read from a variable without a default; the others too in
// all, the host and port routes.conf says.
func environment(t *testing.T, g goldenTable) (needed, all map[string]string) {
	needed, all = map[string]string{}, map[string]string{}
	type address struct {
		host, port string
		mustGive   bool
	}
	var addresses []address
	for _, d := range g.domains {
		host, port := d.Host, d.Port
		mustGive := false
		read := func(ref, value string) string {
			name, fallback, hasDefault := strings.Cut(ref, ":-")
			if hasDefault {
				return fallback
			}
			t.Setenv(name, value)
			mustGive = true
			return value
		}
		if d.HostEnv != "" {
			host = read(d.HostEnv, "env-"+d.Key+".example.com")
		}
		if d.PortEnv != "" {
			port = read(d.PortEnv, "9443")
		}
		addresses = append(addresses, address{host, port, mustGive})
	}
	// With every variable set: the Go side reads them when it writes a URL.
	for i, d := range g.domains {
		a := addresses[i]
		text := a.host
		if a.port != "" && !portlessLinks(t, g, d) {
			text += ":" + a.port
		}
		all[d.Key] = text
		if a.mustGive {
			needed[d.Key] = text
		}
	}
	return needed, all
}

func isWildcard(d runtime.Domain) bool {
	_, ok := core.CutWildcard(d.Host)
	return ok
}

// portlessLinks reports whether the Go side's links to domain d, at its
// routes.conf address, leave its port out: they do when routes.conf writes
// none and no other domain has the host name, which the generated package
// keeps to itself. The origin that RouteURL writes of "KEY.host" says.
func portlessLinks(t *testing.T, g goldenTable, d runtime.Domain) bool {
	args := map[string]any{}
	if isWildcard(d) {
		args["subdomain"] = "x"
	}
	urls := reflect.ValueOf(g.url).MethodByName("RouteURLNamedArgs").Interface().(func(string, map[string]any) (string, error))
	origin, err := urls(d.Key+".host", args)
	if err != nil {
		t.Fatalf("%s: RouteURLNamedArgs(%q): %v", g.dir, d.Key+".host", err)
	}
	_, _, err = net.SplitHostPort(strings.TrimPrefix(origin, "//"))
	return err != nil
}

// differentialCalls makes the random calls of every helper of g, and of
// routeURL, calls the Go side, and returns both.
func differentialCalls(t *testing.T, rng *rand.Rand, g goldenTable) ([]jsCall, []goOutcome) {
	module := g.dir + "/routes.js"
	needed, all := environment(t, g)
	var calls []jsCall
	var outcomes []goOutcome
	for _, h := range helpers(t, g) {
		for range callsPerHelper {
			call := jsCall{Module: module, Fn: h.tsName}
			outOfRange := -1 // the parameter given a number int64 cannot hold
			if rng.IntN(8) == 0 {
				for k := range h.route.Params {
					if h.fn.In(subdomainArgs(h)+k).Kind() == reflect.Int64 {
						outOfRange = k
						break
					}
				}
			}
			base := ""
			builder := reflect.ValueOf(g.url)
			if rng.IntN(3) == 0 {
				base = randomBase(rng)
				if outOfRange >= 0 && base == `\x` {
					base = "/svc" // whose refusal would come before the number's
				}
				call.Base = &base
				builder = builder.MethodByName("WithBasePath").Call([]reflect.Value{reflect.ValueOf(base)})[0]
			}
			if len(needed) > 0 {
				call.Hosts = needed
			}
			if rng.IntN(4) == 0 {
				call.Hosts = all
			}
			o := goOutcome{what: fmt.Sprintf("%s %s", g.dir, h.tsName)}
			var in []reflect.Value
			if h.takesSub {
				s := randomSubdomain(rng)
				in = append(in, reflect.ValueOf(s))
				call.Args = append(call.Args, s)
			}
			for k, p := range h.route.Params {
				if h.fn.In(len(in)).Kind() == reflect.Int64 {
					if k == outOfRange {
						v, want := outOfRangeNumber(rng)
						call.Args = append(call.Args, v)
						o.tsOnly = fmt.Sprintf("parameter %q: %s", p, want)
						continue
					}
					v := randomInt(rng)
					in = append(in, reflect.ValueOf(v))
					call.Args = append(call.Args, jsInt(rng, v))
					continue
				}
				v := randomString(rng, constraintOf(h.route, k))
				in = append(in, reflect.ValueOf(v))
				call.Args = append(call.Args, v)
			}
			o.what += fmt.Sprintf("(%s) under %q", argsText(call.Args), base)
			if o.tsOnly == "" {
				out := builder.MethodByName(h.goName).Call(in)
				o.url = out[0].String()
				if len(out) == 2 && !out[1].IsNil() {
					o.err = out[1].Interface().(error)
				}
			}
			calls, outcomes = append(calls, call), append(outcomes, o)
		}
		calls, outcomes = routeURLCalls(t, rng, g, h, module, needed, calls, outcomes)
	}
	return calls, outcomes
}

// subdomainArgs is 1 when h takes the subdomain first, else 0.
func subdomainArgs(h helper) int {
	if h.takesSub {
		return 1
	}
	return 0
}

// routeURLCalls adds the random calls of routeURL with h's route name
// (and its qualified name in the root domain), beside RouteURLNamedArgs.
func routeURLCalls(t *testing.T, rng *rand.Rand, g goldenTable, h helper, module string, needed map[string]string, calls []jsCall, outcomes []goOutcome) ([]jsCall, []goOutcome) {
	names := []string{g.domains[h.route.Domain].Key + "." + h.route.Name}
	if !h.nonRoot {
		names = append(names, h.route.Name)
	}
	first := subdomainArgs(h)
	for i := range callsPerHelper {
		name := names[i%len(names)]
		call := jsCall{Module: module, Name: name, Params: map[string]any{}}
		if len(needed) > 0 {
			call.Hosts = needed
		}
		args := map[string]any{}
		o := goOutcome{what: fmt.Sprintf("%s routeURL(%q", g.dir, name)}
		if h.wildcard {
			s := randomSubdomain(rng)
			args["subdomain"], call.Params["subdomain"] = s, s
		}
		for k, p := range h.route.Params {
			if h.fn.In(first+k).Kind() == reflect.Int64 {
				v := randomInt(rng)
				args[p], call.Params[p] = v, jsInt(rng, v)
				continue
			}
			v := randomString(rng, constraintOf(h.route, k))
			args[p], call.Params[p] = v, v
		}
		if rng.IntN(2) == 0 {
			call.Query = map[string]string{}
			for range 1 + rng.IntN(3) {
				key := queryKeys[rng.IntN(len(queryKeys))]
				if _, taken := args[key]; !taken {
					v := randomString(rng, nil)
					call.Query[key], args[key] = v, v
				}
			}
		}
		o.what += fmt.Sprintf(", %v, %v)", call.Params, call.Query)
		urls := reflect.ValueOf(g.url).MethodByName("RouteURLNamedArgs").Interface().(func(string, map[string]any) (string, error))
		o.url, o.err = urls(name, args)
		calls, outcomes = append(calls, call), append(outcomes, o)
	}
	return calls, outcomes
}

var queryKeys = []string{"q", "page", "a b", "é", "x/y", "Z", "sort", "id"}

func argsText(args []any) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, fmt.Sprintf("%#v", a))
	}
	return strings.Join(parts, ", ")
}

// constraintOf is the constraint of parameter k of r, nil when it has none.
func constraintOf(r *runtime.Route, k int) *constraint.Constraint {
	if k >= len(r.Constraints) || r.Constraints[k] == "" {
		return nil
	}
	c, err := constraint.Parse(r.Constraints[k])
	if err != nil {
		panic(err) // generated tables hold only constraints that parse
	}
	return c
}

// jsInt is v as the driver reads it: a number when it is one exactly,
// sometimes, else a bigint.
func jsInt(rng *rand.Rand, v int64) any {
	if v >= -(1<<53) && v <= 1<<53 && rng.IntN(2) == 0 {
		return v
	}
	return map[string]string{"bigint": strconv.FormatInt(v, 10)}
}

func randomInt(rng *rand.Rand) int64 {
	switch rng.IntN(8) {
	case 0:
		return 0
	case 1:
		return -rng.Int64N(1000) - 1
	case 2:
		return math.MaxInt64
	case 3:
		return math.MinInt64
	case 4:
		return 1<<53 + 1 + rng.Int64N(1000) // no float64 holds it
	}
	return rng.Int64N(100000)
}

// outOfRangeNumber is a number no int64 holds (or no integer at all), for
// the driver, and what the TypeScript error says of it.
func outOfRangeNumber(rng *rand.Rand) (any, string) {
	big63 := new(big.Int).Lsh(big.NewInt(1), 63)
	switch rng.IntN(4) {
	case 0:
		return map[string]string{"bigint": big63.String()}, big63.String() + " is out of the range of a 64-bit integer"
	case 1:
		v := new(big.Int).Sub(new(big.Int).Neg(big63), big.NewInt(1))
		return map[string]string{"bigint": v.String()}, v.String() + " is out of the range of a 64-bit integer"
	case 2:
		return 1e19, "10000000000000000000 is out of the range of a 64-bit integer"
	}
	return 1.5, "1.5 is not an integer"
}

var stringPool = []string{
	"", "a", "abc", "a b", "/", "a/b", "a/b/", "%", "%2F", "%zz", "..", ".", "a/../b", "../x", "./x", "x/.", "/evil.com", "//x",
	`\evil.com`, "é", "日本語", "😀", "Ω/α", "?#&=+;,", "\u200b", "\u00a0", "\x00", "\x7f", "\t\n", "-", "a-b_c.d~", "$&+:=@",
	"!'()*", `"quoted"`, "42", "-1", "1.5", "+2", "0x10", "1e3", strings.Repeat("x", 201), strings.Repeat("é", 64),
}

// randomString is a value for a string parameter: one its constraint may
// accept, half the time, when it has one; else from the pool, or pieces
// of it joined.
func randomString(rng *rand.Rand, c *constraint.Constraint) string {
	if c != nil && rng.IntN(2) == 0 {
		term := c.Terms[rng.IntN(len(c.Terms))]
		return tagValue(rng, term[rng.IntN(len(term))], c.Numeric())
	}
	switch rng.IntN(5) {
	case 0:
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			b.WriteRune(randomRune(rng))
		}
		return b.String()
	case 1:
		return stringPool[rng.IntN(len(stringPool))] + stringPool[rng.IntN(len(stringPool))]
	}
	return stringPool[rng.IntN(len(stringPool))]
}

// randomRune is a code point of UTF-8 (no surrogate), from ASCII mostly.
func randomRune(rng *rand.Rand) rune {
	switch rng.IntN(4) {
	case 0:
		return rune(0x80 + rng.IntN(0xd800-0x80))
	case 1:
		return rune(0xe000 + rng.IntN(0x10ffff-0xe000))
	}
	return rune(rng.IntN(0x80))
}

// tagValue is a value that may meet the tag, or just miss it.
func tagValue(rng *rand.Rand, tag constraint.Tag, numeric bool) string {
	switch tag.Name {
	case "oneof":
		words := strings.Fields(tag.Arg)
		return words[rng.IntN(len(words))]
	case "number":
		return strconv.Itoa(rng.IntN(10000))
	case "numeric":
		return []string{"-1.5", "3", "+2", "1.", ".5", "007"}[rng.IntN(6)]
	case "alpha":
		return []string{"abcXYZ", "a1", "é"}[rng.IntN(3)]
	case "alphanum":
		return []string{"a1B2", "a_1", "Z"}[rng.IntN(3)]
	case "uuid", "uuid3", "uuid4", "uuid5":
		return randomUUID(rng)
	case "required":
		return []string{"x", ""}[rng.IntN(2)]
	}
	bound, _ := strconv.ParseFloat(tag.Arg, 64)
	near := int(bound) + rng.IntN(3) - 1
	if numeric {
		return strconv.Itoa(near)
	}
	return strings.Repeat("é", max(near, 0))
}

func randomUUID(rng *rand.Rand) string {
	const hex = "0123456789abcdefABCDEF"
	b := []byte("xxxxxxxx-xxxx-Vxxx-Nxxx-xxxxxxxxxxxx")
	for i := range b {
		switch b[i] {
		case 'x':
			b[i] = hex[rng.IntN(len(hex))]
		case 'V':
			b[i] = "0123456789"[rng.IntN(10)]
		case 'N':
			b[i] = "89abAB0c"[rng.IntN(8)]
		}
	}
	return string(b)
}

var subdomains = []string{"acme", "a-b", "A1", "ACME", "", "a.b", "-a", "a-", "日本", "xn--bcher-kva", strings.Repeat("a", 63), strings.Repeat("a", 64), "a b", "a/b", "x_y"}

func randomSubdomain(rng *rand.Rand) string {
	return subdomains[rng.IntN(len(subdomains))]
}

func randomBase(rng *rand.Rand) string {
	bases := []string{"/svc", "svc/", "/", "/a b/c", "//x", `\x`, "/é", "/a?b", "/a#b/c", "/50%", `/a\b`}
	return bases[rng.IntN(len(bases))]
}
