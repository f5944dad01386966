package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSchemeOfTheTools: a domain on port 443 is served over HTTPS, and
// the tools that describe it say so, from its scheme in the table.
func TestSchemeOfTheTools(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": `domains {
  api { host = "api.example.com"; port = "443"; routes { ping { path = "/ping"; controller = "App"; auth = "anonymous" } } }
  www { host = "www.example.com"; port = "80"; routes { home { path = "/"; controller = "App"; auth = "anonymous" } } }
}
`})
	conf := filepath.Join(dir, "routes.conf")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"list", "--format", "openapi"}, `"url": "https://api.example.com"`},
		{[]string{"list", "--format", "openapi"}, `"url": "http://www.example.com"`},
		{[]string{"list", "--format", "json"}, `"scheme": "https"`},
		{[]string{"list", "--format", "gateway", "--backend", "app:8080"}, "api.example.com, over HTTPS: a listener of protocol HTTPS"},
	} {
		code, stdout, stderr := runIn(t, dir, append(tc.args, conf)...)
		if code != exitOK || !strings.Contains(stdout, tc.want) {
			t.Errorf("%q: %d, without %s:\n%s%s", tc.args, code, tc.want, stdout, stderr)
		}
	}
}
