package edge_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// caddyConfig is what a Caddy config holds of the export's routes.
type caddyConfig struct {
	Apps struct {
		HTTP struct {
			Servers map[string]struct {
				Routes []caddyRoute `json:"routes"`
			} `json:"servers"`
		} `json:"http"`
	} `json:"apps"`
}

type caddyRoute struct {
	Match []struct {
		Method   []string                  `json:"method"`
		HeaderRE map[string]map[string]any `json:"header_regexp"`
		VarsRE   map[string]map[string]any `json:"vars_regexp"`
	} `json:"match"`
	Handle []struct {
		Handler    string       `json:"handler"`
		Routes     []caddyRoute `json:"routes"`
		StatusCode int          `json:"status_code"`
		Upstreams  []struct {
			Dial string `json:"dial"`
		} `json:"upstreams"`
	} `json:"handle"`
}

// route follows the routes as Caddy does for a request: the first whose
// matchers all match, into a subroute; it returns the upstream dialled, or
// the status of a static response.
func route(routes []caddyRoute, method, host, uri string, header map[string]string) (string, int) {
	for _, r := range routes {
		if !matchesAny(r, method, host, uri, header) {
			continue
		}
		h := r.Handle[0]
		switch h.Handler {
		case "subroute":
			return route(h.Routes, method, host, uri, header)
		case "reverse_proxy":
			return h.Upstreams[0].Dial, 0
		case "static_response":
			return "", h.StatusCode
		}
	}
	return "", 200 // Caddy's answer when no route takes a request
}

// compiled are the patterns compiled so far.
var compiled = map[string]*regexp.Regexp{}

func compile(pattern string) *regexp.Regexp {
	re := compiled[pattern]
	if re == nil {
		re = regexp.MustCompile(pattern)
		compiled[pattern] = re
	}
	return re
}

func matchesAny(r caddyRoute, method, host, uri string, header map[string]string) bool {
	if len(r.Match) == 0 {
		return true
	}
	for _, m := range r.Match {
		ok := len(m.Method) == 0 || slices.Contains(m.Method, method)
		for name, p := range m.HeaderRE {
			value := header[name]
			if name == "Host" {
				value = host
			}
			ok = ok && compile(p["pattern"].(string)).MatchString(value)
		}
		for name, p := range m.VarsRE {
			if name != "{http.request.orig_uri}" {
				panic(name)
			}
			ok = ok && compile(p["pattern"].(string)).MatchString(uri)
		}
		if ok {
			return true
		}
	}
	return false
}

// TestCaddyRoutesInRouterOrder follows the routes of the Caddy export of
// random tables as Caddy's matchers would for random requests: each must
// go to the backend of the route the router answers it with. The module
// internal/edgecheck sends such requests through Caddy itself.
func TestCaddyRoutesInRouterOrder(t *testing.T) {
	requests := 0
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, seed))
		var table *ir.Table
		for table == nil {
			table, _ = difftest.Load(difftest.Conf(rng, 30))
		}
		router, problems := explain.New(table)
		if len(problems) > 0 {
			continue
		}
		list := []edge.Assignment{{Backend: edge.Backend{Name: "all", Port: 1}}}
		for i, d := range table.Domains {
			list = append(list, edge.Assignment{Domain: d.Key, Backend: edge.Backend{Name: fmt.Sprint("domain", i), Port: 1}})
			for _, r := range d.Routes {
				if len(r.Sections) > 0 && rng.IntN(2) == 0 && !slices.ContainsFunc(list, func(a edge.Assignment) bool { return a.Domain == d.Key && a.Group == r.Sections[0] }) {
					list = append(list, edge.Assignment{Domain: d.Key, Group: r.Sections[0], Backend: edge.Backend{Name: "group-" + r.Sections[0], Port: 1}})
				}
			}
		}
		backends, err := edge.Assign(table, list)
		if err != nil {
			t.Fatal(err)
		}
		out, err := edge.Caddy(table, backends, ":80", false)
		if err != nil {
			t.Fatal(err)
		}
		var config caddyConfig
		if err := json.Unmarshal(out, &config); err != nil {
			t.Fatal(err)
		}
		routes := config.Apps.HTTP.Servers["routegen"].Routes
		q := difftest.NewRequests(table, rng)
		for range 500 {
			req := q.Next()
			header := []string{"Host: " + req.Host}
			method := req.Method
			upgrade := map[string]string{}
			if method == "WS" {
				method = "GET"
				header = append(header, "Upgrade: websocket", "Connection: Upgrade")
				upgrade["Upgrade"] = "websocket"
			}
			r, err := router.NewRequest(method, req.Path, header)
			if err != nil || req.Host == "" {
				continue // refused by the server, before the routes (Caddy: an empty Host)
			}
			if lower := strings.ToLower(req.Path); strings.Contains(lower, "%2e") || strings.Contains(lower, "%2f") {
				continue // a dot segment spelt with escapes, which the patterns do not decode (docs/reference.md)
			}
			requests++
			ans := router.Answer(r, explain.Subject{Authenticated: true, Every: true})
			var want string
			switch {
			case ans.Kind == decide.Reply:
			case ans.Route != nil:
				want = backends.Route(ans.Route).String()
			case ans.CatchAll != nil:
				want = backends.Fallback(table.Domains[ans.Domain]).String()
			}
			got, status := route(routes, method, req.Host, req.Path, upgrade)
			switch {
			case want != "" && got != want:
				t.Errorf("seed %d: %s %q Host %q: to %q, want %q (%v)", seed, method, req.Path, req.Host, got, want, ans.Steps)
			case got == "" && !(status == 404 && ans.Domain < 0):
				t.Errorf("seed %d: %s %q Host %q: Caddy answers %d; the router %d", seed, method, req.Path, req.Host, status, ans.Status)
			}
		}
	}
	if requests < 10000 {
		t.Errorf("%d requests reached the routes", requests)
	}
}
