package core

import "strings"

// IsWildcardHost reports whether host is a wildcard domain's: "*.example.com".
func IsWildcardHost(host string) bool { return len(host) > 2 && strings.HasPrefix(host, "*.") }

// RootDomain is the domain whose URLs are written as paths, every other
// domain's with their host, and whose routes RouteURL finds by their bare
// name: the first of n domains that is neither a subdomain nor a wildcard
// domain, as in aah; the first when every domain is one. isSubdomain
// reports domain i's subdomain flag and host.
func RootDomain(n int, domain func(i int) (subdomain bool, host string)) int {
	for i := range n {
		if subdomain, host := domain(i); !subdomain && !IsWildcardHost(host) {
			return i
		}
	}
	return 0
}
