package tscheck

import (
	"encoding/json"
	"fmt"
	"maps"
	"path/filepath"
	"testing"

	"github.com/routegen/routegen/golden/aah_examples_domain_subdomain_routes"
	"github.com/routegen/routegen/golden/rich"
)

// aahNameCall is a call of routeURL with one of aah's names.
type aahNameCall struct {
	name          string
	params, query map[string]any
}

// TestAahNamesAgree: routeURL takes aah's names as the Go
// RouteURLNamedArgs does, and gives the same URL or refuses with the same
// message: a subdomain's label, a wildcard domain's subdomain, "host", an
// anchor, escaped, after the query string, and the names that stand for
// nothing.
func TestAahNamesAgree(t *testing.T) {
	RequireNode(t)
	folder := CompiledModules(t)
	type urlBuilder interface {
		RouteURLNamedArgs(string, map[string]any) (string, error)
	}
	tables := []struct {
		dir   string
		url   func(base string) urlBuilder
		calls []aahNameCall
	}{
		{"golden/rich", func(base string) urlBuilder { return rich.URL.WithBasePath(base) }, []aahNameCall{
			{name: "host"},
			{name: "host#top"},
			{name: "admin.host"},
			{name: "tenants.host", params: map[string]any{"subdomain": "acme"}},
			{name: "tenants.host"},
			{name: "acme.host"},
			{name: "a_b.host"},
			{name: "host", query: map[string]any{"q": "1"}},
			{name: "admin.host", params: map[string]any{"subdomain": "acme"}},
			{name: "acme.tenant_page", params: map[string]any{"slug": "x"}},
			{name: "ACME.tenant_page#Top", params: map[string]any{"slug": "x"}, query: map[string]any{"subdomain": "b"}},
			{name: "a_b.tenant_home"},
			{name: "acme.no_such_route"},
			{name: "admin.admin_files#x y/z?#é", params: map[string]any{"path": "a/b"}},
			{name: "user#!$&'()*+,;=:@", params: map[string]any{"id": 7}, query: map[string]any{"tab": "a"}},
			{name: "home#"},
			{name: "#top"},
			{name: "tenant_page#x", params: map[string]any{"subdomain": "acme", "slug": "x"}},
			{name: "tenants.tenant_page#x", params: map[string]any{"subdomain": "acme", "slug": "x"}},
		}},
		{"golden/aah_examples_domain_subdomain_routes", func(base string) urlBuilder {
			return aah_examples_domain_subdomain_routes.URL.WithBasePath(base)
		}, []aahNameCall{
			{name: "index"},
			{name: "index#top"},
			{name: "admin.index"},
			{name: "Admin.index#Top"},
			{name: "acme.index"},
			{name: "admin.host"},
			{name: "acme.host"},
			{name: "host"},
			{name: "wildcard_sample_com.index", params: map[string]any{"subdomain": "acme"}},
			{name: "adm.index"},
			{name: "admin.nope"},
		}},
	}
	var calls []jsCall
	var outcomes []goOutcome
	for _, table := range tables {
		for _, c := range table.calls {
			for _, base := range []string{"", "/svc"} {
				call := jsCall{Module: table.dir + "/routes.js", Name: c.name, Params: map[string]any{}, Query: map[string]string{}}
				if base != "" {
					call.Base = &base
				}
				args := map[string]any{}
				for k, v := range c.params {
					call.Params[k], args[k] = v, v
				}
				for k, v := range c.query {
					call.Query[k], args[k] = v.(string), v
				}
				o := goOutcome{what: fmt.Sprintf("%s routeURL(%q, %v, %v) under %q", table.dir, c.name, c.params, c.query, base)}
				o.url, o.err = table.url(base).RouteURLNamedArgs(c.name, maps.Clone(args))
				calls, outcomes = append(calls, call), append(outcomes, o)
			}
		}
	}
	input, err := json.Marshal(calls)
	if err != nil {
		t.Fatal(err)
	}
	var results []jsResult
	if err := json.Unmarshal(Node(t, Dir, input, filepath.Join("testdata", "driver.mjs"), folder), &results); err != nil {
		t.Fatal(err)
	}
	if len(results) != len(calls) {
		t.Fatalf("the driver gave %d results for %d calls", len(results), len(calls))
	}
	counts := map[string]int{}
	for i, res := range results {
		kind, problem := compareOutcome(outcomes[i], res)
		if problem != "" {
			t.Errorf("%s: %s", outcomes[i].what, problem)
		}
		counts[kind]++
	}
	t.Logf("%d calls: %v", len(calls), counts)
}
