package core

import (
	"cmp"
	"fmt"
	"net"
	"os"
	"strings"

	"github.com/routegen/routegen/internal/hostname"
)

// HostEntry is one domain's address.
type HostEntry struct {
	Host   string // lower case; "*.example.com" is a wildcard subdomain (exactly one extra label)
	Port   string // "" = the scheme's default port (a Host with no port, or :80 or :443)
	Domain int    // what Match returns for it
}

// HostTable finds the domain that serves a Host header. It is read-only
// once built, so it is safe for concurrent use.
type HostTable struct {
	exact     []HostEntry // tried first, in order
	wildcard  []HostEntry // Host is the suffix after '*': ".example.com"
	servesAll int         // the Domain of a table's one entry, which serves every host; -1 for a table of several
	fallback  int         // the Domain of a host no entry serves (WithDefaultDomain); -1 for none
	addresses []Address   // of NewHosts: where each domain is served, as routes.conf says
}

// NewHostTable builds a table of entries. Hosts are folded to lower case,
// and a trailing dot, IPv6 brackets and the ports 80 and 443 are dropped, so
// that they compare as Match normalizes a request's Host.
func NewHostTable(entries []HostEntry) *HostTable {
	return newHostTable(entries, len(entries) == 1)
}

// NewNamedHostTable builds a table of entries that serves only the hosts
// they name, even with one entry: the domain a link's host names, where a
// host no domain names is another site's.
func NewNamedHostTable(entries []HostEntry) *HostTable {
	return newHostTable(entries, false)
}

// newHostTable builds a table whose only entry serves every host when
// servesAll is set.
func newHostTable(entries []HostEntry, servesAll bool) *HostTable {
	t := &HostTable{fallback: -1, servesAll: -1}
	if servesAll {
		t.servesAll = entries[0].Domain
		return t
	}
	for _, e := range entries {
		e.Host, e.Port = normalizeHost(strings.ToLower(e.Host), e.Port)
		if name, ok := CutWildcard(e.Host); ok {
			e.Host = "." + name
			t.wildcard = append(t.wildcard, e)
		} else {
			t.exact = append(t.exact, e)
		}
	}
	return t
}

// Match returns the Domain of the entry serving host (a Host header value:
// "example.com", "Example.COM:8080", "[::1]:8080", "example.com."), or -1.
//
// A table of one entry serves every host. Otherwise the exact entries of
// the same name (case-insensitively) serve it, else the wildcards whose
// suffix follows exactly one label of the name, a DNS label
// (hostname.IsLDHLabel): "a'b" or "<script>" is no subdomain. A name matches at any port:
// among several entries of one name, the one at the request's port wins,
// else the first. The request ports "", "80" and "443" all mean the
// scheme's default port. A host no entry serves goes to the default domain
// (WithDefaultDomain) when there is one.
func (t *HostTable) Match(host string) int {
	if t == nil {
		return -1
	}
	if t.servesAll >= 0 {
		return t.servesAll
	}
	name, port := normalizeHost(hostname.Split(host))
	first := -1
	for i := range t.exact {
		e := &t.exact[i]
		if equalFoldASCII(name, e.Host) {
			if e.Port == port {
				return e.Domain
			}
			if first < 0 {
				first = e.Domain
			}
		}
	}
	if first >= 0 {
		return first
	}
	for i := range t.wildcard {
		e := &t.wildcard[i]
		if len(name) <= len(e.Host) {
			continue
		}
		label, suffix := name[:len(name)-len(e.Host)], name[len(name)-len(e.Host):]
		if equalFoldASCII(suffix, e.Host) && hostname.IsLDHLabel(label) {
			if e.Port == port {
				return e.Domain
			}
			if first < 0 {
				first = e.Domain
			}
		}
	}
	if first >= 0 {
		return first
	}
	return t.fallback
}

// HostRule is the rule by which a host table chose a host's domain.
type HostRule uint8

const (
	NoHostRule    HostRule = iota // no domain serves the host
	OnlyDomain                    // the table's one domain serves every host
	NameAtPort                    // the domain of the host's name at the host's port
	NameAnyPort                   // the first domain of the host's name: a port only chooses between domains of one name
	WildcardName                  // a wildcard domain, whose suffix follows one label of the host's name
	DefaultDomain                 // no domain names the host: the default domain (WithDefaultDomain)
)

// Rule is the rule by which Match chose domain d for host.
func (t *HostTable) Rule(host string, d int) HostRule {
	switch {
	case d < 0 || t == nil:
		return NoHostRule
	case t.servesAll >= 0:
		return OnlyDomain
	}
	name, port := normalizeHost(hostname.Split(host))
	for _, e := range t.exact {
		if e.Domain == d && equalFoldASCII(name, e.Host) {
			if e.Port == port {
				return NameAtPort
			}
			return NameAnyPort
		}
	}
	for _, e := range t.wildcard {
		if e.Domain == d && len(name) > len(e.Host) && equalFoldASCII(name[len(name)-len(e.Host):], e.Host) {
			return WildcardName
		}
	}
	return DefaultDomain
}

// normalizeHost drops a single trailing dot and IPv6 brackets from name and
// turns the default ports into "".
func normalizeHost(name, port string) (string, string) {
	if len(name) >= 2 && name[0] == '[' && name[len(name)-1] == ']' {
		name = name[1 : len(name)-1]
	}
	return strings.TrimSuffix(name, "."), PortOrDefault(port)
}

// equalFoldASCII is strings.EqualFold for host names: it folds ASCII only,
// so that a non-ASCII name (the Kelvin sign "K" folds to "k") cannot pass
// for an ASCII one.
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && !(isLetter(a[i]) && a[i]|0x20 == b[i]|0x20) {
			return false
		}
	}
	return true
}

