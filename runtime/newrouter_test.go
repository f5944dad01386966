package runtime

import (
	"fmt"
	"slices"
	"testing"
)

// scaleTable is a table of about n routes shaped as internal/synth's
// routes.conf, in the order a generated package lists them: four domains,
// each resource ten routes under /api/v<k>/r<g> of several methods, with a
// constrained parameter, a second parameter and a catch-all.
func scaleTable(n int) (domains []Domain, routes []Route) {
	const nDomains = 4
	for d := range nDomains {
		key := fmt.Sprintf("d%d", d)
		domains = append(domains, Domain{Index: d, Key: key, Name: key, Host: key + ".example.com", Port: "8080",
			RedirectTrailingSlash: true, MethodNotAllowed: true, AutoOptions: true, AntiCSRFCheck: true})
	}
	groups := (n + 9) / 10
	for d := range nDomains {
		for g := d; g < groups; g += nDomains {
			base := fmt.Sprintf("/api/v%d/r%d", g%3+1, g)
			for _, r := range []struct {
				method, path string
				params       []string
			}{
				{"GET", base, nil},
				{"POST", base, nil},
				{"DELETE", base + "/:id", []string{"id"}},
				{"GET", base + "/:id", []string{"id"}},
				{"PATCH", base + "/:id", []string{"id"}},
				{"PUT", base + "/:id", []string{"id"}},
				{"GET", base + "/:id/children/:child", []string{"id", "child"}},
				{"GET", base + "/:id/files/*path", []string{"id", "path"}},
				{"GET", base + "/latest", nil},
				{"GET", base + "/search", nil},
			} {
				route := Route{Index: len(routes), Domain: d, Name: fmt.Sprintf("g%d_%d", g, len(routes)), Method: r.method, Path: r.path,
					Controller: fmt.Sprintf("C%d", g/10), Action: "Act", AntiCSRFCheck: true, Params: r.params}
				if len(r.params) > 0 {
					route.Constraints = make([]string, len(r.params))
					route.Constraints[0] = "number"
				}
				routes = append(routes, route)
			}
		}
	}
	return domains, routes
}

type nopDispatcher struct{}

func (nopDispatcher) Dispatch(*Context, int) error { return nil }

// newScaleTable builds a runtime table of domains and routes, and returns
// its NewRouter. The tables of one set of routes share them, which they
// only read; each has its own domains, in which newTable writes.
func newScaleTable(domains []Domain, routes []Route) func() (*Router, error) {
	_, _, newRouter, _, _, _ := newTable(slices.Clone(domains), routes, make([]Route, len(domains)), nil, nil, nil, 0, 5<<20)
	return func() (*Router, error) { return newRouter(nopDispatcher{}, nil) }
}

// BenchmarkFirstNewRouter is what a program of a large table spends on
// its first router before it can answer: the table's tries, hosts and
// patterns, and the router's own decision table.
func BenchmarkFirstNewRouter(b *testing.B) {
	domains, routes := scaleTable(10000)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newScaleTable(domains, routes)(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewRouter is a later router of the same table.
func BenchmarkNewRouter(b *testing.B) {
	newRouter := newScaleTable(scaleTable(10000))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := newRouter(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNewRouterAllocsPerTable: a router after a table's first allocates
// as often at 10,000 routes as at 100: nothing a route, its pattern
// included.
func TestNewRouterAllocsPerTable(t *testing.T) {
	allocs := func(n int) float64 {
		newRouter := newScaleTable(scaleTable(n))
		if _, err := newRouter(); err != nil {
			t.Fatal(err)
		}
		return testing.AllocsPerRun(5, func() {
			if _, err := newRouter(); err != nil {
				t.Fatal(err)
			}
		})
	}
	if small, large := allocs(100), allocs(10000); large != small {
		t.Errorf("a later NewRouter of a table: %v allocations at 10,000 routes, %v at 100", large, small)
	}
}
