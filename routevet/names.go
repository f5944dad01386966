package routevet

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/suggest"
)

// lookup finds what name stands for as RouteURL reads it
// (core.ReadRouteName), outside a request, each domain at its routes.conf
// host: a route, or nil for a domain's origin ("host"); ok is false when
// it stands for nothing.
func (t *Table) lookup(name string) (target core.NamedTarget, r *Route, ok bool) {
	target, ok = core.ReadRouteName(vetNames{t}, t.root(), name, core.NoDomain, "")
	if ok && target.Route >= 0 {
		r = &t.Routes[target.Route]
	}
	return target, r, ok
}

// vetNames are the names of a Table's routes, for core.ReadRouteName.
type vetNames struct{ t *Table }

func (n vetNames) Domains() int { return len(n.t.Domains) }

func (n vetNames) Domain(i int) (key, host string, subdomain bool) {
	d := &n.t.Domains[i]
	return d.Key, d.Host, d.Subdomain
}

func (n vetNames) Route(d int, name string) int {
	for i := range n.t.Routes {
		if r := &n.t.Routes[i]; r.Domain == d && r.Name == name {
			return i
		}
	}
	return -1
}

// suggestName is the route name closest to an unknown one, or "": the
// qualified name of a route of another domain with that very name first,
// else the nearest by edit distance.
func (t *Table) suggestName(name string) string {
	root := t.root()
	for _, r := range t.Routes {
		if r.Domain != root && r.Name == name {
			return core.QualifiedRouteName(t.Domains[r.Domain].Key, r.Name)
		}
	}
	var names []string
	for _, r := range t.Routes {
		if r.Domain == root {
			names = append(names, r.Name)
		}
		names = append(names, core.QualifiedRouteName(t.Domains[r.Domain].Key, r.Name))
	}
	return closest(name, names)
}

// closest is the candidate nearest to s, ignoring case, when it is near
// enough to be a misspelling of a name: a third of its length; else "".
func closest(s string, candidates []string) string {
	return suggest.Closest(s, candidates, len(s)/3)
}

func didYouMean(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", s)
}

// routeOf is the route a constant name argument names, and whether the
// arguments give its wildcard domain's subdomain (no label gave it); nil
// for a domain's origin ("host"), whose arguments are not checked, and
// after reporting an unknown name.
func (c *checker) routeOf(call *ast.CallExpr, fn *types.Func, t *Table) (r *Route, subdomainArg bool) {
	if len(call.Args) == 0 {
		return nil, false
	}
	name, ok := c.constantString(call.Args[0])
	if !ok {
		return nil, false
	}
	target, r, ok := t.lookup(name)
	if !ok {
		c.pass.Reportf(call.Args[0].Pos(), "%s: no route named %q%s", funcName(fn), name, didYouMean(t.suggestName(name)))
	}
	return r, r != nil && t.wildcard(r.Domain) && !target.Labelled
}

