package ir_test

import (
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

// TestUnapplied: the keys aah applied and routegen does not are named
// once each, at their first position (security.conf before the aah.conf
// that includes it), with what to do instead; keys turned off are not.
func TestUnapplied(t *testing.T) {
	fsys := fstest.MapFS{
		"routes.conf": {Data: []byte(`domains { localhost { host = "localhost"; routes { index { path = "/"; controller = "App"; auth = "anonymous" } } } }`)},
		"aah.conf": {Data: []byte(`type = "web"
server {
  header = "aah-go-server"
  ssl { enable = false }
  access_log { enable = true }
}
request {
  id { header = "X-Request-Id" }
  content_negotiation { enable = false }
}
render { default = "json" }
include "./security.conf"
`)},
		"security.conf": {Data: []byte(`security {
  auth_schemes {
    form_auth { scheme = "form"; password_encoder = "bcrypt"; url { login = "/login.html" } }
    api_auth { scheme = "generic"; password_encoder = "bcrypt" }
  }
  session { mode = "stateless"; store { type = "file" } }
  anti_csrf {
    enable = true
    sign_key = "k"
    enc_key = "e"
    trusted_origins = ["https://spa.example.com"]
  }
}
`)},
	}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf", AppConfig: "aah.conf"})
	if table == nil || len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := `aah.conf:3:3: warning: server.header is not applied: routegen writes no Server header; a middleware around the router can
aah.conf:5:3: warning: server.access_log is not applied: log requests in a middleware around the router
aah.conf:8:3: warning: request.id is not applied: routegen sets no X-Request-Id header; a middleware around the router (func(http.Handler) http.Handler) can
aah.conf:11:10: warning: render.default is not applied: the router's own error replies (400, 401, 403, 404, 405, 413, 500) are text/plain, not JSON, and aah's pages of views/errors are not rendered; for aah's JSON bodies, give NewRouter runtime.WithErrorHandler(runtime.JSONErrorHandler)
security.conf:3:5: warning: security.session is not applied: the form scheme form_auth signs in to a session, which routegen keeps for security.session { mode = "stateful" }: without it, the generated SignIn has no Session for runtime.WithSessions
security.conf:4:36: warning: password_encoder is not applied: the scheme's authenticator compares passwords (golang.org/x/crypto/bcrypt for bcrypt)
security.conf:7:3: warning: security.anti_csrf is not applied: routegen's anti-CSRF check is the standard library's cross-origin protection (Sec-Fetch-Site and Origin), which needs no token, cookie or key (enc_key, sign_key here); only enable is read
security.conf:11:5: warning: security.anti_csrf.trusted_origins is not applied: give them to runtime.WithTrustedOrigins`
	if got := table.Unapplied.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestUnappliedPasswordEncoder: a basic scheme's bcrypt and realm_name are
// aahauth.Basic's to apply (a form scheme's bcrypt aahauth.Form's); any other encoder is named.
func TestUnappliedPasswordEncoder(t *testing.T) {
	for _, tt := range []struct{ encoder, want string }{
		{"bcrypt", ""},
		{"scrypt", `security.conf:1:89: warning: password_encoder is not applied: aahauth.Basic and aahauth.Form compare bcrypt hashes; give them a ComparePassword function for "scrypt"`},
	} {
		fsys := fstest.MapFS{
			"routes.conf":   {Data: []byte(`domains { localhost { host = "localhost"; routes { index { path = "/"; controller = "App"; auth = "basic_auth" } } } }`)},
			"security.conf": {Data: []byte(`security { auth_schemes { basic_auth { scheme = "basic"; realm_name = "Protected APIs"; password_encoder = "` + tt.encoder + `" } } }`)},
		}
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
		if table == nil || len(diags) > 0 {
			t.Fatalf("diagnostics: %v", diags)
		}
		if got := table.Unapplied.Error(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.encoder, got, tt.want)
		}
	}
}

// TestUnappliedOAuth2: an oauth2 scheme whose provider is neither one aah
// knew by name nor given by its URLs is named; the others are applied by
// package aahoauth2.
func TestUnappliedOAuth2(t *testing.T) {
	for _, tt := range []struct{ client, want string }{
		{`provider { name = "github" }`, ""},
		{`provider { name = "azure-contoso" }`, ""},
		{`provider { name = "myidp"; url { auth = "https://id.example.com/auth"; token = "https://id.example.com/token" } }`, ""},
		{`provider { name = "myidp" }`, `security.conf:1:27: warning: security.auth_schemes.idp is not applied: the oauth2 scheme names provider "myidp", which is not one aah knew (amazon, bitbucket, cern, facebook, fitbit, foursquare, github, gitlab, google, heroku, hipchat, kakao, linkedin, mailchimp, mailru, mediamath, microsoft, odnoklassniki, paypal, slack, spotify, twitch, uber, vk, yahoo, yandex), and has no client.provider.url.auth and .token: aahoauth2.Scheme needs its Endpoint`},
		{`id = "x"`, `security.conf:1:27: warning: security.auth_schemes.idp is not applied: the oauth2 scheme names no provider and has no client.provider.url.auth and .token: aahoauth2.Scheme needs its Endpoint`},
	} {
		fsys := fstest.MapFS{
			"routes.conf":   {Data: []byte(`domains { localhost { host = "localhost"; routes { index { path = "/"; controller = "App"; auth = "idp" } } } }`)},
			"security.conf": {Data: []byte(`security { auth_schemes { idp { scheme = "oauth2"; client { ` + tt.client + ` } } }; session { mode = "stateful"; sign_key = "0123456789abcdef0123456789abcdef" } }`)},
		}
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
		if table == nil || len(diags) > 0 {
			t.Fatalf("diagnostics: %v", diags)
		}
		if got := table.Unapplied.Error(); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.client, got, tt.want)
		}
	}
}

