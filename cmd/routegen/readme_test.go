package main

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestReadmeLocalCheckout follows README's steps for a local checkout of
// routegen in a fresh module that holds the README's routes.conf and its
// directive: the replace, the tool and go mod tidy, as written there (the
// checkout for /path/to/routegen), then go generate ./... and go build
// ./..., which must work with nothing else run between.
func TestReadmeLocalCheckout(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command; skipped with -short")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme := filepath.Join(root, "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	steps := readmeSteps(string(data), "go mod edit -replace github.com/routegen/routegen=/path/to/routegen")
	if len(steps) < 3 {
		t.Fatalf("README.md's steps for a local checkout: %q; want the replace, the tool and go mod tidy", steps)
	}
	// The package of routes.conf and its directive alone: before go
	// generate, nothing of the module imports routegen's runtime.
	files := map[string]string{"go.mod": "module example.com/shop\n\ngo 1.25\n"}
	for name, content := range readmeFiles(t, readme) {
		if strings.HasPrefix(name, "readme/routes/") {
			files[name] = content
		}
	}
	dir := writeFiles(t, files)
	// Not -mod=mod: go build must find go.mod and go.sum complete as the
	// steps leave them. The checksum database is not asked: the module
	// cache has the modules, as routegen's own build verified them.
	env := append(withoutGoGenerateVars(os.Environ()), "GOFLAGS="+os.Getenv("GOFLAGS"), "GOWORK=off", "GOTOOLCHAIN=local", "GOPROXY=off", "GOSUMDB=off")
	for _, step := range append(steps, "go generate ./...", "go build ./...") {
		args := strings.Fields(strings.ReplaceAll(step, "/path/to/routegen", filepath.ToSlash(root)))
		if args[0] != "go" {
			t.Fatalf("README.md's step %q is not a go command", step)
		}
		if out, err := goCommand(t, goCmd, dir, env, args[1:]...); err != nil {
			t.Fatalf("README.md's step %q: %v\n%s", step, err, out)
		}
	}
}

// readmeSteps returns the commands of the README's code block that
// begins with the command first: it and the go commands after it, one a
// line, up to the end of the block.
func readmeSteps(markdown, first string) []string {
	var steps []string
	for line := range strings.Lines(markdown) {
		command := strings.TrimSpace(line)
		switch {
		case steps == nil && command == first:
			steps = []string{command}
		case steps == nil:
		case strings.HasPrefix(line, "    go "):
			steps = append(steps, command)
		default:
			return steps
		}
	}
	return steps
}
