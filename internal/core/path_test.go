package core

import "testing"

func TestCanonicalEscapes(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/", "/"},
		{"/users/42", "/users/42"},
		{"/%CE%B1", "/%CE%B1"},
		{"/%ce%b1", "/%CE%B1"},
		{"/%Ce%B1/x", "/%CE%B1/x"},
		{"/α", "/%CE%B1"},
		{"/α/%ce%b2/%2f/%2F/%7e", "/%CE%B1/%CE%B2/%2f/%2F/%7e"}, // ASCII escapes as sent
		{"/%e", "/%e"},
		{"/%ez", "/%ez"},
		{"/\xff", "/%FF"},
	} {
		if got := CanonicalEscapes(c.path); got != c.want {
			t.Errorf("CanonicalEscapes(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}

func TestCanonicalEscapesAllocations(t *testing.T) {
	for _, path := range []string{"/users/42/profile", "/%CE%B1/%2f"} {
		if n := testing.AllocsPerRun(100, func() { CanonicalEscapes(path) }); n != 0 {
			t.Errorf("CanonicalEscapes(%q) allocates %v times; want 0 for a path spelt canonically", path, n)
		}
	}
}
