package ir_test

import (
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

const portsRoutes = `
domains {
  site { host = "sample.com"; routes { index { path = "/"; controller = "Site" } } }
  admin { host = "admin.sample.com"; port = "9443"; routes { index { path = "/"; controller = "Admin" } } }
}
`

// TestLinkPorts: with an application config, every domain's links carry
// its port as aah composed them (routes.conf's port, else server.port, 80
// and 443 written as none); without one, only a port routes.conf writes.
func TestLinkPorts(t *testing.T) {
	type link struct {
		port     string
		portless bool
	}
	for _, tc := range []struct {
		name, appConfig string
		site, admin     link
	}{
		{"no app config", "", link{"8080", true}, link{"9443", false}},
		{"server.port", `server { port = "8081" }`, link{"8081", false}, link{"9443", false}},
		{"server.port 443", `server { port = "443" }`, link{"", false}, link{"9443", false}},
		{"no server.port", `name = "sample"`, link{"8080", false}, link{"9443", false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"routes.conf": {Data: []byte(portsRoutes)}}
			src := ir.Sources{Routes: "routes.conf"}
			if tc.appConfig != "" {
				fsys["aah.conf"] = &fstest.MapFile{Data: []byte(tc.appConfig)}
				src.AppConfig = "aah.conf"
			}
			table, diags := ir.Load(fsys, src)
			if table == nil || len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			for i, want := range []link{tc.site, tc.admin} {
				d := table.Domains[i]
				if got := (link{d.Port, d.PortlessLinks}); got != want {
					t.Errorf("domain %s: port %q, portless links %v; want %q, %v", d.Key, got.port, got.portless, want.port, want.portless)
				}
			}
		})
	}
}

// TestScheme: a domain on port 443, written in routes.conf or taken from
// server.port, or of an application with TLS configured, is https; its
// links still write 443 as no port.
func TestScheme(t *testing.T) {
	for _, tc := range []struct {
		name, routes, appConfig string
		site, admin             string
	}{
		{"no app config", portsRoutes, "", "http", "http"},
		{"port 443 in routes.conf", `domains { site { host = "sample.com"; port = "443"; routes { index { path = "/"; controller = "Site" } } }
  admin { host = "admin.sample.com"; port = 80; routes { index { path = "/"; controller = "Admin" } } } }`, "", "https", "http"},
		{"server.port 443", portsRoutes, `server { port = "443" }`, "https", "http"},
		{"server.ssl.enable", portsRoutes, `server { port = "8443"; ssl { enable = true } }`, "https", "https"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"routes.conf": {Data: []byte(tc.routes)}}
			src := ir.Sources{Routes: "routes.conf"}
			if tc.appConfig != "" {
				fsys["aah.conf"] = &fstest.MapFile{Data: []byte(tc.appConfig)}
				src.AppConfig = "aah.conf"
			}
			table, diags := ir.Load(fsys, src)
			if table == nil || diags.HasErrors() {
				t.Fatalf("diagnostics: %v", diags)
			}
			for i, want := range []string{tc.site, tc.admin} {
				if d := table.Domains[i]; d.Scheme != want || d.Port == "443" {
					t.Errorf("domain %s: scheme %q, port %q; want %q and no port 443", d.Key, d.Scheme, d.Port, want)
				}
			}
		})
	}
}
