package openapicheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/openapi"
)

// redoclyCLI is Redocly's linter, as npm ci installs it from
// package-lock.json.
var redoclyCLI = filepath.Join("node_modules", "@redocly", "cli", "bin", "cli.js")

// TestRedoclySecurityDefined lints, with Redocly's rule
// security-defined (redocly.yaml), the golden documents of cmd/routegen
// and the documents of examples/aahport and testdata/rich, whole and of
// each domain. It needs node and npm ci: without them it is skipped,
// under CI=true it fails.
func TestRedoclySecurityDefined(t *testing.T) {
	needNode(t, "the Redocly lint", redoclyCLI)
	dir := t.TempDir()
	golden, err := filepath.Glob("../../cmd/routegen/testdata/openapi/*.json")
	if err != nil {
		t.Fatal(err)
	}
	files := golden
	for name, src := range map[string]ir.Sources{"aahport": aahport, "rich": richSources} {
		table, diags := ir.Load(osFS{}, src)
		if table == nil {
			t.Fatal(diags)
		}
		sels := map[string]openapi.Selection{name: nil}
		for _, d := range table.Domains {
			sels[name+"_"+d.Key] = oneDomain(d.Key)
		}
		for file, sel := range sels {
			doc, _ := openapi.Build(table, sel)
			data, err := doc.JSON()
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, file+".json")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, path)
		}
	}
	cmd := exec.Command("node", append([]string{redoclyCLI, "lint", "--config", "redocly.yaml", "--format", "stylish"}, files...)...)
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("redocly lint: %v\n%s", err, out)
	}
}
