package changes

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/ir"
)

// probe is one request that may tell the two sides apart.
type probe struct {
	method, target string
	headers        []string        // "Name: value", Host first
	who            explain.Subject // who sends it
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

// The subjects a probe is sent as: anonymous; recognised by one
// scheme's authenticator alone; recognised by every one, holding every
// role and permission, or none.
var (
	anonymous  = explain.Subject{}
	everything = explain.Subject{Authenticated: true, Every: true}
	nobody     = explain.Subject{Authenticated: true}
)

// Request is a request Compare sends both sides: its request line and
// header lines ("Name: value", Host first), and the credential the
// application is taken to find in it.
type Request struct {
	Method, Target string
	Header         []string
	Subject        explain.Subject
}

// Requests are the requests Compare derives to tell old and new apart.
func Requests(old, new *ir.Table) []Request {
	c := newComparison(old, new)
	var out []Request
	for _, p := range c.probes() {
		out = append(out, p.request())
	}
	return out
}

func (p probe) request() Request {
	return Request{Method: p.method, Target: p.target, Header: p.headers, Subject: p.who}
}

// unnamedHosts are Hosts no domain names: a health check's IP address,
// and a name.
var unnamedHosts = []string{"192.0.2.1", "unknown.invalid"}

// probeMethods are the methods sent to every route's path.
var probeMethods = []string{"GET", "HEAD", "OPTIONS", "DELETE", "PUT", "POST", "PATCH", "CONNECT", "TRACE"}

// unroutedMethod is a method no route answers.
const unroutedMethod = "BREW"

// otherOrigin is an origin no CORS policy names.
const otherOrigin = "https://elsewhere.invalid"

// unlistedHeader is a request header no CORS policy names.
const unlistedHeader = "X-Unlisted"

// maxValuesPerParam bounds the edge values tried of one parameter.
const maxValuesPerParam = 24

// probes derives, from every route and catch_all of either side, the
// requests that can tell the sides apart: every method a route answers,
// a concrete path of its pattern and the edges of its constraints, the
// paths it shares with the other routes' patterns, the path with and
// without a trailing slash, and the header variants its
// policies read (credentials, same-origin and cross-site, CORS origins
// and preflights, bodies at each side's limits), sent to the host of
// its domain on both sides.
func (c *comparison) probes() []probe {
	var out []probe
	seen := map[string]bool{}
	add := func(p probe) {
		key := p.method + " " + p.target + "\x00" + strings.Join(p.headers, "\x00") + "\x00" + fmt.Sprint(p.who)
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	schemes := c.schemes()
	// The hosts of every domain of either side, and each without its
	// port: a port only chooses between domains of one host name, and
	// which one a Host without a port reaches depends on their order.
	var allHosts, portless []string
	for _, sd := range []*side{&c.new, &c.old} {
		for _, dom := range sd.table.Domains {
			for _, host := range c.hosts(dom.Key) {
				allHosts = union(allHosts, []string{host})
				if name, port := hostname.Split(host); port != "" {
					if strings.Contains(name, ":") { // an IPv6 address
						name = "[" + name + "]"
					}
					portless = union(portless, []string{name})
				}
			}
		}
	}
	// A route's request with another Host than its own, by every subject
	// and by none.
	otherHost := func(sd *side, d int, r *ir.Route, other string) {
		method, path := r.Method, concretePath(r, nil)
		if method == "WS" {
			method = "GET"
		}
		add(probe{method: method, target: path, headers: []string{"Host: " + other}, who: everything, subject: sd.routes[r], domain: sd.domains[d],
			what: method + " " + path + " with Host " + other, single: true})
		add(probe{method: method, target: path, headers: []string{"Host: " + other}, who: anonymous, subject: sd.routes[r], domain: sd.domains[d],
			what: "anonymous requests of " + method + " " + path + " with Host " + other})
	}
	// The hosts of a domain one side lacks, which another domain of the
	// other side may serve (a table's one domain serves every host): every
	// request of every domain is sent to them too.
	var oneSided []string
	for _, d := range c.new.domains {
		if d.oldDom == nil {
			oneSided = union(oneSided, c.hosts(d.key))
		}
	}
	for _, d := range c.old.domains {
		if d.newDom == nil {
			oneSided = union(oneSided, c.hosts(d.key))
		}
	}
	// The paths of every route of either side, by domain: a route's
	// parameters are sent at the values these have at their segment too,
	// and at values the patterns take after a longer literal.
	paths, patterns := map[string][]string{}, map[string][]*ir.Route{}
	for _, sd := range []*side{&c.new, &c.old} {
		for _, dom := range sd.table.Domains {
			patterns[dom.Key] = append(patterns[dom.Key], dom.Routes...)
			for _, r := range dom.Routes {
				paths[dom.Key] = union(paths[dom.Key], []string{concretePath(r, nil)})
				for k, p := range r.ParamSpecs {
					for _, v := range paramValues(p) {
						paths[dom.Key] = union(paths[dom.Key], []string{concretePath(r, map[int]string{k: v})})
					}
				}
			}
		}
	}
	for _, sd := range []*side{&c.new, &c.old} {
		for d, dom := range sd.table.Domains {
			hosts := union(c.hosts(dom.Key), oneSided)
			for _, host := range hosts {
				at := "" // the host an effect names, when the domain moved
				if len(hosts) > 1 {
					at = " at " + host
				}
				for _, r := range dom.Routes {
					c.routeProbes(add, sd, sd.routes[r], sd.domains[d], r, host, at, schemes, paths[dom.Key], patterns[dom.Key])
				}
				for _, r := range dom.Routes {
					// The hosts no domain names, which a table's one domain
					// serves, and the other domains' hosts, which a domain
					// removed leaves to it.
					for _, other := range append(slices.Clone(unnamedHosts), allHosts...) {
						if !slices.Contains(hosts, other) {
							otherHost(sd, d, r, other)
						}
					}
				}
				if dom.CatchAll != nil {
					c.catchAllProbes(add, sd.catchAlls[d], sd.domains[d], host, at, schemes)
				}
				// OPTIONS of the whole server, which an automatic reply answers.
				add(probe{method: "OPTIONS", target: "*", headers: []string{"Host: " + host}, who: everything, subject: sd.domains[d], domain: sd.domains[d],
					what: "OPTIONS *" + at, single: true})
			}
		}
	}
	// The hosts without their port last, so that an effect names a
	// domain's own host first.
	for _, sd := range []*side{&c.new, &c.old} {
		for d, dom := range sd.table.Domains {
			for _, r := range dom.Routes {
				for _, name := range portless {
					otherHost(sd, d, r, name)
				}
			}
		}
	}
	return out
}

// routeProbes adds the requests of route r to host; paths are those of
// every route of its domain, either side, and patterns its routes.
func (c *comparison) routeProbes(add func(probe), sd *side, s, dom *subject, r *ir.Route, host, at string, schemes, paths []string, patterns []*ir.Route) {
	method, upgrade := r.Method, []string(nil)
	if method == "WS" {
		method, upgrade = "GET", []string{"Upgrade: websocket", "Connection: Upgrade"}
	}
	base := ownPath(sd, r, method, host, upgrade)
	request := func(method, target, what string, who explain.Subject, header ...string) probe {
		h := append([]string{"Host: " + host}, upgrade...)
		return probe{method: method, target: target, headers: append(h, header...), who: who, subject: s, domain: dom, what: what + at, single: strings.HasPrefix(what, method+" ")}
	}
	add(request(method, base, method+" "+base, everything))
	// The paths: each parameter's edges, the others at a value that holds.
	for k, p := range r.ParamSpecs {
		for _, v := range paramValues(p) {
			path := concretePath(r, map[int]string{k: v})
			add(request(method, path, method+" "+path, everything))
			if upgrade == nil && method == "GET" {
				// A WebSocket route of another pattern may take the value.
				add(probe{method: "GET", target: path, headers: []string{"Host: " + host, "Upgrade: websocket", "Connection: Upgrade"}, who: everything,
					subject: s, domain: dom, what: "WebSocket upgrades of GET " + path + at})
			}
		}
		if p.CatchAll {
			// The catch-all at one segment with a trailing slash (/~x/),
			// which a route of a pattern of that depth redirects to the
			// path without it, as it does not the deep path's (/~a/b/c/).
			path := concretePath(r, map[int]string{k: url.PathEscape(defaultValue(p.Constraint))}) + "/"
			add(request(method, path, method+" "+path, everything))
		}
	}
	slash := base + "/"
	if strings.HasSuffix(base, "/") && base != "/" {
		slash = strings.TrimSuffix(base, "/")
	}
	add(request(method, slash, method+" "+slash, everything))
	add(request(method, slash, "anonymous requests of "+method+" "+slash, anonymous))
	// An unclean path, which a domain's router redirects to the clean one.
	add(request(method, "/"+base, method+" /"+base, everything))
	if r.Static && r.File == "" {
		dir := r.Path[:strings.LastIndexByte(r.Path, '*')]
		add(request("GET", dir, "GET "+dir+" (the folder's listing)", everything))
		add(request("POST", dir, "POST "+dir, everything))
		add(request("GET", strings.TrimSuffix(dir, "/"), "GET "+strings.TrimSuffix(dir, "/"), everything))
	}
	// Every other method a client may send to the path: those another
	// route answers, and those none does (405 or 404, or the catch_all);
	// then the policies' variants, and a WebSocket's upgrade, which a WS
	// route of another path may take.
	for _, m := range probeMethods {
		if m != method {
			add(request(m, base, m+" "+base, everything))
		}
	}
	c.policyProbes(add, request, method, base, schemes, c.routePolicies(s))
	for _, m := range probeMethods {
		if m != method {
			// An automatic reply or a 405 asks no credential, which the catch_all or a route of the other side may.
			add(request(m, base, "anonymous requests of "+m+" "+base, anonymous))
		}
	}
	if upgrade == nil {
		for _, who := range []explain.Subject{everything, anonymous} {
			add(probe{method: "GET", target: base, headers: []string{"Host: " + host, "Upgrade: websocket", "Connection: Upgrade"}, who: who,
				subject: s, domain: dom, what: "WebSocket upgrades of GET " + base + at})
		}
	}
	// The paths of another route's pattern that r's pattern takes too
	// (/:name takes /ab*rest's /aba): requests the other route answers
	// once r is removed or moved, or on its side alone.
	for k := range r.ParamSpecs {
		for _, v := range slices.Concat(sharedValues(r, k, paths), overlapValues(r, k, patterns)) {
			path := concretePath(r, map[int]string{k: v})
			add(request(method, path, method+" "+path, everything))
		}
	}
}

// catchAllProbes adds the requests to host that a domain's catch_all answers.
func (c *comparison) catchAllProbes(add func(probe), s, dom *subject, host, at string, schemes []string) {
	path := c.unroutedPath(host)
	request := func(method, target, what string, who explain.Subject, header ...string) probe {
		return probe{method: method, target: target, headers: append([]string{"Host: " + host}, header...), who: who, subject: s, domain: dom, what: what + at}
	}
	add(request("GET", path, "requests no route serves", everything))
	var policies []policy
	for _, d := range []*ir.Domain{s.oldDom, s.newDom} {
		if d != nil && d.CatchAll != nil {
			policies = append(policies, catchAllPolicy(d.CatchAll))
		}
	}
	// A method no route answers reaches the catch_all where POST may
	// reach a route of a wildcard path; it is unsafe, as anti-CSRF reads it.
	for _, m := range []string{"GET", "POST", unroutedMethod} {
		c.policyProbes(add, request, m, path, schemes, policies)
	}
	// A method no route answers, at a path a route serves.
	for _, d := range []*ir.Domain{s.oldDom, s.newDom} {
		if d != nil && len(d.Routes) > 0 {
			add(request(unroutedMethod, concretePath(d.Routes[0], nil), unroutedMethod+" requests", everything))
		}
	}
}

// unroutedPaths are paths a request no route serves is sent to, the first
// that neither side routes.
var unroutedPaths = []string{"/routegen-changes/no/route/here", "/routegen-changes", "/", "/-", "/~/~/~/~/~/~/~/~/~", "/-/-/-/-/-/-/-/-/-", "/%40%40"}

// unroutedPath is the first of unroutedPaths that no route of either
// side answers at host, nor refuses with 405.
func (c *comparison) unroutedPath(host string) string {
	for _, path := range unroutedPaths {
		r, err := c.new.router.NewRequest("GET", path, []string{"Host: " + host})
		if err != nil {
			continue
		}
		a, b := c.old.router.Answer(r, everything), c.new.router.Answer(r, everything)
		if a.Route == nil && b.Route == nil && a.Allow == "" && b.Allow == "" {
			return path
		}
	}
	return unroutedPaths[0]
}

// routePolicies are the policies of both sides of s.
func (c *comparison) routePolicies(s *subject) []policy {
	var out []policy
	for _, r := range []*ir.Route{s.old, s.new} {
		if r != nil {
			out = append(out, policy{r.Auth, authorizationText(r.Authorization), r.AntiCSRFCheck, r.MaxBodySize, r.CORS, r.Authorization})
		}
	}
	return out
}

// policyProbes adds the header variants of a request that the policies
// read.
func (c *comparison) policyProbes(add func(probe), request func(method, target, what string, who explain.Subject, header ...string) probe,
	method, path string, schemes []string, policies []policy) {
	add(request(method, path, "anonymous requests", anonymous))
	for _, scheme := range schemes {
		add(request(method, path, "requests with a credential of "+strconv.Quote(scheme)+" alone", explain.Subject{Authenticated: true, Scheme: scheme, Every: true}))
	}
	add(request(method, path, "requests of a subject with no role or permission", nobody))
	// Each role and permission either side's authorization of the route
	// names alone, and those of every route when they are few (another
	// route may take the request on the other side), so that a rule
	// widened or narrowed shows.
	var authz []*ir.Authorization
	for _, p := range policies {
		authz = append(authz, p.authz)
	}
	roles, permissions := namedInAuthorization(authz)
	ownRoles, ownPermissions := roles, permissions
	if all, every := c.named(); len(all)+len(every) <= maxNamedInTable {
		roles, permissions = union(slices.Clone(roles), all), union(slices.Clone(permissions), every)
	}
	for _, r := range roles {
		add(request(method, path, "requests of a subject with role "+r+" alone", explain.Subject{Authenticated: true, Roles: []string{r}}))
	}
	for _, p := range permissions {
		add(request(method, path, "requests of a subject with permission "+p+" alone", explain.Subject{Authenticated: true, Permissions: []string{p}}))
	}
	// The names of each side's block, its roles, its permissions, and
	// both: what one side asks for, which the other may not.
	for _, p := range policies {
		sideRoles, sidePermissions := namedInAuthorization([]*ir.Authorization{p.authz})
		for _, who := range []explain.Subject{
			{Authenticated: true, Roles: sideRoles}, {Authenticated: true, Permissions: sidePermissions},
			{Authenticated: true, Roles: sideRoles, Permissions: sidePermissions},
		} {
			if len(who.Roles)+len(who.Permissions) > 0 {
				add(request(method, path, "requests of a subject with roles "+fmt.Sprint(who.Roles)+" and permissions "+fmt.Sprint(who.Permissions), who))
			}
		}
	}
	// The fewest roles each side's block holds with, one of each
	// hasanyrole's in turn, alone and beside its permissions: a subject
	// that holds one side's roles and not the other's.
	for _, p := range policies {
		if p.authz == nil {
			continue
		}
		_, sidePermissions := namedInAuthorization([]*ir.Authorization{p.authz})
		for _, roles := range fewestRoles(p.authz.Roles) {
			add(request(method, path, "requests of a subject with roles "+fmt.Sprint(roles)+" alone", explain.Subject{Authenticated: true, Roles: roles}))
			if len(sidePermissions) > 0 {
				add(request(method, path, "requests of a subject with roles "+fmt.Sprint(roles)+" and permissions "+fmt.Sprint(sidePermissions), explain.Subject{Authenticated: true, Roles: roles, Permissions: sidePermissions}))
			}
		}
	}
	// The route's own names, each beside every name of the other kind,
	// for a block that asks for both.
	for _, r := range ownRoles {
		add(request(method, path, "requests of a subject with role "+r+" and every permission the route names", explain.Subject{Authenticated: true, Roles: []string{r}, Permissions: ownPermissions}))
	}
	for _, p := range ownPermissions {
		add(request(method, path, "requests of a subject with permission "+p+" and every role the route names", explain.Subject{Authenticated: true, Roles: ownRoles, Permissions: []string{p}}))
	}
	if len(roles) > 0 && len(permissions) > 0 {
		add(request(method, path, "requests of a subject with every role the routes name and no permission", explain.Subject{Authenticated: true, Roles: roles}))
		add(request(method, path, "requests of a subject with every permission the routes name and no role", explain.Subject{Authenticated: true, Permissions: permissions}))
	}
	if len(roles)+len(permissions) > 1 {
		add(request(method, path, "requests of a subject with every role and permission the routes name", explain.Subject{Authenticated: true, Roles: roles, Permissions: permissions}))
	}
	add(request(method, path, "same-origin requests", everything, "Sec-Fetch-Site: same-origin"))
	add(request(method, path, "cross-site requests", everything, "Sec-Fetch-Site: cross-site", "Origin: "+otherOrigin))
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
			// A header no list names, which "*" alone allows.
			for _, h := range append(slices.Clone(p.cors.AllowHeaders), unlistedHeader) {
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
		add(request(method, path, "requests from "+o, everything, "Sec-Fetch-Site: cross-site", "Origin: "+o))
		if method == "GET" {
			// CORS reads the method of a request, not only of a preflight;
			// a GET route answers HEAD, which allow_methods may not list.
			add(request("HEAD", path, "requests from "+o+" by HEAD", everything, "Sec-Fetch-Site: cross-site", "Origin: "+o))
		}
		for _, m := range methods {
			add(request("OPTIONS", path, "preflights from "+o+" for "+m, everything, "Origin: "+o, "Access-Control-Request-Method: "+m))
		}
		for _, h := range headers {
			// A browser names the headers of a preflight in lower case.
			h = strings.ToLower(h)
			add(request("OPTIONS", path, "preflights from "+o+" for header "+h, everything, "Origin: "+o, "Access-Control-Request-Method: "+method, "Access-Control-Request-Headers: "+h))
		}
	}
	for _, limit := range limits {
		for _, n := range []int64{limit, limit + 1} {
			add(request(method, path, "bodies of "+strconv.FormatInt(n, 10)+" bytes", everything, "Content-Length: "+strconv.FormatInt(n, 10)))
		}
	}
}

// maxNamedInTable bounds the roles and permissions of a whole table that
// every route's requests are sent with, each alone.
const maxNamedInTable = 12

// namedInAuthorization are the roles and the permissions that the
// authorization blocks list (nil for none) name, each once.
func namedInAuthorization(list []*ir.Authorization) (roles, permissions []string) {
	for _, a := range list {
		if a == nil {
			continue
		}
		for _, check := range a.Roles {
			roles = union(roles, check.Args)
		}
		for _, check := range a.Permissions {
			permissions = union(permissions, check.Args)
		}
	}
	return roles, permissions
}

// fewestRoles are the sets of roles that hold the role checks of a
// block with the fewest roles: each hasanyrole's first role, but one
// hasanyrole's each other role in turn, and every role of the other
// checks; nil for no hasanyrole (every role named is the one set).
func fewestRoles(checks []ir.Check) [][]string {
	var out [][]string
	for j, c := range checks {
		if c.Func != "hasanyrole" {
			continue
		}
		for _, choice := range c.Args {
			var set []string
			for i, other := range checks {
				switch {
				case i == j:
					set = union(set, []string{choice})
				case other.Func == "hasanyrole":
					set = union(set, other.Args[:1])
				default:
					set = union(set, other.Args)
				}
			}
			if !slices.ContainsFunc(out, func(s []string) bool { return slices.Equal(s, set) }) {
				out = append(out, set)
			}
		}
	}
	return out
}

// named are the roles and permissions the authorization of every route
// of either side names, worked out once.
func (c *comparison) named() (roles, permissions []string) {
	c.namedOnce.Do(func() {
		var list []*ir.Authorization
		for _, t := range []*ir.Table{c.old.table, c.new.table} {
			for _, d := range t.Domains {
				for _, r := range d.Routes {
					list = append(list, r.Authorization)
				}
			}
		}
		c.roles, c.permissions = namedInAuthorization(list)
	})
	return c.roles, c.permissions
}

// union is a with the elements of b it lacks.
func union(a, b []string) []string {
	for _, x := range b {
		if !slices.Contains(a, x) {
			a = append(a, x)
		}
	}
	return a
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
// its constraint holds, but those values gives; a catch-all without a
// constraint at a deep path.
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
			if c := r.ParamSpecs[k].Constraint; s.Kind == ir.ParamSegment || c != nil {
				v = url.PathEscape(defaultValue(c))
			}
		}
		b.WriteString(v)
		k++
	}
	return b.String()
}

