package parser

import (
	"flag"
	"testing"

	"github.com/routegen/routegen/internal/txtartest"
)

var update = flag.Bool("update", false, "rewrite the expected results in testdata/*.txtar")

// TestTxtar runs the cases in testdata/*.txtar. The first file of an
// archive is loaded (with the archive's other files beside it), built and
// resolved; each stage runs only when the one before had no errors. The
// section "errors" lists the diagnostics expected, one a line; the optional
// section "object" is the resolved object expected, as dumpObject prints it.
func TestTxtar(t *testing.T) {
	suite := txtartest.Suite{Pattern: "testdata/*.txtar", Sections: []string{"errors", "object"}, Update: *update}
	suite.Run(t, func(t *testing.T, c txtartest.Case) map[string]string {
		diags, obj := loadBuildResolve(c.Files, c.Main)
		got := map[string]string{"errors": diagnosticLines(diags)}
		if obj != nil {
			got["object"] = dumpObjectString(obj)
		}
		return got
	})
}

// loadBuildResolve runs the stages up to the first with errors, and returns
// the diagnostics of all, and the object when every stage ran.
func loadBuildResolve(fsys FS, filename string) (Diagnostics, *Object) {
	f, diags := Load(fsys, filename)
	if diags.HasErrors() {
		return diags, nil
	}
	obj, buildDiags := Build(f)
	diags = append(diags, buildDiags...)
	return append(diags, ResolveRefs(obj)...), obj
}
