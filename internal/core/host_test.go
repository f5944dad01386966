package core

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/hostname"
)

var hostEntries = []HostEntry{
	{Host: "example.com", Domain: 0},
	{Host: "example.com", Port: "8080", Domain: 1},
	{Host: "*.example.com", Domain: 2},
	{Host: "api.example.com", Domain: 3},
	{Host: "example.com", Domain: 4}, // shadowed by the first
	{Host: "*.example.com", Port: "8080", Domain: 5},
	{Host: "::1", Port: "8080", Domain: 6},
	{Host: "[::2]", Domain: 7},
	{Host: "Upper.Example.org.", Port: "443", Domain: 8},
	{Host: "*.Example.ORG", Domain: 9},
}

var hostTests = []struct {
	host string
	want int
}{
	{"example.com", 0},
	{"EXAMPLE.com", 0},
	{"example.com.", 0},
	{"example.com:80", 0},
	{"example.com:443", 0},
	{"example.com:", 0},
	{"example.com:8080", 1},
	{"example.com.:8080", 1},
	{"example.com:8081", 0}, // a name matches at any port: the first of its entries
	{"example.com..", -1},
	{"api.example.com", 3}, // exact before wildcard
	{"API.Example.Com.:443", 3},
	{"www.example.com", 2},
	{"www.example.com:8080", 5},
	{"WWW.EXAMPLE.COM.", 2},
	{"a.b.example.com", -1}, // one label only
	{"a'b.example.com", -1}, // a DNS label: letters, digits and "-"
	{"<script>.example.com", -1},
	{"a_b.example.com", -1},
	{"-a.example.com", -1},
	{"a-.example.com", -1},
	{"xn--bcher-kva.example.com", 2},
	{"a-1.example.com", 2},
	{".example.com", -1},
	{"example.com.evil", -1},
	{"xexample.com", -1},
	{"www.example.com:9", 2},
	{"[::1]:8080", 6},
	{"[::1]", 6},
	{"[::2]", 7},
	{"[::2]:80", 7},
	{"::2", 7}, // malformed without brackets, but the name is the address
	{"upper.example.org", 8},
	{"x.example.org", 9},
	{"\u212aample.com", -1}, // the Kelvin sign does not fold to k
	{"", -1},
	{"example.com:http", -1},
}

func TestHostTableMatch(t *testing.T) {
	table := NewHostTable(hostEntries)
	for _, tt := range hostTests {
		if got := table.Match(tt.host); got != tt.want {
			t.Errorf("Match(%q) = %d; want %d", tt.host, got, tt.want)
		}
	}
}

func TestHostTableFallback(t *testing.T) {
	table := NewHostTable(hostEntries)
	table.fallback = 3
	for _, tt := range hostTests {
		want := tt.want
		if want < 0 {
			want = 3
		}
		if got := table.Match(tt.host); got != want {
			t.Errorf("with a default domain: Match(%q) = %d; want %d", tt.host, got, want)
		}
	}
}

func TestHostTableSmall(t *testing.T) {
	one := NewHostTable([]HostEntry{{Host: "example.com", Port: "8080", Domain: 7}})
	for _, host := range []string{"", "example.com", "other.org:9", "[::1", "::"} {
		if got := one.Match(host); got != 7 {
			t.Errorf("one entry: Match(%q) = %d; want 7", host, got)
		}
	}
	for _, table := range []*HostTable{nil, NewHostTable(nil)} {
		if got := table.Match("example.com"); got != -1 {
			t.Errorf("empty table: Match = %d; want -1", got)
		}
	}
}

func TestHostTableAllocs(t *testing.T) {
	table := NewHostTable(hostEntries)
	for _, tt := range hostTests {
		allocs := testing.AllocsPerRun(100, func() { table.Match(tt.host) })
		if allocs != 0 {
			t.Errorf("Match(%q): %v allocations; want 0", tt.host, allocs)
		}
	}
}

func FuzzHostTable(f *testing.F) {
	for _, tt := range hostTests {
		f.Add(tt.host)
	}
	table := NewHostTable(hostEntries)
	f.Fuzz(func(t *testing.T, host string) {
		if got := table.Match(host); got < -1 || got >= len(hostEntries) {
			t.Fatalf("Match(%q) = %d", host, got)
		}
		name, port := hostname.Split(host)
		if port != "" && strings.ContainsFunc(port, func(r rune) bool { return r < '0' || r > '9' }) {
			t.Fatalf("hostname.Split(%q) port %q", host, port)
		}
		if len(name)+len(port) > len(host) {
			t.Fatalf("hostname.Split(%q) = %q, %q: longer than the input", host, name, port)
		}
	})
}

// newHosts is NewHosts with its problems as one error, as NewRouter reports them.
func newHosts(domains []Address, overrides map[string]HostPort) (*HostTable, error) {
	hosts, problems := NewHosts(domains, overrides)
	if len(problems) > 0 {
		return hosts, errors.New("routegen: " + strings.Join(problems, "; "))
	}
	return hosts, nil
}

