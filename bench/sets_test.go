package bench_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/routegen/routegen/bench/internal/setgen"
	"github.com/routegen/routegen/bench/sets/github"
	"github.com/routegen/routegen/bench/sets/githubapi"
	"github.com/routegen/routegen/bench/sets/gplus"
	"github.com/routegen/routegen/bench/sets/gplusapi"
	"github.com/routegen/routegen/bench/sets/parse"
	"github.com/routegen/routegen/bench/sets/parseapi"
	"github.com/routegen/routegen/bench/sets/static"
	"github.com/routegen/routegen/bench/sets/staticapi"
	"github.com/routegen/routegen/runtime"
)

// TestSetsAreFresh fails when a committed set package differs from what
// the route sets and the current generator produce.
func TestSetsAreFresh(t *testing.T) {
	sets, err := setgen.Sets(routesets)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sets {
		files, err := setgen.Files(s)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range files {
			file := filepath.Join("sets", s.Name, name)
			if got, err := os.ReadFile(file); err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s is stale: run go generate in bench/", file)
			}
		}
	}
}

// TestAPIConfigurationTurnsAntiCSRFOff: routegen.api differs from
// routegen by the anti-CSRF check alone, off in every route of a set's API
// configuration and on in every route of the set.
func TestAPIConfigurationTurnsAntiCSRFOff(t *testing.T) {
	for set, routes := range map[string][2][]runtime.Route{
		"github": {github.Routes(), githubapi.Routes()},
		"gplus":  {gplus.Routes(), gplusapi.Routes()},
		"parse":  {parse.Routes(), parseapi.Routes()},
		"static": {static.Routes(), staticapi.Routes()},
	} {
		if len(routes[0]) != len(routes[1]) {
			t.Errorf("%s: %d routes, its API configuration %d", set, len(routes[0]), len(routes[1]))
		}
		for i := range routes[1] {
			if !routes[0][i].AntiCSRFCheck || routes[1][i].AntiCSRFCheck {
				t.Errorf("%s, route %s: anti-CSRF check %v, in the API configuration %v; want on, then off",
					set, routes[0][i].Name, routes[0][i].AntiCSRFCheck, routes[1][i].AntiCSRFCheck)
			}
		}
	}
}
