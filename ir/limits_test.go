package ir

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// TestRouteSectionsLimit: past maxRouteSections, a routes.conf is refused
// with one error at the first route section too many.
func TestRouteSectionsLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("domains {\n  localhost {\n    host = \"localhost\"\n    default_auth = \"anonymous\"\n    routes {\n")
	for i := range maxRouteSections + 2 {
		fmt.Fprintf(&b, "      r%d { path = \"/p%d\"; controller = \"A\"; action = \"A\" }\n", i, i)
	}
	b.WriteString("    }\n  }\n}\n")
	table, diags := Load(fstest.MapFS{"routes.conf": {Data: []byte(b.String())}}, Sources{Routes: "routes.conf"})
	want := fmt.Sprintf("routes.conf:%d:7: route \"r%d\" is past the %d route sections routegen supports", 6+maxRouteSections, maxRouteSections, maxRouteSections)
	if table != nil || len(diags) != 1 || diags[0].Error() != want {
		t.Errorf("Load: table %v, diagnostics %v; want only %s", table != nil, diags, want)
	}
}
