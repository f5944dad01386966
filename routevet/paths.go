package routevet

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/textproto"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/suggest"
)

// checkCall checks call when it is one the analyzer knows: RouteURL and
// RouteURLNamedArgs of a routegen package (the functions and the methods of
// URLBuilder), or a place where a program
// addresses its own routes by path.
func (c *checker) checkCall(file *ast.File, call *ast.CallExpr) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return
	}
	if t := c.tables[fn.Pkg()]; t != nil && (fn.Signature().Recv() == nil || isURLBuilder(fn)) {
		switch fn.Name() {
		case "RouteURL":
			c.checkRouteURL(call, fn, t)
		case "RouteURLNamedArgs":
			c.checkRouteURLNamedArgs(call, fn, t)
		}
		return
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if fn.Pkg().Path() == "net/http" && (fn.Name() == "Set" || fn.Name() == "Add") && isResponseHeader(c.pass, call, fn.Pkg()) {
			if key, ok := c.constantString(call.Args[0]); ok && textproto.CanonicalMIMEHeaderKey(key) == "Location" {
				// What a browser follows a redirect with, whatever its status.
				c.checkTarget(file, call.Args[1], "GET")
			}
		}
		if fn.Pkg().Path() == runtimePath && fn.Name() == "Redirect" && len(call.Args) == 2 { // ctx.Redirect(location, status)
			c.checkTarget(file, call.Args[0], c.followedWith(call.Args[1]))
		}
		return
	}
	// The argument positions of the method and the path or URL.
	method, target := -1, -1
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "net/http.Redirect":
		target = 2
	case "net/http.NewRequest", "net/http/httptest.NewRequest":
		method, target = 0, 1
	case "net/http.NewRequestWithContext", "net/http/httptest.NewRequestWithContext":
		method, target = 1, 2
	default:
		return
	}
	if len(call.Args) <= target {
		return
	}
	m := ""
	if method >= 0 {
		if s, ok := c.constantString(call.Args[method]); ok && s != "OPTIONS" {
			// Both NewRequests take "" for GET; OPTIONS may be answered for
			// any route's path.
			m = cmp.Or(s, "GET")
		}
	} else {
		m = c.followedWith(call.Args[3])
	}
	c.checkTarget(file, call.Args[target], m)
}

// followedWith is the method a client follows a redirect of status code
// with: GET after 301, 302 and 303; "" (the request's own) otherwise.
func (c *checker) followedWith(code ast.Expr) string {
	if code, ok := c.constantInt(code); ok && (code == 301 || code == 302 || code == 303) {
		return "GET"
	}
	return ""
}

// isResponseHeader reports whether call is a method of the Header of an
// http.ResponseWriter: w.Header().Set(…).
func isResponseHeader(pass *analysis.Pass, call *ast.CallExpr, nethttp *types.Package) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
	if !ok {
		return false
	}
	header, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
	if !ok || header.Sel.Name != "Header" {
		return false
	}
	rw, _ := nethttp.Scope().Lookup("ResponseWriter").(*types.TypeName)
	recv := pass.TypesInfo.TypeOf(header.X)
	if rw == nil || recv == nil {
		return false
	}
	iface, _ := rw.Type().Underlying().(*types.Interface)
	return iface != nil && types.Implements(recv, iface)
}

func (c *checker) constantString(e ast.Expr) (string, bool) {
	v := c.pass.TypesInfo.Types[e].Value
	if v == nil || v.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(v), true
}

