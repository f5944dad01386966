package gen

import (
	"cmp"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// model is the table arranged for code: every route numbered, every
// controller with its actions and every action with its parameters.
type model struct {
	table       *ir.Table
	routes      []*route // table order: domain by domain, route by route
	catchAlls   []*route // one per domain that has a catch_all, else nil
	controllers []*controller
	root        int // the domain whose URLs are written without a host
	diags       parser.Diagnostics
}

type route struct {
	*ir.Route
	index  int
	domain int
	action *action // nil for a static route
	helper string  // the name of its URL helper (helperName)
}

type controller struct {
	name    string // as in routes.conf: "admin/AppController"
	iface   string // "AdminAppController"
	arg     string // NewRouter's parameter: "adminAppController"
	actions []*action
	byName  map[string]*action // actions by their routes.conf name
}

type action struct {
	name       string // as in routes.conf
	method     string // the Go method
	controller *controller
	params     []actionParam
	routes     []*route
	pos        parser.Pos
}

type actionParam struct {
	name   string // as in the path
	goName string
	typ    ir.ParamType
}

func newModel(t *ir.Table) *model {
	m := &model{table: t, root: t.Root()}
	controllers := map[string]*controller{}
	for d, dom := range t.Domains {
		for _, r := range dom.Routes {
			rt := &route{Route: r, index: len(m.routes), domain: d}
			rt.helper = m.helperName(rt)
			m.routes = append(m.routes, rt)
			if len(r.ParamSpecs) > core.MaxParams {
				m.diags.Errorf(r.Pos, "route %q has %d parameters; at most %d are supported", r.Name, len(r.ParamSpecs), core.MaxParams)
			}
			if !r.Static && r.AddedBy == "" {
				m.addAction(controllers, r.Controller, r.Action, r.Pos, rt)
			}
		}
	}
	for d, dom := range t.Domains {
		var ca *route
		if c := dom.CatchAll; c != nil {
			ca = &route{Route: &ir.Route{
				Name: "catch_all", Method: "*", Path: "*", Controller: c.Controller, Action: c.Action, Auth: c.Auth,
				MaxBodySize: c.MaxBodySize, AntiCSRFCheck: c.AntiCSRFCheck, CORS: c.CORS, Pos: c.Pos,
			}, index: len(m.routes) + d, domain: d}
			m.addAction(controllers, c.Controller, c.Action, c.Pos, ca)
		}
		m.catchAlls = append(m.catchAlls, ca)
	}
	for _, c := range controllers {
		m.controllers = append(m.controllers, c)
		slices.SortFunc(c.actions, func(a, b *action) int { return strings.Compare(a.method, b.method) })
	}
	// By name too: two names may clash into one interface, and the error must not depend on map order.
	slices.SortFunc(m.controllers, func(a, b *controller) int {
		return cmp.Or(strings.Compare(a.iface, b.iface), strings.Compare(a.name, b.name))
	})
	m.checkGoNames()
	m.checkFileNames()
	m.diags.Sort()
	return m
}

func (m *model) addAction(controllers map[string]*controller, name, actionName string, pos parser.Pos, r *route) {
	c := controllers[name]
	if c == nil {
		iface := interfaceName(name)
		c = &controller{name: name, iface: iface, arg: unexported(iface), byName: map[string]*action{}}
		controllers[name] = c
	}
	a := c.byName[actionName]
	if a == nil {
		a = &action{name: actionName, method: methodName(actionName), controller: c, pos: pos}
		c.actions = append(c.actions, a)
		c.byName[actionName] = a
	}
	a.routes = append(a.routes, r)
	r.action = a
	// The action takes the union of its routes' parameters, in order of
	// first appearance; one name must keep one type.
	for _, p := range r.ParamSpecs {
		i := slices.IndexFunc(a.params, func(q actionParam) bool { return q.name == p.Name })
		switch {
		case i < 0:
			a.params = append(a.params, actionParam{name: p.Name, goName: unexported(p.Name), typ: p.Type})
		case a.params[i].typ != p.Type:
			m.diags.Errorf(r.Pos, "route %q passes parameter %q to %s.%s as %s, but route %q at %s passes it as %s; constrain it the same way in both",
				r.Name, p.Name, name, actionName, p.Type, a.routes[0].Name, a.routes[0].Pos, a.params[i].typ)
		}
	}
}

// checkGoNames reports routes.conf names that become the same Go name.
func (m *model) checkGoNames() {
	seen := map[string]*controller{}
	for _, c := range m.controllers {
		if other, dup := seen[c.iface]; dup {
			m.diags.Errorf(c.actions[0].pos, "controllers %q and %q both become the Go interface %s; rename one", other.name, c.name, c.iface)
		}
		seen[c.iface] = c
		methods := map[string]*action{}
		for _, a := range c.actions {
			if other, dup := methods[a.method]; dup {
				m.diags.Errorf(a.pos, "actions %q and %q of controller %q both become the Go method %s; rename one", other.name, a.name, c.name, a.method)
			}
			methods[a.method] = a
			params := map[string]string{}
			for _, p := range a.params {
				if other, dup := params[p.goName]; dup {
					m.diags.Errorf(a.pos, "parameters %q and %q of %s.%s both become the Go name %s; rename one", other, p.name, c.name, a.name, p.goName)
				}
				params[p.goName] = p.name
			}
		}
	}
	helpers := map[string]*route{} // by name, the first route of each
	for _, r := range m.routes {
		name := r.helper
		other, dup := helpers[name]
		switch {
		case !dup && slices.Contains(urlBuilderMethods, name):
			m.diags.Errorf(r.Pos, "route %q becomes the URL helper %s, a method URLBuilder already has; rename the route", r.Name, name)
		case dup && m.qualifiedName(other) != m.qualifiedName(r):
			m.diags.Errorf(r.Pos, "routes %q and %q both become the URL helper %s; rename one", m.qualifiedName(other), m.qualifiedName(r), name)
		}
		if !dup {
			helpers[name] = r
		}
	}
}

// checkFileNames reports, at the first of its routes in the table, a file
// whose name a //line directive cannot hold: a directive is the rest of
// its line, as it is, where commentText would escape the characters that
// end or reorder the line.
func (m *model) checkFileNames() {
	reported := map[string]bool{}
	for _, r := range slices.Concat(m.routes, m.catchAlls) {
		if r == nil || reported[r.Pos.File] || safeInLineDirective(r.Pos.File) {
			continue
		}
		reported[r.Pos.File] = true
		m.diags.Errorf(r.Pos, "the name of file %q cannot be written in the //line directives of the generated code; rename the file", r.Pos.File)
	}
}

// sourcePaths is f (Options.SourcePath) with its result for the file of
// every route kept: a call may cost a system call (the command's makes the
// path absolute), and the code names a route's file several times.
func (m *model) sourcePaths(f func(file string) string) func(file string) string {
	if f == nil {
		return nil
	}
	names := map[string]string{}
	for _, r := range slices.Concat(m.routes, m.catchAlls) {
		if r == nil {
			continue
		}
		if _, ok := names[r.Pos.File]; !ok {
			names[r.Pos.File] = f(r.Pos.File)
		}
	}
	return func(file string) string {
		if name, ok := names[file]; ok {
			return name
		}
		return f(file)
	}
}

// helperName is the URL helper of a route: its name, prefixed with its
// domain's key outside the root domain unless the name begins with it
// ("admin_home" of domain "admin" is AdminHome, "home" AdminHome too).
func (m *model) helperName(r *route) string {
	key := m.table.Domains[r.domain].Key
	if r.domain == m.root || r.Name == key || strings.HasPrefix(r.Name, key+"_") {
		return exported(r.Name)
	}
	return exported(key) + exported(r.Name)
}

// publicName is the name r is known by (ir's Table.RouteName): bare in
// the root domain, qualified in another.
func (m *model) publicName(r *route) string { return m.table.RouteName(r.domain, r.Route) }

// qualifiedName is what RouteURL finds a route by: its name in the root
// domain, "domain_key.name" in any domain.
func (m *model) qualifiedName(r *route) string {
	return core.QualifiedRouteName(m.table.Domains[r.domain].Key, r.Name)
}
