package difftest

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/reference"
	"github.com/routegen/routegen/ir"
)

// Methods are the methods requests are made with: every method a route may
// have, one no route has, and a lower-case one, which is another method.
var Methods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "WS", "BREW", "get"}

// Request is one request to look up.
type Request struct{ Method, Host, Path string }

func (r Request) String() string { return fmt.Sprintf("%s %q %q", r.Method, r.Host, r.Path) }

// Hosts are the Host headers requests of t are sent with: first each
// domain's own (a label before a wildcard), then variants that the host
// rules must match or refuse, and hosts no domain has.
func Hosts(t *ir.Table) []string {
	list := make([]string, len(t.Domains))
	for i, d := range t.Domains {
		list[i] = hostOf(d, "t1", d.Port)
	}
	add := func(h string) {
		if !slices.Contains(list, h) {
			list = append(list, h)
		}
	}
	for _, d := range t.Domains {
		add(strings.ToUpper(hostOf(d, "t1", d.Port)))
		add(hostOf(d, "t1", d.Port) + ".")
		add(hostOf(d, "a.b", d.Port))
		add(hostOf(d, "", d.Port))
		for _, port := range []string{"", "80", "443", "1", "8080"} {
			add(hostOf(d, "T-2", port))
		}
	}
	for _, h := range []string{"", "unknown.test", "unknown.test:8080", "::1", "[::1]", "example.com:", "example.com:80x", "example.com.:8080", "EXAMPLE.COM:9000", "e\u212aample.com"} {
		add(h)
	}
	return list
}

// hostOf is the host of domain d with a port, the wildcard's "*" made label.
func hostOf(d *ir.Domain, label, port string) string {
	host := d.Host
	if d.Wildcard() {
		host = label + host[1:]
	}
	if port != "" {
		host += ":" + port
	}
	return host
}

// values are parameter values: ones that meet the constraints of paramRules,
// ones that fail them (on either side of each bound), escapes and dot
// segments.
var values = []string{"42", "7", "0", "-1.5", "+5", "1e3", "999", "1000", "4", "5", "100", "101", "99999999999999999999",
	"abc", "ab", "a", "abcd", "v1", "x y", "a/b", "x/y/z", "a/",
	"caf\u00e9", "\xff", "0f8fad5b-d9cb-469f-a165-70867728950e", "a3bb189e-8bf9-3888-9912-ace4e6543002", "74738FF5-5367-5958-BAEE-98FFFDCD1876",
	".", "..", "...", "%zz", "%", "\\x", "/x", "../x", "a/..", "./"}

// Requests makes requests for a table: paths from its routes' patterns,
// with good and bad parameter values, mutated.
type Requests struct {
	rng   *rand.Rand
	hosts []string
	paths []string
}

// NewRequests prepares the requests of t.
func NewRequests(t *ir.Table, rng *rand.Rand) *Requests {
	q := &Requests{rng: rng, hosts: Hosts(t)}
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			q.paths = append(q.paths, PathOf(r, func(p ir.Param) string { return Escape(p, ValidValue(p)) }))
			q.paths = append(q.paths, PathOf(r, q.value))
		}
	}
	return q
}

// Next is a random request.
func (q *Requests) Next() Request {
	return Request{Method: pick(q.rng, Methods), Host: pick(q.rng, q.hosts), Path: q.path()}
}

func (q *Requests) path() string {
	p := pick(q.rng, q.paths)
	for q.rng.IntN(3) > 0 {
		p = q.mutate(p)
	}
	return p
}

// value is a random value of p, escaped or, sometimes, not.
func (q *Requests) value(p ir.Param) string {
	v := pick(q.rng, values)
	if q.rng.IntN(4) == 0 {
		v = pick(q.rng, literals)
	}
	if q.rng.IntN(4) == 0 {
		return v
	}
	return Escape(p, v)
}

// mutate changes a path the way clients and attackers do: slashes added
// and removed, dot segments, escapes, stray bytes, pieces of other paths.
func (q *Requests) mutate(p string) string {
	i := q.rng.IntN(len(p) + 1)
	switch q.rng.IntN(10) {
	case 0:
		return p + "/"
	case 1:
		return p[:i]
	case 2:
		return p[:i] + pick(q.rng, []string{"/./", "/../", "//", "/.", "/..", "%2e", "%2F", "%25", "/%2e%2E", "%2f..", "%2E%2f"}) + p[i:]
	case 3:
		if i < len(p) {
			return p[:i] + fmt.Sprintf(pick(q.rng, []string{"%%%02X", "%%%02x"}), p[i]) + p[i+1:]
		}
	case 4:
		return p[:i] + pick(q.rng, []string{"/", ".", "%", "a", "_", ":", "*", "\\", "~", "2", "F", "\xff", " ", "?"}) + p[i:]
	case 5:
		if i < len(p) {
			return p[:i] + p[i+1:]
		}
	case 6:
		if i < len(p) && 'a' <= p[i] && p[i] <= 'z' {
			return p[:i] + strings.ToUpper(p[i:i+1]) + p[i+1:]
		}
	case 7:
		other := pick(q.rng, q.paths)
		return p[:i] + other[q.rng.IntN(len(other)):]
	case 8:
		return "/" + p
	}
	return pick(q.rng, []string{"*", "", "a", p})
}

// PathOf is a request path for r's pattern, each parameter's value, as
// sent, given by value.
func PathOf(r *ir.Route, value func(ir.Param) string) string {
	var b strings.Builder
	params := r.ParamSpecs
	for _, s := range r.Segments {
		b.WriteString("/" + s.Literal)
		if s.Kind != ir.StaticSegment {
			b.WriteString(value(params[0]))
			params = params[1:]
		}
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// Values are the values tried on a parameter with constraint c (nil for
// none), unescaped: the pool and the edges of c (internal/constraint's).
func Values(c *ir.Constraint) []string {
	list := slices.Clone(values)
	if c != nil {
		list = append(list, c.Edges()...)
	}
	return list
}

// ValidValue is a value of p that meets its constraint, as
// internal/constraint finds one, and makes no empty or dot segment,
// unescaped; "x" for a parameter no value meets, which routes.conf refuses.
func ValidValue(p ir.Param) string {
	if p.Constraint == nil {
		return "x"
	}
	v, ok := p.Constraint.Valid()
	if !ok {
		return "x"
	}
	return v
}

// SampleValues are values of p that meet its constraint and make no empty
// or dot segment, unescaped: ValidValue's first, then those of the pool
// the reference's check lets through.
func SampleValues(p ir.Param) []string {
	out := []string{ValidValue(p)}
	for _, v := range Values(p.Constraint) {
		if (p.Constraint == nil || reference.Meets(p.Constraint, v)) && (!p.CatchAll && v != "." && v != ".." || isCleanValue(v)) && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// isCleanValue reports whether a catch-all's value makes no empty or dot
// segment.
func isCleanValue(v string) bool {
	return !slices.ContainsFunc(strings.Split(v, "/"), func(s string) bool { return s == "" || s == "." || s == ".." })
}

// Escape escapes a value of p as a URL has it: a catch-all's segment by
// segment.
func Escape(p ir.Param, v string) string {
	if !p.CatchAll {
		return url.PathEscape(v)
	}
	parts := strings.Split(v, "/")
	for i, part := range parts {
		parts[i] = url.PathEscape(part)
	}
	return strings.Join(parts, "/")
}
