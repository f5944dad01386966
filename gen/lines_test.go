package gen_test

import (
	"go/ast"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestInterfaceMethodsAtTheirRoutes: each controller interface method is
// placed at its route in routes.conf, with no comment above it that go doc
// would show as an empty line (a /*line*/ directive on its own line), and
// the code after the interface is at its own line again. A file name that
// would end a /*line*/ comment ("*/") places its methods by a //line
// directive above them.
func TestInterfaceMethodsAtTheirRoutes(t *testing.T) {
	conf := "domains {\n  site {\n    host = \"localhost\"\n    routes {\n" +
		"      show { path = \"/:id\"; controller = \"Hotel\"; action = \"show\" }\n" +
		"      list { path = \"/\"; controller = \"Hotel\" }\n" +
		"      book { path = \"/book\"; method = \"POST\"; controller = \"Booking\" }\n" +
		"    }\n  }\n}\n"
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	want := map[string]string{"Hotel.Show": ":5:7", "Hotel.Index": ":6:7", "Booking.Create": ":7:7"}
	for _, file := range []string{"routes.conf", "a*/routes.conf"} {
		fset, f := generateParsed(t, table, gen.Options{Package: "routes", Source: file, Output: "routes_gen.go",
			SourcePath: func(string) string { return file }})
		methods := 0
		for _, decl := range f.Decls {
			d, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			if adjusted, real := fset.Position(d.Pos()), fset.PositionFor(d.Pos(), false); adjusted != real {
				t.Errorf("%s: the declaration at %s is placed at %s", file, real, adjusted)
			}
			for _, spec := range d.Specs {
				s, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				iface, ok := s.Type.(*ast.InterfaceType)
				if !ok {
					continue
				}
				for _, m := range iface.Methods.List {
					methods++
					name := strings.TrimSuffix(s.Name.Name, "Controller") + "." + m.Names[0].Name
					if got, want := fset.Position(m.Names[0].Pos()).String(), file+want[name]; got != want {
						t.Errorf("%s: method %s is at %s, want %s", file, name, got, want)
					}
					if file == "routes.conf" && m.Doc != nil {
						t.Errorf("%s: method %s has the comment %q above it", file, name, m.Doc.List[0].Text)
					}
				}
			}
		}
		if methods != len(want) {
			t.Errorf("%s: %d interface methods, want %d", file, methods, len(want))
		}
	}
}
