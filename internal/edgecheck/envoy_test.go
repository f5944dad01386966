package edgecheck

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	"sigs.k8s.io/yaml"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/aahcorpus"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

var (
	envoyRequests = flag.Int("edge.envoy.requests", 300, "random requests evaluated against each table's Envoy route configuration")
	envoyRandom   = flag.Int("edge.envoy.tables", 2, "random tables of difftest translated by Envoy Gateway besides the golden ones")
)

// goldenTables are the tables of the golden packages (gen's goldenCases).
func goldenTables(t *testing.T) map[string]*ir.Table {
	root := os.DirFS("../..")
	sources := map[string]ir.Sources{
		"github":   {Routes: "testdata/routesets/github.conf"},
		"rich":     {Routes: "testdata/rich/routes.conf"},
		"clash":    {Routes: "testdata/clash/routes.conf"},
		"routes":   {Routes: "examples/app/routes.conf"},
		"aahport":  {Routes: "examples/aahport/config/routes.conf", Security: "examples/aahport/config/security.conf", AppConfig: "examples/aahport/config/aah.conf"},
		"policies": {Routes: "testdata/policies/routes.conf", Security: "testdata/policies/security.conf"},
		"replies":  {Routes: "testdata/replies/routes.conf", Security: "testdata/replies/security.conf", AppConfig: "testdata/replies/aah.conf"},
		"profile":  {Routes: "testdata/profile/routes.conf", AppConfig: "testdata/profile/aah.conf", Profile: "prod"},
		"deploy":   {Routes: "testdata/deploy/routes.conf"},
	}
	files, err := aahcorpus.RouteFiles(root, "testdata/aah")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range files {
		sources[p] = aahcorpus.Sources(root, "testdata/aah", p)
	}
	tables := map[string]*ir.Table{}
	for name, src := range sources {
		if table, _ := ir.Load(difftest.FS{FS: root}, src); table != nil {
			tables[name] = table
		}
	}
	if len(tables) < 20 {
		t.Fatalf("%d golden tables: the goldens moved", len(tables))
	}
	return tables
}

// TestEnvoyGatewayRoutesAsRouter translates the Gateway export of every
// golden table (and of difftest's random tables), each route served by a
// backend of its own, with Envoy Gateway's own translator (egctl x
// translate) into Envoy's configuration, and follows requests through it
// as Envoy routes them: its path normalisation, its virtual hosts, its
// routes in order. Each request must reach the backend of the route the
// router answers the path Envoy forwards with, unless the export warned of
// it at that route for Envoy Gateway; where Envoy's normalisation makes
// the router answer otherwise than it answers the path as sent, the
// difference is counted (docs/edge.md states it).
func TestEnvoyGatewayRoutesAsRouter(t *testing.T) {
	egctl := egctlBinary(t)
	tables := goldenTables(t)
	var names []string
	for name := range tables {
		names = append(names, name)
	}
	slices.Sort(names)
	for i := range *envoyRandom {
		name := fmt.Sprintf("random seed %d", *seed+uint64(i))
		tables[name] = randomTable(t, *seed+uint64(i))
		names = append(names, name)
	}
	var total totals
	for _, name := range names {
		total.add(checkEnvoy(t, egctl, name, tables[name]))
	}
	t.Logf("%d tables, %d requests: %d misrouted unwarned, %d misrouted as the export warned, %d answered for the path Envoy normalised (%d of them otherwise than the router answers the path as sent), %d CORS preflights answered by Envoy's filter, %d other requests answered by Envoy itself",
		len(names), total.requests, total.unwarned, total.warned, total.normalised, total.normalisedOtherwise, total.preflights, total.byEnvoy)
}

type totals struct {
	requests, unwarned, warned, normalised, normalisedOtherwise, byEnvoy, preflights int
}

func (t *totals) add(o totals) {
	t.requests += o.requests
	t.unwarned += o.unwarned
	t.warned += o.warned
	t.normalised += o.normalised
	t.normalisedOtherwise += o.normalisedOtherwise
	t.byEnvoy += o.byEnvoy
	t.preflights += o.preflights
}

