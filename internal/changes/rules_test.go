package changes

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRulesDocumented: docs/reference.md states the number of rules and
// lists every rule, by category, with each direction and what a client
// feels, in the order of Rules.
func TestRulesDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/reference.md")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	categories := 0
	for i, r := range Rules {
		category := string(r.Category)
		if i > 0 && Rules[i-1].Category == r.Category {
			category = ""
		} else {
			categories++
		}
		for j, o := range r.Outcomes {
			id, dir := "`"+r.ID+"`", ""
			if o.Direction != "" {
				dir = "`" + string(o.Direction) + "`"
			}
			if j > 0 {
				category, id = "", ""
			}
			fmt.Fprintf(&want, "| %s | %s | %s | %s |\n", category, id, dir, o.Felt)
		}
	}
	if !strings.Contains(string(data), "|---|---|---|---|\n"+want.String()) {
		t.Errorf("docs/reference.md does not list the rules as Rules has them; the table's rows are:\n%s", want.String())
	}
	if count := fmt.Sprintf("one of %d rules in %d categories", len(Rules), categories); !strings.Contains(string(data), count) {
		t.Errorf("docs/reference.md does not say %q", count)
	}
}

// TestLookupFinding: an --accept file's ID is a rule and its direction;
// an ID of before the rules had directions names the one to write, and
// a misspelt one the nearest.
func TestLookupFinding(t *testing.T) {
	for _, c := range []struct{ id, rule, err string }{
		{"ROUTE/removed", "ROUTE/removed", ""},
		{"PATH_CHANGED", "PATH_CHANGED", ""},
		{"ROUTE_REMOVED", "", "ROUTE_REMOVED is written ROUTE/removed now"},
		{"ROUTE_REMOVD", "", "unknown rule ROUTE_REMOVD; did you mean ROUTE/removed?"},
		{"ROUTE/remved", "", `rule ROUTE has no direction "remved": want ROUTE/added, ROUTE/removed`},
		{"ROUTE", "", "rule ROUTE takes a direction: ROUTE/added, ROUTE/removed"},
		{"PATH_CHANGED/added", "", "rule PATH_CHANGED has no direction: write PATH_CHANGED"},
		{"cors_origins/added", "", "unknown rule cors_origins/added; did you mean CORS_ORIGINS/added?"},
		{"NOTHING_LIKE_IT", "", "unknown rule NOTHING_LIKE_IT"},
	} {
		r, d, err := LookupFinding(c.id)
		got, msg := "", ""
		if r != nil {
			got = findingID(r.ID, d)
		}
		if err != nil {
			msg = err.Error()
		}
		if got != c.rule || msg != c.err {
			t.Errorf("LookupFinding(%q) = %q, %v; want %q, %q", c.id, got, err, c.rule, c.err)
		}
	}
}

// TestEveryOutcomeShown: each rule's every direction is found by a case
// of testdata, forwards or reversed, so that the catalogue holds no
// outcome that no check makes.
func TestEveryOutcomeShown(t *testing.T) {
	files, err := filepath.Glob("testdata/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	for _, r := range Rules {
		for _, o := range r.Outcomes {
			if id := findingID(r.ID, o.Direction); !strings.Contains(all.String(), " "+id+": ") {
				t.Errorf("no case of testdata finds %s", id)
			}
		}
	}
}
