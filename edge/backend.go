// Package edge exports a route table to an edge proxy in front of the
// services that run its router: Caddy v2's JSON config and Kubernetes
// Gateway API v1 HTTPRoutes. The edge sends each request to the service of
// the route the router would choose for it; the services keep what the
// router decides after the route (policies, constraints, redirects, 405).
//
// Every function is a function of its arguments only: none reads a file.
package edge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/ir"
)

// Backend is a service the edge forwards to: a host name (a Kubernetes
// Service's name, or an address Caddy dials) and a port.
type Backend struct {
	Name string
	Port int
}

func (b Backend) String() string { return b.Name + ":" + strconv.Itoa(b.Port) }

// Assignment is one --backend: the backend of every route (Domain and
// Group empty), of a domain's routes, or of a group's (a route section's
// routes, at any depth).
type Assignment struct {
	Domain, Group string
	Backend       Backend
}

// ParseAssignment reads NAME:PORT, DOMAIN=NAME:PORT or
// DOMAIN/GROUP=NAME:PORT.
func ParseAssignment(spec string) (Assignment, error) {
	var a Assignment
	target := spec
	if scope, rest, ok := strings.Cut(spec, "="); ok {
		target = rest
		a.Domain, a.Group, _ = strings.Cut(scope, "/")
		if a.Domain == "" || strings.Contains(scope, "/") && a.Group == "" {
			return a, fmt.Errorf("backend %q: want NAME:PORT, DOMAIN=NAME:PORT or DOMAIN/GROUP=NAME:PORT", spec)
		}
	}
	i := strings.LastIndexByte(target, ':')
	if i <= 0 {
		return a, fmt.Errorf("backend %q: want NAME:PORT, DOMAIN=NAME:PORT or DOMAIN/GROUP=NAME:PORT", spec)
	}
	port, err := strconv.Atoi(target[i+1:])
	if err != nil || port < 1 || port > 65535 {
		return a, fmt.Errorf("backend %q: the port %q is not a number from 1 to 65535", spec, target[i+1:])
	}
	a.Backend = Backend{Name: target[:i], Port: port}
	return a, nil
}

// Backends says which backend serves each route of a table.
type Backends struct {
	route    map[*ir.Route]Backend
	fallback map[*ir.Domain]Backend // what no route answers: the catch-all, 404, 405, redirects
}

// Route is the backend of r.
func (b *Backends) Route(r *ir.Route) Backend { return b.route[r] }

// Fallback is the backend of the requests of d that no route answers: its
// catch_all's, or a router's 404, 405, redirect or automatic OPTIONS reply.
func (b *Backends) Fallback(d *ir.Domain) Backend { return b.fallback[d] }

// Assign gives each route of t its backend: a group's, else its domain's,
// else the one of every route. A domain, or a group named in no domain,
// is an error, and so is a route or a domain with no backend.
func Assign(t *ir.Table, list []Assignment) (*Backends, error) {
	b := &Backends{route: map[*ir.Route]Backend{}, fallback: map[*ir.Domain]Backend{}}
	var every *Backend
	domains := map[string]Backend{}
	groups := map[string]map[string]Backend{}
	for _, a := range list {
		switch {
		case a.Domain == "":
			every = &a.Backend
		case a.Group == "":
			domains[a.Domain] = a.Backend
		default:
			if groups[a.Domain] == nil {
				groups[a.Domain] = map[string]Backend{}
			}
			groups[a.Domain][a.Group] = a.Backend
		}
		if a.Domain != "" && !slices.ContainsFunc(t.Domains, func(d *ir.Domain) bool { return d.Key == a.Domain }) {
			return nil, fmt.Errorf("--backend %s=%s: routes.conf has no domain %q", a.scope(), a.Backend, a.Domain)
		}
	}
	for _, d := range t.Domains {
		own, ok := domains[d.Key]
		if !ok && every != nil {
			own, ok = *every, true
		}
		if !ok {
			return nil, fmt.Errorf("domain %s has no backend for the requests no route answers (its catch_all, 404, 405, redirects): give --backend %s=NAME:PORT or --backend NAME:PORT", d.Key, d.Key)
		}
		b.fallback[d] = own
		used := map[string]bool{}
		for _, r := range d.Routes {
			backend := own
			// The innermost group with a backend wins.
			for _, name := range slices.Backward(append(slices.Clip(r.Sections), r.Name)) {
				if g, ok := groups[d.Key][name]; ok {
					backend, used[name] = g, true
					break
				}
			}
			b.route[r] = backend
		}
		for name, g := range groups[d.Key] {
			if !used[name] {
				return nil, fmt.Errorf("--backend %s/%s=%s: domain %s has no route section %q with routes", d.Key, name, g, d.Key, name)
			}
		}
	}
	return b, nil
}

func (a Assignment) scope() string {
	if a.Group != "" {
		return a.Domain + "/" + a.Group
	}
	return a.Domain
}
