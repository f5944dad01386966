package edge

import (
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// An implementation ranks an HTTPRoute's matches as Gateway API says
// (Exact, then the longest PathPrefix, then a method, then more headers),
// but places RegularExpression as it likes.
type implementation struct {
	name       string
	regexFirst bool // RegularExpression before PathPrefix
	// byLength: regular expressions rank by the length of their text, the
	// longer first, and a method is one of the header matches, as Envoy
	// Gateway sorts its routes (internal/gatewayapi/sort.go).
	byLength bool
}

var implementations = []implementation{
	{name: "Envoy Gateway", regexFirst: true, byLength: true},
	{name: "Contour", regexFirst: true},
	{name: "NGINX Gateway Fabric", regexFirst: true},
	{name: "Istio"},
}

// rank orders matches that take one request as impl does: lower first;
// equal ranks are in the implementation's own order.
func (impl implementation) rank(m *gwMatch) []int {
	kind := map[string]int{"Exact": 0, "RegularExpression": 1, "PathPrefix": 2}[m.pathType]
	if !impl.regexFirst && m.pathType != "Exact" {
		kind = 3 - kind
	}
	length := 0
	if m.pathType == "PathPrefix" || impl.byLength {
		length = -len(m.value)
	}
	method, headers := 0, 0
	if m.route != nil {
		method = -1
	}
	if m.upgrade {
		headers = -1
	}
	if impl.byLength {
		return []int{kind, length, method + headers}
	}
	return []int{kind, length, method, headers}
}

// GatewayCaveats are the requests a Gateway may send to another backend
// than the router's route, each a warning at that route (or catch_all):
// a request that two matches of different backends take, where the
// Gateway API's order or an implementation's place for regular
// expressions is not the router's. They are found by paths built from
// each pair of routes of different backends, as each implementation
// would rank the matches, and as routegen match answers them.
func GatewayCaveats(t *ir.Table, b *Backends) parser.Diagnostics {
	router, _ := explain.New(t)
	var diags parser.Diagnostics
	seen := map[string]bool{}
	for _, d := range t.Domains {
		host, port, err := address(d)
		if err != nil {
			continue
		}
		if rest, ok := core.CutWildcard(host); ok {
			host = "x." + rest
		}
		if port != "" {
			host += ":" + port
		}
		matches := domainMatches(d, b)
		for _, m := range preflightTaken(matches) {
			key := fmt.Sprint(m.route.Pos, "preflight")
			if !seen[key] {
				seen[key] = true
				diags.Warnf(m.route.Pos, "OPTIONS %s with Origin and Access-Control-Request-Method, a CORS preflight: Envoy Gateway answers it with the CORS filter of route %s, where the router answers a preflight that policy declines with route %s",
					samplePath(m.route, m.route), m.preflightOf.route.Name, m.route.Name)
			}
		}
		for _, w := range witnesses(matches) {
			want, wantPos, what := routerBackend(router, b, d, host, w)
			if what == "" {
				continue // no route answers: any backend's router answers it alike
			}
			// The implementations that send w elsewhere, by where and how
			// surely: those that agree share a message.
			type finding struct {
				match *gwMatch
				tie   bool
			}
			var findings []finding
			names := map[finding][]implementation{}
			for _, impl := range implementations {
				var best []*gwMatch
				for _, m := range matches {
					if !m.matchesRequest(w.method, w.path, w.upgrade) {
						continue
					}
					switch {
					case best == nil || slices.Compare(impl.rank(m), impl.rank(best[0])) < 0:
						best = []*gwMatch{m}
					case slices.Equal(impl.rank(m), impl.rank(best[0])):
						best = append(best, m)
					}
				}
				for _, m := range best {
					if m.backend != want {
						f := finding{m, len(best) > 1}
						if names[f] == nil {
							findings = append(findings, f)
						}
						names[f] = append(names[f], impl)
						break
					}
				}
			}
			for _, f := range findings {
				who, verb := implementationNames(names[f])
				if f.tie {
					verb = "may send"
				}
				// One witness says it of a route, a match and its implementations.
				key := fmt.Sprint(wantPos, who, f.match.backend, f.match.describe())
				if !seen[key] {
					seen[key] = true
					diags.Warnf(wantPos, "%s %s: %s %s it to %s (%s), where the router answers it with %s (%s)",
						w.method, w.path, who, verb, f.match.backend, f.match.describe(), what, want)
				}
			}
		}
	}
	diags.Sort()
	return diags
}

// preflightTaken are the OPTIONS routes' matches whose path a rule with
// the CORS filter also takes: Envoy Gateway routes a CORS preflight
// (OPTIONS with Origin and Access-Control-Request-Method) of that path to
// the filter, which answers it, where the router answers a preflight its
// policy declines with the OPTIONS route. Each is returned with
// preflightOf set to the match of the filter's route.
func preflightTaken(matches []*gwMatch) []*gwMatch {
	var out []*gwMatch
	for _, m := range matches {
		if m.route == nil || m.method != "OPTIONS" {
			continue
		}
		path := samplePath(m.route, m.route)
		for _, o := range matches {
			if o.route != nil && o.route != m.route && o.cors != nil && unsayableOrigin(o.cors) == "" && o.matchesRequest(o.method, path, o.upgrade) {
				taken := *m
				taken.preflightOf = o
				out = append(out, &taken)
				break
			}
		}
	}
	return out
}

// implementationNames names implementations in a sentence, with the
// verb that agrees: "Envoy Gateway, Contour and NGINX Gateway Fabric", "send".
func implementationNames(list []implementation) (string, string) {
	var names []string
	for _, impl := range list {
		names = append(names, impl.name)
	}
	if n := len(names); n > 1 {
		return strings.Join(names[:n-1], ", ") + " and " + names[n-1], "send"
	}
	return names[0], "sends"
}

func (m *gwMatch) describe() string {
	if m.route == nil {
		return "the domain's last rule, PathPrefix /"
	}
	if m.pathType == "RegularExpression" {
		return fmt.Sprintf("the RegularExpression of route %s, %s", m.route.Name, ir.Unescaped(m.route.Path))
	}
	return fmt.Sprintf("%s %s of route %s", m.pathType, m.value, m.route.Name)
}

// witness is a request built to be taken by two matches.
type witness struct {
	method, path string
	upgrade      bool
}

// witnesses are the requests two matches of different backends both
// take: a route's own path against the domain's last rule, and its path
// filled with the literals of another route of its method that takes it
// too; for a PathPrefix, also its prefix and the prefix with a slash.
func witnesses(matches []*gwMatch) []witness {
	fallback := matches[len(matches)-1]
	var out []witness
	for _, a := range matches {
		if a.route == nil {
			continue
		}
		add := func(path string) { out = append(out, witness{a.method, path, a.upgrade}) }
		if a.pathType == "PathPrefix" {
			add(a.value)
			add(strings.TrimSuffix(a.value, "/") + "/")
		}
		if a.backend != fallback.backend {
			add(samplePath(a.route, a.route))
		}
		for _, o := range matches {
			if o.route == nil || o.backend == a.backend || o.method != a.method {
				continue
			}
			if path := samplePath(a.route, o.route); o.matchesRequest(a.method, path, a.upgrade) {
				add(path)
			}
		}
	}
	return out
}

// samplePath is a path r matches, its parameters filled with the literals
// of other at the same places where they fit.
func samplePath(r, other *ir.Route) string {
	var b strings.Builder
	for i, s := range r.Segments {
		b.WriteByte('/')
		var o *ir.Segment
		if i < len(other.Segments) {
			o = &other.Segments[i]
		}
		switch s.Kind {
		case ir.StaticSegment:
			b.WriteString(s.Literal)
		case ir.ParamSegment:
			if o != nil && o.Kind == ir.StaticSegment && strings.HasPrefix(o.Literal, s.Literal) && len(o.Literal) > len(s.Literal) {
				b.WriteString(o.Literal)
			} else if o != nil && strings.HasPrefix(o.Literal, s.Literal) {
				b.WriteString(o.Literal + "x")
			} else {
				b.WriteString(s.Literal + "x")
			}
		case ir.CatchAllSegment:
			var rest []string
			for _, os := range other.Segments[min(i, len(other.Segments)):] {
				if os.Kind == ir.StaticSegment {
					rest = append(rest, os.Literal)
				} else {
					rest = append(rest, os.Literal+"x")
				}
			}
			if len(rest) == 0 || !strings.HasPrefix(rest[0], s.Literal) || len(rest[0]) == len(s.Literal) && len(rest) == 1 {
				rest = []string{s.Literal + "x"}
			}
			b.WriteString(strings.Join(rest, "/"))
			return b.String()
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// routerBackend asks routegen match's router which route answers w on
// host, and returns its backend and position, and what it is ("route
// users", "the catch_all"); what is "" when no route answers.
func routerBackend(router *explain.Router, b *Backends, d *ir.Domain, host string, w witness) (Backend, parser.Pos, string) {
	method, header := w.method, []string{"Host: " + host}
	if w.upgrade {
		header = append(header, "Upgrade: websocket", "Connection: Upgrade")
	}
	req, err := router.NewRequest(method, w.path, header)
	if err != nil {
		return Backend{}, parser.Pos{}, ""
	}
	ans := router.Answer(req, explain.Subject{Authenticated: true, Every: true})
	switch {
	case ans.Kind == decide.Reply: // a CORS preflight, a redirect: any router answers it alike
	case ans.Route != nil:
		return b.Route(ans.Route), ans.Route.Pos, "route " + ans.Route.Name
	case ans.CatchAll != nil:
		return b.Fallback(d), ans.CatchAll.Pos, "the catch_all"
	}
	return Backend{}, parser.Pos{}, ""
}