// checkEnvoy translates one table's export and follows its requests.
func checkEnvoy(t *testing.T, egctl, name string, table *ir.Table) totals {
	var count totals
	router, problems := explain.New(table)
	if len(problems) > 0 {
		return count
	}
	assignments, services := routeBackends(table)
	backends, err := edge.Assign(table, assignments)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	export, err := edge.Gateway(table, backends, edge.GatewayOptions{Gateway: "edge", Source: "routes.conf", EnvoyGateway: true})
	if err != nil {
		return count // a table the edge cannot route by (edge.error)
	}
	// What the export warned of Envoy Gateway: at a route, the backend it
	// may send the route's requests to ("" for Envoy's own answer).
	warned := map[parser.Pos]map[string]bool{}
	for _, d := range edge.GatewayCaveats(table, backends) {
		if !strings.Contains(d.Msg, "Envoy Gateway") {
			continue
		}
		if warned[d.Pos] == nil {
			warned[d.Pos] = map[string]bool{}
		}
		to := ""
		if m := warnedBackend.FindStringSubmatch(d.Msg); m != nil {
			to = m[1]
		}
		warned[d.Pos][to] = true
	}
	// A warning of a domain's hosts covers every request of the domain.
	warnedDomain := map[int]bool{}
	for _, d := range edge.GatewayHostNotes(table, edge.GatewayOptions{EnvoyGateway: true}) {
		for i, dom := range table.Domains {
			warnedDomain[i] = warnedDomain[i] || dom.Pos == d.Pos
		}
	}
	isWarned := func(a explain.Answer, to string) bool {
		return warned[answerPos(a)][to] || a.Domain >= 0 && warnedDomain[a.Domain]
	}
	config, rules := translate(t, egctl, name, table, export, services)
	rng := rand.New(rand.NewPCG(7, 11))
	q := difftest.NewPolicyRequests(table, rng)
	examples := map[string]int{}
	for range *envoyRequests {
		req := q.Next()
		if !strings.HasPrefix(req.Target, "/") {
			continue // the origin form only: Envoy rewrites the others
		}
		sent, err := router.NewRequest(req.Method, req.Target, req.Header)
		if err != nil {
			continue // refused before any route, by both
		}
		count.requests++
		path, query, _ := strings.Cut(req.Target, "?")
		forwarded, ok := config.normalise(path)
		if !ok {
			count.byEnvoy++
			continue
		}
		chosen, reached := config.route(req.Method, sent.Host, forwarded, sent.Header)
		if !reached {
			count.requests--
			continue
		}
		if chosen != nil && chosen.preflight {
			// Envoy's CORS filter answers every preflight of the path,
			// those the router's policy declines too (docs/edge.md).
			count.preflights++
			continue
		}
		cluster := ""
		if chosen != nil {
			cluster = chosen.cluster
		}
		target := forwarded
		if query != "" {
			target += "?" + query
		}
		fwd, err := router.NewRequest(req.Method, target, req.Header)
		if err != nil {
			count.byEnvoy++
			continue
		}
		ans := router.Answer(fwd, difftest.SubjectOf(req.Header))
		if forwarded != path {
			count.normalised++
			if orig := router.Answer(sent, difftest.SubjectOf(req.Header)); orig.Status != ans.Status || orig.Route != ans.Route || orig.Location != ans.Location {
				count.normalisedOtherwise++
				if examples["normalised"]++; examples["normalised"] <= 3 {
					t.Logf("%s: %v: Envoy forwards %s, which the router answers %d (%s); as sent, %d (%s)", name, req, forwarded, ans.Status, answerText(ans), orig.Status, answerText(orig))
				}
			}
		}
		want := wantBackend(backends, table, ans)
		if cluster == "" {
			count.byEnvoy++
			if want != "" && isWarned(ans, "") {
				count.warned++
			} else if want != "" {
				count.unwarned++
				t.Errorf("%s: %v: Envoy answers it itself (no virtual host or route); the router answers it from %s (%s)", name, req, want, answerText(ans))
			}
			continue
		}
		got, ok := rules[cluster]
		if !ok {
			t.Fatalf("%s: cluster %q is no rule of the export", name, cluster)
		}
		if want == "" || got == want {
			continue
		}
		// A warning of the domain's hosts covers a request sent to another
		// domain's backend, not one within the domain.
		pos := answerPos(ans)
		gotDomain, _, _ := strings.Cut(got, "-")
		gotDomain = strings.TrimSuffix(gotDomain, ":8080")
		if warned[pos][got] || gotDomain != fmt.Sprintf("d%d", ans.Domain) && isWarned(ans, got) {
			count.warned++
			continue
		}
		count.unwarned++
		t.Errorf("%s: %v: Envoy sends %s to %s; the router answers it from %s (%s), and the export warned of nothing at %s", name, req, forwarded, got, want, answerText(ans), pos)
	}
	return count
}

