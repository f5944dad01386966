package routevet

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// action is a method that is the action of routes outside the root
// domain of a table: a request it serves is on another host than the
// root domain's.
type action struct {
	pkg   *types.Package // the routegen package
	table *Table
	route *Route // the first route it serves
	ctx   string // its *runtime.Context parameter; "" when it has no name
	// rootControllers are the controller interfaces of the root domain's
	// routes of the same action that the receiver satisfies too, when no
	// NewRouter call of the package says which one it is given as.
	rootControllers []string
}

// passedAs are the controller interfaces, by routegen package and by
// named type, that the package's NewRouter calls give a value of that
// type (or a pointer to it) as.
type passedAs map[*types.Package]map[*types.TypeName][]string

// findNewRouterCalls reads the NewRouter calls of the routegen packages
// in file: which controller interface each argument is given as.
func (c *checker) findNewRouterCalls(file *ast.File) {
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var id *ast.Ident
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			id = fun
		case *ast.SelectorExpr:
			id = fun.Sel
		default:
			return true
		}
		obj, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
		if !ok || obj.Name() != "NewRouter" || c.tables[obj.Pkg()] == nil || obj.Parent() != obj.Pkg().Scope() {
			return true
		}
		params := obj.Signature().Params()
		for i, arg := range call.Args {
			if i >= params.Len() || obj.Signature().Variadic() && i == params.Len()-1 {
				break
			}
			iface, ok := types.Unalias(params.At(i).Type()).(*types.Named)
			named := namedOf(c.pass.TypesInfo.TypeOf(arg))
			if !ok || named == nil {
				continue
			}
			if c.passed == nil {
				c.passed = passedAs{}
			}
			byType := c.passed[obj.Pkg()]
			if byType == nil {
				byType = map[*types.TypeName][]string{}
				c.passed[obj.Pkg()] = byType
			}
			byType[named.Obj()] = append(byType[named.Obj()], iface.Obj().Name())
		}
		return true
	})
}

// namedOf is the named type of t, or of what t points to; nil for another.
func namedOf(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// checkActions reports, in each action of routes outside the root domain,
// the links to a root domain's route written as paths: the browser
// resolves such a path on the host of the page, the action's own domain.
func (c *checker) checkActions(file *ast.File) {
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Recv == nil || fn.Body == nil {
			continue
		}
		a := c.actionOf(fn)
		if a == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				c.checkLink(a, call)
			}
			return true
		})
	}
}

// actionOf is what method fn is the action of: the routes whose dispatch
// calls fn's name on a controller interface that fn's receiver
// implements, and that the package's NewRouter calls give the receiver
// as, when they give it. It is nil when fn serves no route, or serves a
// route of the root domain, whose links are paths, through the interface
// of the routes outside it. A receiver that also satisfies an interface
// of the root domain's routes, and that no NewRouter call of the package
// gives as either, is taken for the action of the routes outside it, and
// the action says so (rootControllers).
func (c *checker) actionOf(fn *ast.FuncDecl) *action {
	method, ok := c.pass.TypesInfo.Defs[fn.Name].(*types.Func)
	if !ok {
		return nil
	}
	recv := method.Signature().Recv().Type()
	if p, ok := recv.(*types.Pointer); ok {
		recv = p.Elem()
	}
	ptr := types.NewPointer(recv)
	var recvName *types.TypeName
	if n := namedOf(recv); n != nil {
		recvName = n.Obj()
	}
	for _, pkg := range c.order {
		t := c.tables[pkg]
		given, known := c.passed[pkg][recvName]
		type served struct {
			first *Route // of a route outside the root domain
			root  bool
		}
		byController := map[string]*served{}
		var order []string
		for _, i := range c.routesOfAction(t)[fn.Name.Name] {
			r := &t.Routes[i]
			s, seen := byController[r.Controller]
			if !seen {
				iface, _ := pkg.Scope().Lookup(r.Controller).(*types.TypeName)
				is := iface != nil && types.IsInterface(iface.Type()) && types.Implements(ptr, iface.Type().Underlying().(*types.Interface))
				if is && (!known || slices.Contains(given, r.Controller)) {
					s = &served{}
					order = append(order, r.Controller)
				}
				byController[r.Controller] = s
			}
			switch {
			case s == nil:
			case r.Domain == t.root():
				s.root = true
			case s.first == nil:
				s.first = r
			}
		}
		var a *action
		var roots []string
		for _, name := range order {
			switch s := byController[name]; {
			case s.root:
				roots = append(roots, name)
			case s.first != nil && a == nil:
				a = &action{pkg: pkg, table: t, route: s.first, ctx: contextParam(fn)}
			}
		}
		if a != nil {
			if !known {
				a.rootControllers = roots
			}
			return a
		}
	}
	return nil
}

// routesOfAction are the routes of t by the name of their action's
// method, made on a package's first method.
func (c *checker) routesOfAction(t *Table) map[string][]int {
	if byName, ok := c.actions[t]; ok {
		return byName
	}
	byName := map[string][]int{}
	for i := range t.Routes {
		if r := &t.Routes[i]; r.Controller != "" {
			byName[r.Action] = append(byName[r.Action], i)
		}
	}
	if c.actions == nil {
		c.actions = map[*Table]map[string][]int{}
	}
	c.actions[t] = byName
	return byName
}

// contextParam is the name of an action's first parameter, its
// *runtime.Context; "" when it has none that code can use.
func contextParam(fn *ast.FuncDecl) string {
	params := fn.Type.Params.List
	if len(params) == 0 || len(params[0].Names) == 0 || params[0].Names[0].Name == "_" {
		return ""
	}
	return params[0].Names[0].Name
}

