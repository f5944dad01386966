// Package aahcorpus lists the routes.conf files of the aah corpus
// (testdata/aah) for the tests that read all of them, and loads each as
// aah did.
package aahcorpus

import (
	"io/fs"
	"path"
	"strings"

	"github.com/routegen/routegen/ir"
)

// RouteFiles lists every routes*.conf below root in fsys, in lexical order.
func RouteFiles(fsys fs.FS, root string) ([]string, error) {
	var files []string
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasPrefix(d.Name(), "routes") && strings.HasSuffix(p, ".conf") {
			files = append(files, p)
		}
		return err
	})
	return files, err
}

// Sources are the sources of file, a routes.conf below root: with the
// security.conf beside it for an example application that has one.
func Sources(fsys fs.FS, root, file string) ir.Sources {
	src := ir.Sources{Routes: file}
	rel := strings.TrimPrefix(strings.TrimPrefix(file, root), "/")
	if sec := path.Join(path.Dir(file), "security.conf"); strings.HasPrefix(rel, "examples/") {
		if _, err := fs.Stat(fsys, sec); err == nil {
			src.Security = sec
		}
	}
	return src
}
