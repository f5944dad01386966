package openapicheck

import (
	"testing"

	"github.com/ogen-go/ogen"
	"github.com/ogen-go/ogen/gen"
)

// TestOgenBuildsTheGoldenDocuments runs ogen's parser and generator model
// on the documents that cmd/routegen's tests regenerate and compare byte for
// byte: the rich example (every routing feature, one domain and all), and
// the security schemes of security.conf with the router's answers.
func TestOgenBuildsTheGoldenDocuments(t *testing.T) {
	forEachGoldenDocument(t, func(t *testing.T, data []byte) {
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
