package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

const matchConf = `domains {
  site {
    host = "example.com"
    port = "8080"
    default_auth = "anonymous"
    routes {
      show_hotel { path = "/hotels/:id[number]"; controller = "Hotels"; action = "Show" }
      book_hotel { path = "/hotels/:id/book"; method = "POST"; controller = "Hotels"; action = "Book"; auth = "session"; max_body_size = "1kb" }
      search { path = "/search"; controller = "Search"; action = "Index" }
    }
  }
  files {
    host = "files.example.com"
    default_auth = "anonymous"
    catch_all { controller = "Files"; action = "Any"; auth = "anonymous" }
    routes {
      file { path = "/f/:name"; controller = "Files"; action = "Get" }
    }
  }
}
`

// matchSecurityConf defines matchConf's scheme, and sends no secure
// headers, which the tests of matchConf leave out of their outputs.
const matchSecurityConf = `security { auth_schemes { session { scheme = "generic" } }; http_header { enable = false } }`

// TestMatch: routegen match reports every outcome of the core's lookup,
// in text and in JSON, and exits 0 only when an action would run.
func TestMatch(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": matchConf, "security.conf": matchSecurityConf})
	for _, c := range []struct {
		name, method, url string
		code              int
	}{
		{"route", "GET", "/hotels/42", exitOK},
		{"route_policies", "POST", "http://example.com:8080/hotels/7/book", exitOK},
		{"head_by_get", "HEAD", "/search", exitOK},
		{"catch_all", "PUT", "http://files.example.com/anything", exitOK},
		{"bad_param", "GET", "/hotels/abc", exitInput},
		{"method_not_allowed", "DELETE", "/search", exitInput},
		{"auto_options", "OPTIONS", "/search", exitInput},
		{"redirect", "GET", "/search/?q=1", exitInput},
		{"not_found", "GET", "/hotel/42", exitInput},
		{"no_domain", "GET", "http://localhost:8080/", exitInput},
	} {
		code, stdout, stderr := runIn(t, dir, "match", c.method, c.url)
		if code != c.code || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want exit %d", c.name, code, stderr, c.code)
		}
		golden(t, "match/"+c.name+".txt", stdout)
		code, stdout, _ = runIn(t, dir, "match", "--json", c.method, c.url)
		var res map[string]any
		if err := json.Unmarshal([]byte(stdout), &res); err != nil || code != c.code {
			t.Errorf("%s --json: exit %d, %v\n%s", c.name, code, err, stdout)
			continue
		}
		for _, key := range []string{"status", "route", "domain", "params", "location", "allow", "reason"} {
			if _, ok := res[key]; !ok {
				t.Errorf("%s --json: no %q in %s", c.name, key, stdout)
			}
		}
		golden(t, "match/"+c.name+".json", stdout)
	}
}

func TestMatchUsage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": matchConf, "security.conf": matchSecurityConf})
	for _, args := range [][]string{
		{"match"},
		{"match", "GET"},
		{"match", "GET", "/", "routes.conf", "extra"},
		{"match", "G ET", "/"},
		{"match", "GET", "http://[::1"},
	} {
		if code, _, stderr := runIn(t, dir, args...); code != exitUsage || !strings.Contains(stderr, "routegen") {
			t.Errorf("%s: exit %d, %q; want a usage error", strings.Join(args, " "), code, stderr)
		}
	}
	// A URL that does not parse is named with what is wrong in it.
	for url, want := range map[string]string{
		"/hotels/%zz":   `routegen: URL "/hotels/%zz": invalid URL escape "%zz"`,
		"http://[::1/x": `routegen: URL "http://[::1/x": missing ']' in host`,
		"":              `routegen: URL "": want a path (/hotels/42) or an absolute URL`,
		"http://a b/":   "routegen: URL \"http://a b/\" holds a space or a control character, which a request line cannot\n",
	} {
		if code, _, stderr := runIn(t, dir, "match", "GET", url); code != exitUsage || !strings.HasPrefix(stderr, want) {
			t.Errorf("match GET %q: exit %d, %q; want a usage error beginning %s", url, code, stderr, want)
		}
	}
}

