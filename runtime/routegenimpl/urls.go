package routegenimpl

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/runtime"
)

// URLBase is where the URLs of a generated URLBuilder point: below a base
// path, and at the address of each domain outside the root one, which is
// routes.conf's unless a router was given another (runtime.WithHost).
type URLBase struct {
	path  string                   // a core.BasePath, or the prefix a request's router is mounted under as sent
	hosts map[string]core.HostPort // by domain key: the addresses that are not routes.conf's; the router's own, never written

	// A builder of a request (URLBaseOfRequest) writes the routes of the
	// request's domain as paths, and every other domain's, the root one
	// included, with //host[:port]; the other builders write the root
	// domain's as paths.
	request   bool
	domain    int    // the request's domain; -1 when it matched none
	subdomain string // the first label of the request's host on a subdomain or wildcard domain, lower case; "" on another
}

// WithBasePath is b with its paths below base ("/svc"; "" or "/" for none).
func (b URLBase) WithBasePath(base string) URLBase {
	b.path = core.BasePath(base)
	return b
}

// URLBaseOf is the URLBase of what router serves: below its base path
// (runtime.WithBasePath), each domain at its address (runtime.WithHost).
// It panics when router is nil or was built by another generated package,
// whose domains are not the table's.
func (t *Table) URLBaseOf(router *runtime.Router) URLBase {
	if router == nil {
		panic("routegen: URLBuilder.ForRouter: nil router")
	}
	path, hosts, ok := t.build().servedAt(router)
	if !ok {
		panic("routegen: URLBuilder.ForRouter: the router was built by another generated package: call ForRouter on that package's URL")
	}
	return URLBase{path: core.BasePath(path), hosts: hosts}
}

// URLBaseOfRequest is the URLBase of the page ctx serves: below the
// prefix its router is mounted under, as its redirects keep it
// (runtime.WithBasePath, else what a handler in front stripped), each
// domain at its address (runtime.WithHost), the routes of the request's
// domain written as paths and every other domain's with their host. A
// wildcard domain's route is the request's own when its subdomain is the
// request's. It panics when ctx is nil or not of a router of the table.
func (t *Table) URLBaseOfRequest(ctx *runtime.Context) URLBase {
	if ctx == nil {
		panic("routegen: URLBuilder.ForRequest: nil context")
	}
	path, hosts, ok := t.build().requestAt(ctx)
	if !ok {
		panic("routegen: URLBuilder.ForRequest: the context is not of a router this package built (NewRouter), or has no request")
	}
	base := URLBase{path: path, hosts: hosts, request: true, domain: -1}
	if d := ctx.Domain(); d != nil {
		base.domain, base.subdomain = d.Index, ctx.Subdomain()
	}
	return base
}

// writesPath reports whether the URL of route r, of a wildcard domain's
// subdomain, is a path under base: a route of the root domain, or of the
// request's domain for a builder of a request. A wildcard root domain's
// route takes no subdomain to write its host with: it is a path.
func (t *Table) writesPath(base URLBase, r int, subdomain string) bool {
	route := &t.Routes[r]
	if !base.request || route.Domain == t.Root && t.isWildcard(route) {
		return route.Domain == t.Root
	}
	return route.Domain == base.domain && (!t.isWildcard(route) || strings.EqualFold(subdomain, base.subdomain))
}

// origin is "//host[:port]" of domain d, for URLs of routes outside the
// root domain, at its address in hosts or else routes.conf's; subdomain
// fills the "*" of a wildcard domain. Its parts are written into the
// URL's buffer, so that a URL with a host costs one allocation too.
type origin struct {
	subdomain  string // with a "." after it; "" for none
	host, port string // port "" for none
}

func (o *origin) len() int {
	n := 2 + len(o.subdomain) + len(o.host)
	if o.subdomain != "" {
		n++
	}
	if o.port != "" {
		n += 1 + len(o.port)
	}
	return n
}

