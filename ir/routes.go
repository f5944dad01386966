package ir

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/parser"
)

// knownMethods are the methods a route may list; WS is a WebSocket route.
var knownMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "WS"}

// defaultActions gives the action of a route that names none, by method.
var defaultActions = map[string]string{
	"GET": "Index", "POST": "Create", "PUT": "Update", "PATCH": "Update",
	"DELETE": "Delete", "OPTIONS": "Options", "HEAD": "Head", "TRACE": "Trace",
}

// inherited is what a route section passes down to its children.
type inherited struct {
	parent     string   // the enclosing route section's name
	sections   []string // the names of the enclosing route sections, outermost first
	rawPath    string   // the enclosing section's path as written, joined; "" at the top
	hasPath    bool
	pathBroken bool // the path of the enclosing section has an error
	target     string
	// targetFrom is the section that set target, by name, and targetKey
	// its key that did: controller or websocket.
	targetFrom, targetKey string
	// targetGiven: a controller or websocket key is set up the chain but
	// reported (misspelt, or of the wrong type), so a missing controller
	// below would only repeat that error.
	targetGiven  bool
	auth         string
	antiCSRF     bool
	antiCSRFRule string
	cors         *CORS // the fields a child's cors { } starts from
	corsOn       bool  // whether cors applies to the enclosing section
	authz        *Authorization
	ancestors    []int
	policyPos    map[string]parser.Pos // where the policies above are set
}

// group is one route section and the routes it produced.
type group struct {
	id        int
	implicit  bool // sets none of controller, websocket, action, method
	children  bool
	ancestors []int
	routes    []*Route
	// why says what made a section with routes below it a route of its
	// own, when it writes neither action nor method: "names controller
	// \"API\""; move says how to make it a group only.
	why, move string
}

type routeBuilder struct {
	*builder
	domain *Domain
	groups []*group
}

// maxRouteSections is the most route sections a routes.conf may have: a
// limit, as for nesting and parameters, that keeps checking and generating
// any file within seconds (the GitHub API is 203 routes).
const maxRouteSections = 100_000

// children builds the routes of a `routes { }` section.
func (rb *routeBuilder) children(obj *parser.Object, in inherited) {
	for _, f := range obj.Fields {
		if f.Object == nil {
			rb.diags.Errorf(f.KeyPos, "%q in routes must be a route section (%s { path = … })", f.Key, f.Key)
			continue
		}
		if rb.routeSections++; rb.routeSections > maxRouteSections {
			if rb.routeSections == maxRouteSections+1 {
				rb.diags.Errorf(f.KeyPos, "route %q is past the %d route sections routegen supports", f.Key, maxRouteSections)
			}
			return
		}
		rb.checkRepeated(f)
		rb.route(f.Object, in)
	}
}

// checkRepeated reports a route section written twice in one routes { }:
// the second would replace the first, and its route would vanish. (Load
// drops the parser's warning about the replacement at the same position.)
func (rb *routeBuilder) checkRepeated(f *parser.Field) {
	for old := f.Replaced; old != nil; old = old.Replaced {
		if old.Object != nil {
			rb.diags.Errorf(f.KeyPos, "route %q is already defined at %s in the same routes { }; rename one (the second section would replace the first)", f.Key, old.KeyPos)
		}
	}
}

