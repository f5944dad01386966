package apicheck

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	// The packages the test loads, imported so that go.mod requires them.
	_ "github.com/routegen/routegen/runtime"
	_ "github.com/routegen/routegen/runtime/aahauth"
	_ "github.com/routegen/routegen/runtime/aahauth/aahoauth2"
	"golang.org/x/exp/apidiff"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

var update = flag.Bool("update", false, "record the stable packages' API as it is as the baseline")

// stable are the packages whose API README.md promises to keep.
var stable = []string{
	"github.com/routegen/routegen/runtime",
	"github.com/routegen/routegen/runtime/aahauth",
	"github.com/routegen/routegen/runtime/aahauth/aahoauth2",
}

const (
	bundleFile  = "testdata/api.bundle"
	listingFile = "testdata/api.txt"
	modulePath  = "github.com/routegen/routegen"
)

// TestAPI fails on an incompatible change of a stable package's API from
// the baseline, and lists the compatible ones.
func TestAPI(t *testing.T) {
	current := load(t)
	if *update {
		var b bytes.Buffer
		fmt.Fprintln(&b, modulePath)
		if err := gcexportdata.WriteBundle(&b, token.NewFileSet(), current); err != nil {
			t.Fatal(err)
		}
		write(t, bundleFile, b.Bytes())
		write(t, listingFile, []byte(listing(current)))
		return
	}
	baseline := read(t)
	report := apidiff.ModuleChanges(&apidiff.Module{Path: modulePath, Packages: baseline}, &apidiff.Module{Path: modulePath, Packages: current})
	var incompatible, compatible []string
	for _, c := range report.Changes {
		if c.Compatible {
			compatible = append(compatible, c.Message)
		} else {
			incompatible = append(incompatible, c.Message)
		}
	}
	if len(compatible) > 0 {
		t.Logf("compatible changes from the baseline:\n\t%s", strings.Join(compatible, "\n\t"))
	}
	if len(incompatible) > 0 {
		t.Errorf("incompatible changes to stable packages from the baseline:\n\t%s\n"+
			"Keep the API, or, for a change made on purpose and named in CHANGELOG.md, record it: cd internal/apicheck && go test -update",
			strings.Join(incompatible, "\n\t"))
	}
	if got, err := os.ReadFile(listingFile); err != nil || string(got) != listing(baseline) {
		t.Errorf("%s is not the API of %s (err %v): cd internal/apicheck && go test -update", listingFile, bundleFile, err)
	}
}

// load type-checks the stable packages of the module beside this one.
func load(t *testing.T) []*types.Package {
	t.Helper()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps}
	pkgs, err := packages.Load(cfg, stable...)
	if err != nil {
		t.Fatal(err)
	}
	var out []*types.Package
	for _, p := range pkgs {
		for _, err := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, err)
		}
		out = append(out, p.Types)
	}
	if t.Failed() {
		t.FailNow()
	}
	slices.SortFunc(out, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	return out
}

// read reads the baseline's packages.
func read(t *testing.T) []*types.Package {
	t.Helper()
	f, err := os.Open(bundleFile)
	if err != nil {
		t.Fatalf("%v: cd internal/apicheck && go test -update records the baseline", err)
	}
	defer f.Close()
	r := bufio.NewReader(f)
	if line, err := r.ReadString('\n'); err != nil || line != modulePath+"\n" {
		t.Fatalf("%s does not begin with the module path %s (err %v)", bundleFile, modulePath, err)
	}
	pkgs, err := gcexportdata.ReadBundle(r, token.NewFileSet(), map[string]*types.Package{})
	if err != nil {
		t.Fatalf("%s: %v", bundleFile, err)
	}
	var out []*types.Package
	for _, p := range pkgs {
		if slices.Contains(stable, p.Path()) {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	return out
}

// listing is the exported API of pkgs as text, a declaration a line:
// each package's names in order, a type's exported fields and methods
// after it.
func listing(pkgs []*types.Package) string {
	var b strings.Builder
	for _, p := range pkgs {
		qualifier := types.RelativeTo(p)
		fmt.Fprintf(&b, "package %s\n", p.Path())
		for _, name := range p.Scope().Names() {
			obj := p.Scope().Lookup(name)
			if !obj.Exported() {
				continue
			}
			typeName, ok := obj.(*types.TypeName)
			if !ok || typeName.IsAlias() {
				fmt.Fprintf(&b, "\t%s\n", types.ObjectString(obj, qualifier))
				continue
			}
			named := typeName.Type().(*types.Named)
			switch named.Underlying().(type) {
			case *types.Struct:
				fmt.Fprintf(&b, "\ttype %s struct\n", name) // its exported fields below, not the others
			case *types.Interface:
				fmt.Fprintf(&b, "\ttype %s interface\n", name)
			default:
				fmt.Fprintf(&b, "\t%s\n", types.ObjectString(obj, qualifier))
			}
			if s, ok := named.Underlying().(*types.Struct); ok {
				for i := range s.NumFields() {
					if f := s.Field(i); f.Exported() {
						fmt.Fprintf(&b, "\t\t%s\n", types.ObjectString(f, qualifier))
					}
				}
			}
			if i, ok := named.Underlying().(*types.Interface); ok {
				for m := range i.Methods() {
					if m.Exported() {
						fmt.Fprintf(&b, "\t\t%s\n", types.ObjectString(m, qualifier))
					}
				}
				continue
			}
			for m := range named.Methods() {
				if m.Exported() {
					fmt.Fprintf(&b, "\t\t%s\n", types.ObjectString(m, qualifier))
				}
			}
		}
	}
	return b.String()
}

func write(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
