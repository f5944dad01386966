// Package routeset turns the route sets of the standard Go router
// benchmark ("METHOD /path/:param" a line) into routes.conf files.
package routeset

import (
	"bufio"
	"fmt"
	"strings"
	"unicode"
)

// Route is one line of a route set.
type Route struct {
	Method string
	Path   string
}

// Parse reads a route set: "METHOD PATH" a line; blank lines and # comments skipped.
func Parse(text string) ([]Route, error) {
	var routes []Route
	sc := bufio.NewScanner(strings.NewReader(text))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != 2 || !strings.HasPrefix(fields[1], "/") {
			return nil, fmt.Errorf("line %d: want METHOD /path, got %q", n, line)
		}
		routes = append(routes, Route{Method: fields[0], Path: fields[1]})
	}
	return routes, sc.Err()
}

// Conf writes a routes.conf serving the routes on one domain that serves
// every host, each route its own action of one controller.
func Conf(controller string, routes []Route) string {
	var b strings.Builder
	b.WriteString("domains {\n  bench {\n    host = \"localhost\"\n    routes {\n")
	for _, r := range routes {
		fmt.Fprintf(&b, "      %s {\n        path = %q\n        method = %q\n        controller = %q\n        action = %q\n      }\n",
			Name(r), r.Path, r.Method, controller, Action(r))
	}
	b.WriteString("    }\n  }\n}\n")
	return b.String()
}

// Name is the route name of a route: "get_repos_owner_repo".
func Name(r Route) string {
	return strings.ToLower(r.Method) + "_" + strings.Join(words(r.Path), "_")
}

// Action is the action of a route: "GetReposOwnerRepo".
func Action(r Route) string {
	var b strings.Builder
	for _, w := range append([]string{strings.ToLower(r.Method)}, words(r.Path)...) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// words splits a path into name-safe words; a parameter keeps a "by"
// marker so that /a/:b and /a/b name different routes.
func words(path string) []string {
	var out []string
	for _, seg := range strings.Split(path, "/") {
		param := strings.HasPrefix(seg, ":") || strings.HasPrefix(seg, "*")
		seg = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return unicode.ToLower(r)
			}
			return '_'
		}, strings.TrimLeft(seg, ":*"))
		for _, w := range strings.Split(seg, "_") {
			if w == "" {
				continue
			}
			if param {
				out, param = append(out, "by"), false
			}
			out = append(out, w)
		}
	}
	if len(out) == 0 {
		out = []string{"root"}
	}
	return out
}
