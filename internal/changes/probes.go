package changes

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// probe is one request that may tell the two sides apart.
type probe struct {
	method, target string
	headers        []string // "Name: value", Host first
	cred           credential
	// subject is the route or catch_all the request was derived from;
	// domain is the subject of its domain.
	subject, domain *subject
	// what names the request in an effect: "anonymous requests",
	// "GET /pages/0" (one request, when single).
	what   string
	single bool
}

// verb is "get" in an effect, "gets" of a single request.
func (p probe) verb() string {
	if p.single {
		return "gets"
	}
	return "get"
}

// credential is what the application's authenticators and authorizer
// say of a request.
type credential struct {
	anonymous bool   // no authenticator recognises it
	scheme    string // the one scheme whose authenticator recognises it; "" for every one
	refused   bool   // the authorizer refuses its subject
}

// subject is the subject of a request with the credential: the
// authorizer refuses one with no role and no permission.
func (c credential) subject() explain.Subject {
	return explain.Subject{Authenticated: !c.anonymous, Scheme: c.scheme, Every: !c.refused}
}

// otherOrigin is an origin no CORS policy names.
const otherOrigin = "https://elsewhere.invalid"

// maxValuesPerParam bounds the edge values tried of one parameter.
const maxValuesPerParam = 12

// probes derives, from every route and catch_all of either side, the
// requests that can tell the sides apart: every method a route answers,
// a concrete path of its pattern and the edges of its constraints, the
// path with and without a trailing slash, and the header variants its
// policies read (credentials, same-origin and cross-site, CORS origins
// and preflights, bodies at each side's limits), sent to the host of
// its domain on both sides.
func (c *comparison) probes() []probe {
	var out []probe
	seen := map[string]bool{}
	add := func(p probe) {
		key := p.method + " " + p.target + "\x00" + strings.Join(p.headers, "\x00") + "\x00" + strconv.FormatBool(p.cred.anonymous) + p.cred.scheme + strconv.FormatBool(p.cred.refused)
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	schemes := c.schemes()
	for _, sd := range []*side{&c.new, &c.old} {
		for d, dom := range sd.table.Domains {
			hosts := c.hosts(dom.Key)
			for _, host := range hosts {
				at := "" // the host an effect names, when the domain moved
				if len(hosts) > 1 {
					at = " at " + host
				}
				for _, r := range dom.Routes {
					c.routeProbes(add, sd.routes[r], sd.domains[d], r, host, at, schemes)
				}
				if dom.CatchAll != nil {
					c.catchAllProbes(add, sd.catchAlls[d], sd.domains[d], host, at, schemes)
				}
			}
		}
	}
	return out
}

// routeProbes adds the requests of route r to host.
func (c *comparison) routeProbes(add func(probe), s, dom *subject, r *ir.Route, host, at string, schemes []string) {
	method, upgrade := r.Method, []string(nil)
	if method == "WS" {
		method, upgrade = "GET", []string{"Upgrade: websocket", "Connection: Upgrade"}
	}
	base := concretePath(r, nil)
	request := func(method, target, what string, cred credential, header ...string) probe {
		h := append([]string{"Host: " + host}, upgrade...)
		return probe{method: method, target: target, headers: append(h, header...), cred: cred, subject: s, domain: dom, what: what + at, single: strings.HasPrefix(what, method+" ")}
	}
	add(request(method, base, method+" "+base, credential{}))
	// The paths: each parameter's edges, the others at a value that holds.
	for k, p := range r.ParamSpecs {
		for _, v := range paramValues(p) {
			path := concretePath(r, map[int]string{k: v})
			add(request(method, path, method+" "+path, credential{}))
		}
	}
	slash := base + "/"
	if strings.HasSuffix(base, "/") && base != "/" {
		slash = strings.TrimSuffix(base, "/")
	}
	add(request(method, slash, method+" "+slash, credential{}))
	if r.Static && r.File == "" {
		dir := r.Path[:strings.LastIndexByte(r.Path, '*')]
		add(request("GET", dir, "GET "+dir+" (the folder's listing)", credential{}))
		add(request("GET", strings.TrimSuffix(dir, "/"), "GET "+strings.TrimSuffix(dir, "/"), credential{}))
	}
	// The other methods a client may send to the path.
	other := "DELETE"
	if method == other {
		other = "PUT"
	}
	for _, m := range []string{"HEAD", "OPTIONS", other} {
		if m != "HEAD" || method == "GET" {
			add(request(m, base, m+" "+base, credential{}))
		}
	}
	c.policyProbes(add, request, method, base, schemes, c.routePolicies(s))
}

// catchAllProbes adds the requests to host that a domain's catch_all answers.
func (c *comparison) catchAllProbes(add func(probe), s, dom *subject, host, at string, schemes []string) {
	const path = "/routegen-changes/no/route/here"
	request := func(method, target, what string, cred credential, header ...string) probe {
		return probe{method: method, target: target, headers: append([]string{"Host: " + host}, header...), cred: cred, subject: s, domain: dom, what: what + at}
	}
	add(request("GET", path, "requests no route serves", credential{}))
	var policies []policy
	for _, d := range []*ir.Domain{s.oldDom, s.newDom} {
		if d != nil && d.CatchAll != nil {
			ca := d.CatchAll
			policies = append(policies, policy{ca.Auth, "", ca.AntiCSRFCheck, ca.MaxBodySize, ca.CORS})
		}
	}
	for _, m := range []string{"GET", "POST"} {
		c.policyProbes(add, request, m, path, schemes, policies)
	}
}

// routePolicies are the policies of both sides of s.
func (c *comparison) routePolicies(s *subject) []policy {
	var out []policy
	for _, r := range []*ir.Route{s.old, s.new} {
		if r != nil {
			out = append(out, policy{r.Auth, authorizationText(r.Authorization), r.AntiCSRFCheck, r.MaxBodySize, r.CORS})
		}
	}
	return out
}

// policyProbes adds the header variants of a request that the policies
// read.
func (c *comparison) policyProbes(add func(probe), request func(method, target, what string, cred credential, header ...string) probe,
	method, path string, schemes []string, policies []policy) {
	add(request(method, path, "anonymous requests", credential{anonymous: true}))
	for _, scheme := range schemes {
		add(request(method, path, "requests with a credential of "+strconv.Quote(scheme)+" alone", credential{scheme: scheme}))
	}
	add(request(method, path, "requests the authorizer refuses", credential{refused: true}))
	add(request(method, path, "same-origin requests", credential{}, "Sec-Fetch-Site: same-origin"))
	add(request(method, path, "cross-site requests", credential{}, "Sec-Fetch-Site: cross-site", "Origin: "+otherOrigin))
	origins, methods, headers := []string{otherOrigin}, []string{method}, []string(nil)
	var limits []int64
	for _, p := range policies {
		if p.cors != nil {
			for _, o := range p.cors.AllowOrigins {
				if o != "*" && !slices.Contains(origins, o) {
					origins = append(origins, o)
				}
			}
			for _, m := range p.cors.AllowMethods {
				if m != "*" && !slices.Contains(methods, m) {
					methods = append(methods, m)
				}
			}
			for _, h := range p.cors.AllowHeaders {
				if h != "*" && !slices.Contains(headers, h) {
					headers = append(headers, h)
				}
			}
		}
		if p.maxBodySize > 0 && !slices.Contains(limits, p.maxBodySize) {
			limits = append(limits, p.maxBodySize)
		}
	}
	for _, o := range origins {
		add(request(method, path, "requests from "+o, credential{}, "Sec-Fetch-Site: cross-site", "Origin: "+o))
		for _, m := range methods {
			add(request("OPTIONS", path, "preflights from "+o+" for "+m, credential{}, "Origin: "+o, "Access-Control-Request-Method: "+m))
		}
		for _, h := range headers {
			add(request("OPTIONS", path, "preflights from "+o+" for header "+h, credential{}, "Origin: "+o, "Access-Control-Request-Method: "+method, "Access-Control-Request-Headers: "+h))
		}
	}
	for _, limit := range limits {
		for _, n := range []int64{limit, limit + 1} {
			add(request(method, path, "bodies of "+strconv.FormatInt(n, 10)+" bytes", credential{}, "Content-Length: "+strconv.FormatInt(n, 10)))
		}
	}
}

// schemes are the auth schemes either side names.
func (c *comparison) schemes() []string {
	out := namedSchemes(c.old.table)
	for _, s := range namedSchemes(c.new.table) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

// hosts are the Hosts a request to the domain of key is sent to: its
// address on either side (a wildcard's subdomain stood for by one name).
func (c *comparison) hosts(key string) []string {
	var out []string
	for _, t := range []*ir.Table{c.new.table, c.old.table} {
		for d, dom := range t.Domains {
			if dom.Key != key {
				continue
			}
			addr := t.Address(d)
			host, port, err := addr.Resolve(nil)
			if err != nil {
				continue
			}
			if core.IsWildcardHost(host) {
				host = "sub" + host[1:]
			}
			if port != "" {
				host += ":" + port
			}
			if !slices.Contains(out, host) {
				out = append(out, host)
			}
		}
	}
	return out
}

// concretePath is a path of r's pattern: each parameter at a value
// its constraint holds, but those values gives; a catch-all at a deep path.
func concretePath(r *ir.Route, values map[int]string) string {
	if len(r.Segments) == 0 {
		return "/"
	}
	var b strings.Builder
	k := 0
	for _, s := range r.Segments {
		b.WriteString("/" + s.Literal)
		if s.Kind == ir.StaticSegment {
			continue
		}
		v, ok := values[k]
		if !ok {
			v = "a/b/c"
			if s.Kind == ir.ParamSegment {
				v = url.PathEscape(defaultValue(r.ParamSpecs[k].Constraint))
			}
		}
		b.WriteString(v)
		k++
	}
	return b.String()
}

// candidates are values tried for a parameter's default, in order.
var candidates = []string{"7", "1", "42", "abc", "x", "a1", "123e4567-e89b-42d3-a456-426614174000", "0", "-1", "1.5", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}

// defaultValue is a value the constraint holds, or "x" when none of the
// candidates does.
func defaultValue(c *ir.Constraint) string {
	if c == nil {
		return "x"
	}
	for _, v := range candidates {
		if c.Holds(v) {
			return v
		}
	}
	for _, term := range c.Terms {
		for _, t := range term {
			if t.Name == "oneof" {
				for _, w := range strings.Fields(t.Arg) {
					if c.Holds(w) {
						return w
					}
				}
			}
		}
	}
	return "x"
}

// paramValues are the values of p worth trying, escaped for a path: a
// value that holds, and each edge of its constraint (min and max ±1,
// each oneof word and one outside, a number past int64); a catch-all's
// deep path.
func paramValues(p ir.Param) []string {
	if p.CatchAll {
		return []string{"a/b/c", "x"}
	}
	c := p.Constraint
	values := []string{defaultValue(c)}
	if c == nil {
		return values
	}
	fill := "a"
	if c.IsInteger() || c.Numeric() {
		fill = "1"
	}
	for _, term := range c.Terms {
		for _, t := range term {
			switch t.Name {
			case "oneof":
				values = append(values, strings.Fields(t.Arg)...)
				values = append(values, "zzz-none-of-these")
			case "number", "numeric":
				values = append(values, "abc", "9223372036854775808", "-1")
			case "alpha", "alphanum":
				values = append(values, "a-1", "a1", "abc")
			case "uuid", "uuid3", "uuid4", "uuid5":
				values = append(values, "abc")
			case "len", "min", "max", "gt", "gte", "lt", "lte":
				n, _ := strconv.ParseFloat(t.Arg, 64)
				whole := int64(math.Floor(n))
				for _, e := range []int64{whole - 1, whole, whole + 1, int64(math.Ceil(n))} {
					if c.Numeric() {
						values = append(values, strconv.FormatInt(e, 10))
					} else if e > 0 && e <= 256 {
						values = append(values, strings.Repeat(fill, int(e)))
					}
				}
			}
		}
	}
	slices.Sort(values[1:])
	values = slices.Compact(values)
	if len(values) > maxValuesPerParam {
		values = values[:maxValuesPerParam]
	}
	for i, v := range values {
		values[i] = url.PathEscape(v)
	}
	return values
}
