package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/ir"
)

// matchFlags are the flags of match besides the sources'.
type matchFlags struct {
	json bool
}

func (f *matchFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&f.json, "json", false, "print the outcome as one JSON object")
}

// matchResult is what match reports: the outcome of the lookup, and why.
type matchResult struct {
	Status   int               `json:"status"`
	Route    string            `json:"route"`  // its name, "domain_key.name" outside the first domain; "" when none
	Domain   string            `json:"domain"` // its key; "" when none
	Params   map[string]any    `json:"params"`
	Location string            `json:"location"`
	Allow    string            `json:"allow"`
	Reason   string            `json:"reason"`
	Position string            `json:"position,omitempty"`
	Action   string            `json:"action,omitempty"` // Controller.Action, or what a static route serves
	Policies map[string]string `json:"policies,omitempty"`
	Why      string            `json:"why_domain,omitempty"` // why this domain serves the host
}

// match asks the routing core which route serves METHOD URL, and why.
func (c *cli) match(args []string, src sourceFlags, flags matchFlags) int {
	if len(args) < 2 || len(args) > 3 {
		return c.usageError(fmt.Sprintf("want METHOD URL [routes.conf | folder], got %d arguments", len(args)))
	}
	method := strings.ToUpper(args[0])
	if method == "" || strings.ContainsAny(method, " \t/") {
		return c.usageError(fmt.Sprintf("method %q is not an HTTP method", args[0]))
	}
	u, err := url.Parse(args[1])
	if err != nil {
		// url.Error repeats the URL: its own words say what is wrong.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return c.usageError(fmt.Sprintf("URL %q: %v", args[1], err))
	}
	if u.Path == "" && u.Host == "" {
		return c.usageError(fmt.Sprintf("URL %q: want a path (/hotels/42) or an absolute URL (http://api.example.com:8080/v1/hotels)", args[1]))
	}
	arg := ""
	if len(args) == 3 {
		arg = args[2]
	}
	input, src, code := c.oneSource(arg, src)
	if code != exitOK {
		return code
	}
	table := c.load(input, src)
	if table == nil {
		return exitInput
	}
	res := lookup(table, method, u)
	if flags.json {
		out, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(c.stdout, "%s\n", out)
	} else {
		fmt.Fprint(c.stdout, res.text())
	}
	if res.Status == 200 && (res.Route != "" || res.Action != "") {
		return exitOK
	}
	return exitInput
}

// lookup resolves method and u through the core, as a generated router
// at routes.conf's addresses does.
func lookup(t *ir.Table, method string, u *url.URL) matchResult {
	var routes []core.Route
	var owners []*ir.Route
	keys := make([]string, len(t.Domains))
	for d, dom := range t.Domains {
		keys[d] = dom.Key
		for _, r := range dom.Routes {
			var constraints []string
			for _, p := range r.ParamSpecs {
				text := ""
				if p.Constraint != nil {
					text = p.Constraint.Text
				}
				constraints = append(constraints, text)
			}
			if !slices.ContainsFunc(constraints, func(s string) bool { return s != "" }) {
				constraints = nil
			}
			routes = append(routes, core.Route{Method: r.Method, Domain: d, Path: r.Path, ListDir: r.Static && r.List, Constraints: constraints})
			owners = append(owners, r)
		}
	}
	domains := make([]core.Domain, len(t.Domains))
	addrs := make([]core.Address, len(t.Domains))
	for d, dom := range t.Domains {
		domains[d] = core.Domain{RedirectTrailingSlash: dom.RedirectTrailingSlash, MethodNotAllowed: dom.MethodNotAllowed, AutoOptions: dom.AutoOptions, CatchAll: -1}
		if dom.CatchAll != nil {
			domains[d].CatchAll = len(routes) + d
		}
		addrs[d] = core.Address{Key: dom.Key, Host: dom.Host, Port: dom.Port, HostEnv: dom.HostEnv, PortEnv: dom.PortEnv}
	}
	ct := core.NewTable(routes, domains, nil)
	hosts, _ := core.NewHosts(addrs, nil)

	host := u.Host
	if host == "" { // a path alone: the first domain's address
		h, port, _ := addrs[0].Resolve(nil)
		host = h
		if port != "" {
			host += ":" + port
		}
	}
	path := u.EscapedPath()
	var m core.Match
	ct.Lookup(&m, hosts, method, host, path)
	o := m.Outcome
	res := matchResult{Status: o.Status, Params: map[string]any{}}
	if o.Domain < 0 {
		var served []string
		for _, a := range addrs {
			h, port, err := a.Resolve(nil)
			if err == nil {
				served = append(served, strings.TrimSuffix(h+":"+port, ":"))
			}
		}
		res.Reason = fmt.Sprintf("no domain serves host %q (hosts: %s)", host, strings.Join(served, ", "))
		return res
	}
	dom := t.Domains[o.Domain]
	res.Domain, res.Why = dom.Key, whyDomain(t, o.Domain, host)
	switch {
	case o.CatchAll:
		ca := dom.CatchAll
		res.Action, res.Position = ca.Controller+"#"+ca.Action, ca.Pos.String()
		res.Reason = "no route serves the path; the catch_all of domain " + strconv.Quote(dom.Key) + " answers"
		res.Policies = policies(ca.Auth, ca.AntiCSRFCheck && unsafeMethod(method), ca.MaxBodySize, ca.CORS != nil)
		return res
	case o.Route >= 0:
		r := owners[o.Route]
		res.Route = r.Name
		if o.Domain > 0 {
			res.Route = dom.Key + "." + r.Name
		}
		res.Position, res.Action = r.Pos.String(), r.Target()
		for k, p := range r.ParamSpecs {
			if k < m.Params.Len() {
				res.Params[p.Name] = paramValue(p, m.Params.Value(k))
			}
		}
		if o.Status == 400 {
			for k, p := range r.ParamSpecs {
				c := ct.Constraint(o.Route, k)
				if c == nil || k >= m.Params.Len() {
					continue
				}
				if err := c.Check(m.Params.Value(k)); err != nil {
					res.Reason = fmt.Sprintf("path parameter %q, :%s[%s]: %v", p.Name, p.Name, p.Constraint.Text, err)
					break
				}
			}
			return res
		}
		res.Policies = policies(r.Auth, r.AntiCSRFCheck && unsafeMethod(method), r.MaxBodySize, r.CORS != nil)
		if r.Method != method {
			res.Reason = fmt.Sprintf("the %s route answers %s", r.Method, method)
		}
		return res
	}
	switch o.Status {
	case 301, 308:
		res.Location = m.Redirect()
		if u.RawQuery != "" {
			res.Location += "?" + u.RawQuery
		}
		res.Reason = "the path is served at " + res.Location
	case 405:
		res.Allow = m.Allow
		res.Reason = fmt.Sprintf("no %s route serves the path; its methods are %s", method, m.Allow)
	case 204:
		res.Allow = m.Allow
		res.Reason = "automatic OPTIONS reply: " + m.Allow
	default:
		res.Reason = "no route serves " + path
		if near := nearestRoutes(dom, path); len(near) > 0 {
			res.Reason += "; the nearest: " + strings.Join(near, ", ")
		}
	}
	return res
}

