package openapicheck

import (
	"cmp"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/openapi"
	"github.com/routegen/routegen/parser"
)

// osFS reads the configuration files from disk.
type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error)  { return os.ReadFile(name) }
func (osFS) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }

// documentOf builds the document `routegen list --format openapi` writes
// for src, read through fsys; nil when the sources have errors.
func documentOf(t *testing.T, fsys parser.FS, src ir.Sources) []byte {
	t.Helper()
	table, _ := ir.Load(fsys, src)
	if table == nil {
		return nil
	}
	doc, _ := openapi.Build(table, nil)
	out, err := doc.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// validEverywhere checks doc with libopenapi-validator and kin-openapi,
// and as redocly's rule security-defined does.
func validEverywhere(t *testing.T, doc []byte) {
	t.Helper()
	validOpenAPI(t, doc)
	kinValid(t, doc)
	securityDefined(t, doc)
}

// securityDefined checks what redocly's rule security-defined checks:
// every operation has security, its own or the document's, and each
// scheme a requirement names is one of components.securitySchemes. It
// checks the routes of x-routegen-colliding as operations too.
func securityDefined(t *testing.T, data []byte) {
	t.Helper()
	var doc struct {
		Security   *[]map[string][]string `json:"security"`
		Components struct {
			SecuritySchemes map[string]any `json:"securitySchemes"`
		} `json:"components"`
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	type operation struct {
		OperationID string                 `json:"operationId"`
		Security    *[]map[string][]string `json:"security"`
	}
	for path, item := range doc.Paths {
		for key, raw := range item {
			var ops []operation
			switch {
			case key == "x-routegen-colliding":
				if err := json.Unmarshal(raw, &ops); err != nil {
					t.Fatal(err)
				}
			case pathItemMethods[key]:
				ops = make([]operation, 1)
				if err := json.Unmarshal(raw, &ops[0]); err != nil {
					t.Fatal(err)
				}
			}
			for _, op := range ops {
				security := cmp.Or(op.Security, doc.Security)
				if security == nil {
					t.Errorf("%s %s (%s): no security, its own or the document's", key, path, op.OperationID)
					continue
				}
				for _, requirement := range *security {
					for name := range requirement {
						if doc.Components.SecuritySchemes[name] == nil {
							t.Errorf("%s %s (%s): security scheme %s is not in components", key, path, op.OperationID, name)
						}
					}
				}
			}
		}
	}
}

// pathItemMethods are the keys of a path item's operations.
var pathItemMethods = map[string]bool{"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "trace": true}

// validOpenAPI checks doc with libopenapi-validator: against the OpenAPI 3.1
// schema, and as a model libopenapi builds.
func validOpenAPI(t *testing.T, doc []byte) validator.Validator {
	t.Helper()
	d, err := libopenapi.NewDocument(doc)
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

// TestDocumentsValid validates the document of every valid routes.conf of
// the corpus (with its security.conf and aah.conf when it has them), of
// the rich example, of the examples and of the configurations of the
// openapi package's tests, and the document of each of its domains.
func TestDocumentsValid(t *testing.T) {
	var files []string
	for _, pattern := range []string{
		"../../testdata/aah/*/*routes*.conf",
		"../../testdata/aah/*/*/routes.conf",
		"../../testdata/rich/routes.conf",
		"../../openapi/testdata/*.conf",
		"../../examples/aahport/config/routes.conf",
		"../../examples/app/routes.conf",
	} {
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		if len(matches) == 0 {
			t.Fatalf("no file matches %s", pattern)
		}
		files = append(files, matches...)
	}
	valid := 0
	for _, file := range files {
		t.Run(strings.TrimPrefix(file, "../../"), func(t *testing.T) {
			src := ir.Sources{Routes: file}
			if sec := filepath.Join(filepath.Dir(file), "security.conf"); fileExists(sec) {
				src.Security = sec
			}
			if app := filepath.Join(filepath.Dir(file), "aah.conf"); fileExists(app) {
				src.AppConfig = app
			}
			table, _ := ir.Load(osFS{}, src)
			if table == nil {
				return // a corpus file with errors
			}
			valid++
			// The whole table's document, and each domain's, as --domain
			// and --split-dir write them.
			sels := map[string]openapi.Selection{"": nil}
			if len(table.Domains) > 1 {
				for _, d := range table.Domains {
					sels[d.Key] = oneDomain(d.Key)
				}
			}
			for key, sel := range sels {
				doc, _ := openapi.Build(table, sel)
				out, err := doc.JSON()
				if err != nil {
					t.Fatal(err)
				}
				t.Run(key, func(t *testing.T) { validEverywhere(t, out) })
			}
		})
	}
	if valid < 20 {
		t.Errorf("validated %d documents; the corpus has more valid files", valid)
	}
}

// TestGoldenDocumentsValid validates the documents cmd/routegen's tests
// regenerate and compare byte for byte: the rich example, one domain of it,
// and the security schemes of security.conf with the router's answers.
func TestGoldenDocumentsValid(t *testing.T) {
	forEachGoldenDocument(t, validEverywhere)
}

// forEachGoldenDocument runs check on each document cmd/routegen's tests
// regenerate and compare byte for byte, in a subtest of its own.
func forEachGoldenDocument(t *testing.T, check func(t *testing.T, data []byte)) {
	docs, err := filepath.Glob("../../cmd/routegen/testdata/openapi/*.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) < 3 {
		t.Fatalf("found %d documents in cmd/routegen/testdata/openapi, want rich, rich_tenants and security", len(docs))
	}
	for _, doc := range docs {
		t.Run(filepath.Base(doc), func(t *testing.T) {
			data, err := os.ReadFile(doc)
			if err != nil {
				t.Fatal(err)
			}
			check(t, data)
		})
	}
}

// TestParameters checks the parameter schemas against requests: a
// validator built from the document accepts what the router accepts and
// refuses what its constraints refuse.
func TestParameters(t *testing.T) {
	fsys := fstest.MapFS{"routes.conf": {Data: []byte(`domains {
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
`)}}
	doc := documentOf(t, fsys, ir.Sources{Routes: "routes.conf"})
	if doc == nil {
		_, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf"})
		t.Fatal(diags)
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
