package runtime

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path"
	"slices"
	"strings"
)

// openStatic gives each folder of the static routes its own file system,
// rooted at it, so that nothing outside a route's folder is served: on
// disk, each folder is an os.Root, which keeps symbolic links from leading
// out of it; with WithStaticFS, a sub-tree of the given file system. A
// folder missing on disk when the router is built serves 404.
func (rt *Router) openStatic() error {
	rt.staticRoots = map[string]fs.FS{}
	for i := range rt.table.Routes {
		route := &rt.table.Routes[i]
		if !route.Static {
			continue
		}
		dir := staticName(route.Dir)
		if _, done := rt.staticRoots[dir]; done {
			continue
		}
		var fsys fs.FS
		if rt.static != nil {
			sub, err := fs.Sub(rt.static, dir)
			if err != nil {
				return &ConfigError{Msg: "static files of route " + route.Name + ": " + err.Error()}
			}
			fsys = sub
		} else {
			root, err := os.OpenRoot(dir)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				fsys = missingFolder{}
			case err != nil:
				return &ConfigError{Msg: "static files of route " + route.Name + ": " + err.Error()}
			default:
				fsys = root.FS()
			}
		}
		if !rt.staticDotfiles {
			fsys = noDotfiles{fsys}
		}
		rt.staticRoots[dir] = fsys
	}
	return nil
}

// staticName is a name of routes.conf as a path inside a file system: a
// leading "/" is ignored, and the folder itself is ".".
func staticName(name string) string {
	name = strings.TrimPrefix(path.Clean("/"+name), "/")
	if name == "" {
		return "."
	}
	return name
}

// serveStatic serves the file of a static route from its folder's file
// system.
func (rt *Router) serveStatic(ctx *Context) {
	route, w, r := ctx.route, ctx.Res, ctx.Req.Request
	fsys := rt.staticRoots[staticName(route.Dir)]
	name := staticName(route.File)
	if route.File == "" {
		rel := ctx.match.Params.Value(0)
		if !isSafeRelative(rel) {
			rt.fail(ctx, &Error{Status: http.StatusNotFound})
			return
		}
		name = staticName(rel)
	}
	info, err := fs.Stat(fsys, name)
	if err != nil || info.IsDir() && !route.List {
		rt.fail(ctx, &Error{Status: http.StatusNotFound})
		return
	}
	http.ServeFileFS(w, r, fsys, name)
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

// noDotfiles hides the files and folders whose names start with "."
// (".env", ".git/config"): they do not exist, and listings leave them out.
type noDotfiles struct{ fsys fs.FS }

func (d noDotfiles) Open(name string) (fs.File, error) {
	if slices.ContainsFunc(strings.Split(name, "/"), isDotName) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	f, err := d.fsys.Open(name)
	if err != nil {
		return nil, err
	}
	if dir, ok := f.(fs.ReadDirFile); ok {
		if info, err := f.Stat(); err == nil && info.IsDir() {
			return dirWithoutDotfiles{dir}, nil
		}
	}
	return f, nil
}

// isDotName reports a name starting with "."; "." itself, the folder, is not one.
func isDotName(name string) bool { return len(name) > 1 && name[0] == '.' }

// dirWithoutDotfiles lists a folder without its dot names.
type dirWithoutDotfiles struct{ fs.ReadDirFile }

func (d dirWithoutDotfiles) ReadDir(n int) ([]fs.DirEntry, error) {
	for {
		entries, err := d.ReadDirFile.ReadDir(n)
		entries = slices.DeleteFunc(entries, func(e fs.DirEntry) bool { return isDotName(e.Name()) })
		// A batch of dot names only must not read as the end of the folder.
		if len(entries) > 0 || err != nil || n <= 0 {
			return entries, err
		}
	}
}

// missingFolder is a static folder that does not exist.
type missingFolder struct{}

func (missingFolder) Open(name string) (fs.File, error) {
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}
