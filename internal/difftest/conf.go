// Package difftest checks generated matchers against internal/reference:
// it writes random valid routes.conf files, with random policies (auth,
// authorization, anti-CSRF, body limits, CORS), builds requests from their
// routes, and compares a generated Lookup's answer with the reference's.
// On the same tables, routegen match's function (internal/explain) is
// compared with the router over HTTP: requests with random policy headers
// must get the same status, Location, Allow, WWW-Authenticate and CORS
// headers from both.
//
//	go test ./internal/difftest                  the committed tables, the seed corpus, URL round trips, match against the router
//	go test ./internal/difftest -update          rewrite tables/t*/ from the generator
//	go test ./internal/difftest -run '^$' -fuzz FuzzLookup -parallel 1 -fuzztime 10m
//	go run ./internal/difftest/cmd/difftest -duration 30m    fresh tables until a disagreement
//	go test ./internal/difftest -run TestMatchAgreesWithRouter -agree.requests 200000 -agree.seed 7 -v    match against the router, long
//	go run ./internal/difftest/cmd/difftest -changes 5000 -seed 7    routegen changes against the routers, on random edits, long
package difftest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/routegen/routegen/ir"
)

// The pools are small so that routes share segments and prefixes: static,
// prefixed and plain parameters and catch-alls compete at one position,
// which is where matchers go wrong. "." as a prefix makes "/.:p" a route
// that the dot segment "/.." must not reach.
var (
	literals   = []string{"a", "b", "ab", "abc", "user_x", "users", "new", "v1", "1", "42", "x.y", ".a", "...", "a-b", "~u", "@", "="}
	prefixes   = []string{"a", "ab", "user_", ".", "v", "~", "x.", "1"}
	paramRules = []string{"number", "numeric", "alpha", "alphanum", "uuid", "uuid4", "uuid3|uuid5", "oneof=a b v1 42",
		"min=2", "max=3", "len=2", "number,min=5,max=100", "numeric,gt=0", "number|uuid", "required", "number|alpha,max=4",
		"lte=3", "gte=-1.5", "numeric,lt=1e3", "required,len=1"}
	catchAllRules = []string{"max=5", "min=3", "alpha", "oneof=a a/b x/y/z", "len=3"}
	methods       = []string{"GET", "GET", "GET", "GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "WS"}
	hosts         = []string{"example.com", "*.example.com", "api.example.com", "*.api.example.com", "localhost", "[::1]"}
	// ports are a domain's port lines and the port each gives.
	ports = []struct{ line, port string }{
		{"", "8080"}, {`port = "8080"`, "8080"}, {`port = "80"`, ""}, {`port = "443"`, ""}, {`port = ""`, ""}, {"port = 9000", "9000"},
	}
)

// segment is one segment of a route path being written.
type segment struct {
	kind    ir.SegmentKind
	literal string // the text, or the text before the parameter
	text    string // as routes.conf has it
}

// shape is the segment with its parameter's name left out: two routes of
// one method with the same shape are a duplicate or a conflict.
func (s segment) shape() string {
	return fmt.Sprintf("/%d%s", s.kind, s.literal)
}

type confWriter struct {
	rng      *rand.Rand
	policy   *rand.Rand // draws the policies, apart from rng, so that they leave the routes as they are
	b        strings.Builder
	sections int             // route sections written, for unique names
	budget   int             // route sections still to write
	shapes   map[string]bool // "domain method shape" of every route written
}

// Conf returns a random routes.conf of about size route sections over one
// to three domains. Names, hosts and the shapes of the routes of a method
// are kept apart, so that it is valid but for the odd case NewTable skips.
//
// Policies (auth, authorization, anti-CSRF, body limits, CORS) are drawn
// from a source of their own, seeded by size, so that adding or changing
// them leaves the domains and routes rng draws as they are.
func Conf(rng *rand.Rand, size int) string {
	w := &confWriter{rng: rng, policy: rand.New(rand.NewPCG(uint64(size), 0x706f6c696379)), shapes: map[string]bool{}}
	w.b.WriteString("domains {\n")
	n := 1 + rng.IntN(3)
	type addr struct{ host, port string }
	used := map[addr]bool{}
	for d := 0; d < n; d++ {
		host, port := pick(rng, hosts), pick(rng, ports)
		if used[addr{host, port.port}] {
			continue
		}
		used[addr{host, port.port}] = true
		w.budget = max(1, size/n)
		w.domain(d, host, port.line)
	}
	w.b.WriteString("}\n")
	return w.b.String()
}

func (w *confWriter) chance(p float64) bool { return w.rng.Float64() < p }

func pick[T any](rng *rand.Rand, list []T) T { return list[rng.IntN(len(list))] }

func (w *confWriter) line(depth int, format string, args ...any) {
	w.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *confWriter) domain(d int, host, port string) {
	w.line(1, "d%d {", d)
	w.line(2, "host = %q", host)
	if port != "" {
		w.line(2, "%s", port)
	}
	for _, flag := range []string{"subdomain", "redirect_trailing_slash", "method_not_allowed", "auto_options"} {
		if w.chance(0.4) {
			w.line(2, "%s = %v", flag, w.chance(0.5))
		}
	}
	w.domainPolicies()
	if w.chance(0.5) {
		w.line(2, `catch_all { controller = "Fallback"; action = "NotFound"%s }`, w.catchAllPolicies())
	}
	if w.chance(0.5) {
		w.line(2, "static {")
		for range 1 + w.rng.IntN(3) {
			w.static(d)
		}
		w.line(2, "}")
	}
	w.line(2, "routes {")
	for w.budget > 0 {
		w.section(d, nil, 3)
	}
	w.line(2, "}")
	w.line(1, "}")
}

// static writes a file route or a dir route, listed or not, at a path of
// literals.
func (w *confWriter) static(d int) {
	var segs []segment
	for range w.rng.IntN(3) {
		segs = append(segs, w.literal())
	}
	dir := w.chance(0.7)
	if dir {
		segs = append(segs, segment{kind: ir.CatchAllSegment})
	}
	if !w.claim(d, "GET", segs) {
		return
	}
	if dir {
		segs = segs[:len(segs)-1]
	}
	path := "/" + strings.Join(texts(segs), "/")
	w.sections++
	switch {
	case !dir:
		w.line(3, `s%d { path = %q; file = "f.txt"; base_dir = "files" }`, w.sections, path)
	default:
		w.line(3, `s%d { path = %q; dir = "files"; list = %v }`, w.sections, path, w.chance(0.6))
	}
}

// claim records the shape of a route of method, false when one of that
// shape exists.
func (w *confWriter) claim(d int, method string, segs []segment) bool {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s ", d, method)
	for _, s := range segs {
		b.WriteString(s.shape())
	}
	if w.shapes[b.String()] {
		return false
	}
	w.shapes[b.String()] = true
	return true
}

func texts(segs []segment) []string {
	var out []string
	for _, s := range segs {
		out = append(out, s.text)
	}
	return out
}

func (w *confWriter) literal() segment {
	l := pick(w.rng, literals)
	return segment{kind: ir.StaticSegment, literal: l, text: l}
}

// newSegment is a segment at position pos of a path: a literal, a plain or
// prefixed parameter, or a catch-all. Parameters are named by position, so
// that two routes never name one position differently.
func (w *confWriter) newSegment(pos int, last bool) segment {
	s := w.literal()
	switch x := w.rng.Float64(); {
	case x < 0.45:
		return s
	case x < 0.7:
		s = segment{kind: ir.ParamSegment}
	case x < 0.85:
		s = segment{kind: ir.ParamSegment, literal: pick(w.rng, prefixes)}
	case last:
		s = segment{kind: ir.CatchAllSegment}
		if w.chance(0.2) {
			s.literal = pick(w.rng, prefixes)
		}
	default:
		return s
	}
	rules := paramRules
	s.text = fmt.Sprintf("%s:p%d", s.literal, pos)
	if s.kind == ir.CatchAllSegment {
		s.text, rules = s.literal+"*rest", catchAllRules
	}
	if w.chance(0.3) {
		s.text += "[" + pick(w.rng, rules) + "]"
	}
	return s
}

// section writes one route section below parent's path: its own path (or
// none, or an absolute "^/…" one), its methods, and maybe children.
func (w *confWriter) section(d int, parent []segment, depth int) {
	w.budget--
	var own []segment
	segs := slices.Clone(parent)
	pathLine := ""
	switch {
	case len(parent) > 0 && parent[len(parent)-1].kind == ir.CatchAllSegment, len(parent) > 0 && w.chance(0.15):
		// No path: the parent's, for other methods.
	default:
		absolute := len(parent) > 0 && w.chance(0.05)
		if absolute {
			segs = nil
		}
		n := 1 + w.rng.IntN(2)
		if len(parent) == 0 && w.chance(0.05) {
			n = 0
		}
		for i := range n {
			s := w.newSegment(len(segs), i == n-1)
			own, segs = append(own, s), append(segs, s)
		}
		switch {
		case absolute:
			pathLine = fmt.Sprintf("path = %q", "^/"+strings.Join(texts(own), "/"))
		case len(parent) == 0:
			pathLine = fmt.Sprintf("path = %q", "/"+strings.Join(texts(own), "/"))
		default:
			pathLine = fmt.Sprintf("path = %q", strings.Join(texts(own), "/"))
		}
	}
	var ms []string
	for range 1 + w.rng.IntN(3) {
		m := pick(w.rng, methods)
		if !slices.Contains(ms, m) && w.claim(d, m, segs) {
			ms = append(ms, m)
		}
	}
	if len(ms) == 0 {
		return
	}
	w.sections++
	name := fmt.Sprintf("r%d", w.sections)
	w.line(depth, "%s {", name)
	if pathLine != "" {
		w.line(depth+1, "%s", pathLine)
	}
	w.line(depth+1, "method = %q", strings.Join(ms, ", "))
	switch {
	case len(ms) == 1 && ms[0] == "WS" && w.chance(0.5):
		w.line(depth+1, `websocket = "Socket"`)
	case len(parent) == 0 || w.chance(0.2):
		w.line(depth+1, "controller = %q", fmt.Sprintf("C%d", w.rng.IntN(3)))
	}
	w.line(depth+1, "action = %q", fmt.Sprintf("A%d", w.sections))
	w.routePolicies(depth + 1)
	if depth < 7 && w.budget > 0 && w.chance(0.5) {
		w.line(depth+1, "routes {")
		for range 1 + w.rng.IntN(4) {
			if w.budget > 0 {
				w.section(d, segs, depth+2)
			}
		}
		w.line(depth+1, "}")
	}
	w.line(depth, "}")
}
