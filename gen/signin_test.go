package gen_test

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestSignInWithholdsSecrets: SignIn writes security.conf's session and
// schemes, but no value of an included file of secrets, which its doc
// comment names for the application to set.
func TestSignInWithholdsSecrets(t *testing.T) {
	// testdata/secrets: security.conf takes the key and the secret from secrets.env.
	fsys := moduleFS{os.DirFS("../testdata/secrets")}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	src := string(files[0].Content)
	for _, secret := range []string{"the-sign-key", "the-secret"} {
		if strings.Contains(src, secret) {
			t.Errorf("the generated file holds %q", secret)
		}
	}
	for _, want := range []string{
		`"0123456789abcdef0123456789abcdef"`,
		"// The session's keys read from a file of secrets (sign_key) are not written here:",
		`// set SignIn.OAuth2["gh"].ClientSecret before its Options.`,
		`ClientID: "app"`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the generated file has no %q", want)
		}
	}
}

// TestSignInCompiles: the package of a security.conf that sets every key
// of the session (a ttl among them, and each store), a form and an oauth2
// scheme type-checks.
func TestSignInCompiles(t *testing.T) {
	importer := newModuleImporter(t)
	for ttl, store := range map[string]string{"30m": `type = "cookie"`, "2h": `type = "file"; filepath = "/var/lib/app/sessions"`, "90m": `type = "redis"`} {
		fsys := fstest.MapFS{
			"routes.conf": {Data: []byte(`domains { d { host = "localhost"; routes { index { path = "/"; controller = "App"; auth = "form_auth" } } } }`)},
			"aah.conf":    {Data: []byte(`server { ssl { enable = true } }`)},
			"security.conf": {Data: []byte(`security {
  auth_schemes {
    form_auth { scheme = "form"; password_encoder = "bcrypt"; url { always_to_default = true }; field { identity = "email" } }
    gh { scheme = "oauth2"; client { id = "app"; secret = "s"; scopes = ["read:user"]; provider { name = "github" } } }
  }
  session {
    mode = "stateful"; store { ` + store + ` }; prefix = "app"; domain = "example.com"; path = "/app"
    http_only = false; samesite = "strict"; ttl = "` + ttl + `"
    sign_key = "` + strings.Repeat("s", 64) + `"; enc_key = "` + strings.Repeat("e", 32) + `"
    old_sign_key = "` + strings.Repeat("o", 64) + `"; old_enc_key = "` + strings.Repeat("f", 32) + `"
  }
}`)},
		}
		table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf", AppConfig: "aah.conf"})
		if table == nil || diags.HasErrors() || gen.Check(table).HasErrors() {
			t.Fatalf("ttl %s: check refuses the table: %v%v", ttl, diags, gen.Check(table))
		}
		files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
		if diags.HasErrors() {
			t.Fatalf("ttl %s: %v", ttl, diags)
		}
		typeCheck(t, importer, files)
	}
}