// whyDomain says why domain d serves host.
func whyDomain(t *ir.Table, d int, host string) string {
	dom := t.Domains[d]
	if len(t.Domains) == 1 {
		return "the only domain serves every host"
	}
	name, port := hostname.Split(host)
	switch {
	case strings.HasPrefix(dom.Host, "*."):
		return fmt.Sprintf("host %s is a subdomain of %s", name, strings.TrimPrefix(dom.Host, "*."))
	case port == dom.Port:
		return fmt.Sprintf("host %s at port %s", name, portText(port))
	}
	return fmt.Sprintf("host %s, at any port: a port only chooses between domains of one host name", name)
}

func portText(port string) string {
	if port == "" {
		return "default"
	}
	return port
}

// nearestRoutes are up to three route paths of dom closest to path.
func nearestRoutes(dom *ir.Domain, path string) []string {
	type near struct {
		text     string
		distance int
	}
	var all []near
	seen := map[string]bool{}
	for _, r := range dom.Routes {
		text := r.Method + " " + r.Path
		if seen[text] {
			continue
		}
		seen[text] = true
		all = append(all, near{text, suggest.Distance(path, r.Path)})
	}
	slices.SortStableFunc(all, func(a, b near) int { return a.distance - b.distance })
	var out []string
	for _, n := range all[:min(3, len(all))] {
		out = append(out, n.text)
	}
	return out
}

// paramValue is a parameter's value as its action receives it.
func paramValue(p ir.Param, v string) any {
	if p.Type == ir.TypeInt {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	}
	return v
}

func unsafeMethod(m string) bool {
	return m != "GET" && m != "HEAD" && m != "OPTIONS" && m != "TRACE" && m != "WS"
}

// policies are what the router applies before the action.
func policies(auth string, antiCSRF bool, maxBody int64, cors bool) map[string]string {
	p := map[string]string{"auth": auth}
	if auth == "" {
		p["auth"] = "none"
	}
	if antiCSRF {
		p["anti_csrf_check"] = "on"
	}
	if maxBody > 0 {
		p["max_body_size"] = strconv.FormatInt(maxBody, 10) + " bytes"
	}
	if cors {
		p["cors"] = "on"
	}
	return p
}

// text is the outcome for a terminal.
func (r matchResult) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", r.Status)
	switch {
	case r.Route != "":
		fmt.Fprintf(&b, " route %s (%s)", r.Route, r.Position)
	case r.Action != "":
		fmt.Fprintf(&b, " catch_all (%s)", r.Position)
	}
	b.WriteString("\n")
	if r.Domain != "" {
		fmt.Fprintf(&b, "  domain: %s (%s)\n", r.Domain, r.Why)
	}
	if r.Action != "" {
		fmt.Fprintf(&b, "  action: %s\n", r.Action)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Params)) {
		fmt.Fprintf(&b, "  param %s = %#v\n", k, r.Params[k])
	}
	for _, k := range slices.Sorted(maps.Keys(r.Policies)) {
		fmt.Fprintf(&b, "  %s: %s\n", k, r.Policies[k])
	}
	if r.Location != "" {
		fmt.Fprintf(&b, "  Location: %s\n", r.Location)
	}
	if r.Allow != "" {
		fmt.Fprintf(&b, "  Allow: %s\n", r.Allow)
	}
	if r.Reason != "" {
		fmt.Fprintf(&b, "  reason: %s\n", r.Reason)
	}
	return b.String()
}
