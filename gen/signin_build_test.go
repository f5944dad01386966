package gen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// signInKeys is a security.conf that sets the keys of sign-in the
// generated SignIn holds: the session's, a form scheme's, two oauth2
// schemes' (a provider by name, one by its URLs), a basic and a generic
// scheme's.
const signInKeys = `security {
  session {
    mode = "stateful"
    store { type = "cookie" }
    prefix = "app"
    domain = "example.com"
    path = "/app"
    http_only = false
    samesite = "strict"
    ttl = "30m"
    sign_key = "0123456789abcdef0123456789abcdef"
    enc_key = "0123456789abcdef"
    old_sign_key = "fedcba9876543210fedcba9876543210"
    old_enc_key = "fedcba9876543210"
  }
  auth_schemes {
    form_auth {
      scheme = "form"
      password_encoder = "bcrypt"
      url {
        login = "/signin.html"
        login_submit = "/signin"
        login_failure = "/signin.html?failed=1"
        default_target = "/home"
        always_to_default = true
      }
      field {
        identity = "email"
        credential = "secret"
      }
    }
    github_auth {
      scheme = "oauth2"
      client {
        id = "app"
        secret = "s"
        scopes = ["read:user", "user:email"]
        provider { name = "github" }
      }
      url {
        login = "/gh/login"
        redirect = "/gh/callback"
        success = "/welcome"
      }
    }
    corp_auth {
      scheme = "oauth2"
      client {
        id = "corp"
        secret = "c"
        provider { url { auth = "https://id.example.com/auth"; token = "https://id.example.com/token" } }
      }
    }
    basic_auth { scheme = "basic"; realm_name = "Team"; password_encoder = "bcrypt" }
    api_auth { scheme = "generic"; header { identity = "X-Api-Key"; credential = "X-Api-Secret" } }
  }
}
`

// TestSignInKeysBuild builds, with the go command, the package of a table
// whose security.conf sets the keys of sign-in (signInKeys), and whose app config
// turns on server.ssl.enable: each value the generated SignIn writes must
// compile.
func TestSignInKeysBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a package with the go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	const routes = `domains { site { host = "example.com"; routes {
  home { path = "/"; controller = "App"; auth = "form_auth" }
  repos { path = "/repos"; controller = "App"; action = "Repos"; auth = "github_auth" }
  team { path = "/team"; controller = "App"; action = "Team"; auth = "basic_auth" }
  api { path = "/api"; controller = "App"; action = "API"; auth = "api_auth" }
  corp { path = "/corp"; controller = "App"; action = "Corp"; auth = "corp_auth" } } } }`
	fsys := fstest.MapFS{
		"routes.conf":   {Data: []byte(routes)},
		"security.conf": {Data: []byte(signInKeys)},
		"aah.conf":      {Data: []byte("server { ssl { enable = true } }\n")},
	}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf", AppConfig: "aah.conf"})
	if table == nil || gen.Check(table).HasErrors() {
		t.Fatalf("check refuses the table: %v%v", diags, gen.Check(table))
	}
	files, diags := gen.Generate(table, gen.Options{Package: "signin", Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		t.Fatalf("check passed, then Generate failed: %v", diags)
	}
	dir := t.TempDir()
	write := func(name string, content []byte) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", []byte("module example.com/signin\n\ngo 1.25.0\n"))
	write("go.work", []byte("go 1.25.0\n\nuse (\n\t.\n\t"+root+"\n)\n"))
	for _, f := range files {
		write(filepath.Join("signin", f.Name), f.Content)
	}
	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}
