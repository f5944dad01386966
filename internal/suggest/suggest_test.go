package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"abc", "", 3},
		{"home", "home", 0},
		{"home", "hone", 1},  // a substitution
		{"home", "hom", 1},   // a deletion
		{"home", "homes", 1}, // an insertion
		{"home", "hmoe", 1},  // a swap of adjacent bytes
		{"kitten", "sitting", 3},
		{"ca", "abc", 3}, // a swap is not followed by an insertion between its bytes
	} {
		if got := Distance(tc.a, tc.b); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
		if got := Distance(tc.b, tc.a); got != tc.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
		}
	}
}

func TestClosest(t *testing.T) {
	names := []string{"show_hotel", "Search", "hotels", "hotel"}
	for _, tc := range []struct {
		s    string
		max  int
		want string
	}{
		{"show_hotle", 2, "show_hotel"},
		{"SEARCH", 0, "Search"}, // case is ignored, and the candidate returned as written
		{"hotelss", 1, "hotels"},
		{"hotelx", 1, "hotels"}, // the first of two as near
		{"booking", 2, ""},
		{"show_hotle", 0, ""},
	} {
		if got := Closest(tc.s, names, tc.max); got != tc.want {
			t.Errorf("Closest(%q, %d) = %q, want %q", tc.s, tc.max, got, tc.want)
		}
	}
	if got := Closest("x", nil, 5); got != "" {
		t.Errorf("Closest with no candidates = %q", got)
	}
}

// TestOneEdit: OneEdit agrees with Distance on every pair of short
// strings of a small alphabet.
func TestOneEdit(t *testing.T) {
	var words []string
	var grow func(w string)
	grow = func(w string) {
		words = append(words, w)
		if len(w) < 4 {
			for _, c := range "abc" {
				grow(w + string(c))
			}
		}
	}
	grow("")
	for _, a := range words {
		for _, b := range words {
			if got, want := OneEdit(a, b), Distance(a, b) == 1; got != want {
				t.Errorf("OneEdit(%q, %q) = %v; Distance is %d", a, b, got, Distance(a, b))
			}
		}
	}
}