func (o *origin) writeTo(b *strings.Builder) {
	b.WriteString("//")
	if o.subdomain != "" {
		b.WriteString(o.subdomain)
		b.WriteByte('.')
	}
	b.WriteString(o.host)
	if o.port != "" {
		b.WriteByte(':')
		b.WriteString(o.port)
	}
}

func (t *Table) origin(d int, subdomain string, hosts map[string]core.HostPort) (origin, error) {
	// An address read from the environment may be unset or not one: the
	// URL then has no host to begin with, and a path after "//" would be
	// read as one.
	dom := &t.Domains[d]
	host, port, err := t.build().hosts.Address(d).Resolve(hosts)
	if err != nil {
		return origin{}, err
	}
	if _, moved := hosts[dom.Key]; !moved && slices.Contains(t.PortlessLinks, d) {
		port = "" // a link carries a port only when routes.conf, or WithHost, writes one
	}
	o := origin{host: host, port: core.PortOrDefault(port)}
	if name, ok := core.CutWildcard(host); ok {
		o.subdomain, o.host = subdomain, name
	}
	return o, nil
}

// urlPlan is how the URL of one route is written: its path split into
// literal text and parameters.
type urlPlan struct {
	parts       []urlPart
	constraints []*constraint.Constraint // of each parameter; nil for none
}

// urlPart is literal text, or the next parameter when param is set.
type urlPart struct {
	text     string
	param    bool
	catchAll bool
}

// urlPlans are the plans of Routes, made on first use: most programs
// build URLs of few routes, and a table is built before its first URL.
func (t *Table) urlPlans() []urlPlan {
	t.urlOnce.Do(func() {
		t.plans = make([]urlPlan, len(t.Routes))
		for i := range t.Routes {
			t.plans[i] = planURL(&t.Routes[i])
		}
	})
	return t.plans
}

func planURL(r *runtime.Route) urlPlan {
	var p urlPlan
	literal := ""
	for _, seg := range core.ParsePattern(r.Path) {
		if seg.Kind == core.StaticSegment {
			literal += "/" + seg.Literal
			continue
		}
		p.parts = append(p.parts, urlPart{text: literal + "/" + seg.Literal}, urlPart{param: true, catchAll: seg.Kind == core.CatchAllSegment})
		if k := len(p.constraints); k < len(r.Constraints) && r.Constraints[k] != "" {
			c, err := constraint.Parse(r.Constraints[k])
			if err != nil {
				panic("routegen: route " + r.Name + ": " + err.Error()) // the generator wrote it
			}
			p.constraints = append(p.constraints, c)
		} else {
			p.constraints = append(p.constraints, nil)
		}
		literal = ""
	}
	if len(p.parts) == 0 && literal == "" {
		literal = "/" // the root
	}
	if literal != "" {
		p.parts = append(p.parts, urlPart{text: literal})
	}
	return p
}

// buildURL writes the URL of route r of the table from its parameter
// values, unescaped and in order, under base; a route that is not a path
// there (writesPath) gets //host[:port], a wildcard domain's with
// subdomain first: the one error is of that address, read from the environment. It
// checks no constraint: checkedURL does.
func (t *Table) buildURL(base URLBase, r int, subdomain string, values ...string) (string, error) {
	route := &t.Routes[r]
	plan := &t.urlPlans()[r]
	size := len(base.path)
	for _, part := range plan.parts {
		size += len(part.text)
	}
	for _, v := range values {
		size += len(v) // escapes may add more
	}
	var b strings.Builder
	if !t.writesPath(base, r, subdomain) {
		o, err := t.origin(route.Domain, subdomain, base.hosts)
		if err != nil {
			return "", fmt.Errorf("routegen: route %q: %w", core.QualifiedRouteName(t.Domains[route.Domain].Key, route.Name), err)
		}
		b.Grow(o.len() + size)
		o.writeTo(&b)
	} else {
		b.Grow(size)
	}
	b.WriteString(base.path)
	next := 0
	for _, part := range plan.parts {
		switch {
		case !part.param:
			b.WriteString(part.text)
		case part.catchAll:
			b.WriteString(core.EscapeCatchAll(values[next]))
			next++
		default:
			b.WriteString(url.PathEscape(values[next]))
			next++
		}
	}
	return b.String(), nil
}

