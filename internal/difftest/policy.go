package difftest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
)

// The pools of the policies: auth schemes ("basic", "token") that a route
// may name without a security.conf, and CORS origins with wildcards among
// them.
var (
	authValues      = []string{"anonymous", "authenticated", "basic", "token", "basic", "token"}
	corsOrigins     = []string{"https://app.test", "https://*.app.test", "http://localhost:*", "https://example.com", "*"}
	corsHeaderNames = []string{"X-Custom", "Content-Type", "Authorization", "*"}
	corsMethods     = []string{"GET", "POST", "PUT", "DELETE", "PATCH", "*"}
	bodySizes       = []string{"1", "8", "64", `"1kb"`}
)

// The pools of authorization: the roles, the permissions a route asks
// for, and the wildcard permissions a subject may hold, which imply some
// of them in every way aah's rules allow (a shorter permission, "*" in
// a part, a list of values).
var (
	roles            = []string{"admin", "a", "b", "manager"}
	askedPermissions = []string{"users:view", "users:edit", "reports:read,write", "a", "b:x:y", "printer:lp7200:print"}
	heldPermissions  = []string{"*", "users:*", "users:view", "users:view,edit", "reports:read", "reports:*", "a", "b", "b:x", "b:*:y", "printer:*:print"}
)

// authorization is a random authorization { }: one to three checks of
// roles, of permissions or both, either or both satisfied.
func (w *confWriter) authorization() string {
	var parts []string
	withRoles, withPermissions := w.maybe(0.7), w.maybe(0.5)
	if !withRoles && !withPermissions {
		withPermissions = true
	}
	if withRoles {
		var checks []string
		for range 1 + w.policy.IntN(2) {
			switch fn := pick(w.policy, []string{"hasrole", "hasanyrole", "hasallroles"}); fn {
			case "hasrole":
				checks = append(checks, fn+"("+pick(w.policy, roles)+")")
			default:
				checks = append(checks, fn+"("+strings.Join(pickFrom(w.policy, roles, 3), ", ")+")")
			}
		}
		parts = append(parts, "roles = "+quoted(checks))
	}
	if withPermissions {
		var checks []string
		for range 1 + w.policy.IntN(2) {
			if w.maybe(0.5) {
				checks = append(checks, "ispermitted("+pick(w.policy, askedPermissions)+")")
			} else {
				checks = append(checks, "ispermittedall("+strings.Join(pickFrom(w.policy, askedPermissions, 3), " | ")+")")
			}
		}
		parts = append(parts, "permissions = "+quoted(checks))
	}
	if withRoles && withPermissions && w.maybe(0.5) {
		parts = append(parts, `satisfy = "both"`)
	}
	return "authorization { " + strings.Join(parts, "; ") + " }"
}

func (w *confWriter) maybe(p float64) bool { return w.policy.Float64() < p }

func pickFrom(rng *rand.Rand, list []string, most int) []string {
	var out []string
	for range 1 + rng.IntN(most) {
		if s := pick(rng, list); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

func quoted(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// domainPolicies writes a domain's default_auth, anti_csrf_check and cors.
func (w *confWriter) domainPolicies() {
	if w.maybe(0.3) {
		w.line(2, "default_auth = %q", pick(w.policy, authValues))
	}
	if w.maybe(0.2) {
		w.line(2, "anti_csrf_check = false")
	}
	if w.maybe(0.35) {
		w.line(2, "cors { enable = %v; %s }", w.maybe(0.8), w.corsFields())
	}
}

// corsFields are some fields of a cors { }: allow_credentials is written
// with allow_origins, true only without a wildcard, so that no child
// inherits credentials onto a wildcard origin, which is an error.
func (w *confWriter) corsFields() string {
	var fields []string
	if w.maybe(0.8) {
		origins := pickFrom(w.policy, corsOrigins, 3)
		credentials := !slices.ContainsFunc(origins, func(o string) bool { return strings.Contains(o, "*") }) && w.maybe(0.5)
		fields = append(fields, "allow_origins = "+quoted(origins), fmt.Sprintf("allow_credentials = %v", credentials))
	}
	if w.maybe(0.4) {
		fields = append(fields, "allow_methods = "+quoted(pickFrom(w.policy, corsMethods, 3)))
	}
	if w.maybe(0.4) {
		fields = append(fields, "allow_headers = "+quoted(pickFrom(w.policy, corsHeaderNames, 2)))
	}
	if w.maybe(0.2) {
		fields = append(fields, `expose_headers = ["X-Total"]`, "max_age = 600")
	}
	return strings.Join(fields, "; ")
}

// catchAllPolicies are the policy keys of a catch_all, each after "; ".
func (w *confWriter) catchAllPolicies() string {
	var b strings.Builder
	if w.maybe(0.4) {
		fmt.Fprintf(&b, "; auth = %q", pick(w.policy, authValues))
	}
	if w.maybe(0.3) {
		fmt.Fprintf(&b, "; max_body_size = %s", pick(w.policy, bodySizes))
	}
	if w.maybe(0.3) {
		fmt.Fprintf(&b, "; anti_csrf_check = %v", w.maybe(0.7))
	}
	if w.maybe(0.3) {
		fmt.Fprintf(&b, "; cors { %s }", w.corsFields())
	}
	return b.String()
}

// routePolicies writes the policy keys of a route section, which its
// children inherit.
func (w *confWriter) routePolicies(depth int) {
	if w.maybe(0.3) {
		w.line(depth, "auth = %q", pick(w.policy, authValues))
	}
	if w.maybe(0.15) {
		w.line(depth, "%s", w.authorization())
	}
	if w.maybe(0.15) {
		w.line(depth, "anti_csrf_check = %v", w.maybe(0.5))
	}
	if w.maybe(0.2) {
		w.line(depth, "max_body_size = %s", pick(w.policy, bodySizes))
	}
	switch x := w.policy.Float64(); {
	case x < 0.2:
		w.line(depth, "cors { %s }", w.corsFields())
	case x < 0.25:
		w.line(depth, "cors { enable = false }")
	}
}
