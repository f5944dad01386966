package core

import "testing"

// TestHostTableRule: the rule Rule gives is the one by which Match chose
// each host's domain.
func TestHostTableRule(t *testing.T) {
	table := NewHostTable(hostEntries)
	for _, tt := range []struct {
		host string
		want HostRule
	}{
		{"example.com", NameAtPort},
		{"example.com:80", NameAtPort},
		{"example.com:8080", NameAtPort},
		{"example.com:8081", NameAnyPort},
		{"www.example.com", WildcardName},
		{"www.example.com:8080", WildcardName},
		{"[::1]", NameAnyPort},
		{"upper.example.org", NameAtPort},
		{"a.b.example.com", NoHostRule},
	} {
		if got := table.Rule(tt.host, table.Match(tt.host)); got != tt.want {
			t.Errorf("Rule(%q) = %d; want %d", tt.host, got, tt.want)
		}
	}
	table.SetFallback(3)
	if d := table.Match("other.org"); d != 3 || table.Rule("other.org", d) != DefaultDomain {
		t.Errorf("a host no entry names: domain %d, rule %d; want the default domain", d, table.Rule("other.org", d))
	}
	one := NewHostTable(hostEntries[:1])
	if got := one.Rule("other.org", one.Match("other.org")); got != OnlyDomain {
		t.Errorf("one entry: rule %d; want OnlyDomain", got)
	}
}

// TestNamedHostTable: a table of the hosts its entries name serves no
// other host, even with one entry, and chooses among its entries as
// NewHostTable's does.
func TestNamedHostTable(t *testing.T) {
	one := NewNamedHostTable([]HostEntry{{Host: "example.com", Port: "8080", Domain: 7}})
	for host, want := range map[string]int{"example.com": 7, "EXAMPLE.com.:80": 7, "other.org": -1, "": -1} {
		if got := one.Match(host); got != want {
			t.Errorf("one entry: Match(%q) = %d; want %d", host, got, want)
		}
	}
	named, all := NewNamedHostTable(hostEntries), NewHostTable(hostEntries)
	for _, tt := range hostTests {
		if got, want := named.Match(tt.host), all.Match(tt.host); got != want {
			t.Errorf("Match(%q) = %d; want %d, as NewHostTable's", tt.host, got, want)
		}
	}
}

func TestCutWildcard(t *testing.T) {
	for host, want := range map[string]struct {
		name     string
		wildcard bool
	}{
		"*.example.com": {"example.com", true},
		"example.com":   {"example.com", false},
		"*.":            {"*.", false},
		"a.*.com":       {"a.*.com", false},
	} {
		if name, wildcard := CutWildcard(host); name != want.name || wildcard != want.wildcard || wildcard != IsWildcardHost(host) {
			t.Errorf("CutWildcard(%q) = %q, %v; want %q, %v", host, name, wildcard, want.name, want.wildcard)
		}
	}
}
