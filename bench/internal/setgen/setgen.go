// Package setgen writes the packages the benchmarks route with: for each
// route set of the standard Go router benchmark, its routes.conf, the
// package routegen generates from it and its controllers: one whose
// actions do nothing, which the benchmarks time, and one that records
// what it serves, which the check before timing uses.
package setgen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/routeset"
	"github.com/routegen/routegen/ir"
)

// Set is a route set: its package name under sets/, and its routes.
type Set struct {
	Name       string
	Controller string
	Routes     []routeset.Route
	// API turns anti_csrf_check off in the domain, as a routes.conf of an
	// API that browsers do not call (the "API configuration").
	API bool
	// WriteParam, when set, names the parameter that the actions of the
	// package's Writing controller write to the response (ParamWrite).
	WriteParam string
}

// apiSuffix ends the package name of a set's API configuration:
// githubapi is github with anti_csrf_check = false.
const apiSuffix = "api"

// Sets reads the route sets of dir (testdata/routesets) and adds the
// single-route sets of the Param probes.
func Sets(dir string) ([]Set, error) {
	sets := []Set{
		{Name: "github", Controller: "GitHub"},
		{Name: "gplus", Controller: "GPlus"},
		{Name: "parse", Controller: "Parse"},
		{Name: "static", Controller: "Static"},
	}
	for i := range sets {
		data, err := os.ReadFile(filepath.Join(dir, sets[i].Name+".txt"))
		if err != nil {
			return nil, err
		}
		if sets[i].Routes, err = routeset.Parse(string(data)); err != nil {
			return nil, fmt.Errorf("%s.txt: %v", sets[i].Name, err)
		}
	}
	// The API configuration of each set of the standard benchmark.
	for _, s := range sets[:4] {
		sets = append(sets, Set{Name: s.Name + apiSuffix, Controller: s.Controller, Routes: s.Routes, API: true})
	}
	var param20 strings.Builder
	for c := 'a'; c <= 't'; c++ {
		param20.WriteString("/:" + string(c))
	}
	// The ParamWrite probe is requested of the param set, whose handler
	// writes the parameter "name".
	for _, p := range []struct{ name, path, write string }{
		{"param", "/user/:name", "name"}, {"param5", "/:a/:b/:c/:d/:e", ""}, {"param20", param20.String(), ""},
	} {
		sets = append(sets, Set{Name: p.name, Controller: "Param", Routes: []routeset.Route{{Method: "GET", Path: p.path}}, WriteParam: p.write})
	}
	return sets, nil
}

// Files returns the files of a set's package, by name.
func Files(s Set) (map[string][]byte, error) {
	conf := routeset.Conf(s.Controller, s.Routes)
	if s.API {
		var err error
		if conf, err = antiCSRFOff(conf); err != nil {
			return nil, fmt.Errorf("%s: %v", s.Name, err)
		}
	}
	routes, err := Generate(s.Name, conf)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.Name, err)
	}
	controller, err := controllers(s.Name, routes, s.WriteParam)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", s.Name, err)
	}
	return map[string][]byte{"routes.conf": []byte(conf), "routes_gen.go": routes, "controller_gen.go": controller}, nil
}

// antiCSRFOff turns anti_csrf_check off in the domain of conf, a
// routes.conf as routeset.Conf writes it.
func antiCSRFOff(conf string) (string, error) {
	const host = "    host = \"localhost\"\n"
	if strings.Count(conf, host) != 1 {
		return "", fmt.Errorf("routes.conf has no single domain of host \"localhost\"")
	}
	return strings.Replace(conf, host, host+"    anti_csrf_check = false\n", 1), nil
}