// warnedBackend is the backend a precedence finding names: "… sends it
// to users:8080 (…)".
var warnedBackend = regexp.MustCompile(`(?:sends|send|may send) it to (\S+) \(`)

// answerPos is the routes.conf position of the route or catch_all that
// answers.
func answerPos(a explain.Answer) parser.Pos {
	switch {
	case a.Route != nil:
		return a.Route.Pos
	case a.CatchAll != nil:
		return a.CatchAll.Pos
	}
	return parser.Pos{}
}

// routeBackends gives every route a backend of its own, and every domain
// one for the rest, so that any request Envoy sends to another route's
// backend shows; services are their names.
func routeBackends(table *ir.Table) ([]edge.Assignment, []string) {
	var list []edge.Assignment
	var services []string
	for i, d := range table.Domains {
		name := fmt.Sprintf("d%d", i)
		services = append(services, name)
		list = append(list, edge.Assignment{Domain: d.Key, Backend: edge.Backend{Name: name, Port: 8080}})
		seen := map[string]bool{}
		for j, r := range d.Routes {
			if seen[r.Name] {
				continue
			}
			seen[r.Name] = true
			name := fmt.Sprintf("d%d-r%d", i, j)
			services = append(services, name)
			list = append(list, edge.Assignment{Domain: d.Key, Group: r.Name, Backend: edge.Backend{Name: name, Port: 8080}})
		}
	}
	return list, services
}

// egctlBinary builds Envoy Gateway's egctl from the module egctl/ beside
// this file, once for each version it requires: a cold build takes
// minutes. A build that fails skips the check, but fails it in CI.
func egctlBinary(t *testing.T) string {
	mod, err := os.ReadFile("egctl/go.mod")
	if err != nil {
		t.Fatal(err)
	}
	version := regexp.MustCompile(`github\.com/envoyproxy/gateway (v\S+)`).FindSubmatch(mod)
	if version == nil {
		t.Fatal("egctl/go.mod requires no github.com/envoyproxy/gateway")
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	bin := filepath.Join(cache, "routegen-edgecheck", "egctl-"+string(version[1]))
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	cmd := exec.Command("go", "build", "-o", bin, "github.com/envoyproxy/gateway/cmd/egctl")
	cmd.Dir = "egctl"
	if out, err := cmd.CombinedOutput(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("building egctl: %v\n%s", err, out)
		}
		t.Skipf("building egctl: %v\n%s", err, out)
	}
	return bin
}

// translate runs egctl x translate on the export with a GatewayClass, a
// Gateway with one HTTP listener and the services, and returns Envoy's
// configuration and the backend of each cluster.
func translate(t *testing.T, egctl, name string, table *ir.Table, export []byte, services []string) (*envoyConfig, map[string]string) {
	var in strings.Builder
	in.WriteString(`apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata:
  name: eg
spec:
  controllerName: gateway.envoyproxy.io/gatewayclass-controller
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata:
  name: edge
spec:
  gatewayClassName: eg
  listeners:
`)
	for _, port := range listenerPorts(table) {
		fmt.Fprintf(&in, "  - name: http-%d\n    protocol: HTTP\n    port: %d\n", port, port)
	}
	for i, s := range services {
		fmt.Fprintf(&in, "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: %s\nspec:\n  clusterIP: 10.0.%d.%d\n  ports:\n  - name: http\n    port: 8080\n", s, i/250, 1+i%250)
	}
	rules := map[string]string{}
	// The export's first document is its header comment alone.
	for _, doc := range strings.Split(string(export), "\n---\n")[1:] {
		in.WriteString("---\n" + doc)
		if !strings.HasSuffix(doc, "\n") {
			in.WriteString("\n")
		}
		var route gatewayv1.HTTPRoute
		if err := yaml.Unmarshal([]byte(doc), &route); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if route.Kind != "HTTPRoute" {
			continue
		}
		for i, r := range route.Spec.Rules {
			ref := r.BackendRefs[0]
			rules[fmt.Sprintf("httproute/envoy-gateway-system/%s/rule/%d", route.Name, i)] = fmt.Sprintf("%s:%d", ref.Name, *ref.Port)
		}
	}
	file := filepath.Join(t.TempDir(), "in.yaml")
	if err := os.WriteFile(file, []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(egctl, "x", "translate", "--from", "gateway-api", "--to", "xds", "-t", "all", "-o", "json", "-f", file).Output()
	if err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			t.Fatalf("%s: egctl x translate: %v\n%s", name, err, exit.Stderr)
		}
		t.Fatalf("%s: egctl x translate: %v", name, err)
	}
	config, err := readEnvoyConfig(out)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return config, rules
}

