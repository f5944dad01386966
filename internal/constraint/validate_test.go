package constraint

import (
	"math"
	"strings"
	"testing"
)

func TestCharacterClasses(t *testing.T) {
	long := strings.Repeat("9", 1000)
	for _, tt := range []struct {
		s                                string
		number, numeric, alpha, alphanum bool
	}{
		{"", false, false, false, false},
		{"0", true, true, false, true},
		{"0123456789", true, true, false, true},
		{long, true, true, false, true},
		{"-1", false, true, false, false},
		{"+1", false, true, false, false},
		{"1.5", false, true, false, false},
		{"-0.25", false, true, false, false},
		{"1.", false, false, false, false},
		{".5", false, false, false, false},
		{"-", false, false, false, false},
		{"+", false, false, false, false},
		{"-.5", false, false, false, false},
		{"+-1", false, false, false, false},
		{"1.2.3", false, false, false, false},
		{"1e5", false, false, false, true},
		{" 1", false, false, false, false},
		{"1 ", false, false, false, false},
		{"0x1F", false, false, false, true},
		{"١٢٣", false, false, false, false}, // Arabic-Indic digits
		{"abc", false, false, true, true},
		{"ABCxyz", false, false, true, true},
		{"abc123", false, false, false, true},
		{"héllo", false, false, false, false},
		{"a_b", false, false, false, false},
		{"a-b", false, false, false, false},
		{"@[`{", false, false, false, false}, // neighbours of the letters
		{"/:", false, false, false, false},   // and of the digits
		{"\x00", false, false, false, false},
		{"\xff", false, false, false, false},
	} {
		if got := IsNumber(tt.s); got != tt.number {
			t.Errorf("IsNumber(%q) = %v", tt.s, got)
		}
		if got := IsNumeric(tt.s); got != tt.numeric {
			t.Errorf("IsNumeric(%q) = %v", tt.s, got)
		}
		if got := IsAlpha(tt.s); got != tt.alpha {
			t.Errorf("IsAlpha(%q) = %v", tt.s, got)
		}
		if got := IsAlphanum(tt.s); got != tt.alphanum {
			t.Errorf("IsAlphanum(%q) = %v", tt.s, got)
		}
	}
}

