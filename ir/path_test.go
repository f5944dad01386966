package ir

import "testing"

func TestTagIndex(t *testing.T) {
	for _, c := range []struct {
		path, tag string
		want      int
	}{
		{"/:id[nubmer]", "nubmer", 5},
		{"/:id[min=1,nubmer]", "nubmer", 11},
		{"/:id[number| uid]", "uid", 13},
		{"/:x[oneof=mx a,mx=3]", "mx", 15}, // not the word of oneof
		{"/mx/:x[mx=3]", "mx", 7},          // not the literal
		{"/:x[mxx]", "mx", -1},
	} {
		if got := tagIndex(c.path, c.tag); got != c.want {
			t.Errorf("tagIndex(%q, %q) = %d, want %d", c.path, c.tag, got, c.want)
		}
	}
}

func TestEscapeLiteral(t *testing.T) {
	for raw, want := range map[string]string{
		"users": "users",
		"α":     "%CE%B1",
		"café~": "caf%C3%A9~",
	} {
		got, err := escapeLiteral(raw)
		if err != nil || got != want {
			t.Errorf("escapeLiteral(%q) = %q, %v; want %q", raw, got, err, want)
		}
		if back := Unescaped("/" + got); back != "/"+raw {
			t.Errorf("Unescaped(%q) = %q, want %q", "/"+got, back, "/"+raw)
		}
	}
	for _, bad := range []string{"a b", "x?y", "%CE%B1", "a%20b", "\xff"} {
		if _, err := escapeLiteral(bad); err == nil {
			t.Errorf("escapeLiteral(%q) accepted", bad)
		}
	}
}
