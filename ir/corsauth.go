package ir

import (
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/parser"
)

// headers are the request headers a scheme reads its credentials from:
// basic's Authorization, a generic scheme's header.identity and
// header.credential; none for a scheme that reads a cookie.
func (s *AuthScheme) headers() []string {
	switch s.Kind {
	case "basic":
		return []string{"Authorization"}
	case "generic":
		if s.CredentialHeader != "" {
			return []string{s.IdentityHeader, s.CredentialHeader}
		}
		return []string{s.IdentityHeader}
	}
	return nil
}

// corsAuthHeaders warns of a scheme's header that the CORS policy of a
// route naming the scheme does not allow: a browser's preflight for a
// request that sends it is refused, so the route is out of reach of the
// browser applications CORS is there for. One warning per domain, scheme
// and header, at the allow_headers that lacks it (else the cors that
// enables the policy), counting the routes.
func corsAuthHeaders(t *Table) parser.Diagnostics {
	if t.Security == nil {
		return nil
	}
	var diags parser.Diagnostics
	for _, d := range t.Domains {
		type gap struct{ scheme, header string }
		routes := map[gap][]*Route{}
		var order []gap
		for _, r := range d.Routes {
			i := slices.IndexFunc(t.Security.Schemes, func(s AuthScheme) bool { return s.Name == r.Auth })
			if r.CORS == nil || i < 0 {
				continue
			}
			for _, h := range t.Security.Schemes[i].headers() {
				if allowsHeader(r.CORS, h) {
					continue
				}
				g := gap{r.Auth, h}
				if routes[g] == nil {
					order = append(order, g)
				}
				routes[g] = append(routes[g], r)
			}
		}
		for _, g := range order {
			rs := routes[g]
			pos, ok := rs[0].PolicyPos["cors.allow_headers"]
			if !ok {
				pos = rs[0].PolicyPos["cors"]
			}
			if !pos.IsValid() {
				pos = rs[0].Pos
			}
			names := make([]string, 0, 3)
			for _, r := range rs[:min(len(rs), 3)] {
				names = append(names, fmt.Sprintf("%q", r.Name))
			}
			if len(rs) > 3 {
				names = append(names, "…")
			}
			which := "route " + names[0] + " names"
			if len(rs) > 1 {
				which = fmt.Sprintf("%d routes (%s) name", len(rs), strings.Join(names, ", "))
			}
			diags.Warnf(pos, "domain %q: %s auth %q, whose scheme reads header %s, which CORS allow_headers does not allow: browsers' preflights of requests that send it are refused; add %q to allow_headers",
				d.Key, which, g.scheme, g.header, g.header)
		}
	}
	return diags
}

// allowsHeader reports whether the CORS policy c lets a preflight ask for
// the header name, as the CORS library reads allow_headers.
func allowsHeader(c *CORS, name string) bool {
	allowed := c.AllowHeaders
	if len(allowed) == 0 {
		allowed = []string{"Accept", "Content-Type", "X-Requested-With"} // the library's default
	}
	return slices.ContainsFunc(allowed, func(h string) bool { return h == "*" || strings.EqualFold(h, name) })
}
