package edge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/ir"
)

// caddyRoute is a route of Caddy's HTTP app: matcher sets (any of them),
// handlers, and whether it ends the route list.
type caddyRoute struct {
	Match    []caddyMatch `json:"match,omitempty"`
	Handle   []any        `json:"handle"`
	Terminal bool         `json:"terminal,omitempty"`
}

// caddyMatch is one matcher set: every matcher in it must match.
type caddyMatch struct {
	Host     []string                `json:"host,omitempty"`
	Method   []string                `json:"method,omitempty"`
	HeaderRE map[string]caddyPattern `json:"header_regexp,omitempty"`
	VarsRE   map[string]caddyPattern `json:"vars_regexp,omitempty"`
}

type caddyPattern struct {
	Pattern string `json:"pattern"`
}

type caddyProxy struct {
	Handler   string          `json:"handler"`
	Upstreams []caddyUpstream `json:"upstreams"`
}

type caddyUpstream struct {
	Dial string `json:"dial"`
}

type caddyStatic struct {
	Handler    string `json:"handler"`
	StatusCode int    `json:"status_code"`
}

type caddySubroute struct {
	Handler string       `json:"handler"`
	Routes  []caddyRoute `json:"routes"`
}

// requestURI is the placeholder of the request line's target as the
// client sent it: the router matches the escaped path, where Caddy's path
// matchers see it unescaped, cleaned and, for path, in any case.
const requestURI = "{http.request.orig_uri}"

// absoluteForm is the scheme and authority of a request line's absolute
// form ("http://example.com/a"), or the authority of CONNECT's
// ("example.com/a"), whose path the router matches.
const absoluteForm = `(?:[A-Za-z][A-Za-z0-9+.-]*://[^/?]*|[^/?]+)?`

