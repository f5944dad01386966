package changes

import (
	"os"
	"strings"
	"testing"
)

// TestRulesDocumented: docs/reference.md lists every rule, with its
// change and what a client feels, in the order of Rules.
func TestRulesDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, r := range Rules {
		want.WriteString(ruleRow(r))
	}
	if !strings.Contains(string(data), "|---|---|---|\n"+want.String()) {
		t.Errorf("docs/reference.md does not list the rules as Rules has them; the table's rows are:\n%s", want.String())
	}
}

func ruleRow(r Rule) string {
	return "| `" + r.ID + "` | " + strings.TrimSpace(r.Change) + " | " + r.Felt + " |\n"
}
