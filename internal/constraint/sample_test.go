package constraint_test

import (
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/constraint"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/difftest"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/internal/reference"
	"github.com/routegen/routegen/ir"
)

// randomConstraint is a constraint list of one to three terms of one or
// two tags, with arguments near one another so that terms interact.
func randomConstraint(rng *rand.Rand) string {
	numbers := []string{"-2", "0", "1", "2", "2.5", "3", "5", "6", "36", "100", "1e19", "9223372036854775807"}
	words := []string{"a", "ab", "7", "12", "abc", "x-y", "1.5"}
	var terms []string
	for range 1 + rng.IntN(3) {
		var tags []string
		for range 1 + rng.IntN(2) {
			name := constraint.Tags[rng.IntN(len(constraint.Tags))]
			switch {
			case name == "oneof=":
				name += words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]
			case strings.HasSuffix(name, "="):
				name += numbers[rng.IntN(len(numbers))]
			}
			tags = append(tags, name)
		}
		terms = append(terms, strings.Join(tags, "|"))
	}
	return strings.Join(terms, ",")
}

// TestValidPassesTheRouter: over random constraint lists, the value Valid
// calls valid meets the constraint by the reference's independent check
// and is served by the router's own decision at a route of that
// constraint; when Valid finds none, no value of the edges or of a pool
// of others meets it.
func TestValidPassesTheRouter(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 42))
	var satisfiable, unsatisfiable int
	pool := []string{"a", "1", "0", "-1", "1.5", "abc", "a1", "A", "12", "123456", "x-y", "9223372036854775807", strings.Repeat("1", 36), strings.Repeat("a", 100)}
	for range 3000 {
		text := randomConstraint(rng)
		c, err := constraint.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		// The reference reads ir's constraint, which may refuse one no
		// value meets: then the reference is not asked.
		ic, _ := ir.ParseConstraint(text)
		meets := func(v string) bool { return ic != nil && reference.Meets(ic, v) }
		v, ok := c.Valid()
		if !ok {
			unsatisfiable++
			for _, x := range append(c.Edges(), pool...) {
				if c.Holds(x) || meets(x) {
					t.Errorf("[%s]: Valid finds no value, but %q meets it", text, x)
				}
			}
			continue
		}
		satisfiable++
		if !c.Holds(v) || !meets(v) {
			t.Errorf("[%s]: Valid's %q does not meet it", text, v)
			continue
		}
		if edges := c.Edges(); len(edges) == 0 || edges[0] != v {
			t.Errorf("[%s]: Edges %q do not begin with Valid's %q", text, edges, v)
		}
		if satisfiable%10 == 0 { // the router is asked about one in ten, which is slower
			checkServed(t, text, v)
		}
	}
	if satisfiable < 1000 || unsatisfiable < 100 {
		t.Errorf("%d satisfiable and %d unsatisfiable lists: the generator should draw more of both", satisfiable, unsatisfiable)
	}
}

// checkServed asks the router's decision for GET /p/v at a route whose
// parameter has constraint text.
func checkServed(t *testing.T, text, v string) {
	t.Helper()
	conf := fmt.Sprintf("domains {\n  d {\n    host = \"localhost\"\n    routes { r { path = \"/p/:x[%s]\"; controller = \"C\"; action = \"A\" } }\n  }\n}\n", text)
	table, err := difftest.Load(conf)
	if err != nil {
		t.Errorf("[%s] holds %q, but routes.conf refuses it: %v", text, v, err)
		return
	}
	rt, _ := explain.New(table)
	r, err := rt.NewRequest("GET", "/p/"+url.PathEscape(v), []string{"Host: localhost:8080"})
	if err != nil {
		t.Fatal(err)
	}
	if a := rt.Answer(r, explain.Subject{Authenticated: true, Every: true}); a.Kind != decide.Action {
		t.Errorf("[%s]: the router answers GET /p/%s with %d %s, not its action", text, v, a.Status, a.Reason)
	}
}

func TestValidExamples(t *testing.T) {
	for text, want := range map[string]string{
		"number,min=1900,max=2100": "1900",
		"alphanum,len=6":           "111111",
		"len=8":                    "11111111",
		"number,min=2000":          "2000",
		"oneof=json xml":           "json",
		"uuid4":                    "123e4567-e89b-42d3-a456-426614174000",
		"number,gt=1,lt=2":         "",
		"numeric,gt=1,lt=2":        "1.5",
		"alpha,number":             "",
		"number,min=1e19":          "",
	} {
		c, err := constraint.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := c.Valid(); got != want {
			t.Errorf("[%s].Valid() = %q, want %q", text, got, want)
		}
	}
}