func (c *checker) constantInt(e ast.Expr) (int64, bool) {
	v := c.pass.TypesInfo.Types[e].Value
	if v == nil || v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// target is what a path or URL string addresses.
type target struct {
	host  string // "" for a bare path: any domain of the routes
	path  string // escaped, without query or fragment
	query bool   // it had a query or a fragment
}

// parseTarget reads s as a path ("/users/42?x=1") or an absolute URL; ok
// is false for anything else (a relative path, another scheme).
func parseTarget(s string) (target, bool) {
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") {
		p, rest, found := strings.Cut(s, "?")
		if !found {
			p, rest, found = strings.Cut(s, "#")
		}
		return target{path: p, query: found || rest != ""}, true
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || u.Opaque != "" || u.User != nil {
		return target{}, false
	}
	switch u.Scheme {
	case "", "http", "https", "ws", "wss":
	default:
		return target{}, false
	}
	return target{host: u.Host, path: cmp.Or(u.EscapedPath(), "/"), query: u.RawQuery != "" || u.Fragment != "" || u.ForceQuery}, true
}

// domainsOf are the domains of t a target's host names: every domain for
// a bare path, else the one the core's host table chooses for the host,
// as for a request, but for a host no domain names, which is another
// site's: no domain.
func domainsOf(t *Table, host string) []int {
	if host == "" {
		all := make([]int, len(t.Domains))
		for d := range all {
			all[d] = d
		}
		return all
	}
	if d := t.core().named.Match(host); d >= 0 {
		return []int{d}
	}
	return nil
}

// checkTarget checks a path or URL argument for method ("" for any): a
// constant, or a string built at run time that begins with one.
func (c *checker) checkTarget(file *ast.File, arg ast.Expr, method string) {
	if s, ok := c.constantString(arg); ok {
		if tg, ok := parseTarget(s); ok {
			c.checkPath(file, arg, tg, method)
		}
		return
	}
	c.checkPrefix(arg)
}

// resolved is an outcome and the routegen package it came from.
type resolved struct {
	outcome
	pkg *types.Package
}

// resolveAll is the best outcome of tg in the tables of the package; ok is
// false when the target names a host none of them has.
func (c *checker) resolveAll(tg target, method string) (resolved, bool) {
	best := resolved{outcome: outcome{kind: notServed}}
	addressed := false
	for _, pkg := range c.order {
		t := c.tables[pkg]
		ds := domainsOf(t, tg.host)
		if len(ds) == 0 {
			continue
		}
		addressed = true
		if o := resolve(t, ds, method, tg.path); o.kind < best.kind {
			best = resolved{o, pkg}
		}
	}
	return best, addressed
}

func (c *checker) checkPath(file *ast.File, arg ast.Expr, tg target, method string) {
	res, ok := c.resolveAll(tg, method)
	if !ok {
		return // another host's
	}
	what := tg.path
	if method != "" {
		what = method + " " + what
	}
	if tg.host != "" {
		what += " on " + tg.host
	}
	switch res.kind {
	case served:
		if !c.helpers || res.route == nil {
			return
		}
		if call, ok := c.helperCall(file, arg, tg, res); ok {
			c.pass.Report(analysis.Diagnostic{
				Pos: arg.Pos(), End: arg.End(),
				Message:        fmt.Sprintf("%s can be written %s", tg.path, call),
				SuggestedFixes: c.replaceWith(arg, call),
			})
		}
	case redirected:
		final, targets := res.final()
		if final.kind != served {
			c.pass.Reportf(arg.Pos(), "%s", c.failure(res.outcome, tg, method, what))
			return
		}
		to := targets[len(targets)-1]
		d := analysis.Diagnostic{
			Pos: arg.Pos(), End: arg.End(),
			Message: fmt.Sprintf("%s is served only by a redirect to %s", tg.path, strings.Join(targets, " and then to ")),
		}
		if res.route != nil {
			if call, ok := c.helperCall(file, arg, target{path: to, query: tg.query}, res); ok {
				d.Message += "; the helper " + call + " builds that path"
				d.SuggestedFixes = c.replaceWith(arg, call)
			}
		}
		c.pass.Report(d)
	default:
		c.pass.Reportf(arg.Pos(), "%s", c.failure(res.outcome, tg, method, what))
	}
}

// failure says how o, an outcome that ends other than served, answers
// tg: a sentence about subject, or a relative clause ("which …") when
// subject is "".
func (c *checker) failure(o outcome, tg target, method, subject string) string {
	switch o.kind {
	case redirected:
		final, targets := o.final()
		to := target{host: tg.host, path: targets[len(targets)-1]}
		return fmt.Sprintf("%s is only redirected, to %s, %s",
			cmp.Or(subject, "which"), strings.Join(targets, " and then to "), c.failure(final, to, method, ""))
	case badParam:
		r := o.route
		return fmt.Sprintf("%s is answered 400: route %q, :%s[%s]: %s",
			cmp.Or(subject, "which"), r.Name, r.Params[o.param], r.constraint(o.param), o.reason)
	case wrongMethod:
		slices.Sort(o.methods)
		if subject == "" {
			return fmt.Sprintf("which no %s route serves (only %s)", method, strings.Join(o.methods, ", "))
		}
		return fmt.Sprintf("no %s route serves %s (only %s)", method, tg.path, strings.Join(o.methods, ", "))
	}
	if subject == "" {
		return "which no route serves" + didYouMean(c.suggestPath(tg, method))
	}
	return "no route serves " + subject + didYouMean(c.suggestPath(tg, method))
}

func (c *checker) replaceWith(arg ast.Expr, text string) []analysis.SuggestedFix {
	return []analysis.SuggestedFix{{
		Message:   "Replace with " + text,
		TextEdits: []analysis.TextEdit{{Pos: arg.Pos(), End: arg.End(), NewText: []byte(text)}},
	}}
}

// helperCall is the call of the typed URL helper that builds exactly the
// path of tg from the parameters of res's route, for a route whose helper
// returns the URL alone (so that the call takes the place of a string):
// offered only for a string literal naming a path of the root domain,
// without a query, in a file that can name the routegen package.
func (c *checker) helperCall(file *ast.File, arg ast.Expr, tg target, res resolved) (string, bool) {
	r, t := res.route, res.table
	if _, ok := ast.Unparen(arg).(*ast.BasicLit); !ok || tg.host != "" || tg.query || r.Helper == "" || r.Domain != t.root() {
		return "", false
	}
	qualifier, ok := c.qualifier(file, res.pkg)
	if !ok {
		return "", false
	}
	var args []string
	var built strings.Builder
	next := 0
	for _, s := range core.ParsePattern(r.Path) {
		built.WriteString("/" + s.Literal)
		if s.Kind == core.StaticSegment {
			continue
		}
		// Every parameter is a string: a helper with a typed (so
		// constrained) parameter returns an error too, and is no Helper.
		v := res.params[next]
		args = append(args, strconv.Quote(v))
		if s.Kind == core.CatchAllSegment {
			built.WriteString(core.EscapeCatchAll(v))
		} else {
			built.WriteString(url.PathEscape(v))
		}
		next++
	}
	if r.Path == "/" {
		built.WriteString("/")
	}
	if built.String() != tg.path {
		return "", false // the helper would escape or write a value otherwise
	}
	return qualifier + "URL." + r.Helper + "(" + strings.Join(args, ", ") + ")", true
}

// qualifier is how file names pkg: "routes." or "" in pkg itself; ok is
// false when file does not import it.
func (c *checker) qualifier(file *ast.File, pkg *types.Package) (string, bool) {
	if pkg == c.pass.Pkg {
		return "", true
	}
	for _, spec := range file.Imports {
		if path, err := strconv.Unquote(spec.Path.Value); err != nil || path != pkg.Path() {
			continue
		}
		switch {
		case spec.Name == nil:
			return pkg.Name() + ".", true
		case spec.Name.Name == ".":
			return "", true
		case spec.Name.Name != "_":
			return spec.Name.Name + ".", true
		}
	}
	return "", false
}

// constantPrefix is the constant beginning of a string built at run time,
// and the expression that holds it: the first operands of a concatenation
// ("/hotel/" + id), or the format of fmt.Sprintf up to its first verb.
func (c *checker) constantPrefix(arg ast.Expr) (ast.Expr, string, bool) {
	e := ast.Unparen(arg)
	if call, ok := e.(*ast.CallExpr); ok {
		fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" || fn.Name() != "Sprintf" || len(call.Args) == 0 {
			return nil, "", false
		}
		format, ok := c.constantString(call.Args[0])
		if !ok {
			return nil, "", false
		}
		if i := strings.IndexByte(format, '%'); i >= 0 {
			format = format[:i]
		}
		return call.Args[0], format, true
	}
	for {
		bin, ok := e.(*ast.BinaryExpr)
		if !ok || bin.Op != token.ADD {
			break
		}
		if _, ok := c.constantString(bin.X); ok {
			e = bin.X
			break
		}
		e = ast.Unparen(bin.X)
	}
	if e == ast.Unparen(arg) {
		return nil, "", false
	}
	prefix, ok := c.constantString(e)
	return e, prefix, ok
}