func (rb *routeBuilder) route(obj *parser.Object, in inherited) {
	name := obj.Name
	rb.checkKeys(obj, fmt.Sprintf("route %q", parser.Echo(name)), routeKeys)
	g := &group{id: len(rb.groups), ancestors: in.ancestors}
	rb.groups = append(rb.groups, g)
	childrenObj := rb.section(obj, "routes")
	g.children = childrenObj != nil
	g.implicit = obj.Get("controller") == nil && obj.Get("websocket") == nil && obj.Get("action") == nil && obj.Get("method") == nil

	rawPath, hasPath, parsed, pathOK := rb.routePath(obj, in)
	methods, methodsOK := rb.methods(obj)
	target := rb.target(obj, in)
	targetFrom, targetKeyFrom := in.targetFrom, in.targetKey
	// A section that writes neither action nor method, with routes below
	// it, may be meant as a group only.
	unmeant := g.children && obj.Get("action") == nil && obj.Get("method") == nil
	if key := targetKey(obj); key != "" {
		targetFrom, targetKeyFrom = name, key
		if unmeant {
			g.why = fmt.Sprintf("names %s %q", key, target)
			g.move = fmt.Sprintf("move %s into its routes", key)
		}
	} else if unmeant {
		g.why = fmt.Sprintf("inherits %s %q from %q", in.targetKey, target, in.targetFrom)
		g.move = fmt.Sprintf("move %s from %q into the routes that need it", in.targetKey, in.targetFrom)
	}
	targetGiven := in.targetGiven || rb.given(obj, "controller", "websocket")
	action := rb.action(obj, methods)
	auth := in.auth
	if a, pos, ok := rb.str(obj, "auth"); ok {
		auth = strings.TrimSpace(a)
		rb.checkAuth(auth, pos)
	}
	maxBodySize := rb.maxBodySize
	if size, ok := rb.maxBodySizeField(obj); ok {
		maxBodySize = size
	}
	antiCSRF, antiCSRFRule := rb.antiCSRF(obj, in.antiCSRF, in.antiCSRFRule)
	authz := rb.authorization(obj, in.authz)
	cors, corsOn := in.cors, in.corsOn
	if cobj := rb.section(obj, "cors"); cobj != nil {
		cors, corsOn = rb.routeCORS(cobj, in.cors)
	}

	policyPos := maps.Clone(in.policyPos)
	for _, key := range []string{"auth", "authorization", "anti_csrf_check", "max_body_size", "cors"} {
		if f := obj.Get(key); f != nil {
			policyPos[key] = f.KeyPos
			if key == "cors" && f.Object != nil {
				for _, sub := range f.Object.Fields {
					policyPos["cors."+sub.Key] = sub.KeyPos
				}
			}
		}
	}

	isRoute := !g.children || target != "" && action != ""
	if isRoute && pathOK && methodsOK {
		switch {
		case target == "" && targetGiven:
		case target == "":
			rb.diags.Errorf(obj.Pos, "route %q has no controller; set controller (or websocket) on it or on a parent route", name)
		case action == "" && len(methods) > 1:
			rb.diags.Errorf(obj.Pos, "route %q has several methods (%s) and needs an action", name, strings.Join(methods, ", "))
		case action == "":
			rb.diags.Errorf(obj.Pos, "route %q has method %s, which has no default action; set action", name, strings.Join(methods, ", "))
		default:
			for _, m := range methods {
				r := &Route{
					Name: name, Method: m, Path: parsed.String(), Controller: target, Action: action,
					Auth: auth, AntiCSRFCheck: antiCSRF, AntiCSRFRule: antiCSRFRule, Parent: in.parent, Sections: in.sections, Pos: obj.Pos,
					Segments: parsed.Segments, ParamSpecs: parsed.Params, PolicyPos: policyPos,
				}
				if core.BodyMethod(m) {
					r.MaxBodySize = maxBodySize
				}
				if len(authz.Roles)+len(authz.Permissions) > 0 {
					r.Authorization = authz
				}
				if corsOn {
					r.CORS = cors
				}
				if m == "WS" {
					r.WebSocket, r.AntiCSRFCheck, r.AntiCSRFRule, r.CORS, r.MaxBodySize = true, false, "", nil, 0
				}
				g.routes = append(g.routes, r)
			}
		}
	}
	if childrenObj != nil {
		rb.children(childrenObj, inherited{
			parent: name, sections: append(slices.Clip(in.sections), name), rawPath: rawPath, hasPath: hasPath || in.hasPath, pathBroken: !pathOK,
			target: target, targetFrom: targetFrom, targetKey: targetKeyFrom, targetGiven: targetGiven, auth: auth,
			antiCSRF: antiCSRF, antiCSRFRule: antiCSRFRule, cors: cors, corsOn: corsOn, authz: authz,
			ancestors: append(append([]int(nil), in.ancestors...), g.id),
			policyPos: inheritedPolicyPos(policyPos),
		})
	}
}

