package main

import (
	"strings"
	"testing"
)

// formConf names the scheme form_auth, which formSecurity defines.
var formConf = strings.Replace(validConf, `"authenticated"`, `"form_auth"`, 1)

const formSecurity = "security { auth_schemes { form_auth { scheme = \"form\" } }; session { mode = \"stateful\"; sign_key = \"ssssssssssssssssssssssssssssssss\" } }\n"

// TestSecurityBesideRoutesConf: the security.conf beside routes.conf, as
// aah's config/ folder holds it, is read without --security by every
// command that reads routes.conf and by a directive: the form scheme's
// routes are there, and its name is known.
func TestSecurityBesideRoutesConf(t *testing.T) {
	for _, folder := range []string{"", "config/"} {
		dir := writeFiles(t, map[string]string{
			folder + "routes.conf":   formConf,
			folder + "security.conf": formSecurity,
		})
		if code, stdout, stderr := runIn(t, dir, "check"); code != exitOK || stdout != "" || stderr != "" {
			t.Errorf("%scheck = %d, %q, %q; want 0 and no output", folder, code, stdout, stderr)
		}
		if code, stdout, stderr := runIn(t, dir, "list"); code != exitOK || !strings.Contains(stdout, "form_auth_login_submit__aah") {
			t.Errorf("%slist = %d, %q,\n%s\nwant the form scheme's login route", folder, code, stderr, stdout)
		}
		if code, stdout, stderr := runIn(t, dir, "match", "POST", "/login"); code != exitOK || !strings.Contains(stdout, "302 route form_auth_login_submit__aah") {
			t.Errorf("%smatch POST /login = %d, %q,\n%s\nwant the form scheme's login route", folder, code, stderr, stdout)
		}
		if code, stdout, stderr := runIn(t, dir, "-o", "-"); code != exitOK || !strings.Contains(stdout, "var SignIn = ") {
			t.Errorf("%sgenerate = %d, %q; want SignIn, which the form scheme brings", folder, code, stderr)
		}
	}

	// changes reads each side's, from disk and from a git revision.
	dir := writeFiles(t, map[string]string{
		"old/routes.conf": formConf, "old/security.conf": formSecurity,
		"new/routes.conf": formConf, "new/security.conf": formSecurity,
	})
	if code, stdout, stderr := runIn(t, dir, "changes", "old/routes.conf", "new/routes.conf"); code != exitOK || stderr != "" {
		t.Errorf("changes OLD NEW = %d, %q, %q; want 0 and no message", code, stdout, stderr)
	}
	repo := gitRepo(t, map[string]string{"routes.conf": formConf, "security.conf": formSecurity})
	if code, stdout, stderr := runIn(t, repo, "changes", "--base", "HEAD"); code != exitOK || stderr != "" {
		t.Errorf("changes --base HEAD = %d, %q, %q; want 0 and no message", code, stdout, stderr)
	}

	module := writeFiles(t, map[string]string{
		"go.mod":            "module example.com/shop\n\ngo 1.25\n",
		"web/web.go":        "package web\n\n//go:generate go tool routegen\n",
		"web/routes.conf":   formConf,
		"web/security.conf": formSecurity,
	})
	if code, stdout, stderr := inDirective(t, module, "web"); code != exitOK || stderr != "" {
		t.Errorf("the directive = %d, %q, %q; want 0 and no message", code, stdout, stderr)
	}
	if code, stdout, stderr := runIn(t, module, "check"); code != exitOK || stderr != "" {
		t.Errorf("check of the module = %d, %q, %q; want 0 and no message", code, stdout, stderr)
	}
}