// checkPrefix reports a path built at run time whose constant beginning
// no route's path can begin with, whatever follows it.
func (c *checker) checkPrefix(arg ast.Expr) {
	e, prefix, ok := c.constantPrefix(arg)
	if !ok {
		return
	}
	var host, p string
	switch {
	case strings.HasPrefix(prefix, "/") && !strings.HasPrefix(prefix, "//"):
		p = prefix
	case strings.HasPrefix(prefix, "http://"), strings.HasPrefix(prefix, "https://"):
		_, rest, _ := strings.Cut(prefix, "://")
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return // the host may go on
		}
		host, p = rest[:i], rest[i:]
	default:
		return
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		// The whole path is known; only the query or fragment is built.
		tg := target{host: host, path: p[:i]}
		if res, ok := c.resolveAll(tg, ""); ok {
			if final, _ := res.final(); final.kind == notServed {
				c.pass.Reportf(e.Pos(), "%s", c.failure(res.outcome, tg, "", tg.path))
			}
		}
		return
	}
	if strings.Contains(p, "//") || strings.Contains(p, "/.") {
		return // may be cleaned into anything
	}
	addressed := false
	for _, pkg := range c.order {
		t := c.tables[pkg]
		for _, d := range domainsOf(t, host) {
			addressed = true
			if t.Domains[d].CatchAll {
				return
			}
			for i := range t.Routes {
				if r := &t.Routes[i]; r.Domain == d && prefixFits(r, p) {
					return
				}
			}
		}
	}
	if addressed {
		c.pass.Reportf(e.Pos(), "no route path begins with %s", p)
	}
}

