package decide

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The rules of the default authorizer, written once: the router's
// (runtime.DefaultAuthorizer and aahauth.Subject) and the tools' that
// explain it (routegen match, routegen changes) are these.

// Authorization is a route's authorization { }, inheritance applied.
type Authorization struct {
	SatisfyBoth bool // "both"; otherwise "either"
	Roles       []Check
	Permissions []Check
}

// Check is one role or permission check: hasrole(a), ispermittedall(p1 | p2)…
type Check struct {
	Func string
	Args []string
}

// Subject is who the authorizer asks for its roles and permissions.
type Subject interface {
	HasRole(role string) bool
	IsPermitted(permission string) bool
}

// Allows reports whether s may use the route of a: each list, roles and
// permissions, holds when every check in it does; with satisfy "both"
// both lists must hold, with "either" one of them (a list not written
// does not count).
func (a *Authorization) Allows(s Subject) bool {
	return AllowsChecks(a.SatisfyBoth, a.Roles, a.Permissions, s)
}

// CheckType is Check, or a type declared with its fields (runtime.Check),
// whose lists AllowsChecks reads without a copy.
type CheckType interface {
	~struct {
		Func string
		Args []string
	}
}

// AllowsChecks is Allows of the authorization of satisfyBoth, roles
// and permissions, written with checks of another type than Check.
func AllowsChecks[C CheckType](satisfyBoth bool, roles, permissions []C, s Subject) bool {
	rolesHold, permissionsHold := failed(s, roles) < 0, failed(s, permissions) < 0
	switch {
	case satisfyBoth:
		return rolesHold && permissionsHold
	case len(roles) == 0:
		return permissionsHold
	case len(permissions) == 0:
		return rolesHold
	}
	return rolesHold || permissionsHold
}

// Explain is Allows, with why in words: the checks that fail, and what
// the subject lacks.
func (a *Authorization) Explain(s Subject) (allowed bool, why string) {
	allowed = a.Allows(s)
	var held, lacking []string
	for _, list := range [][]Check{a.Roles, a.Permissions} {
		if len(list) == 0 {
			continue
		}
		if i := failed(s, list); i >= 0 {
			lacking = append(lacking, list[i].String()+": "+lacks(s, list[i]))
		} else {
			held = append(held, checkList(list).String())
		}
	}
	switch {
	case allowed:
		return true, "the subject satisfies " + strings.Join(held, " and ")
	case a.SatisfyBoth:
		return false, `satisfy = "both", and the subject fails ` + strings.Join(lacking, "; ")
	}
	return false, "the subject fails " + strings.Join(lacking, "; ")
}

// failed is the index of the first check of list s fails, -1 for none.
func failed[C CheckType](s Subject, list []C) int {
	for i, check := range list {
		c := Check(check)
		var ok bool
		switch c.Func {
		case "hasrole", "hasallroles":
			ok = allOf(c.Args, s.HasRole)
		case "hasanyrole":
			ok = slices.ContainsFunc(c.Args, s.HasRole)
		case "ispermitted", "ispermittedall":
			ok = allOf(c.Args, s.IsPermitted)
		}
		if !ok {
			return i
		}
	}
	return -1
}

func allOf(args []string, holds func(string) bool) bool {
	for _, a := range args {
		if !holds(a) {
			return false
		}
	}
	return true
}

// lacks says what s lacks to pass c.
func lacks(s Subject, c Check) string {
	var missing []string
	holds, what := s.HasRole, "role"
	if strings.HasPrefix(c.Func, "ispermitted") {
		holds, what = s.IsPermitted, "permission"
	}
	for _, arg := range c.Args {
		if !holds(arg) {
			missing = append(missing, strconv.Quote(arg))
		}
	}
	if c.Func == "hasanyrole" {
		return "it has none of roles " + strings.Join(missing, ", ")
	}
	if len(missing) > 1 {
		what += "s"
	}
	return "it lacks " + what + " " + strings.Join(missing, ", ")
}

// String is the check as routes.conf writes it.
func (c Check) String() string {
	sep := ", "
	if strings.HasPrefix(c.Func, "ispermitted") {
		sep = " | "
	}
	return c.Func + "(" + strings.Join(c.Args, sep) + ")"
}

type checkList []Check

func (l checkList) String() string {
	parts := make([]string, len(l))
	for i, c := range l {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

// Permission is one of aah's wildcard permissions: parts divided by ":",
// each a list of values divided by ",", "*" standing for any value
// ("user:read,edit:reportee", "printer:*"). Letters compare in any case.
type Permission struct {
	parts [][]string
}

// ParsePermission reads a permission as aah did: trimmed and lower-cased,
// each value of a part trimmed and the empty ones dropped. A permission
// that is empty, or has a part that is empty (as in "user::reportee"), is
// an error.
func ParsePermission(text string) (Permission, error) {
	text = strings.ToLower(strings.TrimSpace(text))
	if text == "" {
		return Permission{}, errors.New("empty permission")
	}
	var p Permission
	for part := range strings.SplitSeq(text, ":") {
		values := strings.Split(part, ",")
		if len(values) == 1 && strings.TrimSpace(values[0]) == "" {
			return Permission{}, fmt.Errorf("permission %q has an empty part", text)
		}
		var kept []string
		for _, v := range values {
			if v = strings.TrimSpace(v); v != "" {
				kept = append(kept, v)
			}
		}
		p.parts = append(p.parts, kept)
	}
	return p, nil
}

// Implies reports whether p grants all that q asks, as aah decided it:
// each part of p holds "*" or every value of q's part at its position;
// the parts of q beyond p's last are granted ("user" implies
// "user:read:reportee"), and the parts of p beyond q's last must be "*"
// ("user:read:*" implies "user:read", "user:read:self" does not).
func (p Permission) Implies(q Permission) bool {
	for i, asked := range q.parts {
		if i >= len(p.parts) {
			return true
		}
		if granted := p.parts[i]; !slices.Contains(granted, "*") && !containsAll(granted, asked) {
			return false
		}
	}
	for _, granted := range p.parts[min(len(q.parts), len(p.parts)):] {
		if !slices.Contains(granted, "*") {
			return false
		}
	}
	return true
}

// String is the permission as ParsePermission reads it.
func (p Permission) String() string {
	parts := make([]string, len(p.parts))
	for i, values := range p.parts {
		parts[i] = strings.Join(values, ",")
	}
	return strings.Join(parts, ":")
}

func containsAll(granted, asked []string) bool {
	for _, v := range asked {
		if !slices.Contains(granted, v) {
			return false
		}
	}
	return true
}

// Holdings are the roles and permissions a subject holds, as aah's
// AuthorizationInfo held them: a role is compared exactly, a permission
// by Grants.
type Holdings struct {
	Roles       []string
	Permissions []Permission
}

// HasRole reports whether role is one of h's.
func (h Holdings) HasRole(role string) bool { return slices.Contains(h.Roles, role) }

// IsPermitted reports whether one of h's permissions implies permission.
func (h Holdings) IsPermitted(permission string) bool { return Grants(h.Permissions, permission) }

// Grants reports whether one of granted implies permission; a
// permission ParsePermission refuses is granted by none.
func Grants(granted []Permission, permission string) bool {
	asked, err := ParsePermission(permission)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(granted, func(p Permission) bool { return p.Implies(asked) })
}