func TestTableHostsFromEnvironment(t *testing.T) {
	t.Setenv("ROUTEGEN_TEST_HOST", "")
	t.Setenv("ROUTEGEN_TEST_PORT", "")
	hosts, err := newHosts([]Address{{Key: "only", HostEnv: "ROUTEGEN_TEST_HOST"}}, nil)
	if err == nil || !strings.Contains(err.Error(), "domain only: host $ROUTEGEN_TEST_HOST is unset") {
		t.Errorf("one domain, its host unset: %v", err)
	}
	if got := hosts.Match("example.com"); got != -1 {
		t.Errorf("the table without its only domain matched %d", got)
	}
	two := []Address{
		{Key: "a", Host: "a.example", PortEnv: "ROUTEGEN_TEST_PORT:-8443"},
		{Key: "b", HostEnv: "ROUTEGEN_TEST_HOST:-b.example", Port: "8080"},
	}
	if _, err := newHosts(two, nil); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	if host, port, _ := two[0].Resolve(nil); port != "8443" || host != "a.example" {
		t.Errorf("a: %s:%s, want the default port 8443", host, port)
	}
	t.Setenv("ROUTEGEN_TEST_PORT", "99999")
	if _, err := newHosts(two, nil); err == nil || !strings.Contains(err.Error(), `domain a: port "99999" is not a number from 1 to 65535`) {
		t.Errorf("port 99999: %v", err)
	}
	if _, err := newHosts(two, map[string]HostPort{"a": {Host: "x", Port: "http"}}); err == nil || !strings.Contains(err.Error(), `port "http"`) {
		t.Errorf("an override's port http: %v", err)
	}
	// A bad host does not hide a bad port: both are named, in one error.
	want := `domain a: host "bad host" (WithHost): `
	if _, err := newHosts(two, map[string]HostPort{"a": {Host: "bad host", Port: "99999"}}); err == nil ||
		!strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `; port "99999" is not a number from 1 to 65535`) {
		t.Errorf("an override of a bad host and port: %v; want %q and the port named", err, want)
	}
	t.Setenv("ROUTEGEN_TEST_HOST", "")
	t.Setenv("ROUTEGEN_TEST_UNSET_PORT", "")
	unset := []Address{{Key: "c", HostEnv: "ROUTEGEN_TEST_HOST", PortEnv: "ROUTEGEN_TEST_UNSET_PORT"}}
	if _, err := newHosts(unset, nil); err == nil || !strings.Contains(err.Error(), "domain c: host $ROUTEGEN_TEST_HOST is unset") ||
		!strings.Contains(err.Error(), "; port $ROUTEGEN_TEST_UNSET_PORT is unset") {
		t.Errorf("a host and a port unset: %v; want both named", err)
	}
}

// TestHostsOfEnvironmentChecked: a host read from the environment or given
// to WithHost is checked as routes.conf's are when it is compiled.
func TestHostsOfEnvironmentChecked(t *testing.T) {
	table := []Address{{Key: "api", HostEnv: "ROUTEGEN_TEST_HOST:-api.example.com", Port: "8080"}}
	for _, tt := range []struct{ env, want string }{
		{"api.example.com:99", `routegen: domain api: host "api.example.com:99" ($ROUTEGEN_TEST_HOST): write the port in port, not in host`},
		{"https://api.example.com", `routegen: domain api: host "https://api.example.com" ($ROUTEGEN_TEST_HOST): a host has no scheme; write just the name`},
		{"api..example.com", `routegen: domain api: host "api..example.com" ($ROUTEGEN_TEST_HOST): empty label in host`},
		{"127.1", `routegen: domain api: host "127.1" ($ROUTEGEN_TEST_HOST): a browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it ("example.123"): write an address as four numbers from 0 to 255 ("127.0.0.1"), or end the name with a letter`},
		{"café.example", `routegen: domain api: host "café.example" ($ROUTEGEN_TEST_HOST): a host is written in ASCII, as clients send it: write an internationalized name in its Punycode form ("xn--…")`},
		{"API.example.com", ""},
		{"xn--caf-dma.example", ""},
		{"127.0.0.1", ""},
		{"", ""}, // the default
	} {
		t.Setenv("ROUTEGEN_TEST_HOST", tt.env)
		_, err := newHosts(table, nil)
		if got := fmt.Sprint(err); tt.want == "" && err != nil || tt.want != "" && got != tt.want {
			t.Errorf("$ROUTEGEN_TEST_HOST=%q: %v; want %q", tt.env, err, tt.want)
		}
	}
	_, err := newHosts(table, map[string]HostPort{"api": {Host: "api.example.com/v1"}})
	if want := `routegen: domain api: host "api.example.com/v1" (WithHost): a host has no path; write just the name`; fmt.Sprint(err) != want {
		t.Errorf("WithHost with a path: %v; want %s", err, want)
	}
}

// TestHostsKeepWildcards: a domain is a wildcard one, whose URL helpers
// take a subdomain, by routes.conf alone; a host from the environment or
// WithHost that would make it one, or not, is an error.
func TestHostsKeepWildcards(t *testing.T) {
	table := []Address{{Key: "tenants", Host: "*.example.com"}, {Key: "api", HostEnv: "ROUTEGEN_TEST_HOST"}, {Key: "admin", Host: "admin.example.com"}}
	t.Setenv("ROUTEGEN_TEST_HOST", "*.api.example.com")
	_, err := newHosts(table, map[string]HostPort{"tenants": {Host: "localhost"}, "admin": {Host: "*.localhost"}})
	for _, want := range []string{
		`domain tenants: host "localhost" (WithHost): the domain is a wildcard one ("*.example.com" in routes.conf): give a host that begins with "*."`,
		`domain api: host "*.api.example.com" ($ROUTEGEN_TEST_HOST): a domain is a wildcard one only by the host routes.conf writes out: give a host that does not begin with "*."`,
		`domain admin: host "*.localhost" (WithHost): a domain is a wildcard one only by the host routes.conf writes out: give a host that does not begin with "*."`,
	} {
		if !strings.Contains(fmt.Sprint(err), want) {
			t.Errorf("got %v\nwant it to say %s", err, want)
		}
	}
	t.Setenv("ROUTEGEN_TEST_HOST", "api.localhost")
	if _, err := newHosts(table, map[string]HostPort{"tenants": {Host: "*.localhost"}}); err != nil {
		t.Errorf("a wildcard domain moved to another wildcard: %v", err)
	}
}
