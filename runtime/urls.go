package runtime

import (
	"fmt"
	"net/url"
	"strings"
)

// EscapeCatchAll escapes the value of a catch-all parameter segment by
// segment, so that its slashes stay slashes.
func EscapeCatchAll(v string) string {
	if !strings.Contains(v, "/") {
		return url.PathEscape(v)
	}
	parts := strings.Split(v, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return strings.Join(parts, "/")
}

// Origin is "//host[:port]" of domain d, for URLs of routes outside the
// root domain; subdomain fills the "*" of a wildcard domain.
func (t *Table) Origin(d int, subdomain string) string {
	// An address that cannot be read gives "//"; NewRouter reports it.
	host, port, _ := t.Domains[d].address(nil)
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		host = subdomain + "." + rest
	}
	if port == "" || port == "80" || port == "443" {
		return "//" + host
	}
	return "//" + host + ":" + port
}

// route finds a route by name: "name" in the root domain, "domain_key.name"
// in any domain.
func (t *Table) route(root int, name string) (*Route, error) {
	domain, short := root, name
	if key, rest, ok := strings.Cut(name, "."); ok {
		domain, short = -1, rest
		for i, d := range t.Domains {
			if d.Key == key {
				domain = i
			}
		}
	}
	for i := range t.Routes {
		if r := &t.Routes[i]; r.Domain == domain && r.Name == short {
			return r, nil
		}
	}
	return nil, fmt.Errorf("routegen: no route named %q", name)
}

// buildURL writes the URL of r from its parameter values, unescaped.
func (t *Table) buildURL(root int, r *Route, subdomain string, values []string) string {
	var b strings.Builder
	if r.Domain != root {
		b.WriteString(t.Origin(r.Domain, subdomain))
	}
	if r.Path == "/" {
		b.WriteByte('/')
	}
	next := 0
	for seg := range strings.SplitSeq(r.Path[1:], "/") {
		if seg == "" {
			continue
		}
		b.WriteByte('/')
		i := strings.IndexAny(seg, ":*")
		if i < 0 {
			b.WriteString(seg)
			continue
		}
		b.WriteString(seg[:i])
		if seg[i] == '*' {
			b.WriteString(EscapeCatchAll(values[next]))
		} else {
			b.WriteString(url.PathEscape(values[next]))
		}
		next++
	}
	return b.String()
}

func (t *Table) isWildcard(r *Route) bool {
	return strings.HasPrefix(t.Domains[r.Domain].Host, "*.")
}

// RouteURL returns the URL of the named route with its parameters in
// order; a route of a wildcard domain takes the subdomain first.
func (t *Table) RouteURL(root int, name string, args ...any) (string, error) {
	r, err := t.route(root, name)
	if err != nil {
		return "", err
	}
	subdomain := ""
	if t.isWildcard(r) {
		if len(args) == 0 {
			return "", fmt.Errorf("routegen: route %q of a wildcard domain takes the subdomain first", name)
		}
		subdomain, args = fmt.Sprint(args[0]), args[1:]
	}
	if len(args) != len(r.Params) {
		return "", fmt.Errorf("routegen: route %q takes %d path parameters (%s), got %d", name, len(r.Params), strings.Join(r.Params, ", "), len(args))
	}
	values := make([]string, len(args))
	for i, a := range args {
		values[i] = fmt.Sprint(a)
	}
	return t.buildURL(root, r, subdomain, values), nil
}

// RouteURLNamedArgs returns the URL of the named route with its parameters
// taken by name; the other arguments become the query string, sorted by
// key. A route of a wildcard domain takes its subdomain as "subdomain".
func (t *Table) RouteURLNamedArgs(root int, name string, args map[string]any) (string, error) {
	r, err := t.route(root, name)
	if err != nil {
		return "", err
	}
	used := map[string]bool{}
	subdomain := ""
	if t.isWildcard(r) {
		v, ok := args["subdomain"]
		if !ok {
			return "", fmt.Errorf("routegen: route %q of a wildcard domain needs the argument \"subdomain\"", name)
		}
		subdomain, used["subdomain"] = fmt.Sprint(v), true
	}
	values := make([]string, len(r.Params))
	for i, p := range r.Params {
		v, ok := args[p]
		if !ok {
			return "", fmt.Errorf("routegen: route %q needs the path parameter %q", name, p)
		}
		values[i], used[p] = fmt.Sprint(v), true
	}
	u := t.buildURL(root, r, subdomain, values)
	query := url.Values{}
	for k, v := range args {
		if !used[k] {
			query.Set(k, fmt.Sprint(v))
		}
	}
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u, nil
}
