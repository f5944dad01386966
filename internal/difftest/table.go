package difftest

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"slices"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

// Table is a random route table with its generated package.
type Table struct {
	Conf   string    // routes.conf
	IR     *ir.Table // the table it resolves to
	Source []byte    // routes_gen.go
}

// NewTable writes random routes.conf files from seed until one resolves
// and generates without error, and returns it with the package pkg that
// gen writes for it.
func NewTable(seed uint64, size int, pkg string) (Table, error) {
	rng := rand.New(rand.NewPCG(seed, seed))
	var err error
	for range 100 {
		conf := Conf(rng, size)
		var t Table
		if t, err = Generate(conf, pkg); err == nil {
			return t, nil
		}
	}
	return Table{}, fmt.Errorf("seed %d: no valid table in 100 tries; the last error: %v", seed, err)
}

// Generate resolves a routes.conf, named routes.conf, and writes the
// package pkg for it.
func Generate(conf, pkg string) (Table, error) {
	table, err := Load(conf)
	if err != nil {
		return Table{}, err
	}
	files, diags := gen.Generate(table, gen.Options{Package: pkg, Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		return Table{}, diags.Err()
	}
	return Table{Conf: conf, IR: table, Source: files[0].Content}, nil
}

// Load resolves a routes.conf, named routes.conf.
func Load(conf string) (*ir.Table, error) {
	table, diags := ir.Load(FS{fstest.MapFS{"routes.conf": {Data: []byte(conf)}}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		return nil, diags.Err()
	}
	return table, nil
}

// FS is the parser's file system over an fs.FS.
type FS struct{ fs.FS }

func (f FS) ReadFile(name string) ([]byte, error)  { return fs.ReadFile(f.FS, name) }
func (f FS) Glob(pattern string) ([]string, error) { return fs.Glob(f.FS, pattern) }

// DataTable is the table of a generated package's routes with no matcher
// written as code, so that routegenimpl.NewTable builds every matcher as
// data: the matchers of a large table. Its domains are copies, linked to
// copies of their catch-alls.
func DataTable(domains []runtime.Domain, routes []runtime.Route) *routegenimpl.Table {
	domains = slices.Clone(domains)
	catchAlls := make([]runtime.Route, len(domains))
	for i, d := range domains {
		if d.CatchAll != nil {
			catchAlls[i] = *d.CatchAll
		}
	}
	return &routegenimpl.Table{Domains: domains, Routes: routes, CatchAlls: catchAlls}
}
