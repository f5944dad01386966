package core

import "testing"

// namesOf is a RouteNames of domains (key, host, subdomain) and routes
// ("domain_index.name").
type namesOf struct {
	domains [][3]string
	routes  []string
}

func (n namesOf) Domains() int { return len(n.domains) }

func (n namesOf) Domain(i int) (key, host string, subdomain bool) {
	d := n.domains[i]
	return d[0], d[1], d[2] == "subdomain"
}

func (n namesOf) Route(d int, name string) int {
	for i, r := range n.routes {
		if r == string(rune('0'+d))+"."+name {
			return i
		}
	}
	return -1
}

// TestReadRouteName: routegen's names first, then aah's, in the order
// docs/reference.md gives: a domain key before a label, the request's own
// domain before the first subdomain of that label, a subdomain before the
// wildcard domain, a route named host before the origin.
func TestReadRouteName(t *testing.T) {
	names := namesOf{
		domains: [][3]string{
			{"site", "example.com", ""},
			{"admin", "office.example.com", "subdomain"},
			{"staff", "admin.example.com", "subdomain"},
			{"staff_org", "admin.example.org", "subdomain"},
			{"tenants", "*.example.com", "subdomain"},
			{"api", "api.example.com", ""},
		},
		routes: []string{"0.index", "1.index", "2.index", "3.index", "4.index", "5.host"},
	}
	for _, tt := range []struct {
		name          string
		current       int
		currentLabel  string
		want          NamedTarget
		wantNoneFound bool
	}{
		{name: "index", current: NoDomain, want: NamedTarget{Route: 0, Domain: 0}},
		{name: "index#top", current: NoDomain, want: NamedTarget{Route: 0, Domain: 0, Anchor: "top"}},
		{name: "host", current: NoDomain, want: NamedTarget{Route: -1, Domain: 0}},
		{name: "api.host", current: NoDomain, want: NamedTarget{Route: 5, Domain: 5}},
		{name: "admin.index", current: NoDomain, want: NamedTarget{Route: 1, Domain: 1}},
		{name: "office.index", current: NoDomain, want: NamedTarget{Route: 1, Domain: 1, Subdomain: "office"}},
		{name: "staff.index", current: NoDomain, want: NamedTarget{Route: 2, Domain: 2}},
		// Keys compare exactly, labels as hosts do: "Staff" is a label, of no subdomain.
		{name: "Staff.index", current: NoDomain, want: NamedTarget{Route: 4, Domain: 4, Subdomain: "staff", Labelled: true}},
		{name: "ADMIN.index", current: NoDomain, want: NamedTarget{Route: 2, Domain: 2, Subdomain: "admin"}},
		{name: "ADMIN.index", current: 3, currentLabel: "admin", want: NamedTarget{Route: 3, Domain: 3, Subdomain: "admin"}},
		{name: "acme.index#a#b", current: NoDomain, want: NamedTarget{Route: 4, Domain: 4, Subdomain: "acme", Labelled: true, Anchor: "a#b"}},
		// A key whose domain has no such route is no label to try.
		{name: "api.index", current: NoDomain, wantNoneFound: true},
		{name: "acme.host", current: NoDomain, want: NamedTarget{Route: -1, Domain: 4, Subdomain: "acme", Labelled: true}},
		{name: "admin.nope", current: NoDomain, wantNoneFound: true},
		{name: "nope", current: NoDomain, wantNoneFound: true},
	} {
		got, ok := ReadRouteName(names, 0, tt.name, tt.current, tt.currentLabel)
		if ok == tt.wantNoneFound || ok && got != tt.want {
			t.Errorf("ReadRouteName(%q, current %d %q) = %+v, %t; want %+v, %t", tt.name, tt.current, tt.currentLabel, got, ok, tt.want, !tt.wantNoneFound)
		}
	}
	none := namesOf{domains: [][3]string{{"site", "example.com", ""}}, routes: []string{"0.index"}}
	if got, ok := ReadRouteName(none, 0, "acme.index", NoDomain, ""); ok {
		t.Errorf("without a wildcard domain, acme.index = %+v", got)
	}
}