// routePath joins the route's path onto its parent's and parses it. A path
// already reported broken on a parent is not reported again on its children.
func (rb *routeBuilder) routePath(obj *parser.Object, in inherited) (raw string, has bool, p parsedPath, ok bool) {
	own, pos, has := rb.str(obj, "path")
	trimmed := strings.TrimSpace(own)
	switch {
	case in.pathBroken:
		return in.rawPath, false, p, false
	case !has && rb.given(obj, "path"):
		return in.rawPath, false, p, false
	case !has && !in.hasPath:
		rb.diags.Errorf(obj.Pos, "route %q has no path; a top-level route needs one", obj.Name)
		return "", false, p, false
	case !has:
		raw = in.rawPath
	case strings.HasPrefix(trimmed, "^"):
		raw = "/" + strings.TrimPrefix(trimmed, "^")
	case !in.hasPath && !strings.HasPrefix(trimmed, "/"):
		rb.diags.Errorf(pos, "path %q must begin with \"/\"", own)
		return "", false, p, false
	default:
		raw = in.rawPath + "/" + trimmed
	}
	p, err := parsePath(splitPath(raw))
	if err != nil {
		rb.diags.Errorf(rb.errorPos(obj, pos, err), "path %q: %v", trimmed, err)
		return raw, has, p, false
	}
	if has && rb.domain.Wildcard() && hasParam(p, subdomainArg) && !rb.inheritsParam(trimmed, in, subdomainArg) {
		rb.diags.Errorf(rb.paramPos(obj, pos, subdomainArg),
			"path %q: a route of the wildcard domain %q cannot have a parameter named %q: RouteURLNamedArgs takes the subdomain under that key; rename the parameter",
			trimmed, rb.domain.Key, subdomainArg)
	}
	return raw, has, p, true
}

// subdomainArg is the key under which RouteURLNamedArgs takes the
// subdomain of a wildcard domain's route, which no path parameter of such
// a route may share.
const subdomainArg = "subdomain"

func hasParam(p parsedPath, name string) bool {
	return slices.ContainsFunc(p.Params, func(q Param) bool { return q.Name == name })
}

// inheritsParam reports whether the route's path has the parameter name
// from its parent's, where it was reported, rather than from its own part.
func (rb *routeBuilder) inheritsParam(own string, in inherited, name string) bool {
	if !in.hasPath || strings.HasPrefix(own, "^") {
		return false
	}
	parent, err := parsePath(splitPath(in.rawPath))
	return err == nil && hasParam(parent, name)
}

// paramPos is the position of parameter name in the route's own path, or
// the path's opening quote.
func (rb *routeBuilder) paramPos(obj *parser.Object, quote parser.Pos, name string) parser.Pos {
	s := ownPath(obj)
	if s == nil {
		return quote
	}
	for i := 0; i+1+len(name) <= len(s.Value); i++ {
		end := i + 1 + len(name)
		if (s.Value[i] == ':' || s.Value[i] == '*') && s.Value[i+1:end] == name && (end == len(s.Value) || s.Value[end] == '/' || s.Value[end] == '[') {
			return s.PosOf(i)
		}
	}
	return quote
}

// errorPos is where an error in the route's own path is reported: at the
// tag it concerns when it is about a constraint tag of that path, at the
// parameter when it is about one written there, else at the path's
// opening quote.
func (rb *routeBuilder) errorPos(obj *parser.Object, quote parser.Pos, err error) parser.Pos {
	s := ownPath(obj)
	if s == nil {
		return quote
	}
	var tagErr *TagError
	var paramErr *paramError
	i := -1
	switch {
	case errors.As(err, &tagErr):
		i = tagIndex(s.Value, tagErr.Tag)
	case errors.As(err, &paramErr):
		i = lastParamIndex(s.Value, paramErr.param)
	}
	if i < 0 {
		return quote
	}
	return s.PosOf(i)
}

// ownPath is the string of the route's path key, or nil.
func ownPath(obj *parser.Object) *parser.String {
	if f := obj.Get("path"); f != nil {
		s, _ := f.Value.(*parser.String)
		return s
	}
	return nil
}

