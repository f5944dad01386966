package constraint

import "testing"

func TestConstraintCheck(t *testing.T) {
	cases := []struct{ constraint, value, want string }{
		{"number", "42", ""},
		{"number", "abc", `"abc" is not a number`},
		{"number", "9223372036854775807", ""},
		{"number", "9223372036854775808", `"9223372036854775808" is out of the range of a 64-bit integer`},
		{"number", "99999999999999999999", `"99999999999999999999" is out of the range of a 64-bit integer`},
		{"numeric", "1.", `"1." is not a decimal number`},
		{"required", "", `"" is empty`},
		{"alpha", "ab1", `"ab1" is not only ASCII letters`},
		{"alphanum", "a-1", `"a-1" is not only ASCII letters and digits`},
		{"uuid", "not-a-uuid", `"not-a-uuid" is not a UUID`},
		{"uuid4", "7f1c7d3e-5b2a-11ee-8c99-0242ac120002", `"7f1c7d3e-5b2a-11ee-8c99-0242ac120002" is not a version 4 UUID`},
		{"oneof=json xml", "yaml", `"yaml" is not one of json, xml`},
		{"oneof=json xml", "xml", ""},
		{"number,min=2000", "1999", `"1999" is less than 2000`},
		{"number,min=2000", "2000", ""},
		{"min=2000,number", "x", `"x" is not a number`},
		{"numeric,max=1.5", "2", `"2" is more than 1.5`},
		{"min=3,max=5", "ab", `"ab" is shorter than 3 characters`},
		{"min=3,max=5", "abcdef", `"abcdef" is longer than 5 characters`},
		{"len=2", "αβγ", `"αβγ" is not 2 characters long`},
		{"len=2", "αβ", ""},
		{"number|uuid", "x", `"x" meets none of number | uuid`},
		{"number|uuid", "7", ""},
		{"gt=1,lt=3", "abc", `"abc" is not shorter than 3 characters`},
	}
	for _, c := range cases {
		parsed, err := Parse(c.constraint)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.constraint, err)
		}
		got := ""
		if err := parsed.Check(c.value); err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%q.Check(%q) = %q, want %q", c.constraint, c.value, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"":         "empty constraint",
		"number|":  "empty tag in constraint",
		"number=3": `constraint tag "number" takes no value`,
		"min":      `constraint tag "min" needs a value (min=…)`,
		"max=ten":  `constraint tag "max" needs a number, found "ten"`,
		"nubmer":   `unsupported constraint tag "nubmer" (supported: required, number, numeric, alpha, alphanum, uuid, uuid3, uuid4, uuid5, oneof=, len=, min=, max=, gt=, gte=, lt=, lte=)`,
	}
	for text, want := range cases {
		_, err := Parse(text)
		if err == nil || err.Error() != want {
			t.Errorf("Parse(%q) = %v, want %q", text, err, want)
		}
	}
}

func TestConstraintCheckAllocatesNothingOnSuccess(t *testing.T) {
	c, err := Parse("number,min=1,max=99999")
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() {
		if c.Check("4242") != nil {
			t.Fatal("4242 fails")
		}
	}); n != 0 {
		t.Errorf("Check allocates %v times on success", n)
	}
}

// TestConstraintHoldsAllocs: the check a Lookup runs allocates nothing.
func TestConstraintHoldsAllocs(t *testing.T) {
	c, err := Parse("number,min=5,max=100|oneof=a b")
	if err != nil {
		t.Fatal(err)
	}
	ok := false
	allocs := testing.AllocsPerRun(100, func() { ok = c.Holds("42") && !c.Holds("x") })
	if !ok || allocs != 0 {
		t.Errorf("Holds: %v, %v allocations; want true and 0", ok, allocs)
	}
}

func TestCheckBound(t *testing.T) {
	for _, c := range []struct {
		v       string
		numeric bool
		op      BoundOp
		bound   float64
		want    bool
	}{
		{"abc", false, BoundLen, 3, true},
		{"café", false, BoundMax, 4, true},
		{"12", true, BoundGT, 11, true},
		{"12", true, BoundLT, 12, false},
		{"x", true, BoundMin, 0, false},
		{"5", true, BoundGTE, 5, true},
		{"5", true, BoundLTE, 4, false},
	} {
		if got := CheckBound(c.v, c.numeric, c.op, c.bound); got != c.want {
			t.Errorf("CheckBound(%q, %v, %d, %v) = %v, want %v", c.v, c.numeric, c.op, c.bound, got, c.want)
		}
	}
}