// TestSchemeWithoutSecurity: with no security.conf beside routes.conf and
// none named, a scheme name in auth is an error at its line, naming the
// flag, for every command and the directive; anonymous and authenticated
// need no security.conf.
func TestSchemeWithoutSecurity(t *testing.T) {
	want := `routes.conf:9:16: auth "form_auth" names an auth scheme, but no security.conf was read to define it (there is none at security.conf); name yours with --security FILE` + "\n"
	dir := writeFiles(t, map[string]string{"routes.conf": formConf})
	for _, args := range [][]string{{"check"}, {"list"}, {"match", "GET", "/hotels/1"}, {"-o", "-"}} {
		if code, _, stderr := runIn(t, dir, args...); code != exitInput || stderr != want {
			t.Errorf("%s = %d, %q; want 1, %q", strings.Join(args, " "), code, stderr, want)
		}
	}
	if code, _, stderr := runIn(t, dir, "changes", "routes.conf", "routes.conf"); code != exitInput || stderr != want+want {
		t.Errorf("changes = %d, %q; want 1 and the error of each side", code, stderr)
	}
	if code, _, stderr := runIn(t, dir, "check", "--security", "other.conf"); code != exitInput || !strings.Contains(stderr, "other.conf") {
		t.Errorf("check --security other.conf = %d, %q; want the missing file named", code, stderr)
	}

	config := writeFiles(t, map[string]string{"config/routes.conf": formConf})
	wantConfig := `config/routes.conf:9:16: auth "form_auth" names an auth scheme, but no security.conf was read to define it (there is none at config/security.conf); name yours with --security FILE` + "\n"
	if code, _, stderr := runIn(t, config, "check"); code != exitInput || stderr != wantConfig {
		t.Errorf("check of config/ = %d, %q; want 1, %q", code, stderr, wantConfig)
	}

	module := writeFiles(t, map[string]string{
		"go.mod":          "module example.com/shop\n\ngo 1.25\n",
		"web/web.go":      "package web\n\n//go:generate go tool routegen\n",
		"web/routes.conf": formConf,
	})
	if code, _, stderr := inDirective(t, module, "web"); code != exitInput || !strings.Contains(stderr, `routes.conf:9:16: auth "form_auth" names an auth scheme`) {
		t.Errorf("the directive = %d, %q; want the error at routes.conf:9:16", code, stderr)
	}
}

// TestSchemeRoutesWhereNamed: a form scheme's login route goes to every
// domain, as in aah, the API's too; routes_where_named keeps it to the
// domains whose routes name the scheme, for list and match alike.
func TestSchemeRoutesWhereNamed(t *testing.T) {
	conf := `domains {
  www {
    host = "www.example.com"
    default_auth = "form_auth"
    routes { home { path = "/"; controller = "Site"; action = "Home" } }
  }
  api {
    host = "api.example.com"
    default_auth = "api_basic"
    routes { items { path = "/items"; controller = "Items"; action = "List" } }
  }
}
`
	security := func(key string) string {
		return "security { auth_schemes { form_auth { scheme = \"form\"" + key + " }; api_basic { scheme = \"basic\" } }; session { mode = \"stateful\"; sign_key = \"ssssssssssssssssssssssssssssssss\" } }\n"
	}
	for _, c := range []struct {
		key     string
		domains []string
		apiPOST string
	}{
		{"", []string{"www", "api"}, "302 route api.form_auth_login_submit__aah"},
		{"; routes_where_named = true", []string{"www"}, "404"},
	} {
		dir := writeFiles(t, map[string]string{"routes.conf": conf, "security.conf": security(c.key)})
		code, stdout, stderr := runIn(t, dir, "list")
		if code != exitOK {
			t.Fatalf("list%s = %d, %q", c.key, code, stderr)
		}
		var got []string
		for line := range strings.SplitSeq(stdout, "\n") {
			if strings.Contains(line, "form_auth_login_submit__aah") {
				got = append(got, strings.Fields(line)[0])
			}
		}
		if strings.Join(got, " ") != strings.Join(c.domains, " ") {
			t.Errorf("list%s: the login route is in %v, want %v:\n%s", c.key, got, c.domains, stdout)
		}
		if _, stdout, _ := runIn(t, dir, "match", "POST", "http://api.example.com/login"); !strings.HasPrefix(stdout, c.apiPOST) {
			t.Errorf("match POST api.example.com/login%s:\n%s\nwant %s", c.key, stdout, c.apiPOST)
		}
	}
}