// TestMatchFindsRoutesConf: in a package folder, match reads the
// routes.conf its //go:generate directive names, as check does.
func TestMatchFindsRoutesConf(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"go.mod":                 "module example.com/shop\n\ngo 1.25\n",
		"web/doc.go":             "package web\n\n//go:generate go tool routegen conf/site.conf\n",
		"web/conf/site.conf":     matchConf,
		"web/conf/security.conf": matchSecurityConf,
	})
	for _, args := range [][]string{{"match", "GET", "/hotels/1", "web"}, {"match", "GET", "/hotels/1"}} {
		if code, stdout, stderr := runIn(t, dir, args...); code != exitOK || !strings.HasPrefix(stdout, "200 route show_hotel (web/conf/site.conf:7:7)") {
			t.Errorf("%s: exit %d, %q, %q", strings.Join(args, " "), code, stdout, stderr)
		}
	}
}

// TestMatchWhyDomain: the reason match gives for a domain is the rule by
// which the host table chose it: a request at port 80 is at a domain's
// default port, as the router reads it.
func TestMatchWhyDomain(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": `domains {
  site {
    host = "example.com"
    port = "80"
    routes { home { path = "/"; controller = "App"; action = "Home"; auth = "anonymous" } }
  }
  tenants {
    host = "*.example.com"
    routes { home { path = "/"; controller = "Tenant"; action = "Home"; auth = "anonymous" } }
  }
}
`})
	for url, want := range map[string]string{
		"http://example.com/":         "domain: site (host example.com at port default)",
		"http://example.com:80/":      "domain: site (host example.com at port default)",
		"http://example.com:8080/":    "domain: site (host example.com, at any port: a port only chooses between domains of one host name)",
		"http://shop.example.com:80/": "domain: tenants (host shop.example.com is a subdomain of example.com)",
	} {
		if code, stdout, stderr := runIn(t, dir, "match", "GET", url); code != exitOK || !strings.Contains(stdout, want) {
			t.Errorf("GET %s: exit %d, %q, %q; want %q", url, code, stdout, stderr, want)
		}
	}
}

// TestCommandsNameFilesOneWay: list names the files of a directive's
// routes.conf and flags from the working folder, as match and check do,
// in its table, its JSON and its messages.
func TestCommandsNameFilesOneWay(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"go.mod":                 "module example.com/shop\n\ngo 1.25\n",
		"web/doc.go":             "package web\n\n//go:generate go tool routegen --app-config aah.conf conf/site.conf\n",
		"web/aah.conf":           "type = \"api\"\n",
		"web/conf/site.conf":     matchConf + "# end\n",
		"web/conf/security.conf": matchSecurityConf,
	})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"match", "GET", "/hotels/1"}, "200 route show_hotel (web/conf/site.conf:7:7)"},
		{[]string{"list", "--format", "json"}, `"pos": "web/conf/site.conf:7:7"`},
		{[]string{"list"}, `off: type = "api" (web/aah.conf:1:1)`},
		{[]string{"list", "web"}, `off: type = "api" (web/aah.conf:1:1)`},
	} {
		if code, stdout, stderr := runIn(t, dir, c.args...); code != exitOK || !strings.Contains(stdout, c.want) {
			t.Errorf("%s: exit %d, %q\n%s\nwant %s", strings.Join(c.args, " "), code, stderr, stdout, c.want)
		}
	}
}

const matchPolicyConf = `domains {
  api {
    host = "api.example.com"
    cors { enable = true; allow_origins = ["https://app.example.com"]; allow_methods = ["GET", "POST"] }
    routes {
      items { path = "/items"; method = "GET, POST"; controller = "Items"; action = "List"; auth = "token" }
      health { path = "/health"; controller = "Health"; action = "Get" }
    }
  }
}
`

// TestMatchHeaders: match reads the request as a server does, with the
// headers -H gives and the authenticators' answer --auth gives, and says
// what the router's decision says: a preflight, the CORS headers, the
// fail-closed 403, a 401, a method as sent, a path that begins with "//".
func TestMatchHeaders(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":   matchPolicyConf,
		"security.conf": `security { auth_schemes { token { scheme = "generic" } }; http_header { enable = false } }`,
	})
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"preflight", []string{"-H", "Origin: https://app.example.com", "-H", "Access-Control-Request-Method: POST", "OPTIONS", "/items"}, exitInput,
			[]string{"204 route items", "preflight: allowed", "Access-Control-Allow-Origin: https://app.example.com"}},
		{"cors", []string{"-H", "Origin: https://app.example.com", "GET", "/items"}, exitOK,
			[]string{"200 route items", "cors: allowed", "Access-Control-Allow-Origin: https://app.example.com", "Vary: Origin", "assumed: the authenticators answer ok"}},
		{"other_origin", []string{"-H", "Origin: https://evil.example", "GET", "/items"}, exitOK,
			[]string{"cors: not allowed", "Vary: Origin"}},
		{"auth_fail", []string{"--auth", "fail", "GET", "/items"}, exitInput,
			[]string{"401 route items", `auth: refused: the authenticator of "token" did not recognise the request`, "assumed: the authenticators answer fail"}},
		{"fail_closed", []string{"GET", "/health"}, exitInput,
			[]string{"403 route health", "fail closed", "reason: forbidden: this route has no auth scheme"}},
		{"cross_site_post", []string{"-H", "Sec-Fetch-Site: cross-site", "-H", "Origin: https://evil.example", "POST", "/items"}, exitInput,
			[]string{"403 route items", "anti_csrf: refused", "reason: forbidden: cross-origin request"}},
		// Anti-CSRF runs before auth, as aah ran it: the anonymous request's 403 is its origin's.
		{"cross_site_anonymous", []string{"--auth", "fail", "-H", "Sec-Fetch-Site: cross-site", "-H", "Origin: https://evil.example", "POST", "/items"}, exitInput,
			[]string{"403 route items", "3. anti_csrf: refused", "reason: forbidden: cross-origin request"}},
		{"method_as_sent", []string{"get", "/items"}, exitInput, []string{"405", "Allow: GET, HEAD, OPTIONS, POST"}},
		{"double_slash", []string{"GET", "//evil.com/items"}, exitInput, []string{"301", "Location: /evil.com/items"}},
		{"absolute_host", []string{"GET", "http://other.example.com/items"}, exitOK, []string{"200 route items"}},
	} {
		code, stdout, stderr := runIn(t, dir, append([]string{"match"}, c.args...)...)
		// check's warning of the route without auth is expected; nothing else.
		if code != c.code || strings.Count(stderr, "\n") > 1 {
			t.Errorf("%s: exit %d, stderr %q; want exit %d\n%s", c.name, code, stderr, c.code, stdout)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%s: the output lacks %q:\n%s", c.name, w, stdout)
			}
		}
	}
	if code, _, stderr := runIn(t, dir, "match", "-H", "Origin", "GET", "/items"); code != exitUsage || !strings.Contains(stderr, `header "Origin": want Name: value`) {
		t.Errorf("-H without a colon: exit %d, %q", code, stderr)
	}
	// What a server answers 400 before any handler is a usage error that
	// says so, not the router's answer.
	for header, want := range map[string]string{
		"Bad Name: x":  `routegen: header name "Bad Name" is not a token: a server answers 400 Bad Request (invalid header name)`,
		"X-Id: a\x01b": `routegen: header X-Id: value "a\x01b" holds a control character: a server answers 400 Bad Request (invalid header value)`,
	} {
		if code, stdout, stderr := runIn(t, dir, "match", "-H", header, "GET", "/items"); code != exitUsage || !strings.HasPrefix(stderr, want) {
			t.Errorf("-H %q: exit %d, %q%q; want exit 2 and %s", header, code, stdout, stderr, want)
		}
	}
	if code, _, stderr := runIn(t, dir, "match", "--auth", "maybe", "GET", "/items"); code != exitUsage || !strings.Contains(stderr, `--auth "maybe": want ok or fail`) {
		t.Errorf("--auth maybe: exit %d, %q", code, stderr)
	}
}

const matchRolesConf = `domains {
  api {
    host = "api.example.com"
    routes {
      reports { path = "/reports"; controller = "Reports"; action = "List"; auth = "basic"; authorization { roles = ["hasrole(manager)"] } }
      edit { path = "/reports/edit"; controller = "Reports"; action = "Edit"; auth = "basic"
        authorization { satisfy = "both"; roles = ["hasanyrole(a, b)"]; permissions = ["ispermittedall(report:edit | report:view)"] } }
    }
  }
}
`

// TestMatchRoles: --roles and --permissions name the subject, whose lack
// of a role is the router's 403, explained; without them the subject
// holds what the route names, and the output says it assumed so.
func TestMatchRoles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":   matchRolesConf,
		"security.conf": `security { auth_schemes { basic { scheme = "basic" } }; http_header { enable = false } }`,
	})
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"assumed", []string{"GET", "/reports"}, exitOK,
			[]string{"200 route reports", "authorization: ok: the subject satisfies hasrole(manager)",
				"assumed: the authenticators answer ok (--auth); the subject holds every role and permission the route names"}},
		{"lacks_role", []string{"--roles", "admin,staff", "GET", "/reports"}, exitInput,
			[]string{"403 route reports", `authorization: refused: the subject fails hasrole(manager): it lacks role "manager"`,
				"assumed: the authenticators answer ok (--auth); the subject holds roles admin, staff and no permission (--roles, --permissions)"}},
		{"has_role", []string{"--roles", "staff", "--roles", "manager", "GET", "/reports"}, exitOK, []string{"200 route reports"}},
		{"permissions_only", []string{"--permissions", "report:*", "GET", "/reports"}, exitInput, []string{"403 route reports", "holds no role and permission report:*"}},
		{"wildcard", []string{"--roles", "b", "--permissions", "report:edit,view | other", "GET", "/reports/edit"}, exitOK,
			[]string{"200 route edit", "the subject holds role b and permissions report:edit,view | other"}},
		{"both", []string{"--roles", "b", "--permissions", "report:view", "GET", "/reports/edit"}, exitInput,
			[]string{"403 route edit", `satisfy = "both", and the subject fails ispermittedall(report:edit | report:view): it lacks permission "report:edit"`}},
		{"anonymous", []string{"--auth", "fail", "--roles", "manager", "GET", "/reports"}, exitInput, []string{"401 route reports"}},
	} {
		code, stdout, stderr := runIn(t, dir, append([]string{"match"}, c.args...)...)
		if code != c.code || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want exit %d\n%s", c.name, code, stderr, c.code, stdout)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%s: the output lacks %q:\n%s", c.name, w, stdout)
			}
		}
	}
	if code, _, stderr := runIn(t, dir, "match", "--permissions", "report::x", "GET", "/reports"); code != exitUsage || !strings.Contains(stderr, `--permissions: permission "report::x" has an empty part`) {
		t.Errorf("--permissions report::x: exit %d, %q", code, stderr)
	}
}

// TestMatchNamesFileFromWorkingFolder: a directive that runs routegen from
// a folder above (go run -C ..) names its routes.conf by the way up; match
// names it from where the command was typed, the shortest way.
func TestMatchNamesFileFromWorkingFolder(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"go.mod":            "module example.com/shop\n\ngo 1.25\n",
		"web/main.go":       "package main\n\n//go:generate go run -C .. ./cmd/routegen -o web/routes_gen.go web/routes.conf\n",
		"web/routes.conf":   matchConf,
		"web/security.conf": matchSecurityConf,
		"cmd/routegen/x.go": "package main\n",
	})
	code, stdout, stderr := runIn(t, filepath.Join(dir, "web"), "match", "GET", "/hotels/1")
	if code != exitOK || !strings.HasPrefix(stdout, "200 route show_hotel (routes.conf:7:7)") {
		t.Errorf("match = %d, %q, %q; want routes.conf named from web/", code, stdout, stderr)
	}
}

// TestMatchSecureHeaders: match shows security.conf's secure headers as
// the router sets them: Strict-Transport-Security for an https:// URL
// only, on a static route's file too, and the step that says why.
func TestMatchSecureHeaders(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf": `domains {
  site {
    host = "example.com"
    default_auth = "anonymous"
    static { assets { path = "/assets"; dir = "static" } }
    routes {
      home { path = "/"; controller = "Pages"; action = "Home" }
    }
  }
}
`,
		"security.conf": `security {
  http_header {
    xfo = "DENY"
    rp = ""
    sts { max_age = "8760h"; include_subdomains = true }
    csp { directives = "default-src 'self'" }
  }
}
`,
	})
	for _, c := range []struct {
		name, url string
		code      int
	}{
		{"secure_headers_http", "http://example.com/", exitOK},
		{"secure_headers_https", "https://example.com/", exitOK},
		{"secure_headers_not_found", "https://example.com/nothing", exitInput},
		{"secure_headers_static", "https://example.com/assets/app.js", exitOK},
	} {
		for _, format := range []string{"txt", "json"} {
			args := []string{"match", "--security", "security.conf", "GET", c.url}
			if format == "json" {
				args = append(args[:1], append([]string{"--json"}, args[1:]...)...)
			}
			code, stdout, stderr := runIn(t, dir, args...)
			if code != c.code || stderr != "" {
				t.Errorf("%s %s: exit %d, stderr %q; want exit %d", c.name, format, code, stderr, c.code)
			}
			golden(t, "match/"+c.name+"."+format, stdout)
		}
	}
}

// TestMatchFormLogin: a request the authenticator of a form scheme does
// not recognise is sent to the scheme's login page with its return target,
// and the login submit route the scheme adds is matched.
func TestMatchFormLogin(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":   `domains { site { host = "example.com"; default_auth = "form_auth"; routes { users { path = "/users.html"; controller = "App"; action = "Users" } } } }`,
		"security.conf": `security { auth_schemes { form_auth { scheme = "form"; url { login = "/signin.html" } } } }`,
	})
	code, stdout, stderr := runIn(t, dir, "match", "--auth", "fail", "--security", "security.conf", "GET", "http://example.com/users.html?page=2")
	if code != exitInput || stderr != "" {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"302 route users", "Location: /signin.html?_rt=%2Fusers.html%3Fpage%3D2", `reason: not signed in: scheme "form_auth" sends to its login page`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
	code, stdout, _ = runIn(t, dir, "match", "--security", "security.conf", "POST", "http://example.com/login")
	if code != exitOK || !strings.Contains(stdout, "302 route form_auth_login_submit__aah") || !strings.Contains(stdout, "action: scheme form_auth (login_submit)") ||
		!strings.Contains(stdout, "Location: /\n") || strings.Contains(stdout, "Set-Cookie") {
		t.Errorf("POST /login without a session: exit %d\n%s", code, stdout)
	}
}

// TestMatchLoginSubmit: a form scheme's login submit shows the router's
// answer: with --auth ok the session's cookie, its attributes from
// security.conf and the app config, and a 302 to the _rt a browser keeps
// within the site, else to url.default_target; with --auth fail a 302 to
// url.login_failure with that _rt, and no cookie.
func TestMatchLoginSubmit(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf": `domains { site { host = "example.com"; routes { users { path = "/users.html"; controller = "App"; action = "Users"; auth = "form_auth" } } } }`,
		"security.conf": `security {
  session { mode = "stateful"; sign_key = "ssssssssssssssssssssssssssssssss"; prefix = "app"; samesite = "strict"; ttl = "30m" }
  auth_schemes { form_auth { scheme = "form"; url { default_target = "/home"; login_failure = "/signin.html?failed=1" } } }
}`,
		"aah.conf": `server { ssl { enable = true } }`,
	})
	for _, c := range []struct {
		auth, rt string
		want     []string
		unwanted string
	}{
		{"ok", "/users.html", []string{"Location: /users.html\n", "Set-Cookie: app_session=<session>; Path=/; Expires=", "; Max-Age=1800; HttpOnly; Secure; SameSite=Strict\n", "6. action: signed in"}, ""},
		{"ok", "/./%5Cevil.test", []string{"Location: /home\n", "Set-Cookie: app_session="}, ""},
		{"fail", "/users.html", []string{"Location: /signin.html?failed=1&_rt=%2Fusers.html\n", "6. action: refused"}, "Set-Cookie"},
	} {
		code, stdout, stderr := runIn(t, dir, "match", "--security", "security.conf", "--app-config", "aah.conf", "--auth", c.auth, "-H", "Sec-Fetch-Site: same-origin",
			"POST", "http://example.com/login?_rt="+c.rt)
		if code != exitOK || stderr != "" {
			t.Errorf("--auth %s, _rt %s: exit %d, stderr %q", c.auth, c.rt, code, stderr)
		}
		for _, want := range c.want {
			if !strings.Contains(stdout, want) {
				t.Errorf("--auth %s, _rt %s: no %q in\n%s", c.auth, c.rt, want, stdout)
			}
		}
		if c.unwanted != "" && strings.Contains(stdout, c.unwanted) {
			t.Errorf("--auth %s, _rt %s: %q in\n%s", c.auth, c.rt, c.unwanted, stdout)
		}
	}
}

// TestMatchChallenges: a 401 shows the WWW-Authenticate the router sends:
// a basic scheme's challenge of its realm_name, a generic scheme's
// "Bearer", each scheme's once for a route of "authenticated"; a route of
// "authenticated" on a table with a form scheme answers 401, not the
// login redirect; and a signed-in session passes a basic scheme's route.
func TestMatchChallenges(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf": `domains { site { host = "example.com"; routes {
  api { path = "/api"; controller = "App"; auth = "api_auth" }
  admin { path = "/admin"; controller = "App"; auth = "basic_auth" }
  any { path = "/any"; controller = "App"; auth = "authenticated" }
  page { path = "/page"; controller = "App"; auth = "form_auth" } } } }`,
		"security.conf": `security {
  session { mode = "stateful"; sign_key = "ssssssssssssssssssssssssssssssss" }
  auth_schemes {
    api_auth { scheme = "generic" }
    basic_auth { scheme = "basic"; realm_name = "Team \"A\"" }
    form_auth { scheme = "form" } } }`,
	})
	for _, c := range []struct{ path, want string }{
		{"/api", "Www-Authenticate: Bearer\n"},
		{"/admin", `Www-Authenticate: Basic realm="Team \"A\""` + "\n"},
		{"/any", `Www-Authenticate: Bearer, Basic realm="Team \"A\""` + "\n"},
	} {
		code, stdout, stderr := runIn(t, dir, "match", "--auth", "fail", "--security", "security.conf", "GET", "http://example.com"+c.path)
		if code != exitInput || stderr != "" || !strings.HasPrefix(stdout, "401 ") || !strings.Contains(stdout, c.want) {
			t.Errorf("GET %s: exit %d, stderr %q; want 401 with %q in\n%s", c.path, code, stderr, c.want, stdout)
		}
	}
	code, stdout, _ := runIn(t, dir, "match", "--security", "security.conf", "GET", "http://example.com/admin")
	if code != exitOK || !strings.Contains(stdout, "auth: ok: a signed-in session passes the routes of every scheme") {
		t.Errorf("GET /admin with --auth ok: exit %d\n%s", code, stdout)
	}
}

// TestListSchemeRoutes: list shows the routes the form and oauth2
// schemes add, named as aah named them, with the scheme that serves them.
func TestListSchemeRoutes(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":   `domains { site { host = "example.com"; default_auth = "anonymous"; routes { index { path = "/"; controller = "App" } } } }`,
		"security.conf": `security { auth_schemes { form_auth { scheme = "form" }; github_auth { scheme = "oauth2"; client { id = "i"; secret = "s"; provider { name = "github" } } } } }`,
	})
	code, stdout, stderr := runIn(t, dir, "list", "--security", "security.conf")
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"POST    /login                 form_auth_login_submit__aah  scheme form_auth (login_submit)  anonymous",
		"GET     /github-auth/callback  github_auth_redirect__aah    scheme github_auth (redirect)",
		"GET     /github-auth/login     github_auth_login__aah       scheme github_auth (login)",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
}

// TestMatchStaticCache: match shows the Cache-Control (and Expires) the
// router sets on a static file by the app config's cache.static: aah's
// no-cache outside the prod profile, and in it the value of the file's
// media type, read from its extension.
func TestMatchStaticCache(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf": `domains { site { host = "example.com"; static { assets { path = "/assets"; dir = "static" } } } }`,
		"aah.conf": `cache { static { mime_types { css { mime = "text/css"; cache_control = "public, max-age=600" } } } }
env { prod { } }
`,
	})
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"GET", "/assets/app.css"}, []string{"Cache-Control: no-cache, no-store, must-revalidate", "Expires: 0"}},
		{[]string{"--profile", "prod", "GET", "/assets/app.css"}, []string{"Cache-Control: public, max-age=600"}},
		{[]string{"--profile", "prod", "GET", "/assets/logo.png"}, []string{"Cache-Control: max-age=31536000, public"}},
	} {
		code, stdout, stderr := runIn(t, dir, append([]string{"match", "--app-config", "aah.conf"}, c.args...)...)
		if code != exitOK || stderr != "" {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, stderr)
		}
		for _, want := range c.want {
			if !strings.Contains(stdout, want) {
				t.Errorf("%v: no %q in\n%s", c.args, want, stdout)
			}
		}
		if len(c.want) == 1 && strings.Contains(stdout, "Expires") {
			t.Errorf("%v: Expires in the prod profile:\n%s", c.args, stdout)
		}
	}
}
