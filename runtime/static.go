package runtime

import (
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
)

// openStatic gives each folder of the static routes its own file system,
// rooted at it, so that nothing outside a route's folder is served: on
// disk, each folder is an os.Root, which keeps symbolic links from leading
// out of it; with WithStaticFS, a sub-tree of the given file system. In
// both, a symbolic link is followed only to a name inside the folder, and
// not to a dot name unless WithStaticDotfiles allows them (staticFolder).
// A folder missing on disk when the router is built serves 404.
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
		rt.staticRoots[dir] = staticFolder{fsys, rt.staticDotfiles}
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
	route, w, r := ctx.route(), ctx.Res, ctx.Req.Request
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
	if err != nil {
		rt.fail(ctx, &Error{Status: http.StatusNotFound})
		return
	}
	if info.IsDir() && !route.List {
		// Without a listing, a folder is served only by its index.html,
		// where a request for index.html itself is redirected; else it
		// is refused, as aah refused it.
		if _, err := fs.Stat(fsys, path.Join(name, "index.html")); err != nil {
			rt.fail(ctx, &Error{Status: http.StatusForbidden, Msg: "Directory listing not allowed"})
			return
		}
	}
	if c := route.StaticCache; c != nil && info.Mode().IsRegular() && !strings.HasSuffix(r.URL.Path, "/index.html") {
		// Set before the file is served, on its 200, 206 and 304 alike;
		// ServeFileFS drops Cache-Control from an error of its own, and
		// redirects a request for an index.html to its folder.
		value := c.Default
		if len(c.ByType) > 0 {
			value = core.StaticCacheControl(c.Default, c.ByType, contentType(fsys, name))
		}
		w.Header().Set("Cache-Control", value)
		if c.Expires != "" {
			w.Header().Set("Expires", c.Expires)
		}
	}
	http.ServeFileFS(w, r, fsys, name)
}

// contentType is the media type a static file is served with, as
// ServeFileFS finds it: by its extension, else by its first 512 bytes.
func contentType(fsys fs.FS, name string) string {
	if t := mime.TypeByExtension(path.Ext(name)); t != "" {
		return t
	}
	f, err := fsys.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	var head [512]byte
	n, _ := io.ReadFull(f, head[:])
	return http.DetectContentType(head[:n])
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

// staticFolder is the file system of one static folder. Unless dotfiles
// is set, the files and folders whose names start with "." (".env",
// ".git/config") do not exist, and listings leave them out. When the file
// system reads symbolic links (fs.ReadLinkFS: os.DirFS, an os.Root's FS,
// and fs.Sub of them), a name is opened as its links lead, each followed
// only to a relative name inside the folder, and not to a dot name unless
// dotfiles is set: a link elsewhere (to /etc/passwd, "cfg" to ".git")
// does not exist. One that does not read links (embed.FS) has none.
type staticFolder struct {
	fsys     fs.FS
	dotfiles bool
}

func (d staticFolder) Open(name string) (fs.File, error) {
	notExist := &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	if !fs.ValidPath(name) || !d.dotfiles && slices.ContainsFunc(strings.Split(name, "/"), isDotName) {
		return nil, notExist
	}
	opened := name
	if links, ok := d.fsys.(fs.ReadLinkFS); ok {
		if opened, ok = d.followLinks(links, name); !ok {
			return nil, notExist
		}
	}
	f, err := d.fsys.Open(opened)
	if err != nil || d.dotfiles {
		return f, err
	}
	if dir, ok := f.(fs.ReadDirFile); ok {
		if info, err := f.Stat(); err == nil && info.IsDir() {
			return dirWithoutDotfiles{dir}, nil
		}
	}
	return f, nil
}

// maxLinks is the most symbolic links followed for one name, as Linux
// does (ELOOP past 40).
const maxLinks = 40

// followLinks is name with its symbolic links replaced by what they name,
// element by element; false when a link names an absolute path, a name
// outside the folder, or a dot name (unless dotfiles is set), or when
// there are more than maxLinks. A name that does not exist is given back
// for Open to report.
func (d staticFolder) followLinks(fsys fs.ReadLinkFS, name string) (string, bool) {
	var todo []string // the elements still to resolve, in order
	if name != "." {
		todo = strings.Split(name, "/")
	}
	resolved, links := ".", 0 // resolved holds no link
	for len(todo) > 0 {
		next := path.Join(resolved, todo[0])
		info, err := fsys.Lstat(next)
		if err != nil {
			return path.Join(append([]string{resolved}, todo...)...), true
		}
		todo = todo[1:]
		if info.Mode()&fs.ModeSymlink == 0 {
			resolved = next
			continue
		}
		target, err := fsys.ReadLink(next)
		if links++; err != nil || links > maxLinks || path.IsAbs(target) || strings.Contains(target, "\\") {
			return "", false
		}
		target = path.Join(resolved, target)
		if target == ".." || strings.HasPrefix(target, "../") {
			return "", false
		}
		var elems []string
		if target != "." {
			elems = strings.Split(target, "/")
		}
		if !d.dotfiles && slices.ContainsFunc(elems, isDotName) {
			return "", false
		}
		todo, resolved = append(elems, todo...), "."
	}
	return resolved, true
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
