package runtime

import (
	"net/http/httptest"
	"strings"
	"testing"
)

const browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

var acceptTests = []struct {
	header                string
	mime, version, vendor string
}{
	// The forms of the spec.
	{"application/json", "application/json", "", ""},
	{"application/json; version=2", "application/json", "2", ""},
	{"application/vnd.acme.app.user-v2+json", "application/vnd.acme.app.user-v2+json", "2", "acme.app.user"},
	{"text/html;q=0.5, application/vnd.x.y-v3+json;q=0.9", "application/vnd.x.y-v3+json", "3", "x.y"},
	{browserAccept, "text/html", "", ""},

	// Quality.
	{"a/b;q=0.5, c/d;q=0.5", "a/b", "", ""},                      // a tie goes to the first
	{"a/b;q=0.5, c/d", "c/d", "", ""},                            // q defaults to 1
	{"a/b;q=0, c/d;q=0.001", "c/d", "", ""},                      // q=0 is not acceptable
	{"a/b;q=0", "", "", ""},                                      // nothing acceptable
	{"a/b;q=0.000;version=2", "", "", ""},                        // nor with a version
	{"a/b;q=0.9, c/d;q=1.000", "c/d", "", ""},                    // three decimals
	{"a/b;Q=0.1, c/d;q=0.2", "c/d", "", ""},                      // the name is case-insensitive
	{"a/b;q=0.5, c/d;q=high", "c/d", "", ""},                     // a malformed q is ignored: q=1
	{"a/b;q=0.5, c/d;q=1.5", "c/d", "", ""},                      // above 1 is malformed
	{"a/b;q=0.5, c/d;q=0.0001", "c/d", "", ""},                   // as are four decimals
	{"a/b;q=0.5, c/d;q=\"0.1\"", "a/b", "", ""},                  // a quoted q is honoured
	{"a/b;q=0.5, c/d;q=.1", "c/d", "", ""},                       // not a qvalue
	{"a/b;q=0.5, c/d;q=", "c/d", "", ""},                         // empty
	{"a/b ; q = 0.5 , c/d ; q = 0.7", "c/d", "", ""},             // weird spacing
	{"a/b;q=0.5;version=1, c/d;q=0.7;version=2", "c/d", "2", ""}, // the version of the pick

	// The version parameter.
	{"application/json;version=2.1", "application/json", "2.1", ""},
	{"application/json; VERSION=3", "application/json", "3", ""},
	{"application/json; version=\"2\"", "application/json", "2", ""},
	{"application/json; version=\"2\\\"b\"", "application/json", "2\"b", ""}, // an escape unquotes
	{"application/json; version=\"1,2\", c/d;q=0.1", "application/json", "1,2", ""},
	{"application/json; version=\"1;q=0\"", "application/json", "1;q=0", ""},
	{"application/json; version=\"2\"x; q=0.5, c/d;q=0.4", "application/json", "2", ""}, // junk after the quote
	{"application/json; version=\"2", "application/json", "2", ""},                      // unterminated
	{"application/json; version=\"2\\", "application/json", "2", ""},                    // unterminated after a backslash
	{"application/json; version", "application/json", "", ""},
	{"application/json; version=", "application/json", "", ""},
	{"application/json; versions=2", "application/json", "", ""},

	// Vendor types.
	{"application/vnd.acme.app-v3", "application/vnd.acme.app-v3", "3", "acme.app"},
	{"application/vnd.acme.app+json", "application/vnd.acme.app+json", "", "acme.app"},
	{"application/vnd.acme.app+json; version=4", "application/vnd.acme.app+json", "4", "acme.app"},
	{"application/vnd.acme.app-v2+json; version=4", "application/vnd.acme.app-v2+json", "2", "acme.app"},
	{"application/vnd.acme.app-v2.1+json", "application/vnd.acme.app-v2.1+json", "2.1", "acme.app"},
	{"application/VND.Acme.App-V2+JSON", "application/VND.Acme.App-V2+JSON", "2", "Acme.App"},
	{"application/vnd.acme-vision.app-v10+json", "application/vnd.acme-vision.app-v10+json", "10", "acme-vision.app"},
	{"application/vnd.a-v1-v2+json", "application/vnd.a-v1-v2+json", "2", "a-v1"}, // the last -v<digit>
	{"application/vnd.a-vx+json", "application/vnd.a-vx+json", "", "a-vx"},
	{"application/vnd.a+b-v2+json", "application/vnd.a+b-v2+json", "2", "a+b"}, // the suffix follows the last '+'
	{"application/vnd.-v2+json", "application/vnd.-v2+json", "2", ""},
	{"application/vnd.", "application/vnd.", "", ""},
	{"application/vnd.x-v", "application/vnd.x-v", "", "x-v"},
	{"application/vndx.a-v2+json", "application/vndx.a-v2+json", "", ""},
	{"text/plain;q=0.1, application/vnd.a-v2+json;q=0.2, application/json;q=0.3", "application/json", "", ""},

	// Odd input.
	{"", "", "", ""},
	{",,, ,", "", "", ""},
	{"json", "", "", ""},
	{"json, application/xml", "application/xml", "", ""},
	{"/json, a/, /, a/b", "a/b", "", ""},
	{"*/*", "*/*", "", ""},
	{"application/*;q=0.2, */*;q=0.1", "application/*", "", ""},
	{"  application/json  ", "application/json", "", ""},
	{"\tapplication/json\t;\tversion=2\t", "application/json", "2", ""},
	{"a/b;x=\"1,2\", c/d", "a/b", "", ""},
	{"a/b;x=\"1,2\";q=0.1, c/d", "c/d", "", ""},
	{"a/b;;;q=0.1;;, c/d;q=0.2", "c/d", "", ""},
	{"a/b;=1;=;x, c/d;q=0", "a/b", "", ""},
	{"a\"/b, c/d", "a\"/b", "", ""},
	{";version=2", "", "", ""},
	{"a/b;version=\"\"", "a/b", "", ""},
}

