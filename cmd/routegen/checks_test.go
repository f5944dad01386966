package main

import (
	"strings"
	"testing"
)

// TestChangesPrintsChecksAsWritten: changes prints a role check's roles
// as routes.conf writes them, divided by commas, and a permission check's
// permissions divided by "|".
func TestChangesPrintsChecksAsWritten(t *testing.T) {
	conf := func(roles string) string {
		return `domains { site { host = "example.com"; routes { chart { path = "/chart"; controller = "Chart"; action = "Show"; auth = "authenticated"
  authorization { roles = [` + roles + `]; permissions = ["ispermittedall(chart:view | chart:edit,print)"] } } } } }
`
	}
	dir := writeFiles(t, map[string]string{"old/routes.conf": conf(`"hasrole(doctor)"`), "new/routes.conf": conf(`"hasallroles(doctor, staff)"`)})
	_, stdout, stderr := runIn(t, dir, "changes", "old/routes.conf", "new/routes.conf")
	for _, want := range []string{"hasallroles(doctor, staff)", "ispermittedall(chart:view | chart:edit,print)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("changes lacks %q:\n%s%s", want, stdout, stderr)
		}
	}
}
