package gen_test

import (
	"os"
	"strings"
	"testing"

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
