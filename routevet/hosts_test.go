package routevet

import (
	"slices"
	"testing"
)

// TestDomainsOfAsTheRouter: a link's host names the domain the router
// would serve it with, by the core's host table: of two wildcard domains
// of one name, the one at the link's port, else the first; a host no
// domain names is another site's, even in a table of one domain.
func TestDomainsOfAsTheRouter(t *testing.T) {
	tab := &Table{Domains: []Domain{
		{Key: "tenants", Host: "*.example.com", Port: "8080"},
		{Key: "beta", Host: "*.example.com", Port: "9090"},
		{Key: "site", Host: "example.com"},
	}}
	for host, want := range map[string][]int{
		"":                      {0, 1, 2},
		"shop.example.com:9090": {1},
		"shop.example.com:8080": {0},
		"shop.example.com":      {0},
		"Example.COM.:80":       {2},
		"a.shop.example.com":    nil,
		"other.org":             nil,
	} {
		if got := domainsOf(tab, host); !slices.Equal(got, want) {
			t.Errorf("domainsOf(%q) = %v; want %v", host, got, want)
		}
	}
	one := &Table{Domains: []Domain{{Key: "site", Host: "example.com"}}}
	if got := domainsOf(one, "other.org"); got != nil {
		t.Errorf("one domain: domainsOf(other.org) = %v; want none", got)
	}
}
