package reference_test

import (
	"testing"

	"github.com/routegen/routegen/internal/constraint"

	"github.com/routegen/routegen/internal/reference"
	"github.com/routegen/routegen/ir"
)

// TestRuntimeConstraintAgrees checks constraint.Parse and Check,
// which read a constraint's text, against the reference over ir's parse.
func TestRuntimeConstraintAgrees(t *testing.T) {
	constraints := []string{
		"required", "number", "numeric", "alpha", "alphanum", "uuid", "uuid3", "uuid4", "uuid5",
		"oneof=a b c", "len=3", "min=2", "max=5", "gt=2", "gte=2", "lt=5", "lte=5",
		"number,min=10,max=99", "numeric, gt=-1.5", "alpha|number", "alpha | number , max=3",
		"min=2,max=5", "oneof=v1 v2|number",
	}
	values := []string{
		"", "0", "7", "10", "42", "99", "100", "-1", "-2", "1.5", "abc", "ab", "abcdef", "a1", "é", "ééé",
		"a", "b", "v1", "v3", "1e5",
		"123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-42d3-a456-426614174000",
		"123e4567-e89b-32d3-8456-426614174000", "123e4567-e89b-52d3-c456-426614174000",
	}
	for _, text := range constraints {
		c, err := ir.ParseConstraint(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		rc, err := constraint.Parse(c.Text)
		if err != nil {
			t.Fatalf("constraint.Parse(%q): %v", c.Text, err)
		}
		for _, v := range values {
			if got, want := rc.Check(v) == nil, reference.Meets(c, v); got != want {
				t.Errorf("runtime: %q meets %q = %v, reference says %v", v, c.Text, got, want)
			}
		}
	}
}
