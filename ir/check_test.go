package ir_test

import (
	"testing"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/ir"
)

// TestCheckString: a check prints as routes.conf writes it, as the
// decision prints it: roles divided by commas, permissions by "|".
func TestCheckString(t *testing.T) {
	for _, c := range []struct {
		check ir.Check
		want  string
	}{
		{ir.Check{Func: "hasallroles", Args: []string{"doctor", "staff"}}, "hasallroles(doctor, staff)"},
		{ir.Check{Func: "hasanyrole", Args: []string{"a", "b"}}, "hasanyrole(a, b)"},
		{ir.Check{Func: "hasrole", Args: []string{"admin"}}, "hasrole(admin)"},
		{ir.Check{Func: "ispermittedall", Args: []string{"users:edit,view", "reports:*"}}, "ispermittedall(users:edit,view | reports:*)"},
	} {
		if got := c.check.String(); got != c.want {
			t.Errorf("%#v.String() = %q, want %q", c.check, got, c.want)
		}
		if got := (decide.Check{Func: c.check.Func, Args: c.check.Args}).String(); got != c.want {
			t.Errorf("decide prints %q, want %q", got, c.want)
		}
	}
}
