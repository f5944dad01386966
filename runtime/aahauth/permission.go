package aahauth

import (
	"fmt"
	"slices"

	"github.com/routegen/routegen/internal/core/decide"
)

// Permission is one of aah's wildcard permissions: parts divided by ":",
// each a list of values divided by ",", "*" standing for any value
// ("user:read,edit:reportee", "printer:*"). Letters compare in any case.
// Its Implies is the rule the router and routegen match both apply.
type Permission struct {
	p decide.Permission
}

// Implies reports whether p grants all that q asks, as aah decided it:
// each part of p holds "*" or every value of q's part at its position;
// the parts of q beyond p's last are granted ("user" implies
// "user:read:reportee"), and the parts of p beyond q's last must be "*"
// ("user:read:*" implies "user:read", "user:read:self" does not).
func (p Permission) Implies(q Permission) bool { return p.p.Implies(q.p) }

// String is the permission as ParsePermission reads it.
func (p Permission) String() string { return p.p.String() }

// ParsePermission reads a permission as aah did: trimmed and lower-cased,
// each value of a part trimmed and the empty ones dropped. A permission
// that is empty, or has a part that is empty (as in "user::reportee"), is
// an error.
func ParsePermission(text string) (Permission, error) {
	p, err := decide.ParsePermission(text)
	if err != nil {
		return Permission{}, fmt.Errorf("aahauth: %w", err)
	}
	return Permission{p}, nil
}

// Subject is a user's roles and wildcard permissions, as aah's
// AuthorizationInfo held them: a runtime.Subject for the routes'
// authorization { }, which an authenticator returns.
type Subject struct {
	held decide.Holdings
}

// NewSubject returns the subject of roles and permissions; a permission
// that ParsePermission refuses is an error.
func NewSubject(roles []string, permissions ...string) (*Subject, error) {
	s := &Subject{held: decide.Holdings{Roles: slices.Clone(roles)}}
	for _, text := range permissions {
		p, err := ParsePermission(text)
		if err != nil {
			return nil, err
		}
		s.held.Permissions = append(s.held.Permissions, p.p)
	}
	return s, nil
}

// String is the subject as fmt prints it with %s or %v: its roles and
// permissions ("roles [manager] permissions [users:*]"). An application
// that prints who signed in embeds *Subject in a type of its own, whose
// String says who.
func (s *Subject) String() string {
	return fmt.Sprintf("roles %v permissions %v", s.held.Roles, s.held.Permissions)
}

// HasRole reports whether role is one of the subject's, compared exactly
// (as aah did).
func (s *Subject) HasRole(role string) bool { return s.held.HasRole(role) }

// IsPermitted reports whether one of the subject's permissions implies
// permission; a permission ParsePermission refuses is not permitted.
func (s *Subject) IsPermitted(permission string) bool { return s.held.IsPermitted(permission) }
