package gen_test

import (
	"bytes"
	"go/ast"
	goparser "go/parser"
	"go/printer"
	"go/token"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

// TestOneAPIAtEverySize: the packages of 10, 600 and 10,000 routes (the
// last two above the 512 of matchers as data) export the same API: the
// same functions, methods, variables and types with the same signatures,
// but for what a table has of its own, which takes the same form at every
// size: a URL helper of each route, a method of URLBuilder placed by a
// //line directive at its route; an interface of each controller; and
// NewRouter taking one of each.
func TestOneAPIAtEverySize(t *testing.T) {
	var first []string
	for _, n := range []int{10, 600, 10000} {
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(synth.Config(n))}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		fset, f := generateParsed(t, table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
		names := map[string]bool{}
		for _, d := range table.Domains {
			for _, r := range d.Routes {
				names[d.Key+"."+r.Name] = true
			}
		}
		shape, helpers := apiShape(t, fset, f, len(names))
		if helpers != len(names) {
			t.Errorf("%d routes: %d URL helper methods for %d route names", n, helpers, len(names))
		}
		if first == nil {
			first = shape
		} else if !slices.Equal(shape, first) {
			t.Errorf("%d routes: the exported API is\n%s\nwhere 10 routes have\n%s", n, strings.Join(shape, "\n"), strings.Join(first, "\n"))
		}
	}
}

// apiShape lists f's exported declarations but the URL helpers, the
// controller interfaces and NewRouter's parameters, each as its
// signature, and counts the helpers, which it checks.
func apiShape(t *testing.T, fset *token.FileSet, f *ast.File, routes int) ([]string, int) {
	t.Helper()
	text := func(n ast.Node) string {
		var b bytes.Buffer
		if err := printer.Fprint(&b, fset, n); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	var shape []string
	helpers := 0
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if !d.Name.IsExported() {
				continue
			}
			recv := ""
			if d.Recv != nil {
				recv = "(" + text(d.Recv.List[0].Type) + ") "
			}
			if d.Doc != nil && strings.Contains(d.Doc.Text(), " returns the URL of route ") {
				helpers++
				if recv != "(*URLBuilder) " || !strings.HasPrefix(d.Doc.List[len(d.Doc.List)-1].Text, "//line routes.conf:") {
					t.Errorf("the helper %s is not a method of URLBuilder placed by a //line directive", d.Name.Name)
				}
				continue
			}
			sig := text(d.Type)
			if d.Name.Name == "NewRouter" {
				if len(d.Type.Params.List) < routes/100 || !strings.HasSuffix(sig, "opts ...runtime.Option) (*runtime.Router, error)") {
					t.Errorf("NewRouter is %s", sig)
				}
				sig = "NewRouter(controllers…, opts ...runtime.Option) (*runtime.Router, error)"
			}
			shape = append(shape, "func "+recv+d.Name.Name+" "+sig)
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					if !s.Name.IsExported() {
						continue
					}
					if _, ok := s.Type.(*ast.InterfaceType); ok && strings.HasSuffix(s.Name.Name, "Controller") {
						continue
					}
					shape = append(shape, "type "+s.Name.Name+" "+text(s.Type))
				case *ast.ValueSpec:
					for i, name := range s.Names {
						if name.IsExported() {
							shape = append(shape, "var "+name.Name+" = "+text(s.Values[i]))
						}
					}
				}
			}
		}
	}
	slices.Sort(shape)
	return shape, helpers
}

// generateParsed generates table's package with opts and parses its file,
// with comments.
func generateParsed(t *testing.T, table *ir.Table, opts gen.Options) (*token.FileSet, *ast.File) {
	t.Helper()
	files, diags := gen.Generate(table, opts)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	fset := token.NewFileSet()
	f, err := goparser.ParseFile(fset, opts.Output, files[0].Content, goparser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return fset, f
}
