package runtime

import (
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// serveStatic serves the file of a static route from the router's file
// system. Names in routes.conf are paths inside that file system (a leading
// "/" is ignored), and nothing outside the route's folder is ever served.
func (rt *Router) serveStatic(ctx *Context) {
	route, w, r := ctx.match.Route, ctx.Res, ctx.Req.Request
	name := path.Join(route.Dir, route.File)
	if route.File == "" {
		rel := ctx.match.Params.Value(0)
		if !isSafeRelative(rel) {
			rt.serveNotFound(w, r)
			return
		}
		name = path.Join(route.Dir, rel)
	}
	name = strings.TrimPrefix(path.Clean("/"+name), "/")
	if name == "" {
		name = "."
	}
	info, err := fs.Stat(rt.static, name)
	if err != nil || info.IsDir() && !route.List {
		rt.serveNotFound(w, r)
		return
	}
	http.ServeFileFS(w, r, rt.static, name)
}

// isSafeRelative accepts a file path below a static folder: no ".."
// element, no backslash, no NUL.
func isSafeRelative(rel string) bool {
	if strings.ContainsAny(rel, "\\\x00") {
		return false
	}
	for elem := range strings.SplitSeq(rel, "/") {
		if elem == ".." {
			return false
		}
	}
	return true
}
