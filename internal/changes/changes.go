// Package changes compares two resolved route tables and classifies each
// difference as a client would feel it: breaking (a link or a call that
// worked stops working), security (a door that opens wider) or compatible
// (new surface, or a tightening).
package changes

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// Kind is how a change is felt.
type Kind string

const (
	Breaking   Kind = "breaking"
	Security   Kind = "security"
	Compatible Kind = "compatible"
)

// Kinds are the kinds in the order reports group them.
var Kinds = []Kind{Breaking, Security, Compatible}

// Change is one difference between the old table and the new.
type Change struct {
	Kind   Kind   `json:"kind"`
	Change string `json:"change"` // "route removed", "path changed"…
	// Route is the route's name, "domain_key.name" outside the first
	// domain; "" for a change of a domain.
	Route  string `json:"route"`
	Method string `json:"method"`
	Path   string `json:"path"` // the new path; the old one of a route removed
	// Old and New are what changed, as routes.conf writes it; "" for none.
	Old string `json:"old"`
	New string `json:"new"`
	// Position is where the change is in the new routes.conf, invalid for
	// a route removed; OldPosition is where it was in the old one, invalid
	// for a route added.
	Position    parser.Pos `json:"-"`
	OldPosition parser.Pos `json:"-"`
}

// entry is a route of one side, with what it is known by.
type entry struct {
	domain string
	name   string // qualified: "key.name" outside the first domain
	route  *ir.Route
}

func entries(t *ir.Table) []entry {
	var out []entry
	for i, d := range t.Domains {
		for _, r := range d.Routes {
			name := r.Name
			if i > 0 {
				name = d.Key + "." + r.Name
			}
			out = append(out, entry{domain: d.Key, name: name, route: r})
		}
	}
	return out
}

// shape is a route's method and path with its parameters' names left out:
// what a client's request is matched by.
func shape(e entry) string {
	var b strings.Builder
	b.WriteString(e.domain + " " + e.route.Method + " ")
	for _, seg := range strings.Split(e.route.Path, "/") {
		switch {
		case strings.Contains(seg, ":"):
			seg = seg[:strings.Index(seg, ":")] + ":"
		case strings.Contains(seg, "*"):
			seg = seg[:strings.Index(seg, "*")] + "*"
		}
		b.WriteString(seg + "/")
	}
	return b.String()
}

// Compare lists the changes from old to new: routes are matched by name
// and method, then by method and path, so that a rename is reported as a
// rename. The list is in the order of the new table, removals last.
func Compare(old, new *ir.Table) []Change {
	var out []Change
	out = append(out, compareDomains(old, new)...)
	olds, news := entries(old), entries(new)
	matched := make([]bool, len(olds))
	pairOf := make([]int, len(news)) // the old entry of each new one; -1 for none
	byName := map[string]int{}
	for i, e := range olds {
		byName[e.name+" "+e.route.Method] = i
	}
	for j, e := range news {
		pairOf[j] = -1
		if i, ok := byName[e.name+" "+e.route.Method]; ok && !matched[i] {
			matched[i], pairOf[j] = true, i
		}
	}
	byShape := map[string]int{}
	for i, e := range olds {
		if !matched[i] {
			byShape[shape(e)] = i
		}
	}
	for j, e := range news {
		if pairOf[j] >= 0 {
			continue
		}
		if i, ok := byShape[shape(e)]; ok && !matched[i] {
			matched[i], pairOf[j] = true, i
			o := olds[i]
			out = append(out, change(Breaking, "name changed", e, o.name, e.name, o.route.Pos))
		}
	}
	oldNames, newNames := map[string]bool{}, map[string]bool{}
	for _, e := range olds {
		oldNames[e.name] = true
	}
	for _, e := range news {
		newNames[e.name] = true
	}
	for j, e := range news {
		if i := pairOf[j]; i >= 0 {
			out = append(out, compareRoutes(olds[i], e)...)
			continue
		}
		what := "route added"
		switch {
		case oldNames[e.name]:
			what = "method added"
		case e.route.Static:
			what = "static route added"
		}
		out = append(out, change(Compatible, what, e, "", "", parser.Pos{}))
	}
	for i, o := range olds {
		if matched[i] {
			continue
		}
		what := "route removed"
		switch {
		case newNames[o.name]:
			what = "method removed"
		case o.route.Static:
			what = "static route removed"
		}
		c := change(Breaking, what, o, "", "", o.route.Pos)
		c.Position = parser.Pos{} // it is in the old routes.conf alone
		out = append(out, c)
	}
	return out
}