// checkedURL is buildURL for a route with constraints: it first checks
// every value against its parameter's constraint, and that the route would
// match it (not empty, not a dot segment), and names the parameter that
// fails.
func (t *Table) checkedURL(base URLBase, r int, subdomain string, values ...string) (string, error) {
	if t.takesSubdomain(r) && !hostname.IsLabel(subdomain) {
		return "", fmt.Errorf("routegen: route %q: subdomain %q is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)", t.Routes[r].Name, subdomain)
	}
	if err := t.checkValues(r, values); err != nil {
		return "", err
	}
	return t.buildURL(base, r, subdomain, values...)
}

// HelperURL is the URL a typed URL helper of the generated URLBuilder
// returns for a route whose helper cannot fail: route r's, from its
// parameter values (the subdomain first when the route's domain is a
// wildcard one other than the root), under base. Such a route's domain is
// at routes.conf's own address, or one WithHost gave and NewRouter
// checked, which is read without error.
func (t *Table) HelperURL(base *URLBase, r int, values ...string) string {
	subdomain := ""
	if t.takesSubdomain(r) {
		subdomain, values = values[0], values[1:]
	}
	u, err := t.buildURL(*base, r, subdomain, values...)
	if err != nil {
		panic(err) // a generated package gives every route that can fail CheckedHelperURL
	}
	return u
}

// CheckedHelperURL is HelperURL for a route with constraints: it checks
// every value first and names the parameter that fails.
func (t *Table) CheckedHelperURL(base *URLBase, r int, values ...string) (string, error) {
	if t.takesSubdomain(r) {
		return t.checkedURL(*base, r, values[0], values[1:]...)
	}
	return t.checkedURL(*base, r, "", values...)
}

// Int is v in decimal, for a helper's integer parameter. It is not
// inlined, so that a helper method is a call, which costs the compiler
// least: a package of 10,000 routes compiles 10,000 of them.
//
//go:noinline
func Int(v int64) string { return strconv.FormatInt(v, 10) }

func (t *Table) takesSubdomain(r int) bool {
	route := &t.Routes[r]
	return route.Domain != t.Root && t.isWildcard(route)
}

func (t *Table) checkValues(r int, values []string) error {
	route := &t.Routes[r]
	next := 0
	for _, part := range t.urlPlans()[r].parts {
		if !part.param {
			continue
		}
		if reason := segmentReason(route, part, values[next]); reason != "" {
			return fmt.Errorf("routegen: route %q: parameter %q: %q %s", route.Name, route.Params[next], values[next], reason)
		}
		next++
	}
	for i, c := range t.urlPlans()[r].constraints {
		if c == nil {
			continue
		}
		if err := c.Check(values[i]); err != nil {
			return fmt.Errorf("routegen: route %q: parameter %q: %w", route.Name, route.Params[i], err)
		}
	}
	return nil
}

// segmentReason says why the route would not match its path with v in
// part, a parameter: an empty value, a dot segment, or a catch-all with
// an empty or dot segment; "" when it would.
func segmentReason(route *runtime.Route, part urlPart, v string) string {
	switch {
	case part.catchAll && v == "" && route.Static && route.List:
		return "" // the listing of the folder itself
	case v == "":
		return "is empty"
	case part.catchAll && !IsCleanTail(v):
		return "has an empty or dot segment"
	case !part.catchAll && (v == "." || v == ".."):
		return "is a dot segment"
	}
	return ""
}

// takesSubdomainArg reports whether the arguments give the subdomain of
// tg: a wildcard domain's, which no label gave.
func (t *Table) takesSubdomainArg(tg core.NamedTarget) bool {
	return !tg.Labelled && core.IsWildcardHost(t.Domains[tg.Domain].Host)
}

