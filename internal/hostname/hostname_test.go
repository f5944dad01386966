package hostname

import (
	"encoding/json"
	"net/netip"
	"os"
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

// TestCheck: one validator for the hosts of routes.conf, $ENV and
// WithHost, held to testdata/hosts.json, the table of hosts (each accepted,
// or refused with its message) that the TypeScript module's check is held
// to as well.
func TestCheck(t *testing.T) {
	data, err := os.ReadFile("testdata/hosts.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Host  string `json:"host"`
		Error string `json:"error"` // "" when the host is accepted
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		got := ""
		if err := Check(c.Host); err != nil {
			got = err.Error()
		}
		if got != c.Error {
			t.Errorf("Check(%q) = %q, want %q", c.Host, got, c.Error)
		}
	}
	// JSON holds no invalid UTF-8.
	if err := Check("ex\xffample.com"); err == nil || err.Error() != "not valid UTF-8" {
		t.Errorf("Check of invalid UTF-8 = %v", err)
	}
}

// TestIPv6String: the form a browser serialises, against Node's URL.
func TestIPv6String(t *testing.T) {
	for in, want := range map[string]string{
		"0:0::1": "::1", "::ffff:127.0.0.1": "::ffff:7f00:1", "2001:db8:0:0:1:0:0:1": "2001:db8::1:0:0:1",
		"1:0:0:1:0:0:0:1": "1:0:0:1::1", "2001:db8::1:1:1:1:1": "2001:db8:0:1:1:1:1:1", "0::": "::",
		"1:0:0:0:0:0:0:0": "1::", "1:2:3:4:5:6:7:0": "1:2:3:4:5:6:7:0", "2001:DB8::1": "2001:db8::1",
	} {
		if got := IPv6String(netip.MustParseAddr(in)); got != want {
			t.Errorf("IPv6String(%s) = %s, want %s", in, got, want)
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

// TestBrowserIPv4: the address a browser reads a host that ends in a
// number as, against Node's URL ("" where it refuses the host).
func TestBrowserIPv4(t *testing.T) {
	for in, want := range map[string]string{
		"127.1": "127.0.0.1", "0x7f000001": "127.0.0.1", "0X7F.1": "127.0.0.1", "192.168.0": "192.168.0.0",
		"127.000.0.1": "127.0.0.1", "0": "0.0.0.0", "2130706433": "127.0.0.1", "010.1": "8.0.0.1",
		"1.2.3.4.": "1.2.3.4", "0x": "0.0.0.0", "127.0.0.1": "127.0.0.1",
		"256.0.0.1": "", "1.2.3.4.5": "", "api.0x": "", "example.com": "", "4294967296": "",
	} {
		got, ok := BrowserIPv4(in)
		if got != want || ok != (want != "") {
			t.Errorf("BrowserIPv4(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
