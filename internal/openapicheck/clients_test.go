package openapicheck

import (
	"bytes"
	"flag"
	"go/format"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/oapi-codegen/oapi-codegen/v2/pkg/codegen"
	"github.com/ogen-go/ogen"
	"github.com/ogen-go/ogen/gen"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/openapi"
)

var update = flag.Bool("update", false, "rewrite the generated clients of clients/ from the documents")

// oneDomain keeps the routes of one domain: the document
// `routegen list --format openapi --domain KEY` writes, or --split-dir's.
type oneDomain string

func (d oneDomain) Domain(x *ir.Domain) bool       { return x.Key == string(d) }
func (oneDomain) Route(*ir.Domain, *ir.Route) bool { return true }

// aahport are the sources of examples/aahport, as its go:generate
// directive reads them.
var aahport = ir.Sources{
	Routes:    "../../examples/aahport/config/routes.conf",
	Security:  "../../examples/aahport/config/security.conf",
	AppConfig: "../../examples/aahport/config/aah.conf",
}

// generatedClients are the clients generated from the per-domain
// documents of examples/aahport and testdata/rich, by package folder
// under clients/.
var generatedClients = []struct {
	dir    string
	src    ir.Sources
	domain string
}{
	{"aahportsite", aahport, "localhost"},
	{"aahportadmin", aahport, "admin_localhost"},
	{"richmain", richSources, "main"},
	{"richtenants", richSources, "tenants"},
	{"richadmin", richSources, "admin"},
}

// richSources is the table of every routing feature, testdata/rich, whose
// generated package is golden/rich.
var richSources = ir.Sources{Routes: "../../testdata/rich/routes.conf"}

// domainDocument is the document of one domain of src.
func domainDocument(t *testing.T, src ir.Sources, domain string) []byte {
	t.Helper()
	table, diags := ir.Load(osFS{}, src)
	if table == nil {
		t.Fatal(diags)
	}
	doc, warnings := openapi.Build(table, oneDomain(domain))
	if len(warnings) > 0 {
		t.Errorf("warnings: %q", warnings)
	}
	out, err := doc.JSON()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestOapiCodegenClients generates, with oapi-codegen, the Go client of
// each per-domain document the proof calls, and compares it with the one
// in clients/ that the proof is compiled with (go test -update rewrites
// them). kin-openapi, which oapi-codegen reads documents with, validates
// each document first.
func TestOapiCodegenClients(t *testing.T) {
	for _, c := range generatedClients {
		t.Run(c.dir, func(t *testing.T) {
			doc := domainDocument(t, c.src, c.domain)
			spec := kinValid(t, doc)
			code, err := codegen.Generate(spec, codegen.Configuration{
				PackageName: c.dir,
				Generate:    codegen.GenerateOptions{Client: true, Models: true},
				// The proof lists these as skipped (percentLiteral): the
				// client oapi-codegen writes of them fails go vet.
				OutputOptions: codegen.OutputOptions{ExcludeOperationIDs: percentLiteralOperations(spec)},
			})
			if err != nil {
				t.Fatalf("oapi-codegen: %v", err)
			}
			file := filepath.Join("clients", c.dir, "client.gen.go")
			if *update {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if old, err := os.ReadFile(file); err != nil || !bytes.Equal(old, []byte(code)) {
				t.Errorf("%s is not what oapi-codegen generates from the document now (go test -update rewrites it): %v", file, err)
			}
		})
	}
}

// ogenClients are the clients ogen generates from the per-domain
// documents of examples/aahport, by package folder under clients/.
var ogenClients = []struct {
	dir    string
	src    ir.Sources
	domain string
}{
	{"ogensite", aahport, "localhost"},
	{"ogenadmin", aahport, "admin_localhost"},
}

// sourceFiles is a gen.FileSystem in memory: the generated files by name,
// formatted.
type sourceFiles map[string][]byte

func (f sourceFiles) WriteFile(name string, content []byte) error {
	formatted, err := format.Source(content)
	f[name] = formatted
	return err
}

// TestOgenClients generates, with ogen, the Go client of each
// per-domain document of ogenClients, and compares it with the one in
// clients/ that the proof is compiled with (go test -update rewrites
// them).
func TestOgenClients(t *testing.T) {
	for _, c := range ogenClients {
		t.Run(c.dir, func(t *testing.T) {
			spec, err := ogen.Parse(domainDocument(t, c.src, c.domain))
			if err != nil {
				t.Fatalf("ogen: %v", err)
			}
			g, err := gen.NewGenerator(spec, gen.Options{Generator: gen.GenerateOptions{
				Features: &gen.FeatureOptions{DisableAll: true, Enable: gen.FeatureSet{gen.PathsClient.Name: {}}},
			}})
			if err != nil {
				t.Fatalf("ogen: %v", err)
			}
			files := sourceFiles{}
			if err := g.WriteSource(files, c.dir); err != nil {
				t.Fatalf("ogen: %v", err)
			}
			dir := filepath.Join("clients", c.dir)
			if *update {
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, data := range files {
					if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				return
			}
			old, err := filepath.Glob(filepath.Join(dir, "*.go"))
			if err != nil {
				t.Fatal(err)
			}
			if len(old) != len(files) {
				t.Errorf("%s holds %d files, ogen generates %d (go test -update rewrites them)", dir, len(old), len(files))
			}
			for name, data := range files {
				if have, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(have, data) {
					t.Errorf("%s is not what ogen generates from the document now (go test -update rewrites it): %v", filepath.Join(dir, name), err)
				}
			}
		})
	}
}

// kinValid loads doc with kin-openapi and validates it.
func kinValid(t *testing.T, doc []byte) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	spec, err := loader.LoadFromData(doc)
	if err != nil {
		t.Fatalf("kin-openapi: %v", err)
	}
	if err := spec.Validate(loader.Context); err != nil {
		t.Errorf("kin-openapi: %v", err)
	}
	return spec
}

// percentLiteralOperations are the operation ids of the paths of spec that
// hold a percent-escaped literal (/%CE%B1), which oapi-codegen v2.8.2
// writes into a fmt.Sprintf format (percentLiteral).
func percentLiteralOperations(spec *openapi3.T) []string {
	var ids []string
	for path, item := range spec.Paths.Map() {
		if !strings.Contains(path, "%") {
			continue
		}
		for _, op := range item.Operations() {
			ids = append(ids, op.OperationID)
		}
	}
	slices.Sort(ids)
	return ids
}