// listenerPorts are the ports of the Gateway's listeners: 80, 443 and
// every domain's.
func listenerPorts(table *ir.Table) []int {
	ports := []int{80, 443}
	for _, d := range table.Domains {
		if n, err := strconv.Atoi(d.Port); err == nil && !slices.Contains(ports, n) {
			ports = append(ports, n)
		}
	}
	return ports
}

// envoyConfig is what Envoy routes a request by: the HTTP connection
// manager's path and host settings and each listener's route
// configuration, by port.
type envoyConfig struct {
	normalisePath, mergeSlashes, stripTrailingDot bool
	escapedSlashes                                string
	listeners                                     map[int]*envoyRoutes
}

type envoyRoutes struct {
	ignorePort bool
	hosts      []envoyVirtualHost
}

type envoyVirtualHost struct {
	domains []string
	routes  []envoyRoute
}

type envoyRoute struct {
	path, prefix, separatedPrefix string
	regex                         *regexp.Regexp
	headers                       []envoyHeader
	cluster                       string // "" for Envoy's own answer
	preflight                     bool   // a CORS preflight's, which Envoy's CORS filter answers
}

type envoyHeader struct {
	name, exact string
	regex       *regexp.Regexp
	present     bool
}

// readEnvoyConfig reads egctl's JSON: the connection manager that serves
// the Gateway's listener (the one with a route discovery), and its route
// configuration.
func readEnvoyConfig(out []byte) (*envoyConfig, error) {
	var doc any
	if err := json.Unmarshal(out, &doc); err != nil {
		return nil, err
	}
	c := &envoyConfig{listeners: map[int]*envoyRoutes{}}
	var routeConfigs []map[string]any
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			typ, _ := v["@type"].(string)
			switch {
			case strings.HasSuffix(typ, ".HttpConnectionManager") && v["rds"] != nil:
				c.normalisePath, _ = v["normalizePath"].(bool)
				c.mergeSlashes, _ = v["mergeSlashes"].(bool)
				c.stripTrailingDot, _ = v["stripTrailingHostDot"].(bool)
				c.escapedSlashes, _ = v["pathWithEscapedSlashesAction"].(string)
			case strings.HasSuffix(typ, ".RouteConfiguration"):
				routeConfigs = append(routeConfigs, v)
			}
			for _, x := range v {
				walk(x)
			}
		case []any:
			for _, x := range v {
				walk(x)
			}
		}
	}
	walk(doc)
	if len(routeConfigs) == 0 {
		return nil, errors.New("egctl's output has no route configuration")
	}
	for _, rc := range routeConfigs {
		// Named after the Gateway's listener: ".../edge/http-8080".
		_, port, _ := strings.Cut(rc["name"].(string), "/http-")
		n, err := strconv.Atoi(port)
		if err != nil {
			return nil, fmt.Errorf("route configuration %v: no listener of this check's", rc["name"])
		}
		routes := &envoyRoutes{}
		routes.ignorePort, _ = rc["ignorePortInHostMatching"].(bool)
		hosts, _ := rc["virtualHosts"].([]any)
		for _, vh := range hosts {
			vh := vh.(map[string]any)
			var host envoyVirtualHost
			for _, d := range vh["domains"].([]any) {
				host.domains = append(host.domains, d.(string))
			}
			for _, r := range vh["routes"].([]any) {
				route, err := readEnvoyRoute(r.(map[string]any))
				if err != nil {
					return nil, err
				}
				host.routes = append(host.routes, route)
			}
			routes.hosts = append(routes.hosts, host)
		}
		c.listeners[n] = routes
	}
	return c, nil
}

