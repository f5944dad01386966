package ir

import (
	"fmt"
	"path"
	"strings"

	"github.com/routegen/routegen/parser"
)

// staticFileParam is the catch-all a `dir` static route serves its files by.
const staticFileParam = "filepath"

// staticRoutes builds the routes of a domain's `static { }` section.
func (b *builder) staticRoutes(obj *parser.Object) []*Route {
	publicDir := ""
	if pa := obj.Get("public_assets"); pa != nil && pa.Object != nil {
		if f := pa.Object.Get("dir"); f != nil {
			if s, ok := f.Value.(*parser.String); ok {
				publicDir = s.Value
			}
		}
	}
	var routes []*Route
	for _, f := range obj.Fields {
		if f.Object == nil {
			b.diags.Errorf(f.KeyPos, "%q in static must be a static route section (%s { path = … dir = … })", f.Key, f.Key)
			continue
		}
		if r := b.staticRoute(f.Object, publicDir); r != nil {
			routes = append(routes, r)
		}
	}
	return routes
}

func (b *builder) staticRoute(obj *parser.Object, publicDir string) *Route {
	name := obj.Name
	b.checkKeys(obj, fmt.Sprintf("static route %q", parser.Echo(name)), staticKeys)
	r := &Route{Name: name, Method: "GET", Static: true, Pos: obj.Pos}
	urlPath, pathPos, hasPath := b.str(obj, "path")
	dir, dirPos, hasDir := b.str(obj, "dir")
	file, filePos, hasFile := b.str(obj, "file")
	baseDir, _, hasBaseDir := b.str(obj, "base_dir")
	r.List = b.boolean(obj, "list", false)
	ok := true
	switch {
	case !hasPath:
		if !b.given(obj, "path") {
			b.diags.Errorf(obj.Pos, "static route %q has no path", name)
		}
		ok = false
	case !strings.HasPrefix(urlPath, "/"):
		b.diags.Errorf(pathPos, "static route %q: path %q must begin with \"/\"", name, urlPath)
		ok = false
	case strings.ContainsAny(urlPath, ":*"):
		b.diags.Errorf(pathPos, "static route %q: path %q cannot have parameters (\":\" or \"*\"); a dir route serves the files below its path by itself", name, urlPath)
		ok = false
	}
	switch {
	case hasDir && hasFile:
		b.diags.Errorf(filePos, "static route %q has both dir (at %s) and file; it serves one or the other", name, dirPos)
		ok = false
	case !hasDir && !hasFile:
		if !b.given(obj, "dir", "file") {
			b.diags.Errorf(obj.Pos, "static route %q needs dir (a folder to serve) or file (one file)", name)
		}
		ok = false
	case hasDir:
		r.Dir = dir
		if strings.TrimSpace(dir) == "" {
			b.diags.Errorf(dirPos, "static route %q: dir is empty", name)
		}
	case hasFile:
		r.File = file
		switch {
		case strings.TrimSpace(file) == "":
			b.diags.Errorf(filePos, "static route %q: file is empty", name)
		case hasBaseDir:
			r.Dir = baseDir
		case !strings.HasPrefix(file, "/") && publicDir != "":
			r.Dir = publicDir
		case !strings.HasPrefix(file, "/"):
			b.diags.Errorf(filePos, "static route %q: file %q is relative, but there is no base_dir and no public_assets dir to resolve it from", name, file)
		}
		if r.List {
			b.diags.Errorf(obj.Get("list").KeyPos, "static route %q: list applies to a dir, not to a file", name)
		}
	}
	if !ok {
		return nil
	}
	cleaned := path.Clean(urlPath)
	raw := splitPath(cleaned)
	if hasDir {
		raw = append(raw, "*"+staticFileParam)
	}
	p, err := parsePath(raw)
	if err != nil {
		b.diags.Errorf(pathPos, "static route %q: %v", name, err)
		return nil
	}
	r.Path, r.Segments, r.ParamSpecs = p.String(), p.Segments, p.Params
	return r
}
