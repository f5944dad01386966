package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestCheckCapsWarnings: past 50 warnings, check says "too many warnings"
// once and prints no more, as it does past 50 errors; the warnings of
// misspelt controllers count with the others.
func TestCheckCapsWarnings(t *testing.T) {
	var b strings.Builder
	b.WriteString("domains {\n  localhost {\n    host = \"localhost\"\n    default_auth = \"anonymous\"\n    routes {\n")
	for i := range 60 {
		fmt.Fprintf(&b, "      a%d { path = \"/a%d\"; controller = \"Cand%02d\"; action = \"A\" }\n", i, i, i)
		fmt.Fprintf(&b, "      b%d { path = \"/b%d\"; controller = \"Cand%02d\"; action = \"A\" }\n", i, i, i)
		fmt.Fprintf(&b, "      c%d { path = \"/c%d\"; controller = \"Cxnd%02d\"; action = \"A\" }\n", i, i, i)
	}
	b.WriteString("    }\n  }\n}\n")
	dir := writeFiles(t, map[string]string{"routes.conf": b.String()})
	code, _, stderr := runIn(t, dir, "check", "routes.conf")
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if code != exitOK || len(lines) != 51 || !strings.HasSuffix(lines[50], "warning: too many warnings") {
		t.Errorf("exit %d, %d lines of stderr, the last %q; want exit 0, 50 warnings and \"too many warnings\"", code, len(lines), lines[len(lines)-1])
	}
}
