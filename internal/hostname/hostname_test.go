package hostname

import (
	"strings"
	"testing"
)

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

// TestCheck: one validator for the hosts of routes.conf, $ENV and WithHost.
func TestCheck(t *testing.T) {
	for _, ok := range []string{"example.com", "*.example.com", "localhost", "my_service", "xn--caf-dma.example", "[::1]", "[2001:db8::1]", "[::ffff:127.0.0.1]"} {
		if err := Check(ok); err != nil {
			t.Errorf("Check(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"", "exa mple.com", "example.com\x00", "\texample.com", "ex\xffample.com", "example.com\x7f", "a/b", "http://x", "a.com:80", "x.*.com", "a..b", "$api_host", "${API_HOST}", "a,b", "a@b", "a%2eb", "a+b"} {
		if Check(bad) == nil {
			t.Errorf("Check(%q) = nil, want an error", bad)
		}
	}
	if err := Check("café.example"); err == nil || !strings.HasPrefix(err.Error(), "a host is written in ASCII") {
		t.Errorf(`Check("café.example") = %v, want it to ask for the name's ASCII form`, err)
	}
	// An IPv6 address is whole, in brackets, its port apart: anything
	// else would write a broken URL (//[::1]:80:8080/) and match no Host.
	for bad, want := range map[string]string{
		"::1":            `write an IPv6 address in brackets ("[::1]"), and its port in port`,
		"[::1]:80":       `not an IPv6 address in brackets ("[::1]", without a zone); write the port in port`,
		"[::1":           `not an IPv6 address in brackets`,
		"[::1]x":         `not an IPv6 address in brackets`,
		"[]":             `not an IPv6 address in brackets`,
		"[nothex]":       `not an IPv6 address in brackets`,
		"[127.0.0.1]":    `not an IPv6 address in brackets`,
		"[fe80::1%eth0]": `not an IPv6 address in brackets`,
		"*.[::1]":        `not an IPv6 address in brackets`,
	} {
		if err := Check(bad); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Check(%q) = %v, want %s", bad, err, want)
		}
	}
}

// TestCheckNumericHosts: a browser reads a URL's host whose last label is
// a number as an IPv4 address, so only the four-number form keeps the
// Host its links send equal to the domain's.
func TestCheckNumericHosts(t *testing.T) {
	for _, ok := range []string{"127.0.0.1", "10.0.0.255", "0.0.0.0", "v1.example", "2b.example", "a1", "host0x", "0xg", "1x.local"} {
		if err := Check(ok); err != nil {
			t.Errorf("Check(%q) = %v, want nil", ok, err)
		}
	}
	const want = "a browser reads a host that ends in a number as an IPv4 address"
	for _, bad := range []string{"0", "000000", "2130706433", "127.1", "192.168.0", "127.000.0.1", "256.0.0.1", "1.2.3.4.5", "example.123", "0x7f000001", "0X7F.1", "api.0x", "*.1.2.3.4", "*.example.12"} {
		if err := Check(bad); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Check(%q) = %v, want %s…", bad, err, want)
		}
	}
}

func TestCheckPort(t *testing.T) {
	for _, ok := range []string{"", "1", "80", "8080", "65535"} {
		if err := CheckPort(ok); err != nil {
			t.Errorf("CheckPort(%q) = %v, want nil", ok, err)
		}
	}
	for _, bad := range []string{"0", "+80", "-1", "08080", "65536", "100000", "80a", " 80", "0x50"} {
		if CheckPort(bad) == nil {
			t.Errorf("CheckPort(%q) = nil, want an error", bad)
		}
	}
}