// checkLink reports call when it writes the URL of a root domain's route
// as a path in action a: a typed helper, RouteURL or RouteURLNamedArgs of
// a's routegen package, on URL, the package's functions, or a builder of
// WithBasePath or ForRouter. A builder of ForRequest writes the root
// domain's routes with their host on another domain's page; one held in
// a variable is not followed.
func (c *checker) checkLink(a *action, call *ast.CallExpr) {
	var name, what string
	var builder ast.Expr // the expression the fix makes a request's builder; nil for the package's functions
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		if sel := c.pass.TypesInfo.Selections[fun]; sel != nil {
			if !c.isBuilderOf(a.pkg, sel.Recv()) {
				return
			}
			var ok bool
			if builder, ok = c.pathBuilder(a.pkg, fun.X); !ok {
				return
			}
			what = a.pkg.Name() + ".URLBuilder." + fun.Sel.Name
		} else if obj := c.pass.TypesInfo.Uses[fun.Sel]; obj == nil || obj.Pkg() != a.pkg || obj.Parent() != a.pkg.Scope() {
			return
		}
		name = fun.Sel.Name
	case *ast.Ident:
		if obj := c.pass.TypesInfo.Uses[fun]; obj == nil || obj.Pkg() != a.pkg || obj.Parent() != a.pkg.Scope() {
			return
		}
		name = fun.Name
	default:
		return
	}
	if what == "" {
		what = a.pkg.Name() + "." + name
	}
	t := a.table
	var r *Route
	switch name {
	case "RouteURL", "RouteURLNamedArgs":
		if len(call.Args) == 0 {
			return
		}
		s, ok := c.constantString(call.Args[0])
		if !ok {
			return
		}
		if _, r, ok = t.lookup(s); !ok || r == nil {
			return
		}
	default:
		if builder == nil {
			return // a function of the package that builds no URL
		}
		for i := range t.Routes {
			if t.Routes[i].Link == name && t.Routes[i].Domain == t.root() {
				r = &t.Routes[i]
				break
			}
		}
	}
	if r == nil || r.Domain != t.root() {
		return
	}
	page := &t.Domains[a.route.Domain]
	ctx := a.ctx
	if ctx == "" {
		ctx = "ctx"
	}
	diag := analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: fmt.Sprintf("%s writes route %q as the path %s, which on the page of route %q links to %s on the page's host (%s), not on %s: write it with %s.URL.ForRequest(%s), which writes a route of another domain than the request's as //host/path",
			what, r.Name, r.Path, c.qualifiedName(t, a.route), r.Path, hostOf(page), hostOf(&t.Domains[r.Domain]), a.pkg.Name(), ctx),
	}
	if len(a.rootControllers) > 0 {
		diag.Message += fmt.Sprintf(" (the receiver also satisfies %s.%s, of the root domain's routes, and no NewRouter call of this package says which it is given as; ForRequest is right for either)",
			a.pkg.Name(), strings.Join(a.rootControllers, ", "+a.pkg.Name()+"."))
	}
	if a.ctx != "" {
		diag.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "write the link with URL.ForRequest(" + a.ctx + ")",
			TextEdits: []analysis.TextEdit{requestBuilderEdit(call, builder, a.ctx)},
		}}
	}
	c.pass.Report(diag)
}

// hostOf is how a message names the host of d.
func hostOf(d *Domain) string {
	if d.Host == "" {
		return "the host of domain " + d.Key
	}
	return d.Host
}

// isBuilderOf reports whether t is pkg's URLBuilder or a pointer to it.
func (c *checker) isBuilderOf(pkg *types.Package, t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == "URLBuilder" && n.Obj().Pkg() == pkg
}

// pathBuilder reports whether e is a builder of pkg that writes the root
// domain's routes as paths, and returns the expression a request's
// builder replaces: URL itself, or the call of ForRouter; WithBasePath
// keeps its receiver's kind.
func (c *checker) pathBuilder(pkg *types.Package, e ast.Expr) (ast.Expr, bool) {
	e = ast.Unparen(e)
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	case *ast.CallExpr:
		fun, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		if sel := c.pass.TypesInfo.Selections[fun]; sel == nil || !c.isBuilderOf(pkg, sel.Recv()) {
			return nil, false
		}
		switch fun.Sel.Name {
		case "WithBasePath":
			return c.pathBuilder(pkg, fun.X)
		case "ForRouter":
			return e, true
		}
		return nil, false
	default:
		return nil, false
	}
	if obj := c.pass.TypesInfo.Uses[id]; obj == nil || obj != pkg.Scope().Lookup("URL") {
		return nil, false
	}
	return e, true
}

// requestBuilderEdit is the edit that writes call with the builder of the
// request ctx: URL becomes URL.ForRequest(ctx), URL.ForRouter(router)
// becomes URL.ForRequest(ctx), and the package's RouteURL becomes
// URL.ForRequest(ctx).RouteURL.
func requestBuilderEdit(call *ast.CallExpr, builder ast.Expr, ctx string) analysis.TextEdit {
	forRequest := "ForRequest(" + ctx + ")"
	switch b := builder.(type) {
	case nil:
		var at token.Pos
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.SelectorExpr:
			at = fun.Sel.Pos()
		case *ast.Ident:
			at = fun.Pos()
		}
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte("URL." + forRequest + ".")}
	case *ast.CallExpr:
		fun := ast.Unparen(b.Fun).(*ast.SelectorExpr)
		return analysis.TextEdit{Pos: fun.Sel.Pos(), End: b.End(), NewText: []byte(forRequest)}
	}
	return analysis.TextEdit{Pos: builder.End(), End: builder.End(), NewText: []byte("." + forRequest)}
}
