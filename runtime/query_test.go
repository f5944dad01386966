package runtime

import (
	"net/url"
	"strings"
	"testing"
)

var queryTests = []struct {
	query, name, want string
}{
	{"a=1&b=x%20y", "a", "1"},
	{"a=1&b=x%20y", "b", "x y"},
	{"a=1&b=x%20y", "c", ""},
	{"", "a", ""},
	{"", "", ""},
	{"a=1&a=2", "a", "1"},   // the first value
	{"b=x+y", "b", "x y"},   // '+' is a space
	{"b=x%2By", "b", "x+y"}, // an escaped '+' is not
	{"a", "a", ""},          // no '='
	{"a&a=2", "a", ""},      // the first value is empty
	{"a=", "a", ""},
	{"=1", "", "1"},       // an empty key
	{"a=1=2", "a", "1=2"}, // only the first '=' splits
	{"&&a=1&&", "a", "1"}, // empty pairs
	{"&=0", "", "0"},      // are not empty keys
	{"&", "", ""},
	{"a%62=1", "ab", "1"},  // the key is unescaped
	{"a%62=1", "a%62", ""}, // and not compared raw
	{"a+b=1", "a b", "1"},
	{"%41=1", "A", "1"},
	{"%4a=1&%4A=2", "J", "1"}, // either case of hex
	{"%zz=1&a=2", "a", "2"},   // a bad key escape skips the pair
	{"a%=1&a=2", "a", "2"},
	{"a%6=1&a=2", "a", "2"},
	{"a=%zz&a=2", "a", "2"}, // as does a bad value escape
	{"a=%&a=2", "a", "2"},
	{"a=1;b=2", "a", ""}, // ';' is not a separator: the pair is dropped
	{"a=1;b=2&a=3", "a", "3"},
	{"x;=1&a=2", "a", "2"},
	{"a=%E2%82%AC", "a", "€"}, // UTF-8
	{"€=1", "€", "1"},         // raw UTF-8 in the key
	{"a=x&ab=y", "ab", "y"},   // prefixes do not match
	{"ab=y&a=x", "a", "x"},
	{"a=1#frag", "a", "1#frag"},
}

func TestQueryValue(t *testing.T) {
	for _, tt := range queryTests {
		if got := queryValue(tt.query, tt.name); got != tt.want {
			t.Errorf("queryValue(%q, %q) = %q; want %q", tt.query, tt.name, got, tt.want)
		}
		if values, _ := url.ParseQuery(tt.query); values.Get(tt.name) != tt.want {
			t.Errorf("the test is wrong: url.ParseQuery(%q).Get(%q) = %q; want %q", tt.query, tt.name, values.Get(tt.name), tt.want)
		}
	}
}

func TestQueryValueAllocs(t *testing.T) {
	for _, tt := range []struct{ query, name string }{
		{"a=1&b=xy&c=3", "b"},
		{"a=1&b=xy&c=3", "missing"},
		{"a%62=1&b=x%20y&c=3", "ab"}, // an escaped key costs nothing
		{"a=x%20y&b=x+y&c=3", "c"},   // nor do escapes in other values
		{"", "a"},
	} {
		allocs := testing.AllocsPerRun(100, func() { queryValue(tt.query, tt.name) })
		if allocs != 0 {
			t.Errorf("queryValue(%q, %q): %v allocations; want 0", tt.query, tt.name, allocs)
		}
	}
}

func BenchmarkQueryValue(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		queryValue("page=2&sort=name&filter=active&lang=en", "lang")
	}
}

// FuzzQueryValue checks queryValue against url.ParseQuery for every key
// ParseQuery finds and for a few it may not.
func FuzzQueryValue(f *testing.F) {
	for _, tt := range queryTests {
		f.Add(tt.query, tt.name)
	}
	f.Fuzz(func(t *testing.T, query, name string) {
		values, err := url.ParseQuery(query)
		if err != nil && strings.Count(query, "&") >= 10000 {
			return // over ParseQuery's limit on the number of pairs
		}
		// ParseQuery keeps the valid pairs even when it reports an error.
		for key := range values {
			if got, want := queryValue(query, key), values.Get(key); got != want {
				t.Fatalf("queryValue(%q, %q) = %q; url.ParseQuery gives %q", query, key, got, want)
			}
		}
		if got, want := queryValue(query, name), values.Get(name); got != want {
			t.Fatalf("queryValue(%q, %q) = %q; url.ParseQuery gives %q", query, name, got, want)
		}
	})
}
