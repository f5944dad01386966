package main

import (
	"path/filepath"
	"testing"
)

// openAPIOf runs list --format openapi on a routes.conf and returns the
// document, or "" when the file has errors.
func openAPIOf(t *testing.T, conf string, args ...string) (string, string) {
	t.Helper()
	abs, err := filepath.Abs(conf)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, filepath.Dir(abs), append([]string{"list", "--format", "openapi"}, append(args, filepath.Base(abs))...)...)
	if code != exitOK {
		return "", stderr
	}
	return stdout, stderr
}

// TestOpenAPIGolden compares the documents of the rich example with their
// golden files. The module internal/openapicheck validates every golden
// document of testdata/openapi as OpenAPI 3.1 and has ogen build its model
// of them.
func TestOpenAPIGolden(t *testing.T) {
	doc, stderr := openAPIOf(t, "../../testdata/rich/routes.conf")
	golden(t, "openapi/rich.json", doc)
	// OpenAPI has one operation per path template and method: two domains'
	// GET / cannot both be there.
	golden(t, "openapi/rich.stderr", stderr)
	doc, stderr = openAPIOf(t, "../../testdata/rich/routes.conf", "--domain", "tenants")
	if stderr != "" {
		t.Errorf("--domain tenants: %s", stderr)
	}
	golden(t, "openapi/rich_tenants.json", doc)
}

// TestOpenAPISecurity checks the security schemes read from security.conf,
// the security of each operation and the answers the router gives before
// the action.
func TestOpenAPISecurity(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"security.conf": `security {
  session { name = "sid" }
  auth_schemes {
    basic_auth { scheme = "basic" }
    form_auth { scheme = "form" }
    jwt_auth { scheme = "generic" }
    gh { scheme = "oauth2"; client { scopes = ["repo"]; provider { name = "github" } } }
    own {
      scheme = "oauth2"
      client { provider { name = "corp"; url { auth = "https://id.example.com/auth"; token = "https://id.example.com/token" } } }
    }
    unknown { scheme = "oauth2"; client { provider { name = "corp" } } }
  }
}
`,
		"routes.conf": `domains {
  api {
    host = "api.example.com"
    routes {
      items { path = "/items"; method = "POST"; controller = "Item"; action = "Create"; auth = "basic_auth"; max_body_size = "1kb" }
      item { path = "/items/:id[number]"; controller = "Item"; action = "Show"; auth = "authenticated"
        authorization { roles = ["hasrole(admin)"] } }
      open { path = "/open"; controller = "App"; action = "Open"; auth = "anonymous"; anti_csrf_check = false }
      shut { path = "/shut"; controller = "App"; action = "Shut" }
    }
  }
}
`})
	doc, stderr := openAPIOf(t, filepath.Join(dir, "routes.conf"), "--security", filepath.Join(dir, "security.conf"))
	if doc == "" {
		t.Fatal(stderr)
	}
	golden(t, "openapi/security.json", doc)
}
