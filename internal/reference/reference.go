// Package reference decides requests by a route table the slow and plain
// way: every route of the method tried against the path, the most specific
// match kept. It is written apart from gen and runtime, from the rules of
// docs/reference.md and docs/decisions.md, so that the generated matchers can be
// checked against it.
package reference

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/ir"
)

// Param is one path parameter of a match, unescaped.
type Param struct{ Name, Value string }

// Result is what answers a request, as a generated Lookup reports it.
type Result struct {
	Status int
	// Domain is the index of the domain serving the host; -1 for none.
	Domain int
	// Route is the index of the route in the generated Routes numbering
	// (domain by domain, each domain's routes in table order), a domain's
	// catch_all after all routes at len(Routes)+domain; -1 for none.
	// With Status 400 it is the route whose constraint failed.
	Route    int
	CatchAll bool
	Params   []Param // of Route, in path order
	Allow    string  // for 204 and 405
	Redirect string  // for 301 and 308
}

// Lookup decides method, host and path (the path as sent, still escaped)
// by the request-handling rules: the domain, the server-wide OPTIONS, a
// redirect to the clean path, the route, a trailing-slash redirect, an
// automatic OPTIONS reply, 405, the catch_all, 404.
func Lookup(t *ir.Table, method, host, path string) Result {
	if hasNonASCIILiteral(t) {
		path = canonicalSpelling(path)
	}
	d := domainOf(t, host)
	if d < 0 {
		return Result{Status: 404, Domain: -1, Route: -1}
	}
	dom := t.Domains[d]
	res := Result{Domain: d, Route: -1}
	if all := allowable(dom.Routes); path == "*" && method == "OPTIONS" && dom.AutoOptions && len(all) > 0 {
		res.Status, res.Allow = 204, allowHeader(all, true)
		return res
	}
	if !strings.HasPrefix(path, "/") {
		res.Status = 404
		return res
	}
	// A route matches clean paths only: an unclean one is redirected, and
	// one with a dot segment hidden between escaped slashes, which stay
	// in their segment, has no clean form.
	switch dots := escapedDots(path); {
	case dots == hiddenDot:
		res.Status = 400
		return res
	case dots == escapedDot || !isClean(path):
		res.Status, res.Redirect = redirectStatus(method), sameHost(cleanPath(spellDots(path)))
		return res
	}
	if r, params := find(dom, method, path); r != nil {
		res.Status, res.Route, res.Params = 200, routeIndex(t, d, r), params
		if !meetsAll(r, params) {
			res.Status = 400
		}
		return res
	}
	if dom.RedirectTrailingSlash {
		if target := slashTarget(dom, method, path); target != "" {
			res.Status, res.Redirect = redirectStatus(method), sameHost(target)
			return res
		}
	}
	var methods []string
	for _, m := range allowable(dom.Routes) {
		if r, _ := match(dom, m, path); r != nil {
			methods = append(methods, m)
		}
	}
	switch {
	case len(methods) > 0 && method == "OPTIONS" && dom.AutoOptions:
		res.Status, res.Allow = 204, allowHeader(methods, true)
	case len(methods) > 0 && dom.MethodNotAllowed:
		res.Status, res.Allow = 405, allowHeader(methods, dom.AutoOptions)
	case dom.CatchAll != nil:
		res.Status, res.CatchAll, res.Route = 200, true, routeCount(t.Domains)+d
	default:
		res.Status = 404
	}
	return res
}

// routeIndex numbers r of domain d as the generated Routes do.
func routeIndex(t *ir.Table, d int, r *ir.Route) int {
	return routeCount(t.Domains[:d]) + slices.Index(t.Domains[d].Routes, r)
}

func routeCount(domains []*ir.Domain) int {
	n := 0
	for _, d := range domains {
		n += len(d.Routes)
	}
	return n
}