func readEnvoyRoute(r map[string]any) (envoyRoute, error) {
	var route envoyRoute
	m := r["match"].(map[string]any)
	route.path, _ = m["path"].(string)
	route.prefix, _ = m["prefix"].(string)
	route.separatedPrefix, _ = m["pathSeparatedPrefix"].(string)
	if re, ok := m["safeRegex"].(map[string]any); ok {
		var err error
		if route.regex, err = regexp.Compile(`^(?:` + re["regex"].(string) + `)$`); err != nil {
			return route, err
		}
	}
	for _, k := range []string{"caseSensitive", "queryParameters", "grpc", "runtimeFraction", "dynamicMetadata", "filterState"} {
		if _, ok := m[k]; ok {
			return route, fmt.Errorf("route %v: match field %s, which the check does not follow", r["name"], k)
		}
	}
	headers, _ := m["headers"].([]any)
	for _, h := range headers {
		h := h.(map[string]any)
		header := envoyHeader{name: strings.ToLower(h["name"].(string))}
		if _, ok := h["invertMatch"]; ok {
			return route, fmt.Errorf("route %v: an inverted header match", r["name"])
		}
		switch s, _ := h["stringMatch"].(map[string]any); {
		case h["presentMatch"] != nil:
			header.present = true
		case s["exact"] != nil:
			header.exact = s["exact"].(string)
		case s["safeRegex"] != nil:
			re, err := regexp.Compile(`^(?:` + s["safeRegex"].(map[string]any)["regex"].(string) + `)$`)
			if err != nil {
				return route, err
			}
			header.regex = re
		default:
			return route, fmt.Errorf("route %v: header match %v, which the check does not follow", r["name"], h)
		}
		route.headers = append(route.headers, header)
	}
	// A CORS preflight's route is answered by Envoy's CORS filter, which
	// forwards none (forwardNotMatchingPreflights false).
	route.preflight = strings.Contains(r["name"].(string), "/cors-preflight/")
	if action, ok := r["route"].(map[string]any); ok && !route.preflight {
		route.cluster, _ = action["cluster"].(string)
	}
	return route, nil
}

// normalise is the path Envoy routes by and forwards: RFC 3986's
// normalisation as Envoy does it (its copy of Chromium's canonical path),
// then merged slashes; ok is false for a path Envoy refuses or redirects.
func (c *envoyConfig) normalise(path string) (string, bool) {
	if c.normalisePath {
		var ok bool
		if path, ok = canonicalPath(path); !ok {
			return "", false
		}
	}
	if c.mergeSlashes {
		for strings.Contains(path, "//") {
			path = strings.ReplaceAll(path, "//", "/")
		}
	}
	if c.escapedSlashes != "KEEP_UNCHANGED" {
		lower := strings.ToLower(path)
		if strings.Contains(lower, "%2f") || strings.Contains(lower, "%5c") {
			return "", false // Envoy's redirect, or its 400
		}
	}
	return path, true
}

// route is the route Envoy chooses, nil for none; ok is false when the Gateway has no listener at the
// Host's port, which a client could not have reached.
func (c *envoyConfig) route(method, host, path string, header map[string][]string) (route *envoyRoute, ok bool) {
	host = strings.ToLower(host)
	port := 80
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasSuffix(host, "]") {
		if n, err := strconv.Atoi(host[i+1:]); err == nil {
			port = n
		}
		host = host[:i]
	}
	listener := c.listeners[port]
	if listener == nil {
		return nil, false
	}
	if c.stripTrailingDot {
		host = strings.TrimSuffix(host, ".")
	}
	vh := listener.virtualHost(host)
	if vh == nil {
		return nil, true
	}
	for i, r := range vh.routes {
		if r.matches(method, path, header) {
			return &vh.routes[i], true
		}
	}
	return nil, true
}

