package hostname

import "testing"

func TestSplit(t *testing.T) {
	for _, tt := range []struct{ host, name, port string }{
		{"example.com", "example.com", ""},
		{"example.com:8080", "example.com", "8080"},
		{"Example.COM:80", "Example.COM", "80"},
		{"example.com:", "example.com", ""},
		{"example.com.", "example.com.", ""},
		{"[::1]:8080", "::1", "8080"},
		{"[::1]", "::1", ""},
		{"[::1]:", "::1", ""},
		{"127.0.0.1:443", "127.0.0.1", "443"},
		{"", "", ""},
		{":80", "", "80"},
		// Malformed: the name is the whole value.
		{"::1", "::1", ""},
		{"example.com:http", "example.com:http", ""},
		{"example.com:80:80", "example.com:80:80", ""},
		{"[::1", "[::1", ""},
		{"[::1]x", "[::1]x", ""},
		{"[::1]:x", "[::1]:x", ""},
		{"[]:80", "", "80"},
	} {
		name, port := Split(tt.host)
		if name != tt.name || port != tt.port {
			t.Errorf("Split(%q) = %q, %q; want %q, %q", tt.host, name, port, tt.name, tt.port)
		}
	}
}
