package ir_test

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/routegen/routegen/ir"
)

// TestSession: security.session is read with aah's keys and defaults when
// the router keeps it (mode "stateful", a file store with its filepath), secure from
// the app config's server.ssl.enable; a ttl aah would refuse is an error.
func TestSession(t *testing.T) {
	load := func(session, app string) (*ir.Table, string) {
		t.Helper()
		fsys := fstest.MapFS{
			"routes.conf":   {Data: []byte(`domains { localhost { host = "localhost"; routes { index { path = "/"; controller = "App"; auth = "anonymous" } } } }`)},
			"security.conf": {Data: []byte("security {\n  session { " + session + " }\n}\n")},
			"aah.conf":      {Data: []byte(app)},
		}
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf", AppConfig: "aah.conf"})
		return table, diags.Error()
	}
	signKey, encKey, oldSignKey, oldEncKey := strings.Repeat("s", 32), strings.Repeat("e", 16), strings.Repeat("o", 32), strings.Repeat("f", 16)
	for _, c := range []struct {
		session, app string
		want         *ir.Session
	}{
		{`mode = "stateful"; sign_key = "ssssssssssssssssssssssssssssssss"; enc_key = "eeeeeeeeeeeeeeee"`, ``,
			&ir.Session{CookieName: "aah_session", Path: "/", HTTPOnly: true, Store: "cookie", SignKey: signKey, EncKey: encKey}},
		{`mode = "stateful"; store { type = "cookie" }; prefix = "app"; domain = "example.com"; path = "/app"; http_only = false; samesite = "Lax"; ttl = "30m"; sign_key = "ssssssssssssssssssssssssssssssss"; enc_key = "eeeeeeeeeeeeeeee"; old_sign_key = "oooooooooooooooooooooooooooooooo"; old_enc_key = "ffffffffffffffff"`,
			`server { ssl { enable = true } }`,
			&ir.Session{CookieName: "app_session", Domain: "example.com", Path: "/app", Secure: true, SameSite: "lax", TTL: 30 * time.Minute, Store: "cookie",
				SignKey: signKey, EncKey: encKey, OldSignKey: oldSignKey, OldEncKey: oldEncKey}},
		{`sign_key = "s"`, ``, nil}, // aah's default mode, "stateless", keeps none
		{`mode = "stateful"; store { type = "File" }; sign_key = "ssssssssssssssssssssssssssssssss"`, ``, &ir.Session{CookieName: "aah_session", Path: "/", HTTPOnly: true, Store: "file", StorePath: "sessions", SignKey: signKey}},
		{`mode = "stateful"; store { type = "file"; filepath = "/var/lib/app/sessions" }; sign_key = "ssssssssssssssssssssssssssssssss"`, ``,
			&ir.Session{CookieName: "aah_session", Path: "/", HTTPOnly: true, Store: "file", StorePath: "/var/lib/app/sessions", SignKey: signKey}},
		{`mode = "stateful"; store { type = "redis"; filepath = "x" }; sign_key = "ssssssssssssssssssssssssssssssss"`, ``, &ir.Session{CookieName: "aah_session", Path: "/", HTTPOnly: true, Store: "redis", SignKey: signKey}},
	} {
		table, diags := load(c.session, c.app)
		if table == nil {
			t.Fatalf("%s: %s", c.session, diags)
		}
		if got := table.Security.Session; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\ngot  %+v\nwant %+v", c.session, got, c.want)
		}
	}
	if _, diags := load(`mode = "stateful"; ttl = "2d"`, ``); diags != `security.conf:2:38: security.session.ttl must be a duration in minutes or hours, such as "30m" or "2h", found "2d"` {
		t.Errorf("a ttl in days: %s", diags)
	}
}

// TestSessionSecrets: a key of an included file of secrets (an .env) is
// withheld: left out of the table, which the generated code is written
// from, and named.
func TestSessionSecrets(t *testing.T) {
	// testdata/secrets: security.conf takes the key and the secret from secrets.env.
	fsys := corpusFS{os.DirFS("../testdata/secrets")}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	s := table.Security
	if s.Session == nil || s.Session.SignKey != "" || s.Session.EncKey == "" || !reflect.DeepEqual(s.Session.Withheld, []string{"sign_key"}) {
		t.Errorf("session %+v", s.Session)
	}
	if gh := s.Schemes[0]; gh.ClientSecret != "" || !gh.ClientSecretWithheld || gh.ClientID != "app" {
		t.Errorf("scheme %+v", gh)
	}
}