// Generate is what routegen writes for conf, a routes.conf beside the
// generated file, in package pkg.
func Generate(pkg, conf string) ([]byte, error) {
	table, diags := ir.Load(memFS{"routes.conf": conf}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		return nil, diags
	}
	files, diags := gen.Generate(table, gen.Options{Package: pkg, Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		return nil, diags
	}
	return files[0].Content, nil
}

// controllers implements every controller interface of the generated
// package src three ways: Controller, whose actions do nothing, as the
// handlers of the standard benchmark, for the timed router; Recording,
// whose actions hand their route and parameters to a record.Recorder, for
// the check before timing; and, when write names a parameter, Writing,
// whose actions write that parameter's value to the response, as the
// handler of the ParamWrite probe.
func controllers(pkg string, src []byte, write string) ([]byte, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "routes_gen.go", src, 0)
	if err != nil {
		return nil, err
	}
	var noop, recording, writing bytes.Buffer
	for _, decl := range f.Decls {
		for _, spec := range declSpecs(decl) {
			iface, ok := spec.Type.(*ast.InterfaceType)
			if !ok || !strings.HasSuffix(spec.Name.Name, "Controller") {
				continue
			}
			for _, m := range iface.Methods.List {
				action := m.Names[0].Name
				var types, params, args []string
				written := ""
				for _, p := range m.Type.(*ast.FuncType).Params.List[1:] {
					if t, ok := p.Type.(*ast.Ident); !ok || t.Name != "string" {
						return nil, fmt.Errorf("%s: only string parameters are recorded", action)
					}
					for _, name := range p.Names {
						arg := fmt.Sprintf("p%d", len(args))
						types, params, args = append(types, "string"), append(params, arg+" string"), append(args, arg)
						if name.Name == write {
							written = arg
						}
					}
				}
				fmt.Fprintf(&noop, "\nfunc (Controller) %s(*runtime.Context%s) error { return nil }\n", action, prefixed(", ", types))
				fmt.Fprintf(&recording, "\nfunc (c Recording) %s(ctx *runtime.Context%s) error {\n\treturn c.Serve(%s)\n}\n",
					action, prefixed(", ", params), strings.Join(append([]string{"ctx"}, args...), ", "))
				if write == "" {
					continue
				}
				if written == "" {
					return nil, fmt.Errorf("%s: no parameter %s to write", action, write)
				}
				fmt.Fprintf(&writing, "\nfunc (Writing) %s(ctx *runtime.Context%s) error {\n\tio.WriteString(ctx.Res, %s)\n\treturn nil\n}\n",
					action, prefixed(", ", params), written)
			}
		}
	}
	ioImport := ""
	if write != "" {
		ioImport = "\"io\"\n\n"
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by setgen. DO NOT EDIT.

package %s

import (
	%s"github.com/routegen/routegen/bench/internal/record"
	"github.com/routegen/routegen/runtime"
)

// Controller serves every route by doing nothing, as the handlers of the
// standard benchmark: the timed router's.
type Controller struct{}
%s
// Recording serves every route by recording it and its parameters: the
// router of the check before timing.
type Recording struct{ *record.Recorder }
%s`, pkg, ioImport, noop.Bytes(), recording.Bytes())
	if write != "" {
		fmt.Fprintf(&b, `
// Writing serves every route by writing its parameter %q to the
// response, as the handler of the ParamWrite probe.
type Writing struct{}
%s`, write, writing.Bytes())
	}
	return format.Source(b.Bytes())
}

func declSpecs(decl ast.Decl) []*ast.TypeSpec {
	g, ok := decl.(*ast.GenDecl)
	if !ok || g.Tok != token.TYPE {
		return nil
	}
	var specs []*ast.TypeSpec
	for _, s := range g.Specs {
		specs = append(specs, s.(*ast.TypeSpec))
	}
	return specs
}

func prefixed(sep string, list []string) string {
	if len(list) == 0 {
		return ""
	}
	return sep + strings.Join(list, sep)
}

// memFS holds the one routes.conf of a set.
type memFS map[string]string

func (m memFS) ReadFile(name string) ([]byte, error) {
	if s, ok := m[name]; ok {
		return []byte(s), nil
	}
	return nil, os.ErrNotExist
}

func (m memFS) Glob(pattern string) ([]string, error) {
	var names []string
	for name := range m {
		if ok, err := path.Match(pattern, name); err != nil {
			return nil, err
		} else if ok {
			names = append(names, name)
		}
	}
	return names, nil
}