// Address is where a domain is served, as routes.conf says.
type Address struct {
	Key     string // the domain's key, which names it in messages and overrides
	Host    string // lower case; "*.example.com" for a wildcard
	Port    string // "" for the scheme's default port
	HostEnv string // $NAME the host is read from when the router is built
	PortEnv string
}

// HostPort is a domain's address, overriding routes.conf at run time.
type HostPort struct {
	Host string
	Port string // "" for the scheme's default port
}

// Resolve is the host and port d is served at: an override by its key,
// else routes.conf's values with their environment variables read. The
// port is checked: "" (the scheme's default) or a number from 1 to 65535.
// A bad host and a bad port are both reported, in one error.
func (d *Address) Resolve(overrides map[string]HostPort) (host, port string, err error) {
	var problems []string
	o, overridden := overrides[d.Key]
	if overridden {
		host, port = o.Host, o.Port
	} else {
		host, port = d.Host, d.Port
	}
	hostRead, portRead := true, true
	if !overridden && d.HostEnv != "" {
		var err error
		if host, err = readEnv(d.HostEnv); err != nil {
			hostRead = false
			problems = append(problems, fmt.Sprintf("host %v, or override it (WithHost)", err))
		}
	}
	if !overridden && d.PortEnv != "" {
		var err error
		if port, err = readEnv(d.PortEnv); err != nil {
			portRead = false
			problems = append(problems, fmt.Sprintf("port %v, or override it (WithHost)", err))
		}
	}
	if (overridden || d.HostEnv != "") && hostRead {
		// routes.conf's own hosts were checked when it was compiled.
		from := "WithHost"
		if !overridden {
			name, _, _ := strings.Cut(d.HostEnv, ":-")
			from = "$" + name
		}
		if err := CheckHostOf(d.Host, host); err != nil {
			problems = append(problems, fmt.Sprintf("host %q (%s): %v", host, from, err))
		}
	}
	if portRead {
		if err := hostname.CheckPort(port); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if problems != nil {
		return "", "", fmt.Errorf("domain %s: %s", d.Key, strings.Join(problems, "; "))
	}
	return strings.ToLower(host), port, nil
}

// CheckHostOf checks a host a domain is given when the router is built
// (by $NAME, its default, or WithHost) rather than written out in
// routes.conf: hostname.Check's rules, and a wildcard host exactly when
// declared, routes.conf's own host ("" for one read from the
// environment), is one, as the URL helpers of the domain's routes were
// generated taking a subdomain, or not.
func CheckHostOf(declared, host string) error {
	if err := hostname.Check(host); err != nil {
		return err
	}
	switch wildcard := IsWildcardHost(declared); {
	case wildcard && !IsWildcardHost(host):
		return fmt.Errorf("the domain is a wildcard one (%q in routes.conf): give a host that begins with \"*.\"", declared)
	case !wildcard && IsWildcardHost(host):
		return fmt.Errorf("a domain is a wildcard one only by the host routes.conf writes out: give a host that does not begin with \"*.\"")
	}
	return nil
}

// readEnv reads an environment reference of routes.conf: "NAME" for $NAME,
// or "NAME:-default" for ${NAME:-default}, which is default when NAME is
// unset or empty, as in a shell. An unset or empty variable without a
// default is an error that names it.
func readEnv(ref string) (string, error) {
	name, fallback, hasDefault := strings.Cut(ref, ":-")
	if v := os.Getenv(name); v != "" {
		return v, nil
	}
	if hasDefault {
		return fallback, nil
	}
	return "", fmt.Errorf("$%s is unset; set it, give it a default (${%s:-value})", name, name)
}

// NewHosts builds the host table of domains at their addresses, with
// environment variables read now and overrides applied by domain key. A
// domain whose address cannot be read (an unset variable without a
// default, an empty host, a port that is not a number from 1 to 65535) is
// left out of the table, which still serves the others, and named in the
// problems. With exactly one domain, it serves every host.
func NewHosts(domains []Address, overrides map[string]HostPort) (hosts *HostTable, problems []string) {
	entries := make([]HostEntry, 0, len(domains))
	owner := map[HostPort]string{} // the domain key at each address
	for i := range domains {
		d := &domains[i]
		host, port, err := d.Resolve(overrides)
		if err == nil && host == "" && len(domains) > 1 {
			err = fmt.Errorf("domain %s has no host", d.Key)
		}
		// routes.conf's own duplicates are check's error; one made by $NAME
		// or WithHost would leave a domain silently unserved.
		if other, taken := owner[HostPort{host, port}]; err == nil && taken {
			err = fmt.Errorf("domain %s is at %s, as domain %s is: it would never be served; give it another host or port", d.Key, net.JoinHostPort(host, cmp.Or(port, "default port")), other)
		}
		if err == nil {
			owner[HostPort{host, port}] = d.Key
		}
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		entries = append(entries, HostEntry{Host: host, Port: port, Domain: i})
	}
	hosts = newHostTable(entries, len(domains) == 1 && len(entries) == 1)
	hosts.addresses = domains
	return hosts, problems
}

// Address is where domain d is served, as routes.conf says, in a table of
// NewHosts.
func (t *HostTable) Address(d int) *Address { return &t.addresses[d] }

// SetFallback makes domain d serve the hosts no entry serves.
func (t *HostTable) SetFallback(d int) { t.fallback = d }

// ServesAll reports whether the table's one domain serves every host, so
// that a lookup need not read the host.
func (t *HostTable) ServesAll() bool { return t != nil && t.servesAll >= 0 }
