package gen_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/ir"
)

// TestEdgeGolden exports every golden table to Caddy and to Gateway API,
// each domain served by a backend named after its key, and requires the
// bytes of edge.caddy.json and edge.gateway.yaml beside its package.
// internal/edgecheck loads the Caddy configs into Caddy and validates the
// HTTPRoutes against Gateway API's CRDs.
func TestEdgeGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		t.Run(c.dir, func(t *testing.T) {
			table, diags := ir.Load(module, sources(c))
			if table == nil {
				t.Fatal(diags)
			}
			var list []edge.Assignment
			for _, d := range table.Domains {
				list = append(list, edge.Assignment{Domain: d.Key, Backend: edge.Backend{Name: strings.ToLower(strings.ReplaceAll(d.Key, "_", "-")), Port: 8080}})
			}
			backends, err := edge.Assign(table, list)
			if err != nil {
				t.Fatal(err)
			}
			files := map[string][]byte{}
			caddy, err := edge.Caddy(table, backends, ":80", false)
			if err == nil {
				files["edge.caddy.json"] = caddy
				files["edge.gateway.yaml"], err = edge.Gateway(table, backends, edge.GatewayOptions{Gateway: "edge", Source: filepath.Base(c.routes)})
			}
			if err != nil {
				// A table the edge cannot route by: its error is the golden.
				files = map[string][]byte{"edge.error": []byte(err.Error() + "\n")}
			}
			for name, content := range files {
				golden := filepath.Join("..", c.outDir(), name)
				if *update {
					if err := os.WriteFile(golden, content, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test ./gen -run TestEdgeGolden -update writes it)", err)
				}
				if !bytes.Equal(content, want) {
					t.Errorf("%s is stale: go test ./gen -run TestEdgeGolden -update rewrites it", golden)
				}
			}
		})
	}
}
