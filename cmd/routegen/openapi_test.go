package main

import (
	"encoding/json"
	"os"
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
  session { mode = "stateless" }
  auth_schemes {
    basic_auth { scheme = "basic" }
    form_auth { scheme = "form" }
    jwt_auth { scheme = "generic" }
    key_auth { scheme = "generic"; header { identity = "X-Api-Key"; credential = "X-Api-Secret" } }
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
      keyed { path = "/keyed"; controller = "App"; action = "Keyed"; auth = "key_auth" }
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

// TestOpenAPIDomainSchemes: the document of one domain defines every
// scheme its operations name, as security.conf gives them: basic as http
// basic, the generic scheme as the header it names, the form and oauth2
// schemes as the session cookie; an operation of no scheme says so with
// security [].
func TestOpenAPIDomainSchemes(t *testing.T) {
	doc, stderr := openAPIOf(t, "../../examples/aahport/config/routes.conf", "--security", "security.conf", "--app-config", "aah.conf", "--domain", "admin_localhost")
	if doc == "" || stderr != "" {
		t.Fatalf("%s", stderr)
	}
	var d struct {
		Servers    []struct{ URL string }
		Components struct {
			SecuritySchemes map[string]struct{ Type, Scheme, In, Name string }
		}
		Paths map[string]map[string]json.RawMessage
	}
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Servers) != 1 || d.Servers[0].URL != "http://admin.localhost:8080" {
		t.Errorf("servers %v, want admin.localhost's alone", d.Servers)
	}
	type scheme = struct{ Type, Scheme, In, Name string }
	for name, want := range map[string]scheme{
		"basic_auth":  {Type: "http", Scheme: "basic"},
		"api_key":     {Type: "apiKey", In: "header", Name: "X-Api-Key"},
		"form_auth":   {Type: "apiKey", In: "cookie", Name: "aah_session"},
		"github_auth": {Type: "apiKey", In: "cookie", Name: "aah_session"},
	} {
		if got := d.Components.SecuritySchemes[name]; got != want {
			t.Errorf("scheme %s: %+v, want %+v", name, got, want)
		}
	}
	operations := 0
	for path, item := range d.Paths {
		for method, raw := range item {
			var op struct {
				Security *[]map[string][]string
			}
			if json.Unmarshal(raw, &op) != nil {
				continue
			}
			operations++
			if op.Security == nil {
				t.Errorf("%s %s: no security; want [] for none", method, path)
				continue
			}
			for _, requirement := range *op.Security {
				for name := range requirement {
					if _, ok := d.Components.SecuritySchemes[name]; !ok {
						t.Errorf("%s %s: scheme %s is not in components", method, path, name)
					}
				}
			}
		}
	}
	if operations != 5 {
		t.Errorf("%d operations, want the domain's 5 routes", operations)
	}
}

// TestOpenAPISplit: --split-dir writes the document of each domain, with
// the domain's server at the root, where generators read it; together
// they hold every route of the table, each as an operation.
func TestOpenAPISplit(t *testing.T) {
	conf, err := filepath.Abs("../../testdata/rich/routes.conf")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if code, _, stderr := runIn(t, filepath.Dir(conf), "list", "--format", "openapi", "--split-dir", out, conf); code != exitOK || stderr != "" {
		t.Fatalf("list --split-dir: %d: %s", code, stderr)
	}
	_, table, _ := runIn(t, filepath.Dir(conf), "list", "--format", "json", conf)
	var whole struct {
		Domains []struct {
			Key, Name string
			Routes    []any
		}
	}
	if err := json.Unmarshal([]byte(table), &whole); err != nil {
		t.Fatal(err)
	}
	for _, d := range whole.Domains {
		data, err := os.ReadFile(filepath.Join(out, d.Key+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Servers []struct{ Description string }
			Paths   map[string]map[string]json.RawMessage
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		if len(doc.Servers) != 1 || doc.Servers[0].Description != d.Name {
			t.Errorf("%s.json: servers %v, want the domain's alone", d.Key, doc.Servers)
		}
		operations := 0
		for _, item := range doc.Paths {
			for key := range item {
				if key == "x-routegen-colliding" {
					t.Errorf("%s.json: a route is no operation: %s", d.Key, item[key])
				}
				if key != "servers" {
					operations++
				}
			}
		}
		if operations != len(d.Routes) {
			t.Errorf("%s.json: %d operations, want the domain's %d routes", d.Key, operations, len(d.Routes))
		}
	}
}
