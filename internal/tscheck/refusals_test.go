package tscheck

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/hostname"
)

// TestTypeScriptOnlyRefusals: what only the TypeScript module can be
// given, it refuses with an error that says why: a host read from the
// environment that withBasePath was not given, hosts that are wrong, a
// lone surrogate, a query key that is a path parameter.
func TestTypeScriptOnlyRefusals(t *testing.T) {
	RequireNode(t)
	folder := CompiledModules(t)
	rich, policies := "golden/rich/routes.js", "golden/policies/routes.js"
	ops := map[string]string{"from_env": "env.example.com:8443"}
	for _, c := range []struct {
		call jsCall
		want string
	}{
		{jsCall{Module: policies, Fn: "fromEnvEnvHome"}, `routegen: domain "from_env": its host is read from $POLICY_HOST; give the host in withBasePath's hosts`},
		{jsCall{Module: policies, Fn: "fromEnvEnvHome", Hosts: ops}, "//env.example.com:8443/"},
		{jsCall{Module: rich, Fn: "user", Args: []any{1}, Hosts: map[string]string{"nowhere": "x"}}, `routegen: hosts: no domain "nowhere"`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "a/b"}}, `routegen: hosts: "a/b" of domain "admin": a host has no path; write just the name`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "admin.localhost:99999"}}, `routegen: hosts: "admin.localhost:99999" of domain "admin": port "99999" is not a number from 1 to 65535`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "[::1]:3000"}}, "//[::1]:3000/"},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "[::1]"}}, "//[::1]/"},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "::1"}}, `routegen: hosts: "::1" of domain "admin": write an IPv6 address in brackets ("[::1]"), and its port in port`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "[::1"}}, `routegen: hosts: "[::1" of domain "admin": not an IPv6 address in brackets ("[::1]", without a zone); write the port in port`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "[::1]x:80"}}, `routegen: hosts: "[::1]x:80" of domain "admin": not an IPv6 address in brackets ("[::1]", without a zone); write the port in port`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "a:b:80"}}, `routegen: hosts: "a:b:80" of domain "admin": write an IPv6 address in brackets ("[::1]"), and its port in port`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "127.1:3000"}}, `routegen: hosts: "127.1:3000" of domain "admin": a browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it ("example.123"): write an address as four numbers from 0 to 255 ("127.0.0.1"), or end the name with a letter`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "0x7f000001"}}, `routegen: hosts: "0x7f000001" of domain "admin": a browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it ("example.123"): write an address as four numbers from 0 to 255 ("127.0.0.1"), or end the name with a letter`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "256.0.0.1"}}, `routegen: hosts: "256.0.0.1" of domain "admin": a browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it ("example.123"): write an address as four numbers from 0 to 255 ("127.0.0.1"), or end the name with a letter`},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "127.0.0.1:3000"}}, "//127.0.0.1:3000/"},
		{jsCall{Module: rich, Fn: "adminHome", Hosts: map[string]string{"admin": "v2.api1"}}, "//v2.api1/"},
		{jsCall{Module: rich, Fn: "tenantsTenantHome", Args: []any{"acme"}, Hosts: map[string]string{"tenants": "*.cluster.12"}}, `routegen: hosts: "*.cluster.12" of domain "tenants": a browser reads a host that ends in a number as an IPv4 address ("127.1" is 127.0.0.1) or refuses it ("example.123"): write an address as four numbers from 0 to 255 ("127.0.0.1"), or end the name with a letter`},
		{jsCall{Module: rich, Fn: "tenantsTenantHome", Args: []any{"acme"}, Hosts: map[string]string{"tenants": "localhost:3000"}}, `routegen: hosts: domain "tenants" is a wildcard domain: its host must begin with "*."`},
		{jsCall{Module: rich, Fn: "tenantsTenantHome", Args: []any{"acme"}, Hosts: map[string]string{"tenants": "*.Localhost:443"}}, "//acme.localhost/"},
		{jsCall{Module: rich, Fn: "profile", Args: []any{map[string]int{"utf16": 0xd800}}}, `routegen: route "profile": parameter "name": "\ufffd" holds a lone surrogate, which UTF-8 cannot write`},
		{jsCall{Module: rich, Fn: "profile", Args: []any{42}}, `routegen: route "profile": parameter "name": want a string, not number`},
		{jsCall{Module: rich, Name: "user", Params: map[string]any{"id": 1}, Query: map[string]string{"id": "2"}}, `routegen: route "user": query key "id" is an argument of the route's path`},
		{jsCall{Module: rich, Name: "user", Params: map[string]any{"id": 1}, Query: map[string]string{"b": "1", "a": "x y", "é": "/"}}, "/users/1?a=x+y&b=1&%C3%A9=%2F"},
	} {
		input, _ := json.Marshal([]jsCall{c.call})
		var results []jsResult
		if err := json.Unmarshal(Node(t, Dir, input, filepath.Join("testdata", "driver.mjs"), folder), &results); err != nil || len(results) != 1 {
			t.Fatalf("driver: %v, %d results", err, len(results))
		}
		if got := show(results[0]); got != show(jsResult{URL: &c.want}) && got != show(jsResult{Error: &c.want}) {
			t.Errorf("%+v gave %s, want %q", c.call, got, c.want)
		}
	}
}

// TestNumericHostRuleAgrees: the TypeScript module refuses a host that
// ends in a number exactly when the Go side's hostname.Check does, so a
// host given to withBasePath links where WithHost would route.
func TestNumericHostRuleAgrees(t *testing.T) {
	RequireNode(t)
	folder := CompiledModules(t)
	const rule = "a browser reads a host that ends in a number as an IPv4 address"
	hosts := []string{"0", "000000", "2130706433", "127.1", "192.168.0", "127.000.0.1", "256.0.0.1", "1.2.3.4.5", "example.123", "0x7f000001", "0X7F.1", "api.0x",
		"127.0.0.1", "10.0.0.255", "0.0.0.0", "255.255.255.255", "v1.example", "2b.example", "a1", "host0x", "0xg", "1x.local", "01.2.3.4"}
	var calls []jsCall
	for _, h := range hosts {
		calls = append(calls, jsCall{Module: "golden/rich/routes.js", Fn: "adminHome", Hosts: map[string]string{"admin": h}})
	}
	input, _ := json.Marshal(calls)
	var results []jsResult
	if err := json.Unmarshal(Node(t, Dir, input, filepath.Join("testdata", "driver.mjs"), folder), &results); err != nil || len(results) != len(hosts) {
		t.Fatalf("driver: %v, %d results", err, len(results))
	}
	for i, h := range hosts {
		goRefuses := strings.Contains(fmt.Sprint(hostname.Check(h)), rule)
		tsRefuses := results[i].Error != nil && strings.Contains(*results[i].Error, rule)
		if goRefuses != tsRefuses {
			t.Errorf("host %q: Go refuses it as a number: %v; TypeScript: %v (%s)", h, goRefuses, tsRefuses, show(results[i]))
		}
	}
}
