package main

import (
	"os"
	"strings"
	"testing"
)

// readmeFiles returns a package of TestGoGenerate's module made of the
// README's own code: the routes.conf of "In a project", its controller and
// the two snippets of "Testing", as written there, so that they keep
// compiling and doing what the README says.
func readmeFiles(t *testing.T, readme string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	blocks := fencedBlocks(string(data))
	find := func(what, marker string) string {
		t.Helper()
		for _, b := range blocks {
			if strings.Contains(b, marker) {
				return b
			}
		}
		t.Fatalf("README.md has no code block with %q (%s)", marker, what)
		return ""
	}
	conf := find("the routes.conf of In a project", `controller = "Hotel"`)
	controller := find("the application of In a project", "type hotels struct{}")
	controller, _, _ = strings.Cut(controller, "\nrouter, err :=") // what follows elides its setup
	serve := find("Testing, over HTTP", "httptest.NewServer(router)")
	action := find("Testing, one action", "router.NewContext(")
	return map[string]string{
		"readme/routes/routes.conf": conf,
		"readme/routes/doc.go":      "// Package routes is generated from the README's routes.conf.\npackage routes\n\n" + generateDirective + " go tool routegen\n",
		"readme/app/app.go": `// Package app is the README's application.
package app

import (
	"fmt"

	"github.com/routegen/routegen/runtime"
)

` + controller,
		"readme/app/app_test.go": `package app

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"example.com/shop/readme/routes"
	"github.com/routegen/routegen/runtime"
)

func TestReadme(t *testing.T) {
` + serve + `	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || resp.StatusCode != 200 || string(body) != "hotel 42" {
		t.Errorf("GET /hotels/42 = %d %q, %v; want 200 \"hotel 42\"", resp.StatusCode, body, err)
	}

` + action + `	if err != nil || w.Body.String() != "hotel 42" || ctx.Route().Name != "show_hotel" {
		t.Errorf("Show through NewContext wrote %q, %v (route %s); want \"hotel 42\"", w.Body.String(), err, ctx.Route().Name)
	}
}
`,
	}
}

// fencedBlocks returns the text of the README's fenced code blocks.
func fencedBlocks(markdown string) []string {
	var blocks []string
	var block strings.Builder
	in := false
	for line := range strings.Lines(markdown) {
		switch {
		case strings.HasPrefix(line, "```"):
			if in {
				blocks = append(blocks, block.String())
				block.Reset()
			}
			in = !in
		case in:
			block.WriteString(line)
		}
	}
	return blocks
}