// funcName is how messages name a function of a routegen package:
// "routes.RouteURL", "routes.URLBuilder.RouteURL".
func funcName(fn *types.Func) string {
	if recv := fn.Signature().Recv(); recv != nil {
		name := types.TypeString(recv.Type(), (*types.Package).Name)
		if _, isPointer := recv.Type().(*types.Pointer); isPointer {
			name = "(" + name + ")"
		}
		return name + "." + fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// isURLBuilder reports whether fn is a method of the generated URLBuilder
// of its package, of a value receiver (the helpers as methods) or a
// pointer one (as fields, above 512 routes).
func isURLBuilder(fn *types.Func) bool {
	recv := fn.Signature().Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	n, ok := types.Unalias(recv).(*types.Named)
	return ok && n.Obj().Name() == "URLBuilder" && n.Obj().Pkg() == fn.Pkg()
}

// checkRouteURL checks RouteURL(name, args...): the name, the number of
// arguments, and each constant argument against its constraint.
func (c *checker) checkRouteURL(call *ast.CallExpr, fn *types.Func, t *Table) {
	r, subdomainArg := c.routeOf(call, fn, t)
	if r == nil || call.Ellipsis.IsValid() {
		return
	}
	args := call.Args[1:]
	name := c.qualifiedName(t, r)
	if subdomainArg {
		if len(args) != len(r.Params)+1 {
			c.reportCount(call, args, len(r.Params)+1, fmt.Sprintf("%s: route %q of a wildcard domain takes the subdomain and %s, got %d arguments",
				funcName(fn), name, paramList(r), len(args)))
			return
		}
		args = args[1:]
	} else if len(args) != len(r.Params) {
		c.reportCount(call, args, len(r.Params), fmt.Sprintf("%s: route %q takes %s, got %d", funcName(fn), name, paramList(r), len(args)))
		return
	}
	for i, arg := range args {
		c.checkArgument(fn, arg, r, i, name)
	}
}

// reportCount reports the wrong number of arguments at the first extra
// one, or at the closing parenthesis when some are missing.
func (c *checker) reportCount(call *ast.CallExpr, args []ast.Expr, want int, msg string) {
	pos := call.Rparen
	if len(args) > want {
		pos = args[want].Pos()
	}
	c.pass.Reportf(pos, "%s", msg)
}

func paramList(r *Route) string {
	switch len(r.Params) {
	case 0:
		return "no path parameters"
	case 1:
		return "1 path parameter (" + r.Params[0] + ")"
	}
	return fmt.Sprintf("%d path parameters (%s)", len(r.Params), strings.Join(r.Params, ", "))
}

// qualifiedName is how messages name r: as RouteURL finds it.
func (c *checker) qualifiedName(t *Table, r *Route) string {
	return core.RouteName(t.root(), r.Domain, t.Domains[r.Domain].Key, r.Name)
}

// checkArgument checks a constant argument for parameter i of r against
// its constraint, as RouteURL formats it (fmt.Sprint).
func (c *checker) checkArgument(fn *types.Func, arg ast.Expr, r *Route, i int, name string) {
	constraint := r.constraint(i)
	if constraint == "" {
		return
	}
	v, ok := c.sprint(arg)
	if !ok {
		return
	}
	if err := checkConstraint(constraint, v); err != nil {
		c.pass.Reportf(arg.Pos(), "%s: route %q, :%s[%s]: %v", funcName(fn), name, r.Params[i], constraint, err)
	}
}

// sprint is fmt.Sprint of a constant argument of a basic type; ok is false
// for anything else, and for floats, whose formatting vet does not model.
func (c *checker) sprint(arg ast.Expr) (string, bool) {
	tv := c.pass.TypesInfo.Types[arg]
	if _, basic := types.Unalias(tv.Type).(*types.Basic); !basic || tv.Value == nil {
		return "", false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value), true
	case constant.Int, constant.Bool:
		return tv.Value.ExactString(), true
	}
	return "", false
}

// checkRouteURLNamedArgs checks RouteURLNamedArgs(name, map[string]any{…})
// when the map is a literal with constant keys: a missing path parameter,
// a key that looks like a misspelt one (other keys are the query string),
// and constant values against their constraints.
func (c *checker) checkRouteURLNamedArgs(call *ast.CallExpr, fn *types.Func, t *Table) {
	r, subdomainArg := c.routeOf(call, fn, t)
	if r == nil || len(call.Args) != 2 {
		return
	}
	lit, ok := ast.Unparen(call.Args[1]).(*ast.CompositeLit)
	if !ok {
		return
	}
	name := c.qualifiedName(t, r)
	keys := map[string]*ast.KeyValueExpr{}
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return
		}
		k, ok := c.constantString(kv.Key)
		if !ok {
			return // a key known only at run time may be any parameter
		}
		keys[k] = kv
	}
	needed := append([]string(nil), r.Params...)
	if subdomainArg {
		needed = append(needed, "subdomain")
	}
	var missing []string
	for _, p := range needed {
		if _, ok := keys[p]; !ok {
			missing = append(missing, p)
		}
	}
	for _, p := range missing {
		// A key near the missing name is a misspelling of it, not a query argument.
		misspelt := ""
		for _, k := range slices.Sorted(maps.Keys(keys)) {
			if misspelt == "" && closest(k, []string{p}) == p && !slices.Contains(needed, k) {
				misspelt = k
			}
		}
		switch {
		case misspelt != "":
			c.pass.Reportf(keys[misspelt].Key.Pos(), "%s: route %q has no path parameter %q (did you mean %q?)", funcName(fn), name, misspelt, p)
		case p == "subdomain":
			c.pass.Reportf(lit.Rbrace, "%s: route %q of a wildcard domain needs the argument \"subdomain\"", funcName(fn), name)
		default:
			c.pass.Reportf(lit.Rbrace, "%s: route %q needs the path parameter %q", funcName(fn), name, p)
		}
	}
	for i, p := range r.Params {
		if kv, ok := keys[p]; ok {
			c.checkArgument(fn, kv.Value, r, i, name)
		}
	}
}