// suggestPath is the served path nearest to tg's, when it is near enough to
// be a misspelling (an edit in eight characters): each route's pattern
// filled with the segments of tg's path at its parameters, kept when a
// route serves the result.
func (c *checker) suggestPath(tg target, method string) string {
	segs := strings.Split(tg.path, "/")[1:]
	var candidates []string
	for _, pkg := range c.order {
		t := c.tables[pkg]
		ds := domainsOf(t, tg.host)
		for i := range t.Routes {
			r := &t.Routes[i]
			if !slices.Contains(ds, r.Domain) {
				continue
			}
			p, ok := fill(r, segs)
			if !ok || slices.Contains(candidates, p) {
				continue
			}
			if o := resolve(t, ds, method, p); o.kind == served {
				candidates = append(candidates, p)
			}
		}
	}
	return suggest.Closest(tg.path, candidates, max(1, len(tg.path)/8))
}

// fill is r's path with the segments of a path of as many segments at its
// parameters, the rest of them at its catch-all. A trailing slash the
// pattern does not have is left out, so that /book/ finds /book where no
// redirect serves it.
func fill(r *Route, segs []string) (string, bool) {
	pattern := core.ParsePattern(r.Path)
	if n := len(segs); n == len(pattern)+1 && n > 1 && segs[n-1] == "" && pattern[n-2].Kind != core.CatchAllSegment {
		segs = segs[:n-1]
	}
	if len(pattern) == 0 {
		return "/", true
	}
	var b strings.Builder
	for i, s := range pattern {
		if i >= len(segs) {
			return "", false
		}
		switch s.Kind {
		case core.StaticSegment:
			b.WriteString("/" + s.Literal)
		case core.ParamSegment:
			b.WriteString("/" + s.Literal + segs[i])
		case core.CatchAllSegment:
			b.WriteString("/" + s.Literal + strings.Join(segs[i:], "/"))
			return b.String(), true
		}
	}
	return b.String(), len(segs) == len(pattern)
}