// methods reads the comma-separated method list; GET by default. It is not
// ok after an error in the list: the route is left out, lest a route of a
// method not meant (such as GET for "DELTE") clash with another.
func (rb *routeBuilder) methods(obj *parser.Object) ([]string, bool) {
	reported := len(rb.diags)
	text, pos, ok := rb.str(obj, "method")
	if !ok { // absent or null; else a wrong type or a misspelt key, reported
		return []string{"GET"}, len(rb.diags) == reported && !rb.misspelt[misspelling{obj, "method"}]
	}
	var methods []string
	for _, m := range strings.Split(text, ",") {
		m = strings.ToUpper(strings.TrimSpace(m))
		switch {
		case m == "":
			rb.diags.Errorf(pos, "method %q has an empty entry", text)
			return nil, false
		case !slices.Contains(knownMethods, m):
			rb.diags.Errorf(pos, "%s", unknown(fmt.Sprintf("unknown method %q", m), m, knownMethods))
			return nil, false
		case slices.Contains(methods, m):
			rb.diags.Errorf(pos, "method %s is listed twice", m)
		default:
			methods = append(methods, m)
		}
	}
	return methods, true
}

// target is the route's controller: its own, else its websocket, else the parent's.
func (rb *routeBuilder) target(obj *parser.Object, in inherited) string {
	controller, cpos, hasController := rb.str(obj, "controller")
	websocket, wpos, hasWebsocket := rb.str(obj, "websocket")
	switch {
	case hasController && hasWebsocket:
		rb.diags.Errorf(wpos, "route %q sets both controller and websocket; keep one", obj.Name)
		return controller
	case hasController:
		rb.checkController(controller, cpos)
		return controller
	case hasWebsocket:
		rb.checkController(websocket, wpos)
		return websocket
	}
	return in.target
}

// targetKey is the key of obj that sets its target, controller or
// websocket, or "".
func targetKey(obj *parser.Object) string {
	for _, key := range []string{"controller", "websocket"} {
		if obj.Get(key) != nil {
			return key
		}
	}
	return ""
}

// action is the route's own action, else the default of its only method.
// It is never inherited: a parent's action applied to another verb is wrong.
func (rb *routeBuilder) action(obj *parser.Object, methods []string) string {
	if action, pos, ok := rb.str(obj, "action"); ok {
		rb.checkAction(action, pos)
		return action
	}
	if len(methods) == 1 {
		return defaultActions[methods[0]]
	}
	return ""
}

// finish returns the routes of every section, less the implicit parents
// that a descendant replaces: a pure group whose path and method a child
// also defines is a group, not a route. A section with routes below it
// that is a route only by the default action of its controller is warned
// of, as nobody may have meant it: a public endpoint, and a method more in
// the controller's interface.
func (rb *routeBuilder) finish() []*Route {
	last := rb.subtreeEnds()
	byShape := map[string][]int{} // the groups with a route of a method and path
	for _, g := range rb.groups {
		for _, r := range g.routes {
			byShape[r.Method+" "+r.Path] = append(byShape[r.Method+" "+r.Path], g.id)
		}
	}
	var routes []*Route
	for _, g := range rb.groups {
		if g.children && replacedByDescendant(g, last[g.id], byShape) {
			if g.implicit {
				continue
			}
		} else if g.why != "" && len(g.routes) == 1 {
			// (A route its child duplicates is an error that says as much.)
			r := g.routes[0]
			rb.diags.Warnf(r.Pos, "route %q makes %s %s → %s.%s only because it %s and has routes below it: write action = %q on it if that route is meant, or %s to make it a group only", r.Name, r.Method, r.Path, r.Controller, r.Action, g.why, r.Action, g.move)
		}
		routes = append(routes, g.routes...)
	}
	return routes
}

// subtreeEnds is, by group id, the id of the last group below it: groups
// are numbered in the order of routes.conf, each before those below it,
// so those below a group are the ids after it up to its end. One pass
// keeps a deep nesting linear.
func (rb *routeBuilder) subtreeEnds() []int {
	last := make([]int, len(rb.groups))
	var open []*group // the groups whose subtree the pass is in, outermost first
	for _, g := range rb.groups {
		for len(open) > 0 && len(open[len(open)-1].ancestors) >= len(g.ancestors) {
			last[open[len(open)-1].id] = g.id - 1
			open = open[:len(open)-1]
		}
		open = append(open, g)
	}
	for _, g := range open {
		last[g.id] = len(rb.groups) - 1
	}
	return last
}

