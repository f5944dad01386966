package edgecheck

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	apiextensions "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/defaulting"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/schema/pruning"
	"k8s.io/apiextensions-apiserver/pkg/apiserver/validation"
	kjson "k8s.io/apimachinery/pkg/util/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	celconfig "k8s.io/apiserver/pkg/apis/cel"
	gatewayv1 "sigs.k8s.io/gateway-api/apis/v1"
	"sigs.k8s.io/yaml"

	"github.com/routegen/routegen/edge"
)

// httpRouteSchema is the v1 HTTPRoute schema of Gateway API v1.6.3's
// standard CRD, as the API server checks a resource against it: its
// OpenAPI schema, its CEL rules, pruning and defaults.
type httpRouteSchema struct {
	structural *structuralschema.Structural
	validator  validation.SchemaValidator
	cel        *cel.Validator
}

func loadHTTPRouteSchema(t *testing.T) *httpRouteSchema {
	t.Helper()
	dir, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "sigs.k8s.io/gateway-api").Output()
	if err != nil {
		t.Fatalf("go list -m sigs.k8s.io/gateway-api: %v", err)
	}
	data, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(dir)), "config/crd/standard/gateway.networking.k8s.io_httproutes.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var crd apiextensionsv1.CustomResourceDefinition
	if err := yaml.Unmarshal(data, &crd); err != nil {
		t.Fatal(err)
	}
	for _, v := range crd.Spec.Versions {
		if v.Name != "v1" {
			continue
		}
		var props apiextensions.JSONSchemaProps
		if err := apiextensionsv1.Convert_v1_JSONSchemaProps_To_apiextensions_JSONSchemaProps(v.Schema.OpenAPIV3Schema, &props, nil); err != nil {
			t.Fatal(err)
		}
		s := &httpRouteSchema{}
		if s.validator, _, err = validation.NewSchemaValidator(&props); err != nil {
			t.Fatal(err)
		}
		if s.structural, err = structuralschema.NewStructural(&props); err != nil {
			t.Fatal(err)
		}
		s.cel = cel.NewValidator(s.structural, true, celconfig.PerCallLimit)
		return s
	}
	t.Fatal("the CRD has no version v1")
	return nil
}

// check returns what the API server would refuse of one HTTPRoute, and
// what the Go types of Gateway API v1.6.3 do not know.
func (s *httpRouteSchema) check(doc []byte) field.ErrorList {
	var typed gatewayv1.HTTPRoute
	if err := yaml.UnmarshalStrict(doc, &typed); err != nil {
		return field.ErrorList{field.Invalid(nil, "", "gateway-api's v1.HTTPRoute: "+err.Error())}
	}
	data, err := yaml.YAMLToJSON(doc)
	if err != nil {
		return field.ErrorList{field.Invalid(nil, string(doc), err.Error())}
	}
	var obj map[string]any
	if err := kjson.Unmarshal(data, &obj); err != nil {
		return field.ErrorList{field.Invalid(nil, string(doc), err.Error())}
	}
	var errs field.ErrorList
	if pruned := pruning.PruneWithOptions(obj, s.structural, true, structuralschema.UnknownFieldPathOptions{TrackUnknownFieldPaths: true}); len(pruned) > 0 {
		for _, p := range pruned {
			errs = append(errs, field.Forbidden(field.NewPath(p), "a field the CRD does not know"))
		}
	}
	defaulting.Default(obj, s.structural)
	errs = append(errs, validation.ValidateCustomResource(nil, obj, s.validator)...)
	celErrs, _ := s.cel.Validate(context.Background(), nil, s.structural, obj, nil, celconfig.RuntimeCELCostBudget)
	return append(errs, celErrs...)
}

// checkExport validates every HTTPRoute of an export.
func (s *httpRouteSchema) checkExport(t *testing.T, name string, export []byte) int {
	t.Helper()
	n := 0
	for _, doc := range strings.Split(string(export), "\n---\n")[1:] {
		n++
		for _, e := range s.check([]byte(doc)) {
			t.Errorf("%s: HTTPRoute %d: %v", name, n, e)
		}
	}
	return n
}

// TestGatewayExportsValid validates the golden Gateway exports and those
// of random tables, with several backends, against the v1.6.3 CRD.
func TestGatewayExportsValid(t *testing.T) {
	s := loadHTTPRouteSchema(t)
	files, err := filepath.Glob("../../golden/*/edge.gateway.yaml")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../examples/*/*/edge.gateway.yaml")
	more2, _ := filepath.Glob("../../examples/*/*/*/edge.gateway.yaml")
	files = append(append(files, more...), more2...)
	if len(files) < 20 {
		t.Fatalf("%d golden exports: the goldens moved", len(files))
	}
	routes := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		routes += s.checkExport(t, f, data)
	}
	for i := range *tables {
		sd := *seed + uint64(i)
		table := randomTable(t, sd)
		assignments, servers := backendsFor(t, table, nil, rand.New(rand.NewPCG(sd, 7)))
		for _, srv := range servers {
			srv.Close()
		}
		backends, err := edge.Assign(table, assignments)
		if err != nil {
			t.Fatal(err)
		}
		export, err := edge.Gateway(table, backends, edge.GatewayOptions{Gateway: "edge", Source: "routes.conf"})
		if err != nil {
			t.Fatal(err)
		}
		routes += s.checkExport(t, fmt.Sprintf("seed %d", sd), export)
	}
	t.Logf("%d golden exports and %d random tables: %d HTTPRoutes checked", len(files), *tables, routes)
}

// TestGatewaySchemaRefuses: the check refuses what the API server would,
// by the schema (a path type it does not know), by a CEL rule (a
// PathPrefix with "//"), and a field it does not know.
func TestGatewaySchemaRefuses(t *testing.T) {
	s := loadHTTPRouteSchema(t)
	valid := `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: main-1
spec:
  parentRefs:
  - name: edge
  rules:
  - matches:
    - path:
        type: PathPrefix
        value: /files
    backendRefs:
    - name: web
      port: 8080
`
	if errs := s.check([]byte(valid)); len(errs) > 0 {
		t.Fatalf("valid HTTPRoute refused: %v", errs)
	}
	for _, bad := range []struct{ old, new, want string }{
		{"type: PathPrefix", "type: Prefix", "Unsupported value"},
		{"value: /files", "value: /files//x", "must not contain '//'"},
		{"      port: 8080", "      port: 8080\n      weight: 1\n      size: 2", "unknown field"},
	} {
		errs := s.check([]byte(strings.Replace(valid, bad.old, bad.new, 1)))
		if !strings.Contains(fmt.Sprint(errs), bad.want) {
			t.Errorf("%q for %q: %v, want %q", bad.new, bad.old, errs, bad.want)
		}
	}
}
