package core

import "strings"

// RouteNames is what ReadRouteName reads a name against: the domains of a
// table and the routes of each by name.
type RouteNames interface {
	Domains() int
	// Domain is domain i's key, its host as links write it (routes.conf's
	// or the one a router was given; "" when it cannot be read), and
	// whether routes.conf marks it a subdomain.
	Domain(i int) (key, host string, subdomain bool)
	// Route is the first route of domain d named name, or -1.
	Route(d int, name string) int
}

// RouteName is the name a route named name of domain d is known by, in
// RouteURL, routegen match and changes, the OpenAPI export and messages:
// bare in the root domain, qualified ("domain_key.name") in any other.
func RouteName(root, d int, key, name string) string {
	if d == root {
		return name
	}
	return QualifiedRouteName(key, name)
}

// QualifiedRouteName is "domain_key.name", which names a route of any
// domain, the root domain's too.
func QualifiedRouteName(key, name string) string { return key + "." + name }

// NamedTarget is what a name RouteURL takes stands for: a route, or the
// origin of a domain ("host"), with the subdomain a label gave and the
// anchor after "#".
type NamedTarget struct {
	Route     int // -1 for the origin of Domain
	Domain    int
	Subdomain string // the label that named a wildcard domain's subdomain, lower case
	Labelled  bool   // a label gave the wildcard domain's subdomain: the arguments do not
	Anchor    string // after "#"; "" for none
}

// NoDomain is the current domain of ReadRouteName outside a request.
const NoDomain = -1

// ReadRouteName reads name as RouteURL and RouteURLNamedArgs take it:
// routegen's names first, "name" in the root domain and "domain_key.name"
// in any; then aah's: "host", the root domain's origin, and
// "domain_key.host"; "label.name" and "label.host", a domain by the first
// label of its host (LabelledDomain); each of them followed by "#anchor".
// A route's own name wins over "host", and a domain key over a label.
// current is the domain of the request the URL is written for and
// currentLabel the first label of its host (NoDomain and "" outside a
// request). ok is false when name stands for nothing.
func ReadRouteName(names RouteNames, root int, name string, current int, currentLabel string) (target NamedTarget, ok bool) {
	name, target.Anchor, _ = strings.Cut(name, "#")
	target.Route, target.Domain = -1, root
	prefix, short, qualified := strings.Cut(name, ".")
	if !qualified {
		short = name
	} else if target.Domain = domainOfKey(names, prefix); target.Domain < 0 {
		d, subdomain, found := LabelledDomain(names, prefix, current, currentLabel)
		if !found {
			return target, false
		}
		_, host, _ := names.Domain(d)
		target.Domain, target.Subdomain, target.Labelled = d, subdomain, IsWildcardHost(host)
	}
	if target.Route = names.Route(target.Domain, short); target.Route >= 0 {
		return target, true
	}
	return target, short == "host"
}

func domainOfKey(names RouteNames, key string) int {
	for i := range names.Domains() {
		if k, _, _ := names.Domain(i); k == key {
			return i
		}
	}
	return -1
}

// LabelledDomain is the domain that label, the first label of a host,
// names in aah's "label.name", as aah's router looked it up: the current
// domain when the request's host begins with label (currentLabel, which
// only a subdomain or wildcard domain has); else the first domain, in
// file order, that routes.conf marks a subdomain and whose host's first
// label is label (aah took a host that merely began with its letters); else
// the first wildcard domain, whose subdomain label is. Labels compare as
// hosts do, ignoring case; subdomain is label in lower case.
func LabelledDomain(names RouteNames, label string, current int, currentLabel string) (d int, subdomain string, ok bool) {
	label = strings.ToLower(label)
	if current != NoDomain && currentLabel != "" && strings.EqualFold(currentLabel, label) {
		return current, label, true
	}
	for i := range names.Domains() {
		_, host, isSubdomain := names.Domain(i)
		if first, _, _ := strings.Cut(host, "."); isSubdomain && !IsWildcardHost(host) && strings.EqualFold(first, label) {
			return i, label, true
		}
	}
	for i := range names.Domains() {
		if _, host, _ := names.Domain(i); IsWildcardHost(host) {
			return i, label, true
		}
	}
	return -1, "", false
}