// replacedByDescendant reports whether a group below g, whose ids run up
// to last, has a route of the method and path of one of g's.
func replacedByDescendant(g *group, last int, byShape map[string][]int) bool {
	for _, r := range g.routes {
		for _, h := range byShape[r.Method+" "+r.Path] {
			if g.id < h && h <= last {
				return true
			}
		}
	}
	return false
}

// authorization reads `authorization { }`; every missing part is the parent's.
func (rb *routeBuilder) authorization(obj *parser.Object, parent *Authorization) *Authorization {
	a := &Authorization{Satisfy: parent.Satisfy, Roles: parent.Roles, Permissions: parent.Permissions}
	aobj := rb.section(obj, "authorization")
	if aobj == nil {
		return a
	}
	rb.checkKeys(aobj, fmt.Sprintf("authorization of route %q", parser.Echo(obj.Name)), []string{"satisfy", "roles", "permissions"})
	if s, pos, ok := rb.str(aobj, "satisfy"); ok {
		s = strings.ToLower(strings.TrimSpace(s))
		if s != "either" && s != "both" {
			rb.diags.Errorf(pos, "satisfy must be \"either\" or \"both\", found %q", s)
		} else {
			a.Satisfy = s
		}
	}
	if list, pos, ok := rb.strList(aobj, "roles"); ok && len(list) > 0 {
		a.Roles = rb.checks(list, pos, ",", map[string]bool{"hasrole": true, "hasanyrole": false, "hasallroles": false})
	}
	if list, pos, ok := rb.strList(aobj, "permissions"); ok && len(list) > 0 {
		a.Permissions = rb.checks(list, pos, "|", map[string]bool{"ispermitted": true, "ispermittedall": false})
	}
	if a.Satisfy == "both" && (len(a.Roles) == 0 || len(a.Permissions) == 0) {
		rb.diags.Errorf(aobj.Pos, "authorization of route %q: satisfy = \"both\" needs both roles and permissions", obj.Name)
	}
	return a
}

// checks parses entries like "hasanyrole(a, b)"; funcs maps each allowed
// function to whether it takes exactly one argument.
func (rb *routeBuilder) checks(list []string, pos parser.Pos, sep string, funcs map[string]bool) []Check {
	var out []Check
	for _, entry := range list {
		text := strings.TrimSpace(entry)
		open, close := strings.IndexByte(text, '('), strings.IndexByte(text, ')')
		if strings.Count(text, "(") != 1 || strings.Count(text, ")") != 1 || open > close || close != len(text)-1 {
			rb.diags.Errorf(pos, "authorization entry %q must be func(args), such as \"hasrole(admin)\"", entry)
			continue
		}
		fn := strings.ToLower(strings.TrimSpace(text[:open]))
		single, ok := funcs[fn]
		if !ok {
			names := make([]string, 0, len(funcs))
			for _, n := range []string{"hasrole", "hasanyrole", "hasallroles", "ispermitted", "ispermittedall"} {
				if _, ok := funcs[n]; ok {
					names = append(names, n)
				}
			}
			rb.diags.Errorf(pos, "authorization entry %q: unknown function %q (known: %s)", entry, fn, strings.Join(names, ", "))
			continue
		}
		var args []string
		for _, a := range strings.Split(text[open+1:close], sep) {
			if a = strings.TrimSpace(a); a != "" {
				args = append(args, a)
			}
		}
		switch {
		case len(args) == 0:
			rb.diags.Errorf(pos, "authorization entry %q has no argument", entry)
		case single && len(args) > 1:
			rb.diags.Errorf(pos, "authorization entry %q: %s takes one argument", entry, fn)
		default:
			out = append(out, Check{Func: fn, Args: args})
		}
	}
	return out
}

// inheritedPolicyPos is where the policies a section's children inherit
// are set: a child's body limit is its own or the application's.
func inheritedPolicyPos(pos map[string]parser.Pos) map[string]parser.Pos {
	out := maps.Clone(pos)
	delete(out, "max_body_size")
	return out
}