// ownPath is a path of r's pattern that r itself answers on its side,
// when another route does not take every path of it: each parameter at
// a value that holds, else, one parameter at a time, at each edge of its
// constraint and a value with an escaped slash; concretePath's path when
// none is r's.
func ownPath(sd *side, r *ir.Route, method, host string, upgrade []string) string {
	base := concretePath(r, nil)
	answers := func(path string) bool {
		req, err := sd.router.NewRequest(method, path, append([]string{"Host: " + host}, upgrade...))
		return err == nil && sd.router.Answer(req, everything).Route == r
	}
	if answers(base) {
		return base
	}
	for k, p := range r.ParamSpecs {
		for _, v := range append(paramValues(p), "x%2Fx", "x.x", "-") {
			if path := concretePath(r, map[int]string{k: v}); answers(path) {
				return path
			}
		}
	}
	return base
}

// sharedValues are the values of r's parameter k that paths have at
// its segment, past its literal prefix: a catch-all's the rest of the
// path, escaped as the paths are.
func sharedValues(r *ir.Route, k int, paths []string) []string {
	i, seg := paramSegment(r, k)
	var out []string
	for _, path := range paths {
		parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
		if i >= len(parts) || !strings.HasPrefix(parts[i], seg.Literal) {
			continue
		}
		v := strings.TrimPrefix(parts[i], seg.Literal)
		if seg.Kind == ir.CatchAllSegment {
			v = strings.TrimPrefix(strings.Join(parts[i:], "/"), seg.Literal)
		}
		if v != "" {
			out = union(out, []string{v})
		}
	}
	return out
}