func TestParseAccept(t *testing.T) {
	for _, tt := range acceptTests {
		mime, version, vendor := parseAccept(tt.header)
		if mime != tt.mime || version != tt.version || vendor != tt.vendor {
			t.Errorf("parseAccept(%q) = %q, %q, %q; want %q, %q, %q",
				tt.header, mime, version, vendor, tt.mime, tt.version, tt.vendor)
		}
	}
}

func TestAcceptContentType(t *testing.T) {
	var a AcceptContentType
	if a.Mime() != "" || a.Version() != "" || a.Vendor() != "" {
		t.Errorf("zero AcceptContentType = %q, %q, %q; want empty", a.Mime(), a.Version(), a.Vendor())
	}
	for _, tt := range acceptTests {
		a.reset(tt.header)
		// Ask in an order that is not the parse order.
		if a.Vendor() != tt.vendor || a.Mime() != tt.mime || a.Version() != tt.version {
			t.Errorf("AcceptContentType(%q) = %q, %q, %q; want %q, %q, %q",
				tt.header, a.Mime(), a.Version(), a.Vendor(), tt.mime, tt.version, tt.vendor)
		}
	}
}

func TestParseAcceptAllocs(t *testing.T) {
	for _, header := range []string{
		"",
		"*/*",
		"application/json",
		"application/json; version=2",
		"application/json; version=\"2\"",
		"application/vnd.acme.app.user-v2+json",
		"text/html;q=0.5, application/vnd.x.y-v3+json;q=0.9",
		browserAccept,
	} {
		var a AcceptContentType
		allocs := testing.AllocsPerRun(100, func() {
			a.reset(header)
			_, _, _ = a.Mime(), a.Version(), a.Vendor()
		})
		if allocs != 0 {
			t.Errorf("AcceptContentType(%q): %v allocations; want 0", header, allocs)
		}
	}
}

func BenchmarkParseAccept(b *testing.B) {
	for _, bm := range []struct{ name, header string }{
		{"json", "application/json"},
		{"param", "application/json; version=2"},
		{"vendor", "application/vnd.acme.app.user-v2+json"},
		{"browser", browserAccept},
	} {
		b.Run(bm.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				parseAccept(bm.header)
			}
		})
	}
}

func FuzzAccept(f *testing.F) {
	for _, tt := range acceptTests {
		f.Add(tt.header)
	}
	f.Fuzz(func(t *testing.T, header string) {
		mime, version, vendor := parseAccept(header)
		var a AcceptContentType
		a.reset(header)
		if a.Mime() != mime || a.Version() != version || a.Vendor() != vendor {
			t.Fatalf("AcceptContentType(%q) disagrees with ParseAccept", header)
		}
		if m, v, vnd := parseAccept(header); m != mime || v != version || vnd != vendor {
			t.Fatalf("parseAccept(%q) is not deterministic", header)
		}

		if !strings.Contains(header, mime) || !strings.Contains(header, vendor) {
			t.Fatalf("parseAccept(%q) = %q, %q: not substrings", header, mime, vendor)
		}
		if !strings.Contains(header, version) && !strings.Contains(header, `\`) {
			t.Fatalf("parseAccept(%q) version %q: not a substring", header, version)
		}
		if mime == "" {
			if version != "" || vendor != "" {
				t.Fatalf("parseAccept(%q) = %q, %q, %q: a version or vendor without a type", header, mime, version, vendor)
			}
			return
		}
		if i := strings.IndexByte(mime, '/'); i <= 0 || i == len(mime)-1 {
			t.Fatalf("parseAccept(%q) mime %q is not type/subtype", header, mime)
		}
		if strings.ContainsAny(mime, ",;") || mime != trimOWS(mime) {
			t.Fatalf("parseAccept(%q) mime %q holds a separator or spaces", header, mime)
		}
		lower := strings.ToLower(header)
		if vendor != "" && !strings.Contains(strings.ToLower(mime), "/vnd.") {
			t.Fatalf("parseAccept(%q) vendor %q from a non-vendor type", header, vendor)
		}
		if version != "" && !strings.Contains(lower, "version") && !strings.Contains(lower, "-v") {
			t.Fatalf("parseAccept(%q) version %q from nowhere", header, version)
		}
	})
}

// TestAcceptContentTypeOfReusedContext serves requests in turn with one
// context, as the pool does: each reads its own Accept header, also after
// an action's Reset.
func TestAcceptContentTypeOfReusedContext(t *testing.T) {
	ctx := newContext(&Router{table: &table{}})
	for i, c := range []struct{ header, reset, want string }{
		{header: "application/json; version=2", want: "2"},
		{header: "application/json; version=3", reset: "text/plain; version=9", want: "9"},
		{header: "application/json; version=4", want: "4"},
		{want: ""},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		if c.header != "" {
			r.Header.Set("Accept", c.header)
		}
		ctx.reset(httptest.NewRecorder(), r)
		a := &ctx.Req.AcceptContentType
		if c.reset != "" {
			a.reset(c.reset)
		}
		if got := a.Version(); got != c.want {
			t.Errorf("request %d: Version() = %q, want %q", i, got, c.want)
		}
		ctx.release()
	}
}