// TestUnappliedAppSettings: the WebSocket origin check and i18n are named;
// cache.static, which is applied, is not.
func TestUnappliedAppSettings(t *testing.T) {
	fsys := fstest.MapFS{
		"routes.conf": {Data: []byte(`domains { localhost { host = "localhost"; default_auth = "anonymous"
  static { assets { path = "/static"; dir = "static" } }
  routes { index { path = "/"; controller = "App" } } } }`)},
		"aah.conf": {Data: []byte(`server { websocket { origin { check = false } } }
i18n { default = "en"; param_name { query = "locale" } }
cache { static { default_cache_control = "max-age=60" } }
`)},
	}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", AppConfig: "aah.conf"})
	if table == nil || len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	want := `aah.conf:1:10: warning: server.websocket is not applied: the action's WebSocket library accepts or refuses the upgrade, and checks its Origin: aah accepted any origin unless origin.check = true (then origin.whitelist); give the library the same (coder/websocket: AcceptOptions.OriginPatterns, or InsecureSkipVerify for any origin)
aah.conf:2:1: warning: i18n is not applied: messages and locales are the application's (golang.org/x/text): aah also took the locale from the "locale" parameter of the query or path (i18n.param_name), which the action or a middleware reads`
	if got := table.Unapplied.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestUnappliedPasswordEncoderSection: security.password_encoder's
// settings are for hashing new passwords, which the application does; an
// empty section says nothing to apply.
func TestUnappliedPasswordEncoderSection(t *testing.T) {
	for section, want := range map[string]string{
		`password_encoder { bcrypt { enable = true; cost = 12 } }`: `security.conf:1:12: warning: security.password_encoder is not applied: aahauth.Basic and aahauth.Form compare bcrypt hashes at the cost each hash holds; the application hashes a new password with these settings itself (bcrypt.GenerateFromPassword of golang.org/x/crypto/bcrypt at its cost), and compares scrypt and pbkdf2 hashes with the schemes' ComparePassword`,
		`password_encoder { }`: ``,
	} {
		fsys := fstest.MapFS{
			"routes.conf":   {Data: []byte(`domains { localhost { host = "localhost"; routes { index { path = "/"; controller = "App"; auth = "anonymous" } } } }`)},
			"security.conf": {Data: []byte(`security { ` + section + ` }`)},
		}
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
		if table == nil || len(diags) > 0 {
			t.Fatalf("diagnostics: %v", diags)
		}
		if got := table.Unapplied.Error(); got != want {
			t.Errorf("%s:\ngot  %q\nwant %q", section, got, want)
		}
	}
}