// Caddy is the Caddy v2 JSON config of t's edge: one server listening at
// listen, whose routes send each request to the backend of the route the
// router chooses for it, in the router's order, and each domain's other
// requests to its fallback backend (whose router answers its catch_all,
// 404, 405 or redirect). A host no domain serves is answered 404.
//
// Caddy's own matchers differ from the router: its host wildcard matches
// one label but compares no port, its path matchers see the path
// unescaped and cleaned, path ignores case, and a request no route takes
// is answered an empty 200. So hosts are matched by header_regexp on
// Host, paths by vars_regexp on the request line's target, and the last
// route answers 404.
//
// With tls, each domain's route also has a host matcher of its name (and
// the name with a trailing dot, which the router serves too), from which
// Caddy's automatic HTTPS takes the names of its certificates; a table
// of one domain is then served at its host only, the one a certificate
// names.
func Caddy(t *ir.Table, b *Backends, listen string, tls bool) ([]byte, error) {
	var routes []caddyRoute
	if len(t.Domains) == 1 && !tls {
		routes = append(routes, caddyRoute{Handle: []any{caddySubroute{Handler: "subroute", Routes: domainRoutes(t.Domains[0], b)}}, Terminal: true})
	} else {
		hosts, err := hostOrder(t)
		if err != nil {
			return nil, err
		}
		for _, h := range hosts {
			m := caddyMatch{HeaderRE: map[string]caddyPattern{"Host": {h.pattern}}}
			if tls {
				host, _, _ := address(h.domain)
				m.Host = certificateNames(host)
			}
			routes = append(routes, caddyRoute{
				Match:    []caddyMatch{m},
				Handle:   []any{caddySubroute{Handler: "subroute", Routes: domainRoutes(h.domain, b)}},
				Terminal: true,
			})
		}
		routes = append(routes, caddyRoute{Handle: []any{caddyStatic{Handler: "static_response", StatusCode: 404}}})
	}
	config := map[string]any{
		"apps": map[string]any{
			"http": map[string]any{
				"servers": map[string]any{
					"routegen": map[string]any{"listen": []string{listen}, "routes": routes},
				},
			},
		},
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(config); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// certificateNames are the names of a domain's host matcher: its host
// (an IPv6 address without brackets, as Caddy compares it) and, for a
// name, the name with a trailing dot.
func certificateNames(host string) []string {
	if inner, ok := strings.CutPrefix(host, "["); ok {
		return []string{strings.TrimSuffix(inner, "]")}
	}
	if net.ParseIP(host) != nil {
		return []string{host}
	}
	return []string{host, host + "."}
}

// hostEntry is the Host pattern that gives a domain its requests.
type hostEntry struct {
	domain  *ir.Domain
	pattern string
}

// hostOrder is the order in which the router's host table tries the
// domains: the exact hosts, then the wildcards; of the domains of one name,
// the one at the request's port, else the first.
func hostOrder(t *ir.Table) ([]hostEntry, error) {
	var out []hostEntry
	for _, wildcard := range []bool{false, true} {
		byName := map[string][]*ir.Domain{}
		var names []string
		for _, d := range t.Domains {
			host, _, err := address(d)
			if err != nil {
				return nil, err
			}
			if d.Wildcard() != wildcard {
				continue
			}
			if byName[host] == nil {
				names = append(names, host)
			}
			byName[host] = append(byName[host], d)
		}
		for _, name := range names {
			list := byName[name]
			if len(list) > 1 {
				for _, d := range list {
					_, port, _ := address(d)
					out = append(out, hostEntry{d, hostRegexp(name, port, false)})
				}
			}
			out = append(out, hostEntry{list[0], hostRegexp(name, "", true)})
		}
	}
	return out, nil
}

// address is the host and port of d, a default of the environment's
// included; a host read from the environment with no default is an error.
func address(d *ir.Domain) (host, port string, err error) {
	host, port = d.Host, d.Port
	if d.HostEnv != "" {
		_, def, ok := strings.Cut(d.HostEnv, ":-")
		if !ok || def == "" {
			return "", "", fmt.Errorf("domain %s reads its host from $%s, which has no default: give it one (${%s:-example.com}) for the edge to route by", d.Key, d.HostEnv, strings.TrimSuffix(d.HostEnv, ":-"))
		}
		host = strings.ToLower(def)
	}
	if d.PortEnv != "" {
		_, port, _ = strings.Cut(d.PortEnv, ":-")
	}
	return host, core.PortOrDefault(port), nil
}

// domainRoutes are the routes of a domain's subroute: a block of routes
// for each method in the router's order, a HEAD request's GET routes after
// its HEAD routes, and a WebSocket upgrade's WS routes before the GET
// routes; then the domain's fallback.
func domainRoutes(d *ir.Domain, b *Backends) []caddyRoute {
	var routes []caddyRoute
	for _, block := range methodBlocks(d) {
		for _, r := range block.routes {
			m := caddyMatch{
				Method: []string{block.method},
				VarsRE: map[string]caddyPattern{requestURI: {`^` + absoluteForm + pathPattern(r) + `(?:\?.*)?$`}},
			}
			if block.upgrade {
				m.HeaderRE = map[string]caddyPattern{"Upgrade": {webSocketUpgrade}}
			}
			routes = append(routes, caddyRoute{Match: []caddyMatch{m}, Handle: []any{proxy(b.Route(r))}})
		}
	}
	return append(routes, caddyRoute{Handle: []any{proxy(b.Fallback(d))}})
}

// webSocketUpgrade matches an Upgrade header that asks for a WebSocket, as
// the router reads it: a token of its list, in any case.
const webSocketUpgrade = `(?i)(?:^|,)[ \t]*websocket[ \t]*(?:,|$)`

func proxy(b Backend) caddyProxy {
	return caddyProxy{Handler: "reverse_proxy", Upstreams: []caddyUpstream{{Dial: b.String()}}}
}

// methodBlock is the routes a request of method tries, in the router's
// order; upgrade, for a GET that asks to upgrade to a WebSocket.
type methodBlock struct {
	method  string
	upgrade bool
	routes  []*ir.Route
}

// methodBlocks are a domain's routes by the method of the requests they
// answer, in the router's order within each.
func methodBlocks(d *ir.Domain) []methodBlock {
	byMethod := map[string][]*ir.Route{}
	for _, r := range d.Routes {
		byMethod[r.Method] = append(byMethod[r.Method], r)
	}
	var methods []string
	for m, list := range byMethod {
		byMethod[m] = routerOrder(list)
		methods = append(methods, m)
	}
	slices.Sort(methods)
	var blocks []methodBlock
	for _, m := range methods {
		switch m {
		case "WS":
			// A WebSocket upgrade that no WS route takes falls to the GET
			// routes, the block after.
			blocks = append(blocks, methodBlock{method: "GET", upgrade: true, routes: byMethod[m]})
		case "HEAD":
			blocks = append(blocks, methodBlock{method: m, routes: append(slices.Clip(byMethod[m]), byMethod["GET"]...)})
		default:
			blocks = append(blocks, methodBlock{method: m, routes: byMethod[m]})
		}
	}
	if byMethod["HEAD"] == nil && byMethod["GET"] != nil {
		blocks = append(blocks, methodBlock{method: "HEAD", routes: byMethod["GET"]})
	}
	// The WebSocket block goes before GET's.
	slices.SortStableFunc(blocks, func(x, y methodBlock) int {
		if x.upgrade != y.upgrade {
			if x.upgrade {
				return -1
			}
			return 1
		}
		return 0
	})
	return blocks
}
