package openapi

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// The module internal/openapicheck validates the documents of the
// configurations in testdata as OpenAPI 3.1, with those of the corpus.

// documentOf builds the document of a routes.conf in testdata.
func documentOf(t *testing.T, name string) (string, []string) {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: src}}, ir.Sources{Routes: "routes.conf"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	doc, warnings := Build(table, nil)
	out, err := doc.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return string(out), warnings
}

func TestOperationIDs(t *testing.T) {
	doc, warnings := documentOf(t, "operation_ids.conf")
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
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

// TestMergedBounds checks that bounds merge into one schema, the tighter
// bound kept, rather than an allOf beside number's minimum of 0.
func TestMergedBounds(t *testing.T) {
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

// TestSchemeByName: without security.conf, a route whose auth names a
// scheme still requires it and may answer 401; the scheme's component
// says its kind is not known; an anonymous route asks for none: security [].
func TestSchemeByName(t *testing.T) {
	src, err := os.ReadFile("testdata/named_scheme.conf")
	if err != nil {
		t.Fatal(err)
	}
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: src}}, ir.Sources{Routes: "routes.conf"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	doc, _ := Build(table, nil)
	me, _ := doc.Paths["/me"]["get"].(*Operation)
	if me == nil || len(me.Security) != 1 || me.Security[0]["jwt"] == nil || me.Responses["401"] == nil {
		t.Errorf("GET /me: %+v; want security jwt and a 401", me)
	}
	if ping, _ := doc.Paths["/ping"]["get"].(*Operation); ping == nil || ping.Security == nil || len(ping.Security) != 0 || ping.Responses["401"] != nil {
		t.Errorf("GET /ping (anonymous): %+v", ping)
	}
	if doc.Components == nil || doc.Components.SecuritySchemes["jwt"] == nil || doc.Components.SecuritySchemes["jwt"].HTTPScheme != "bearer" {
		t.Errorf("components: %+v, want jwt as http bearer", doc.Components)
	}
	// The catch_all's scheme is one the router needs an authenticator
	// for, as the routes' are.
	var components []string
	if doc.Components != nil {
		components = slices.Sorted(maps.Keys(doc.Components.SecuritySchemes))
	}
	if want := explain.Schemes(table); !slices.Equal(components, want) || !slices.Contains(components, "session") {
		t.Errorf("security schemes %q, want the router's %q, the catch_all's session among them", components, want)
	}
}

// TestNamesAndRefusalsOfTheRouter: operationIds are the routes' names as
// the generated code knows them, the root domain's bare whichever domain
// comes first, and a CONNECT route with anti-CSRF states its 403, as the
// router's decision gives it.
func TestNamesAndRefusalsOfTheRouter(t *testing.T) {
	doc, warnings := documentOf(t, "subdomain_first.conf")
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	for _, want := range []string{
		`"operationId": "admin.home"`, `"operationId": "home"`, `"operationId": "admin.tunnel"`,
		`"description": "A cross-origin request from a browser (anti-CSRF check)."`,
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the document lacks %s", want)
		}
	}
}

// TestGenericSchemeHeader: a generic scheme is sent in the header
// security.conf names (header.identity), which aahauth.Generic reads; a
// bearer token where it names none, or Authorization.
func TestGenericSchemeHeader(t *testing.T) {
	fsys := fstest.MapFS{
		"security.conf": {Data: []byte(`security { auth_schemes {
  none { scheme = "generic" }
  authz { scheme = "generic"; header { identity = "authorization" } }
  key { scheme = "generic"; header { identity = "X-Api-Key" } }
} }`)},
		"routes.conf": {Data: []byte(`domains { api { host = "api.example.com"; routes {
  a { path = "/a"; controller = "C"; action = "A"; auth = "none" }
  b { path = "/b"; controller = "C"; action = "B"; auth = "authz" }
  c { path = "/c"; controller = "C"; action = "C"; auth = "key" }
} } }`)},
	}
	table, diags := ir.Load(fsys, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	doc, _ := Build(table, nil)
	for name, want := range map[string]SecurityScheme{
		"none":  {Type: "http", HTTPScheme: "bearer"},
		"authz": {Type: "http", HTTPScheme: "bearer"},
		"key":   {Type: "apiKey", In: "header", Name: "X-Api-Key"},
	} {
		got := doc.Components.SecuritySchemes[name]
		if got == nil || got.Type != want.Type || got.HTTPScheme != want.HTTPScheme || got.In != want.In || got.Name != want.Name {
			t.Errorf("scheme %s: %+v, want %+v", name, got, want)
		}
	}
}
