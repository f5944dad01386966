package routevet

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/reference"
)

// TestResolutionAgreesWithReference: routevet resolves a path of a domain
// as the reference does, on every committed table of internal/difftest,
// with the requests that drive the matchers there: the same status, route,
// redirect target and methods.
func TestResolutionAgreesWithReference(t *testing.T) {
	dirs, err := filepath.Glob("../internal/difftest/tables/t*")
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no difftest tables: %v", err)
	}
	for i, dir := range dirs {
		conf, err := os.ReadFile(filepath.Join(dir, "routes.conf"))
		if err != nil {
			t.Fatal(err)
		}
		ir, err := difftest.Load(string(conf))
		if err != nil {
			t.Fatal(err)
		}
		pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo, Dir: dir}, ".")
		if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
			t.Fatalf("%s: %v %v", dir, err, pkgs)
		}
		table, err := readTable(pkgs[0].Syntax, pkgs[0].TypesInfo)
		if err != nil || table == nil {
			t.Fatalf("%s: readTable: %v", dir, err)
		}
		q := difftest.NewRequests(ir, rand.New(rand.NewPCG(uint64(i), 7)))
		for range 2000 {
			req := q.Next()
			want := reference.Lookup(ir, req.Method, req.Host, req.Path)
			if want.Domain < 0 || req.Method == "WS" || req.Path == "*" {
				continue // no domain to ask; an upgrade or "*" is no path vet judges
			}
			got := lookupIn(table, want.Domain, req.Method, req.Path, maxRedirects)
			if problem := disagreement(table, got, want); problem != "" {
				t.Errorf("%s: %s: %s", filepath.Base(dir), req, problem)
			}
		}
	}
}

// disagreement says how o differs from the reference's result, or "".
func disagreement(t *Table, o outcome, want reference.Result) string {
	route := -1
	if o.route != nil {
		for i := range t.Routes {
			if &t.Routes[i] == o.route {
				route = i
			}
		}
	}
	switch want.Status {
	case 200:
		if o.kind != served || !want.CatchAll && route != want.Route {
			return "want route " + difftest.Format(want) + ", vet resolved " + o.describe(route)
		}
	case 400:
		if want.Route < 0 { // a path with no clean form: no route serves it
			if o.kind != notServed {
				return "want " + difftest.Format(want) + ", vet resolved " + o.describe(route)
			}
		} else if o.kind != badParam || route != want.Route {
			return "want 400 of " + difftest.Format(want) + ", vet resolved " + o.describe(route)
		}
	case 301, 308:
		if o.kind != redirected || o.target != want.Redirect {
			return "want a redirect to " + want.Redirect + ", vet resolved " + o.describe(route)
		}
	case 405:
		if o.kind != wrongMethod {
			return "want 405, vet resolved " + o.describe(route)
		}
	default: // 404, and the automatic OPTIONS reply, which serves no path
		if o.kind != notServed {
			return "want " + difftest.Format(want) + ", vet resolved " + o.describe(route)
		}
	}
	return ""
}

func (o outcome) describe(route int) string {
	return [...]string{"served", "400", "a redirect to " + o.target, "405", "not served"}[o.kind] + " (route " + strconv.Itoa(route) + ")"
}