func change(kind Kind, what string, e entry, old, new string, oldPos parser.Pos) Change {
	return Change{Kind: kind, Change: what, Route: e.name, Method: e.route.Method, Path: e.route.Path,
		Old: old, New: new, Position: e.route.Pos, OldPosition: oldPos}
}

// compareDomains reports the domains whose host or port changed.
func compareDomains(old, new *ir.Table) []Change {
	var out []Change
	for _, d := range new.Domains {
		i := slices.IndexFunc(old.Domains, func(o *ir.Domain) bool { return o.Key == d.Key })
		if i < 0 {
			continue
		}
		o := old.Domains[i]
		if was, is := address(o), address(d); was != is {
			out = append(out, Change{Kind: Breaking, Change: fmt.Sprintf("host of domain %q changed", d.Key), Old: was, New: is, Position: d.Pos, OldPosition: o.Pos})
		}
	}
	return out
}

// address is a domain's host and port as routes.conf writes them.
func address(d *ir.Domain) string {
	host, port := d.HostText(), d.PortText()
	if port == "" {
		return host
	}
	return host + ":" + port
}

// compareRoutes reports what changed of one route.
func compareRoutes(o, n entry) []Change {
	var out []Change
	add := func(kind Kind, what, old, new string) {
		out = append(out, change(kind, what, n, old, new, o.route.Pos))
	}
	or, nr := o.route, n.route
	if shape(o)[len(o.domain):] != shape(n)[len(n.domain):] {
		add(Breaking, "path changed", or.Path, nr.Path)
	} else {
		for k, p := range nr.ParamSpecs {
			op := or.ParamSpecs[k]
			if op.Name != p.Name {
				add(Breaking, "parameter renamed", op.Name, p.Name)
			}
			if op.Type != p.Type {
				add(Breaking, fmt.Sprintf("parameter %q retyped", p.Name), typeName(op.Type), typeName(p.Type))
			}
			was, is := constraintText(op), constraintText(p)
			switch {
			case was == is:
			case was == "":
				add(Breaking, fmt.Sprintf("constraint of %q added", p.Name), "", is)
			case is == "":
				add(Compatible, fmt.Sprintf("constraint of %q removed", p.Name), was, "")
			default:
				add(Breaking, fmt.Sprintf("constraint of %q changed", p.Name), was, is)
			}
		}
	}
	compareAuth(or, nr, add)
	// Anti-CSRF guards unsafe methods only: turned off on a route of a safe
	// one, it changes nothing a request meets. (A route's max_body_size is
	// 0 but for methods with a body.)
	switch {
	case or.AntiCSRFCheck && !nr.AntiCSRFCheck && core.UnsafeMethod(nr.Method):
		add(Security, "anti_csrf_check turned off", "true", "false")
	case or.AntiCSRFCheck && !nr.AntiCSRFCheck:
		add(Compatible, "anti_csrf_check turned off (no effect on "+nr.Method+")", "true", "false")
	case !or.AntiCSRFCheck && nr.AntiCSRFCheck:
		add(Compatible, "anti_csrf_check turned on", "false", "true")
	}
	if was, is := or.MaxBodySize, nr.MaxBodySize; was != is {
		raised := is == 0 || was != 0 && is > was // 0 is no limit
		kind := Compatible
		if raised {
			kind = Security
		}
		add(kind, "max_body_size "+map[bool]string{true: "raised", false: "lowered"}[raised], sizeText(was), sizeText(is))
	}
	compareCORS(or.CORS, nr.CORS, add)
	return out
}

