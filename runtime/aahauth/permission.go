package aahauth

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

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
		return Permission{}, errors.New("aahauth: empty permission")
	}
	var p Permission
	for part := range strings.SplitSeq(text, ":") {
		values := strings.Split(part, ",")
		if len(values) == 1 && strings.TrimSpace(values[0]) == "" {
			return Permission{}, fmt.Errorf("aahauth: permission %q has an empty part", text)
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

// Subject is a user's roles and wildcard permissions, as aah's
// AuthorizationInfo held them: a runtime.Subject for the routes'
// authorization { }, which an authenticator returns.
type Subject struct {
	roles       []string
	permissions []Permission
}

// NewSubject returns the subject of roles and permissions; a permission
// that ParsePermission refuses is an error.
func NewSubject(roles []string, permissions ...string) (*Subject, error) {
	s := &Subject{roles: slices.Clone(roles)}
	for _, text := range permissions {
		p, err := ParsePermission(text)
		if err != nil {
			return nil, err
		}
		s.permissions = append(s.permissions, p)
	}
	return s, nil
}

// String is the subject as fmt prints it with %s or %v: its roles and
// permissions ("roles [manager] permissions [users:*]"). An application
// that prints who signed in embeds *Subject in a type of its own, whose
// String says who.
func (s *Subject) String() string {
	return fmt.Sprintf("roles %v permissions %v", s.roles, s.permissions)
}

// HasRole reports whether role is one of the subject's, compared exactly
// (as aah did).
func (s *Subject) HasRole(role string) bool { return slices.Contains(s.roles, role) }

// IsPermitted reports whether one of the subject's permissions implies
// permission; a permission ParsePermission refuses is not permitted.
func (s *Subject) IsPermitted(permission string) bool {
	asked, err := ParsePermission(permission)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(s.permissions, func(p Permission) bool { return p.Implies(asked) })
}
