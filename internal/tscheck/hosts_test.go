package tscheck

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/hostname"
)

// TestHostRuleAgrees: withBasePath's hosts are held to the Go side's
// hostname.Check by its table of cases (internal/hostname's
// testdata/hosts.json): each host the table accepts, the TypeScript module
// accepts, alone and with a port; each it refuses, the module refuses with
// the table's message. A subdomain argument that begins with "xn--" is
// refused exactly when hostname.BadPunycode refuses it.
func TestHostRuleAgrees(t *testing.T) {
	RequireNode(t)
	folder := CompiledModules(t)
	data, err := os.ReadFile(filepath.Join(Root, "internal", "hostname", "testdata", "hosts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Host  string `json:"host"`
		Error string `json:"error"` // "" when the host is accepted
	}
	if err := json.Unmarshal(data, &cases); err != nil || len(cases) == 0 {
		t.Fatalf("hosts.json: %v, %d cases", err, len(cases))
	}
	const module = "golden/rich/routes.js"
	type check struct {
		call jsCall
		want string // the error, or "" for a URL
	}
	var checks []check
	labels := map[string]bool{}
	for _, c := range cases {
		// The host alone where the module reads it whole: with no colon, a
		// colon in brackets, or two colons outside them (an IPv6 address
		// to bracket); and before a port, after which the module splits
		// the address at its last colon, but where two colons outside
		// brackets would make the whole address the host.
		var addresses []string
		if strings.LastIndex(c.Host, ":") <= strings.LastIndex(c.Host, "]") || !strings.HasPrefix(c.Host, "[") && strings.Count(c.Host, ":") > 1 {
			addresses = append(addresses, c.Host)
		}
		if strings.HasPrefix(c.Host, "[") || !strings.Contains(c.Host, ":") {
			addresses = append(addresses, c.Host+":8443")
		}
		// What is left ("a.com:80") is a host and its port to withBasePath.
		for _, address := range addresses {
			key, call := "admin", jsCall{Module: module, Fn: "adminHome"}
			if strings.HasPrefix(c.Host, "*.") {
				key, call = "tenants", jsCall{Module: module, Fn: "tenantsTenantHome", Args: []any{"acme"}}
			}
			call.Hosts = map[string]string{key: address}
			want := ""
			if c.Error != "" {
				want = "routegen: hosts: " + strconv.Quote(address) + " of domain " + strconv.Quote(key) + ": " + c.Error
			}
			checks = append(checks, check{call, want})
		}
		for label := range strings.SplitSeq(c.Host, ".") {
			if strings.HasPrefix(strings.ToLower(label), "xn--") && !labels[label] {
				labels[label] = true
				want := ""
				if hostname.BadPunycode(label) != "" {
					want = `routegen: route "tenant_home": subdomain ` + strconv.Quote(label) + " is not one DNS label (1 to 63 letters, digits and hyphens, no hyphen first or last)"
				}
				checks = append(checks, check{jsCall{Module: module, Fn: "tenantsTenantHome", Args: []any{label}}, want})
			}
		}
	}
	calls := make([]jsCall, len(checks))
	for i, c := range checks {
		calls[i] = c.call
	}
	input, _ := json.Marshal(calls)
	var results []jsResult
	if err := json.Unmarshal(Node(t, Dir, input, filepath.Join("testdata", "driver.mjs"), folder), &results); err != nil || len(results) != len(checks) {
		t.Fatalf("driver: %v, %d results", err, len(results))
	}
	for i, c := range checks {
		got := results[i]
		switch {
		case c.want == "" && got.URL == nil:
			t.Errorf("%+v gave %s, want a URL", c.call, show(got))
		case c.want != "" && (got.Error == nil || *got.Error != c.want):
			t.Errorf("%+v gave %s, want error %q", c.call, show(got), c.want)
		}
	}
}
