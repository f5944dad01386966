package aahauth_test

import (
	"fmt"
	"testing"

	"github.com/routegen/routegen/runtime/aahauth"
)

// TestImplies holds Permission.Implies to aah's wildcard semantics.
func TestImplies(t *testing.T) {
	for _, tt := range []struct {
		granted, asked string
		want           bool
	}{
		{"user:read,edit:reportee", "user:read:reportee", true},
		{"user:read,edit:reportee", "user:edit:reportee", true},
		{"user:read,edit:reportee", "user:delete:reportee", false},
		{"user:read,edit:reportee", "user:read:manager", false},
		{"user:read,edit:reportee", "user:read,edit:reportee", true},
		{"user:read:reportee", "user:read,edit:reportee", false},
		{"user", "user:read:reportee", true},
		{"user", "printer", false},
		{"*", "user:read", true},
		{"user:*", "user:read", true},
		{"user:*:reportee", "user:delete:reportee", true},
		{"user:*:reportee", "user:delete:manager", false},
		{"user:read:*", "user:read", true},
		{"user:read:self", "user:read", false},
		{"USER:Read", "user:READ", true},
		{" user : read , edit ", "user:edit", true},
		{"user:read,,edit", "user:edit", true},
	} {
		granted, err := aahauth.ParsePermission(tt.granted)
		if err != nil {
			t.Fatalf("ParsePermission(%q): %v", tt.granted, err)
		}
		asked, err := aahauth.ParsePermission(tt.asked)
		if err != nil {
			t.Fatalf("ParsePermission(%q): %v", tt.asked, err)
		}
		if got := granted.Implies(asked); got != tt.want {
			t.Errorf("%q implies %q = %v, want %v", tt.granted, tt.asked, got, tt.want)
		}
	}
}

func TestParsePermission(t *testing.T) {
	for _, bad := range []string{"", "  ", "user::reportee", "user:", ":read"} {
		if _, err := aahauth.ParsePermission(bad); err == nil {
			t.Errorf("ParsePermission(%q): no error", bad)
		}
	}
	p, err := aahauth.ParsePermission(" User: Read , Edit :x")
	if err != nil || p.String() != "user:read,edit:x" {
		t.Errorf("ParsePermission = %v, %v; want user:read,edit:x", p, err)
	}
}

func TestSubject(t *testing.T) {
	s, err := aahauth.NewSubject([]string{"manager"}, "user:read,edit:reportee", "report:*")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		got, want bool
		what      string
	}{
		{s.HasRole("manager"), true, `HasRole("manager")`},
		{s.HasRole("Manager"), false, `HasRole("Manager")`},
		{s.IsPermitted("user:read:reportee"), true, `IsPermitted("user:read:reportee")`},
		{s.IsPermitted("report:export"), true, `IsPermitted("report:export")`},
		{s.IsPermitted("user:delete:reportee"), false, `IsPermitted("user:delete:reportee")`},
		{s.IsPermitted("user::reportee"), false, `IsPermitted("user::reportee")`},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.what, tt.got, tt.want)
		}
	}
	if _, err := aahauth.NewSubject(nil, "user::x"); err == nil {
		t.Error(`NewSubject(nil, "user::x"): no error`)
	}
}

// TestSubjectString: a subject prints as its roles and permissions.
func TestSubjectString(t *testing.T) {
	s, err := aahauth.NewSubject([]string{"manager"}, "users:manage:view", "users:*")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprintf("%s|%v", s, s), "roles [manager] permissions [users:manage:view users:*]|roles [manager] permissions [users:manage:view users:*]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