// namesAt are the names of t's routes under base, whose hosts a label
// names.
type namesAt struct {
	t    *Table
	base *URLBase
}

func (n namesAt) Domains() int { return len(n.t.Domains) }

func (n namesAt) Domain(i int) (key, host string, subdomain bool) {
	d := &n.t.Domains[i]
	host, _, err := n.t.build().hosts.Address(i).Resolve(n.base.hosts)
	if err != nil {
		host = "" // unset: no label names it
	}
	return d.Key, host, d.Subdomain
}

func (n namesAt) Route(d int, name string) int { return n.t.routeOf(d, name) }

// resolve finds what name stands for under base, as core.ReadRouteName
// reads it.
func (t *Table) resolve(base URLBase, name string) (core.NamedTarget, error) {
	current := core.NoDomain
	if base.request {
		current = base.domain
	}
	tg, ok := core.ReadRouteName(namesAt{t, &base}, t.Root, name, current, base.subdomain)
	if ok {
		return tg, nil
	}
	short, _, _ := strings.Cut(name, "#")
	if !strings.Contains(short, ".") {
		// A bare name is the root domain's: name the domains that have it.
		var others []string
		for i := range t.Routes {
			if r := &t.Routes[i]; r.Name == short {
				if full := strconv.Quote(core.QualifiedRouteName(t.Domains[r.Domain].Key, short)); !slices.Contains(others, full) {
					others = append(others, full)
				}
			}
		}
		if len(others) > 0 {
			return tg, fmt.Errorf("routegen: no route named %q in the root domain; did you mean %s?", name, strings.Join(others, " or "))
		}
	}
	return tg, fmt.Errorf("routegen: no route named %q", name)
}

// routeOf is the first route named name in domain d, or -1.
func (t *Table) routeOf(d int, name string) int {
	for i := range t.Routes {
		if r := &t.Routes[i]; r.Domain == d && r.Name == name {
			return i
		}
	}
	return -1
}

func (t *Table) isWildcard(r *runtime.Route) bool {
	return core.IsWildcardHost(t.Domains[r.Domain].Host)
}

// originURL is the URL of a "host" target, the origin of its domain,
// whose subdomain is checked as a helper's.
func (t *Table) originURL(base URLBase, name string, tg core.NamedTarget, subdomain string) (string, error) {
	if core.IsWildcardHost(t.Domains[tg.Domain].Host) && !hostname.IsLabel(subdomain) {
		return "", fmt.Errorf("routegen: %q: subdomain %q is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)", name, subdomain)
	}
	o, err := t.origin(tg.Domain, subdomain, base.hosts)
	if err != nil {
		return "", fmt.Errorf("routegen: %q: %w", name, err)
	}
	var b strings.Builder
	b.Grow(o.len())
	o.writeTo(&b)
	return withAnchor(b.String(), tg.Anchor), nil
}

// withAnchor is u with "#" and anchor, escaped as a URL's fragment, after
// it; u when anchor is empty.
func withAnchor(u, anchor string) string {
	if anchor == "" {
		return u
	}
	return u + "#" + (&url.URL{Fragment: anchor}).EscapedFragment()
}

