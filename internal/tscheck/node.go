package tscheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Root is the repository's root.
var Root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}()

// Dir is this folder, whose package.json and tsconfig.json the tests use.
var Dir = filepath.Join(Root, "internal", "tscheck")

// RequireNode skips the test when node or the installed typescript package
// is missing, saying how to get them; under CI=true it fails instead,
// as CI installs both.
func RequireNode(t testing.TB) {
	t.Helper()
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not installed (Node 20 or later)"
	} else if _, err := os.Stat(tscPath()); err != nil {
		missing = "typescript is not installed: run npm ci in internal/tscheck"
	}
	if missing == "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s; CI runs these tests", missing)
	}
	t.Skipf("%s; the TypeScript tests need it", missing)
}

// RequireNodeAlone is RequireNode for a test that runs node only, not
// the TypeScript compiler.
func RequireNodeAlone(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("node"); err == nil {
		return
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("node is not installed (Node 20 or later); CI runs these tests")
	}
	t.Skip("node is not installed (Node 20 or later); the test needs it")
}

func tscPath() string { return filepath.Join(Dir, "node_modules", "typescript", "bin", "tsc") }

// Tsc runs the TypeScript compiler in dir and returns its output and
// whether it succeeded.
func Tsc(t testing.TB, dir string, args ...string) (string, bool) {
	t.Helper()
	cmd := exec.Command("node", append([]string{tscPath()}, args...)...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if _, failed := err.(*exec.ExitError); err != nil && !failed {
		t.Fatalf("tsc: %v", err)
	}
	return string(out), err == nil
}

var compiled struct {
	sync.Once
	dir string
	err error
}

// CompiledModules compiles the routes.ts of every golden table to
// JavaScript once, into a folder that keeps the repository's layout
// ("golden/rich/routes.js"), and returns the folder. Node reads the files
// there as ES modules.
func CompiledModules(t testing.TB) string {
	t.Helper()
	compiled.Do(func() {
		compiled.dir, compiled.err = os.MkdirTemp("", "routegen-tscheck-")
		if compiled.err != nil {
			return
		}
		files, _ := filepath.Glob(filepath.Join(Root, "golden", "*", "routes.ts"))
		files = append(files, filepath.Join(Root, "examples", "app", "routes", "routes.ts"))
		args := append([]string{"--ignoreConfig", "--strict", "--target", "es2020", "--module", "es2022", "--lib", "es2020",
			"--rootDir", Root, "--outDir", compiled.dir}, files...)
		if out, ok := Tsc(t, Dir, args...); !ok {
			compiled.err = fmt.Errorf("tsc: %s", out)
			return
		}
		compiled.err = os.WriteFile(filepath.Join(compiled.dir, "package.json"), []byte(`{"type": "module"}`+"\n"), 0o644)
	})
	if compiled.err != nil {
		t.Fatal(compiled.err)
	}
	return compiled.dir
}

// RemoveCompiled removes the folder of CompiledModules; TestMain calls it.
func RemoveCompiled() {
	if compiled.dir != "" {
		os.RemoveAll(compiled.dir)
	}
}

// Node runs script with node in dir, stdin as its input, and returns its
// standard output; it fails the test when node fails.
func Node(t testing.TB, dir string, stdin []byte, script string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command("node", append([]string{script}, args...)...)
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v\n%s", script, err, strings.TrimSpace(stderr.String()))
	}
	return out
}
