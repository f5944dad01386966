package main

import (
	"path/filepath"
	"testing"
)

// TestAahportExample: at the root of examples/aahport, an aah layout, check
// and diff with no argument run the directive of app/routes with its
// --security and --app-config, as docs/migrating-from-aah.md says: check
// prints nothing (the example's files have no key routegen reads and does
// not apply), and the committed routes_gen.go is the directive's.
func TestAahportExample(t *testing.T) {
	root := filepath.Join("..", "..", "examples", "aahport")
	for _, command := range []string{"check", "diff"} {
		if code, stdout, stderr := runIn(t, root, command); code != exitOK || stdout != "" || stderr != "" {
			t.Errorf("routegen %s in examples/aahport = %d, %q, %q; want 0 and nothing", command, code, stdout, stderr)
		}
	}
}
