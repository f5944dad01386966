package main

import (
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/routegen/routegen/ir"
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

// validOpenAPI checks doc with libopenapi-validator: against the OpenAPI 3.1
// schema, and as a model libopenapi builds.
func validOpenAPI(t *testing.T, doc string) validator.Validator {
	t.Helper()
	d, err := libopenapi.NewDocument([]byte(doc))
	if err != nil {
		t.Fatalf("libopenapi: %v", err)
	}
	if v := d.GetSpecInfo().Version; v != "3.1.0" {
		t.Errorf("version %q, want 3.1.0", v)
	}
	if _, err := d.BuildV3Model(); err != nil {
		t.Errorf("BuildV3Model: %v", err)
	}
	v, errs := validator.NewValidator(d)
	if len(errs) > 0 {
		t.Fatalf("NewValidator: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, e := range verrs {
			t.Errorf("invalid OpenAPI 3.1: %s: %s", e.Message, e.Reason)
			for _, se := range e.SchemaValidationErrors {
				t.Errorf("  %s at %s (%s)", se.Reason, se.FieldPath, se.KeywordLocation)
			}
		}
	}
	return v
}

// TestOpenAPIValid validates the document of every valid routes.conf of the
// corpus and of the rich example.
func TestOpenAPIValid(t *testing.T) {
	files, err := filepath.Glob("../../testdata/aah/*/*routes*.conf")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../testdata/aah/*/*/routes.conf")
	files = append(append(files, more...), "../../testdata/rich/routes.conf")
	valid := 0
	for _, file := range files {
		t.Run(strings.TrimPrefix(file, "../../testdata/"), func(t *testing.T) {
			var args []string
			if sec := filepath.Join(filepath.Dir(file), "security.conf"); fileExists(sec) {
				abs, _ := filepath.Abs(sec)
				args = []string{"--security", abs}
			}
			doc, _ := openAPIOf(t, file, args...)
			if doc == "" {
				return // a corpus file with errors
			}
			valid++
			validOpenAPI(t, doc)
		})
	}
	if valid < 20 {
		t.Errorf("validated %d documents; the corpus has more valid files", valid)
	}
}

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

// TestOpenAPIParameters checks the parameter schemas against requests: a
// validator built from the document accepts what the router accepts and
// refuses what its constraints refuse.
func TestOpenAPIParameters(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": `domains {
  api {
    host = "api.example.com"
    routes {
      item { path = "/items/:id[number]"; controller = "Item"; action = "Show" }
      post { path = "/posts/:post[uuid4]"; controller = "Post"; action = "Show" }
      doc { path = "/doc/:version[oneof=v1 v2]"; controller = "Doc"; action = "Show" }
      tag { path = "/tags/:tag[alpha,min=2,max=5]"; controller = "Tag"; action = "Show" }
      price { path = "/prices/:p[numeric,gte=1,lt=100]"; controller = "Price"; action = "Show" }
      either { path = "/either/:x[number|uuid]"; controller = "Either"; action = "Show" }
      year { path = "/years/:y[number,min=2000,max=2099]"; controller = "Year"; action = "Show" }
    }
  }
}
`})
	doc, stderr := openAPIOf(t, filepath.Join(dir, "routes.conf"))
	if doc == "" {
		t.Fatal(stderr)
	}
	v := validOpenAPI(t, doc)
	for path, want := range map[string]bool{
		"/items/42":  true,
		"/items/abc": false,
		"/items/-1":  false,
		"/posts/0d4f6a6c-1f0b-4c2e-9a55-9c1a1b2c3d4e": true,
		"/posts/0d4f6a6c-1f0b-1c2e-9a55-9c1a1b2c3d4e": false, // version 1
		"/doc/v2":      true,
		"/doc/v3":      false,
		"/tags/go":     true,
		"/tags/g":      false,
		"/tags/golang": false,
		"/tags/g0":     false,
		"/prices/1.5":  true,
		"/prices/100":  false,
		"/prices/0.5":  false,
		"/either/42":   true,
		"/either/0d4f6a6c-1f0b-4c2e-9a55-9c1a1b2c3d4e": true,
		"/either/abc": false,
		"/years/2025": true,
		"/years/1999": false,
		"/years/2100": false,
	} {
		req := httptest.NewRequest("GET", "http://api.example.com:8080"+path, nil)
		ok, errs := v.ValidateHttpRequest(req)
		if ok != want {
			var msgs []string
			for _, e := range errs {
				msgs = append(msgs, e.Message+": "+e.Reason)
			}
			t.Errorf("GET %s: valid = %v, want %v (%s)", path, ok, want, strings.Join(msgs, "; "))
		}
	}
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// TestOpenAPIMergedBounds checks that bounds merge into one schema, the
// tighter bound kept, rather than an allOf beside number's minimum of 0.
func TestOpenAPIMergedBounds(t *testing.T) {
	for constraint, want := range map[string]string{
		"number,min=2000":     `{"format":"int64","minimum":2000,"type":"integer"}`,
		"number,gt=-5,max=10": `{"exclusiveMinimum":-5,"format":"int64","maximum":10,"minimum":0,"type":"integer"}`,
		"min=3,len=5":         `{"maxLength":5,"minLength":5,"type":"string"}`,
		"numeric,max=9,lte=7": `{"maximum":7,"type":"number"}`,
		"alpha,oneof=a b":     `{"enum":["a","b"],"pattern":"^[A-Za-z]+$","type":"string"}`,
	} {
		c, err := ir.ParseConstraint(constraint)
		if err != nil {
			t.Fatal(err)
		}
		typ := ir.TypeString
		if c.IsInteger() {
			typ = ir.TypeInt
		}
		got, _ := json.Marshal(paramSchema(ir.Param{Name: "x", Type: typ, Constraint: c}))
		if string(got) != want {
			t.Errorf("[%s]: %s, want %s", constraint, got, want)
		}
	}
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
	validOpenAPI(t, doc)
	golden(t, "openapi/security.json", doc)
}

func TestOpenAPIOperationIDs(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": `domains {
  main {
    host = "example.com"
    routes {
      health { path = "/healthz"; method = "GET, HEAD"; controller = "App"; action = "Health" }
      home { path = "/"; controller = "App" }
      chat { path = "/chat"; method = "WS"; websocket = "Chat"; action = "Stream" }
      item { path = "/items/:id"; controller = "Item"; action = "Show" }
      delete_item { path = "/items/:key"; method = "DELETE"; controller = "Item"; action = "Delete" }
    }
  }
  admin {
    host = "admin.example.com"
    routes {
      home { path = "/admin"; controller = "Admin" }
    }
  }
}
`})
	doc, stderr := openAPIOf(t, filepath.Join(dir, "routes.conf"))
	if doc == "" || stderr != "" {
		t.Fatalf("list --format openapi: %s", stderr)
	}
	validOpenAPI(t, doc)
	for _, want := range []string{
		`"operationId": "health_get"`, `"operationId": "health_head"`, `"operationId": "home"`,
		`"operationId": "admin.home"`, `"x-routegen-websocket": {`, `"operationId": "chat"`,
		`"url": "http://example.com:8080"`, `"url": "http://admin.example.com:8080"`,
		`"/items/{id}": {`, `"description": "Named \"key\" in routes.conf."`, `"x-routegen-path": "/items/:key"`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the document lacks %s", want)
		}
	}
	if strings.Contains(doc, "{key}") {
		t.Error("the document has two templates for one path: /items/{id} and /items/{key}")
	}
}
