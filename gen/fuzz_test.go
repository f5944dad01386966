package gen_test

import (
	"fmt"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/go/packages"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// FuzzGenerate checks the promise of check: a routes.conf it accepts
// becomes a package that compiles. Generation never fails after check
// passed, and never writes Go that does not type-check.
func FuzzGenerate(f *testing.F) {
	for _, c := range goldenCases(f) {
		if c.security != "" || c.appConfig != "" {
			continue // the seed is the routes.conf alone
		}
		src, err := module.ReadFile(c.routes)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) < 16<<10 {
			f.Add(src)
		}
	}
	for _, s := range []string{
		`domains { d { host = "localhost"; routes { r { path = "/a/:b/*c"; controller = "C"; action = "A" } } } }`,
		`domains { d { host = "*.example.com"; routes { r { path = "/:x"; method = "POST"; controller = "C"; action = "A" } } } }`,
		`domains { d { host = $HOST; port = ${PORT:-80}; routes { r { path = "/"; controller = "C"; action = "A" } } } }`,
	} {
		f.Add([]byte(s))
	}
	importer := newModuleImporter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		checkGenerated(t, importer, src)
	})
}

// FuzzGenerateValues is FuzzGenerate with the structure fixed and the
// values drawn: a host, and a route with a nested one, whose names, paths,
// methods, controller and actions the fuzzer writes. Few mutations of a
// whole file pass check; most of these do.
func FuzzGenerateValues(f *testing.F) {
	f.Add("localhost", "home", "/", "GET", "App", "Index", "item", "/items/:id", "POST", "Create")
	f.Add("*.example.com", "r", "/a/:b", "PUT", "C", "A", "s", "/*rest", "DELETE", "B")
	f.Add("[::1]", "v1", "/v1/:id[number,min=1]", "PATCH", "V1", "Get", "v2", "/:slug[oneof=a b]/x", "WS", "Stream")
	importer := newModuleImporter(f)
	f.Fuzz(func(t *testing.T, host, name, path, method, controller, action, childName, childPath, childMethod, childAction string) {
		conf := fmt.Sprintf(`domains {
  d {
    host = %s
    routes {
      %s {
        path = %s
        method = %s
        controller = %s
        action = %s
        routes {
          %s { path = %s; method = %s; action = %s }
        }
      }
    }
  }
}
`, quote(host), name, quote(path), quote(method), quote(controller), quote(action),
			childName, quote(childPath), quote(childMethod), quote(childAction))
		checkGenerated(t, importer, []byte(conf))
	})
}

// FuzzCheckThenGenerate holds check to its promise over routes.conf text
// and the name of a file it includes: when check passes (ir.Load, then
// gen.Check), Generate succeeds, with either matcher, and the package
// type-checks. Text Go source cannot hold (U+FEFF, NUL, noncharacters,
// bytes that are not UTF-8) must be refused by check at its position or
// escaped by gen. "INCLUDED" in the text is replaced by the file's name.
//
// Type-checking with go/types against the runtime packages, as loaded by
// the go command, is what the compiler checks short of writing code; it
// costs microseconds, where building each input would cost a second and
// leave the fuzzer a few inputs a minute. TestHostileTextBuilds builds a
// few representative packages with the go command for what lies beyond
// go/types.
func FuzzCheckThenGenerate(f *testing.F) {
	// The characters Go source cannot hold, written as \u escapes of Go
	// (a path's literal holds no U+FEFF, which shows as nothing).
	for _, s := range []struct{ routes, name, included string }{
		{"domains { d { host = \"localhost\"; routes { include \"INCLUDED\" } } }", "a.conf", "r { path = \"/a/:b\"; controller = \"C\"; action = \"A\" }"},
		{"domains { d { host = \"localhost\"; routes { include \"INCLUDED\" } } }", "a\ufeff.conf", "r { path = \"/\ufffe/\ufdd0\"; controller = \"C\"; action = \"A\" }"},
		{"domains { d { host = \"localhost\"; routes { r { path = \"/\ufffe/:x[oneof=\ufeff a]\"; controller = \"C\"; action = \"A\"; authorization { roles = [\"hasrole(\ufeff)\"] } } } } }", "x.conf", ""},
		{"domains { d { host = \"localhost\"; routes { r { path = \"/\x00\ufffe\U0010ffff\u2028\"; controller = \"C\"; action = \"A\" } } } }", "x.conf", ""},
	} {
		f.Add(s.routes, s.name, s.included)
	}
	importer := newModuleImporter(f)
	f.Fuzz(func(t *testing.T, routes, name, included string) {
		if !fs.ValidPath(name) || name == "routes.conf" {
			return
		}
		fsys := fstest.MapFS{
			"routes.conf": {Data: []byte(strings.ReplaceAll(routes, "INCLUDED", name))},
			name:          {Data: []byte(included)},
		}
		for _, matcher := range []gen.Matcher{gen.MatcherCode, gen.MatcherData} {
			checkThenGenerate(t, importer, fsys, matcher)
		}
	})
}