// paramSegment is the index and the segment of r's parameter k.
func paramSegment(r *ir.Route, k int) (int, ir.Segment) {
	for i, s := range r.Segments {
		if s.Kind != ir.StaticSegment {
			if k--; k < 0 {
				return i, s
			}
		}
	}
	return -1, ir.Segment{}
}

// overlapValues are values of r's constrained parameter k that another
// of patterns takes too, where its parameter at the same segment follows
// a longer literal (/.*rest beside /*rest[len=3]): the part of that
// literal past r's, in place of an edge of r's constraint's first
// characters or before it, or before an edge of the other parameter's
// constraint, kept where the whole holds r's constraint (/.aa) and what
// follows the literal the other's. Those requests go to the other route
// once r is gone, which the concrete paths of both patterns may not show
// (/.x is too short).
func overlapValues(r *ir.Route, k int, patterns []*ir.Route) []string {
	c := r.ParamSpecs[k].Constraint
	if c == nil {
		return nil // sharedValues finds the other pattern's own paths
	}
	i, seg := paramSegment(r, k)
	edges := c.Edges()
	var out []string
	for _, o := range patterns {
		if i >= len(o.Segments) || o.Segments[i].Kind == ir.StaticSegment {
			continue
		}
		lit := o.Segments[i].Literal
		if len(lit) <= len(seg.Literal) || !strings.HasPrefix(lit, seg.Literal) {
			continue
		}
		extra := lit[len(seg.Literal):]
		params := 0 // o's parameters before segment i
		for _, s := range o.Segments[:i] {
			if s.Kind != ir.StaticSegment {
				params++
			}
		}
		var tries []string
		for _, e := range edges {
			tries = append(tries, extra+e[min(len(extra), len(e)):], extra+e)
		}
		oc := o.ParamSpecs[params].Constraint
		if oc != nil {
			for _, e := range oc.Edges() {
				tries = append(tries, extra+e)
			}
		}
		for _, v := range tries {
			rest := v[len(extra):]
			if rest == "" || c.Check(v) != nil || oc != nil && oc.Check(rest) != nil {
				continue
			}
			if out = union(out, []string{url.PathEscape(v)}); len(out) == maxValuesPerParam {
				return out
			}
		}
	}
	return out
}

// defaultValue is a value the constraint holds (internal/constraint's),
// or "x" for none or no constraint.
func defaultValue(c *ir.Constraint) string {
	if c != nil {
		if v, ok := c.Valid(); ok {
			return v
		}
	}
	return "x"
}

// paramValues are the values of p worth trying, escaped for a path: a
// value that holds and each edge of its constraint (internal/constraint's
// Edges); a catch-all's deep path.
func paramValues(p ir.Param) []string {
	values := []string{defaultValue(p.Constraint)}
	if p.Constraint != nil {
		values = p.Constraint.Edges()
		if len(values) > maxValuesPerParam {
			values = values[:maxValuesPerParam]
		}
	}
	for i, v := range values {
		values[i] = url.PathEscape(v)
	}
	if p.CatchAll {
		values = append(values, "a/b/c")
	}
	return values
}
