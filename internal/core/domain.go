package core

import "strings"

// IsWildcardHost reports whether host is a wildcard domain's: "*.example.com".
func IsWildcardHost(host string) bool { return len(host) > 2 && strings.HasPrefix(host, "*.") }

// CutWildcard is the name whose subdomains a wildcard domain's host
// serves ("example.com" of "*.example.com"), with wildcard true; any other
// host is returned as it is, with wildcard false.
func CutWildcard(host string) (name string, wildcard bool) {
	if !IsWildcardHost(host) {
		return host, false
	}
	return host[len("*."):], true
}

// PortOrDefault is port, or "" for the scheme's default port when it is
// 80 or 443: routes.conf's port, a request's Host and a link's host all
// write the default as none.
func PortOrDefault(port string) string {
	if port == "80" || port == "443" {
		return ""
	}
	return port
}

// SchemeOf is the scheme of a domain's URLs: "https" when it listens on
// port 443 or TLS is configured, else "http". port is as written, before
// PortOrDefault drops 443; "" when read from the environment.
func SchemeOf(port string, tls bool) string {
	if tls || port == "443" {
		return "https"
	}
	return "http"
}

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
