package openapicheck

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ogen-go/ogen"
	"github.com/ogen-go/ogen/gen"
)

// TestOgenBuildsTheGoldenDocuments runs ogen's parser and generator model
// on the documents that cmd/routegen's tests regenerate and compare byte for
// byte: the rich example (every routing feature, one domain and all), and
// the security schemes of security.conf with the router's answers.
func TestOgenBuildsTheGoldenDocuments(t *testing.T) {
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
			spec, err := ogen.Parse(data)
			if err != nil {
				t.Fatalf("ogen.Parse: %v", err)
			}
			g, err := gen.NewGenerator(spec, gen.Options{})
			if err != nil {
				t.Fatalf("ogen: %v", err)
			}
			if len(g.Operations()) == 0 {
				t.Errorf("ogen found no operation")
			}
		})
	}
}