// compareAuth reports a route's auth and authorization changes.
func compareAuth(or, nr *ir.Route, add func(Kind, string, string, string)) {
	open := func(auth string) bool { return auth == "" || auth == "anonymous" }
	switch was, is := or.Auth, nr.Auth; {
	case was == is:
	case !open(was) && open(is):
		add(Security, "auth removed", was, cmp.Or(is, "none"))
	case is == "authenticated":
		add(Security, "auth widened to any scheme", was, is)
	case was == "authenticated":
		add(Compatible, "auth narrowed to one scheme", was, is)
	case open(was):
		add(Compatible, "auth added", cmp.Or(was, "none"), is)
	default:
		add(Security, "auth scheme changed", was, is)
	}
	switch was, is := authorizationText(or.Authorization), authorizationText(nr.Authorization); {
	case was == is:
	case is == "":
		add(Security, "authorization removed", was, "")
	case was == "":
		add(Compatible, "authorization added", "", is)
	default:
		add(Security, "authorization changed", was, is)
	}
}

// compareCORS reports a route's CORS changes: a policy that lets more
// origins, methods or headers through, or credentials, is a security
// change; one that lets fewer is compatible.
func compareCORS(was, is *ir.CORS, add func(Kind, string, string, string)) {
	switch {
	case was == nil && is == nil:
		return
	case was == nil:
		add(Security, "CORS turned on", "", corsText(is))
		return
	case is == nil:
		add(Compatible, "CORS turned off", corsText(was), "")
		return
	}
	lists := []struct {
		what    string
		was, is []string
	}{
		{"origins", was.AllowOrigins, is.AllowOrigins},
		{"methods", was.AllowMethods, is.AllowMethods},
		{"headers", was.AllowHeaders, is.AllowHeaders},
	}
	for _, l := range lists {
		wider, narrower := widens(l.was, l.is), widens(l.is, l.was)
		switch {
		case wider:
			add(Security, "CORS "+l.what+" widened", strings.Join(l.was, ", "), strings.Join(l.is, ", "))
		case narrower:
			add(Compatible, "CORS "+l.what+" narrowed", strings.Join(l.was, ", "), strings.Join(l.is, ", "))
		}
	}
	switch {
	case !was.AllowCredentials && is.AllowCredentials:
		add(Security, "CORS credentials turned on", "false", "true")
	case was.AllowCredentials && !is.AllowCredentials:
		add(Compatible, "CORS credentials turned off", "true", "false")
	}
}

// widens reports whether is lets through a value was does not: one it
// lacks, or "*" when was has none.
func widens(was, is []string) bool {
	if slices.Contains(was, "*") {
		return false
	}
	for _, v := range is {
		if v == "*" || !slices.ContainsFunc(was, func(w string) bool { return strings.EqualFold(w, v) }) {
			return true
		}
	}
	return false
}

func corsText(c *ir.CORS) string {
	text := "origins " + strings.Join(c.AllowOrigins, ", ")
	if c.AllowCredentials {
		text += ", with credentials"
	}
	return text
}

func authorizationText(a *ir.Authorization) string {
	if a == nil {
		return ""
	}
	var parts []string
	for _, list := range []struct {
		what   string
		checks []ir.Check
	}{{"roles", a.Roles}, {"permissions", a.Permissions}} {
		var checks []string
		for _, c := range list.checks {
			checks = append(checks, c.Func+"("+strings.Join(c.Args, " | ")+")")
		}
		if len(checks) > 0 {
			parts = append(parts, list.what+" "+strings.Join(checks, ", "))
		}
	}
	return a.Satisfy + ": " + strings.Join(parts, "; ")
}

func constraintText(p ir.Param) string {
	if p.Constraint == nil {
		return ""
	}
	return p.Constraint.Text
}

func typeName(t ir.ParamType) string {
	if t == ir.TypeInt {
		return "int64"
	}
	return "string"
}

func sizeText(n int64) string {
	if n == 0 {
		return "no limit"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