// RouteURL returns the URL of the named route, under base, with its
// parameters in order; a route of a wildcard domain takes the subdomain
// first, unless its label named it. The names are resolve's. It checks
// every value as CheckedHelperURL does.
func (t *Table) RouteURL(base URLBase, name string, args ...any) (string, error) {
	tg, err := t.resolve(base, name)
	if err != nil {
		return "", err
	}
	subdomain := tg.Subdomain
	if t.takesSubdomainArg(tg) {
		if len(args) == 0 {
			return "", fmt.Errorf("routegen: route %q of a wildcard domain takes the subdomain first", name)
		}
		subdomain, args = fmt.Sprint(args[0]), args[1:]
	}
	if tg.Route < 0 {
		if len(args) > 0 {
			return "", fmt.Errorf("routegen: %q, the origin of a domain, takes no arguments but a wildcard domain's subdomain, got %d more", name, len(args))
		}
		return t.originURL(base, name, tg, subdomain)
	}
	route := &t.Routes[tg.Route]
	if len(args) != len(route.Params) {
		return "", fmt.Errorf("routegen: route %q takes %d path parameters (%s), got %d", name, len(route.Params), strings.Join(route.Params, ", "), len(args))
	}
	values := make([]string, len(args))
	for i, a := range args {
		values[i] = fmt.Sprint(a)
	}
	u, err := t.checkedURL(base, tg.Route, subdomain, values...)
	if err != nil {
		return "", err
	}
	return withAnchor(u, tg.Anchor), nil
}

// RouteURLNamedArgs returns the URL of the named route, under base, with
// its parameters taken by name; the other arguments become the query
// string, sorted by key. A route of a wildcard domain takes its subdomain
// as "subdomain", unless its label named it. The names are resolve's. It
// checks every value as CheckedHelperURL does.
func (t *Table) RouteURLNamedArgs(base URLBase, name string, args map[string]any) (string, error) {
	tg, err := t.resolve(base, name)
	if err != nil {
		return "", err
	}
	used := map[string]bool{}
	subdomain := tg.Subdomain
	if t.takesSubdomainArg(tg) {
		v, ok := args["subdomain"]
		if !ok {
			if k := t.misspeltKey(tg, args, "subdomain"); k != "" {
				return "", fmt.Errorf("routegen: route %q has no path parameter %q (did you mean \"subdomain\"?)", name, k)
			}
			return "", fmt.Errorf("routegen: route %q of a wildcard domain needs the argument \"subdomain\"", name)
		}
		subdomain, used["subdomain"] = fmt.Sprint(v), true
	}
	if tg.Route < 0 {
		for _, k := range slices.Sorted(maps.Keys(args)) {
			if !used[k] {
				return "", fmt.Errorf("routegen: %q, the origin of a domain, takes no arguments but a wildcard domain's subdomain, got %q", name, k)
			}
		}
		return t.originURL(base, name, tg, subdomain)
	}
	route := &t.Routes[tg.Route]
	values := make([]string, len(route.Params))
	for i, p := range route.Params {
		v, ok := args[p]
		if !ok {
			if k := t.misspeltKey(tg, args, p); k != "" {
				return "", fmt.Errorf("routegen: route %q has no path parameter %q (did you mean %q?)", name, k, p)
			}
			return "", fmt.Errorf("routegen: route %q needs the path parameter %q", name, p)
		}
		values[i], used[p] = fmt.Sprint(v), true
	}
	u, err := t.checkedURL(base, tg.Route, subdomain, values...)
	if err != nil {
		return "", err
	}
	query := url.Values{}
	for k, v := range args {
		if !used[k] {
			query.Set(k, fmt.Sprint(v))
		}
	}
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return withAnchor(u, tg.Anchor), nil
}

// misspeltKey is the first key of args, in sorted order, that is a
// misspelling of the missing argument p and no argument that the route of
// tg takes, by the rule routevet reports it with (an edit in three
// characters of the key); "" when none is, and the error names p alone.
func (t *Table) misspeltKey(tg core.NamedTarget, args map[string]any, p string) string {
	var params []string // an origin's: none
	if tg.Route >= 0 {
		params = t.Routes[tg.Route].Params
	}
	for _, k := range slices.Sorted(maps.Keys(args)) {
		taken := slices.Contains(params, k) || k == "subdomain" && t.takesSubdomainArg(tg)
		if !taken && suggest.Closest(k, []string{p}, len(k)/3) == p {
			return k
		}
	}
	return ""
}

// urlCache is the part of a Table the URL builders fill on first use.
type urlCache struct {
	urlOnce sync.Once
	plans   []urlPlan
}