// virtualHost is Envoy's choice: an exact domain, else the longest
// suffix wildcard ("*.example.com", one label or more), else the longest
// prefix wildcard, else "*".
func (c *envoyRoutes) virtualHost(host string) *envoyVirtualHost {
	var best *envoyVirtualHost
	bestRank, bestLen := 4, 0
	for i := range c.hosts {
		for _, d := range c.hosts[i].domains {
			rank := 4
			switch {
			case d == host:
				rank = 0
			case d == "*":
				rank = 3
			case strings.HasPrefix(d, "*") && strings.HasSuffix(host, d[1:]) && len(host) > len(d)-1:
				rank = 1
			case strings.HasSuffix(d, "*") && strings.HasPrefix(host, d[:len(d)-1]) && len(host) > len(d)-1:
				rank = 2
			}
			if rank < bestRank || rank == bestRank && len(d) > bestLen {
				best, bestRank, bestLen = &c.hosts[i], rank, len(d)
			}
		}
	}
	return best
}

func (r *envoyRoute) matches(method, path string, header map[string][]string) bool {
	switch {
	case r.path != "" && path != r.path,
		r.prefix != "" && !strings.HasPrefix(path, r.prefix),
		r.separatedPrefix != "" && path != r.separatedPrefix && !strings.HasPrefix(path, r.separatedPrefix+"/"),
		r.regex != nil && !r.regex.MatchString(path):
		return false
	}
	for _, h := range r.headers {
		var value string
		var ok bool
		if h.name == ":method" {
			value, ok = method, true
		} else {
			for name, values := range header {
				if strings.EqualFold(name, h.name) {
					value, ok = strings.Join(values, ","), true
				}
			}
		}
		switch {
		case !ok,
			h.exact != "" && value != h.exact,
			h.regex != nil && !h.regex.MatchString(value):
			return false
		}
	}
	return true
}

// canonicalPath is Envoy's normalisation of a path (normalize_path, its
// copy of Chromium's url_canon_path): dot segments, escaped or not,
// removed; "\" a "/"; escapes of letters, digits, "-", ".", "_" and "~"
// decoded, other escapes kept as sent; characters a URL cannot hold
// escaped. ok is false for a NUL, which Envoy refuses.
func canonicalPath(p string) (string, bool) {
	isDot := func(i int) int {
		switch {
		case i < len(p) && p[i] == '.':
			return 1
		case i+2 < len(p) && p[i] == '%' && p[i+1] == '2' && (p[i+2] == 'e' || p[i+2] == 'E'):
			return 3
		}
		return 0
	}
	isSlash := func(i int) bool { return i < len(p) && (p[i] == '/' || p[i] == '\\') }
	out := []byte{}
	if p == "" || !isSlash(0) {
		out = append(out, '/')
	}
	ok := true
	for i := 0; i < len(p); i++ {
		c := p[i]
		if n := isDot(i); n > 0 {
			if len(out) > 0 && out[len(out)-1] == '/' {
				after := i + n
				switch {
				case after == len(p):
					i = after - 1
					continue
				case isSlash(after):
					i = after
					continue
				}
				if m := isDot(after); m > 0 && (after+m == len(p) || isSlash(after+m)) {
					// Up one: back to the slash before the last segment.
					if len(out) > 1 {
						j := len(out) - 2
						for j > 0 && out[j] != '/' {
							j--
						}
						out = out[:j+1]
					}
					i = after + m - 1
					if isSlash(after + m) {
						i++
					}
					continue
				}
			}
			out = append(out, '.')
			i += n - 1
			continue
		}
		switch {
		case c == '\\':
			out = append(out, '/')
		case c == '%':
			if i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]) {
				v, _ := strconv.ParseUint(p[i+1:i+3], 16, 8)
				if unreserved(byte(v)) {
					out = append(out, byte(v))
				} else {
					out = append(out, p[i:i+3]...)
				}
				i += 2
			} else {
				out = append(out, '%')
			}
		case c == 0:
			ok = false
			out = append(out, "%00"...)
		case c <= ' ' || c >= 0x7f || strings.IndexByte("\"#<>?^`{|}", c) >= 0:
			out = append(out, fmt.Sprintf("%%%02X", c)...)
		default:
			out = append(out, c)
		}
	}
	return string(out), ok
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// unreserved are the characters whose escapes Envoy decodes ("." is a
// dot, which canonicalPath handles).
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '~'
}