// find is the route of method for path; HEAD falls back to GET, and so
// does a WebSocket upgrade.
func find(dom *ir.Domain, method, path string) (*ir.Route, []Param) {
	r, params := match(dom, method, path)
	if r == nil && (method == "HEAD" || method == "WS") {
		return match(dom, "GET", path)
	}
	return r, params
}

// slashTarget is where a trailing-slash redirect sends path: without its
// slash when that has a route of the method, or, for GET and HEAD, to the
// folder of a listing (which redirect_trailing_slash = false turns off too).
func slashTarget(dom *ir.Domain, method, path string) string {
	if trimmed, ok := strings.CutSuffix(path, "/"); ok && trimmed != "" {
		if r, _ := find(dom, method, trimmed); r != nil {
			return trimmed
		}
		return ""
	}
	if method != "GET" && method != "HEAD" {
		return ""
	}
	for _, r := range dom.Routes {
		if r.Static && r.List && listingFolder(r) == path+"/" {
			return path + "/"
		}
	}
	return ""
}

// listingFolder is the path a dir route with list = true lists its folder
// at: its path up to the catch-all, with the slash.
func listingFolder(r *ir.Route) string {
	var b strings.Builder
	for _, s := range r.Segments[:len(r.Segments)-1] {
		b.WriteString("/" + s.Literal)
	}
	return b.String() + "/"
}

// allowable are the methods of routes that an Allow header may name,
// sorted: WebSocket routes are not among them.
func allowable(routes []*ir.Route) []string {
	var methods []string
	for _, r := range routes {
		if r.Method != "WS" && !slices.Contains(methods, r.Method) {
			methods = append(methods, r.Method)
		}
	}
	slices.Sort(methods)
	return methods
}

// allowHeader lists methods, sorted, with HEAD where GET is and OPTIONS
// when it is answered automatically.
func allowHeader(methods []string, autoOptions bool) string {
	set := slices.Clone(methods)
	if slices.Contains(set, "GET") && !slices.Contains(set, "HEAD") {
		set = append(set, "HEAD")
	}
	if autoOptions && !slices.Contains(set, "OPTIONS") {
		set = append(set, "OPTIONS")
	}
	slices.Sort(set)
	return strings.Join(set, ", ")
}

// redirectStatus keeps the method and body of anything but GET and HEAD.
func redirectStatus(method string) int {
	if method == "GET" || method == "HEAD" {
		return 301
	}
	return 308
}

// sameHost escapes the second character of a target that browsers would
// read as another host: "//evil" or "/\evil".
func sameHost(target string) string {
	switch {
	case strings.HasPrefix(target, "//"):
		return "/%2F" + target[2:]
	case strings.HasPrefix(target, `/\`):
		return "/%5C" + target[2:]
	}
	return target
}

// unescape is a value as sent, decoded; a malformed escape stays as sent.
func unescape(raw string) string {
	if v, err := url.PathUnescape(raw); err == nil {
		return v
	}
	return raw
}

// hasNonASCIILiteral reports whether a route of any domain has a literal
// written with non-ASCII characters, which the table holds escaped.
func hasNonASCIILiteral(t *ir.Table) bool {
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			for _, s := range r.Segments {
				if strings.Contains(s.Literal, "%") {
					return true
				}
			}
		}
	}
	return false
}

// canonicalSpelling is how a table with a non-ASCII literal reads a path:
// each byte from 0x80 up, raw or escaped in either case, as an escape in
// upper-case hex; every other byte and escape as sent.
func canonicalSpelling(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] >= 0x80 {
			fmt.Fprintf(&b, "%%%02X", path[i])
			continue
		}
		if path[i] == '%' && i+3 <= len(path) {
			if n, err := strconv.ParseUint(path[i+1:i+3], 16, 8); err == nil && n >= 0x80 {
				fmt.Fprintf(&b, "%%%02X", n)
				i += 2
				continue
			}
		}
		b.WriteByte(path[i])
	}
	return b.String()
}