// FuzzCheckThenGenerateValues is FuzzCheckThenGenerate with the structure
// fixed and the text drawn where it may be anything: the included file's
// name, a route's name, path, constraint word, role, permission and
// static folder. Few mutations of a whole file pass check; most of these
// do, so that the text reaches the generator.
func FuzzCheckThenGenerateValues(f *testing.F) {
	f.Add("routes/a.conf", "home", "/a", "word", "admin", "user:read", "public")
	f.Add("a\ufeff.conf", "r", "/\ufffe\ufdd0", "\ufeff", "\ufffe", "x:\U0010ffff", "s\u2028")
	f.Add("b.conf", "r", "/\u202e/x", "a\x00b", "r\u2029", "p:\xff", "\ufeff")
	importer := newModuleImporter(f)
	f.Fuzz(func(t *testing.T, name, route, path, word, role, permission, dir string) {
		if !fs.ValidPath(name) || name == "routes.conf" {
			return
		}
		routes := fmt.Sprintf(`domains {
  d {
    host = "localhost"
    default_auth = "anonymous"
    static { files { path = "/static"; dir = %s } }
    routes {
      include %s
    }
  }
}
`, quote(dir), quote(name))
		included := fmt.Sprintf(`%s {
  path = %s
  controller = "C"
  action = "A"
  authorization { roles = [%s]; permissions = [%s] }
  routes { w { path = "/w/:x[oneof=%s b]"; action = "W" } }
}
`, route, quote(path), quote("hasrole("+role+")"), quote("ispermitted("+permission+")"), strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(word))
		fsys := fstest.MapFS{"routes.conf": {Data: []byte(routes)}, name: {Data: []byte(included)}}
		for _, matcher := range []gen.Matcher{gen.MatcherCode, gen.MatcherData} {
			checkThenGenerate(t, importer, fsys, matcher)
		}
	})
}

// quote writes s as a routes.conf string.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// checkGenerated generates the package of src when check accepts it
// (ir.Load, then gen.Check), and fails t unless Generate succeeds and its
// files type-check.
func checkGenerated(t *testing.T, importer types.Importer, src []byte) {
	t.Helper()
	checkThenGenerate(t, importer, fstest.MapFS{"routes.conf": {Data: src}}, gen.MatcherAuto)
}

// checkThenGenerate is checkGenerated for the routes.conf of fsys, with
// matcher.
func checkThenGenerate(t *testing.T, importer types.Importer, fsys fstest.MapFS, matcher gen.Matcher) {
	t.Helper()
	table, _ := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
	if table == nil || gen.Check(table).HasErrors() {
		return
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go", Matcher: matcher})
	if diags.HasErrors() {
		t.Fatalf("check passed, then Generate failed:\n%v", diags)
	}
	typeCheck(t, importer, files)
}

// newModuleImporter imports the packages generated code uses as this
// module builds them, loaded once: runtime, routegenimpl and all they
// import, the standard library's packages among them.
func newModuleImporter(tb testing.TB) types.Importer {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps}
	pkgs, err := packages.Load(cfg, "github.com/routegen/routegen/runtime", "github.com/routegen/routegen/runtime/routegenimpl")
	if err != nil {
		tb.Fatal(err)
	}
	loaded := loadedPackages{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		loaded[p.PkgPath] = p.Types
	})
	return loaded
}

type loadedPackages map[string]*types.Package

func (l loadedPackages) Import(path string) (*types.Package, error) {
	if p, ok := l[path]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("%s: not imported by runtime or routegenimpl, so not loaded", path)
}

// typeCheck fails t unless files are one package that type-checks.
func typeCheck(t *testing.T, imp types.Importer, files []gen.File) {
	t.Helper()
	fset := token.NewFileSet()
	var syntax []*ast.File
	for _, file := range files {
		f, err := goparser.ParseFile(fset, file.Name, file.Content, goparser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("the generated %s does not parse: %v", file.Name, err)
		}
		syntax = append(syntax, f)
	}
	conf := types.Config{Importer: imp}
	if _, err := conf.Check("routes", fset, syntax, nil); err != nil {
		t.Fatalf("the generated package does not type-check: %v", err)
	}
}
