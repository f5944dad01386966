package main

import (
	"strings"
	"testing"
)

// TestMatchPreflightHeaders: match reads a preflight's header list as the
// router does, in any case and order, and names the origin, method or
// header that the CORS policy refuses.
func TestMatchPreflightHeaders(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":   matchPolicyConf,
		"security.conf": `security { auth_schemes { token { scheme = "generic" } }; http_header { enable = false } }`,
	})
	preflight := func(origin, method, headers string) []string {
		args := []string{"match", "-H", "Origin: " + origin, "-H", "Access-Control-Request-Method: " + method}
		if headers != "" {
			args = append(args, "-H", "Access-Control-Request-Headers: "+headers)
		}
		return append(args, "OPTIONS", "/items")
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{preflight("https://app.example.com", "POST", "Authorization"), "preflight: allowed"},
		{preflight("https://app.example.com", "POST", "accept-language, Authorization"), "Access-Control-Allow-Headers: accept-language,authorization"},
		{preflight("https://app.example.com", "POST", "X-Api-Token"), `preflight: not allowed: the CORS policy of the POST route answers the preflight: header "x-api-token" is not among allow_headers (origin, accept, accept-language, authorization)`},
		{preflight("https://evil.example", "POST", ""), `origin "https://evil.example" is not among allow_origins (https://app.example.com)`},
		{[]string{"match", "-H", "Origin: https://evil.example", "GET", "/items"}, `cors: not allowed: origin "https://evil.example" is not among allow_origins (https://app.example.com)`},
	} {
		_, stdout, _ := runIn(t, dir, c.args...)
		if !strings.Contains(stdout, c.want) {
			t.Errorf("%s: the output lacks %q:\n%s", strings.Join(c.args, " "), c.want, stdout)
		}
	}
}