func TestIsUUID(t *testing.T) {
	for _, tt := range []struct {
		s       string
		version int
		want    bool
	}{
		{"6ba7b810-9dad-11d1-80b4-00c04fd430c8", 0, true},
		{"6ba7b810-9dad-11d1-80b4-00c04fd430c8", 1, true},
		{"6ba7b810-9dad-11d1-80b4-00c04fd430c8", 4, false},
		{"a3bb189e-8bf9-3888-9912-ace4e6543002", 3, true},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d479", 4, true},
		{"F47AC10B-58CC-4372-A567-0E02B2C3D479", 4, true},
		{"f47ac10b-58cc-4372-8567-0e02b2c3d479", 4, true},
		{"f47ac10b-58cc-4372-9567-0e02b2c3d479", 4, true},
		{"f47ac10b-58cc-4372-b567-0e02b2c3d479", 4, true},
		{"f47ac10b-58cc-4372-B567-0e02b2c3d479", 4, true},
		{"f47ac10b-58cc-4372-c567-0e02b2c3d479", 4, false}, // not the RFC variant
		{"f47ac10b-58cc-4372-7567-0e02b2c3d479", 4, false},
		{"f47ac10b-58cc-4372-c567-0e02b2c3d479", 0, true}, // any variant for version 0
		{"f47ac10b-58cc-4372-a567-0e02b2c3d479", 3, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d479", 5, false},
		{"886313e1-3b8a-5372-9b90-0c9aee199e5d", 5, true},
		{"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", 7, true},
		{"00000000-0000-0000-0000-000000000000", 0, true}, // the nil UUID
		{"00000000-0000-0000-0000-000000000000", 4, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d479", -1, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d479", 9, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d479", 52, false}, // '0'+52 is '4'
		{"", 0, false},
		{"f47ac10b58cc4372a5670e02b2c3d479", 0, false},
		{"{f47ac10b-58cc-4372-a567-0e02b2c3d479}", 0, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d47", 0, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d4799", 0, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d47g", 0, false},
		{"f47ac10b_58cc-4372-a567-0e02b2c3d479", 0, false},
		{"f47ac10b-58cc-4372-a5670-e02b2c3d479", 0, false},
		{"f47ac10b-58cc-4372-a567-0e02b2c3d4é", 0, false},
	} {
		if got := IsUUID(tt.s, tt.version); got != tt.want {
			t.Errorf("IsUUID(%q, %d) = %v; want %v", tt.s, tt.version, got, tt.want)
		}
	}
}

func TestIsOneOf(t *testing.T) {
	for _, tt := range []struct {
		s       string
		options []string
		want    bool
	}{
		{"red", []string{"red", "green"}, true},
		{"green", []string{"red", "green"}, true},
		{"Red", []string{"red", "green"}, false},
		{"re", []string{"red", "green"}, false},
		{"", []string{"red", ""}, true},
		{"", nil, false},
		{"red", nil, false},
	} {
		if got := IsOneOf(tt.s, tt.options...); got != tt.want {
			t.Errorf("IsOneOf(%q, %q) = %v; want %v", tt.s, tt.options, got, tt.want)
		}
	}
}

func TestLength(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"héllo", 5},
		{"日本語", 3},
		{"👍🏽", 2}, // runes, not graphemes
		{"\xff\xfe", 2},
		{strings.Repeat("é", 1000), 1000},
	} {
		if got := Length(tt.s); got != tt.want {
			t.Errorf("Length(%q) = %d; want %d", tt.s, got, tt.want)
		}
	}
}

func TestParseNumber(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want float64
		ok   bool
	}{
		{"0", 0, true},
		{"42", 42, true},
		{"-42", -42, true},
		{"+42", 42, true},
		{"3.25", 3.25, true},
		{"-0.5", -0.5, true},
		{"007", 7, true},
		{"1" + strings.Repeat("0", 400), math.Inf(1), true},
		{"-1" + strings.Repeat("0", 400), math.Inf(-1), true},
		{"0." + strings.Repeat("0", 400) + "1", 0, true},
		{"", 0, false},
		{"1.", 0, false},
		{".5", 0, false},
		{"1e5", 0, false},
		{"0x10", 0, false},
		{"Inf", 0, false},
		{"NaN", 0, false},
		{"1_000", 0, false},
		{" 1", 0, false},
		{"abc", 0, false},
	} {
		got, ok := ParseNumber(tt.s)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseNumber(%.20q) = %v, %v; want %v, %v", tt.s, got, ok, tt.want, tt.ok)
		}
	}
}

// validateSink keeps the results of TestValidateAllocs, so that no call
// can be dropped as unused.
var validateSink struct {
	ok bool
	n  int
	f  float64
}

func TestValidateAllocs(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() {
		s := &validateSink
		s.ok = IsNumber("12345") && IsNumeric("-12.5") && IsAlpha("abc") && IsAlphanum("abc123") &&
			IsUUID("f47ac10b-58cc-4372-a567-0e02b2c3d479", 4) && IsOneOf("green", "red", "green", "blue")
		s.n = Length("héllo")
		s.f, s.ok = ParseNumber("-12.5")
	})
	if !validateSink.ok || validateSink.n != 5 || validateSink.f != -12.5 {
		t.Errorf("unexpected results %+v", validateSink)
	}
	if allocs != 0 {
		t.Errorf("%v allocations; want 0", allocs)
	}
}

func FuzzValidate(f *testing.F) {
	for _, s := range []string{"", "1", "-1.5", "1.", ".5", "abc", "f47ac10b-58cc-4372-a567-0e02b2c3d479", "héllo"} {
		f.Add(s, 4)
	}
	f.Fuzz(func(t *testing.T, s string, version int) {
		if IsNumber(s) && !IsNumeric(s) {
			t.Fatalf("IsNumber(%q) but not IsNumeric", s)
		}
		if IsAlpha(s) && !IsAlphanum(s) {
			t.Fatalf("IsAlpha(%q) but not IsAlphanum", s)
		}
		if _, ok := ParseNumber(s); ok != IsNumeric(s) {
			t.Fatalf("ParseNumber(%q) ok = %v, IsNumeric = %v", s, ok, !ok)
		}
		if IsUUID(s, version) && !IsUUID(s, 0) {
			t.Fatalf("IsUUID(%q, %d) but not IsUUID(%q, 0)", s, version, s)
		}
		if n := Length(s); n < 0 || n > len(s) {
			t.Fatalf("Length(%q) = %d", s, n)
		}
	})
}
