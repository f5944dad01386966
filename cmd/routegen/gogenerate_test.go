package main

import (
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	// The module built here runs the runtime: a change to it must not
	// leave this test's cached result standing.
	_ "github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

// TestGoGenerate is the end-to-end test of the go generate integration: a
// temporary module uses this routegen through a replace directive and runs
// `go generate ./...` with both directives users write —
//
//	//go:generate go tool routegen                                (tool directive in go.mod)
//	//go:generate go run github.com/routegen/routegen/cmd/routegen (a required module)
//
// — then builds the module and runs its tests, which serve requests through
// the generated routers, the README's example and tests among them
// (readmeFiles), and the service of testdata/hotelsvc. It works offline: the go command reads modules from the
// module cache only (GOPROXY=off), and falls back to the configured proxy
// only when the cache lacks one.
// generateDirective begins a //go:generate line of the module the test writes; it
// is not written whole here, lest go generate run it in this package.
const generateDirective = "//go:" + "generate"

func TestGoGenerate(t *testing.T) {
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
	goMod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goSum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	goVersion := "1.25.0"
	for _, line := range strings.Split(string(goMod), "\n") {
		if v, ok := strings.CutPrefix(line, "go "); ok {
			goVersion = strings.TrimSpace(v)
		}
	}

	files := map[string]string{
		"go.mod": "module example.com/shop\n\ngo " + goVersion + "\n\n" +
			"require github.com/routegen/routegen v0.0.0\n\n" +
			"replace github.com/routegen/routegen => " + filepath.ToSlash(root) + "\n\n" +
			"tool github.com/routegen/routegen/cmd/routegen\n",
		"go.sum": string(goSum),

		// The tool directive, with routes.conf beside the directive.
		"hotels/routes.conf": `domains {
  localhost {
    host = "localhost"
    routes {
      show_hotel {
        path = "/hotels/:id[number]"
        controller = "Hotel"
        action = "Show"
      }
    }
  }
}
`,
		"hotels/hotels.go": `// Package hotels serves hotels.
package hotels

` + generateDirective + ` go tool routegen

import (
	"fmt"

	"github.com/routegen/routegen/runtime"
)

// Hotels implements HotelController.
type Hotels struct{}

func (Hotels) Show(ctx *runtime.Context, id int64) error {
	_, err := fmt.Fprintf(ctx.Res, "hotel %d", id)
	return err
}
`,
		"hotels/hotels_test.go": `package hotels

import (
	"io"
	"net/http/httptest"
	"testing"
)

func TestShow(t *testing.T) {
	router, err := NewRouter(Hotels{})
	if err != nil {
		t.Fatal(err)
	}
	u, err := URL.ShowHotel(42)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	router.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost:8080"+u, nil))
	if body, _ := io.ReadAll(rec.Body); rec.Code != 200 || string(body) != "hotel 42" {
		t.Errorf("GET /hotels/42 = %d %q, want 200 \"hotel 42\"", rec.Code, body)
	}
	rec = httptest.NewRecorder()
	router.ServeHTTP(rec, httptest.NewRequest("GET", "http://localhost:8080/hotels/abc", nil))
	if rec.Code != 400 {
		t.Errorf("GET /hotels/abc = %d, want 400", rec.Code)
	}
}
`,

		// go run of the module's command, with routes.conf in ./config and
		// a package named otherwise than its folder.
		"admin-site/config/routes.conf": `domains {
  admin {
    host = "admin.localhost"
    routes {
      dashboard {
        path = "/"
        controller = "Dashboard"
        action = "Index"
      }
    }
  }
}
`,
		"admin-site/admin.go": `// Package admin serves the administration site.
package admin

` + generateDirective + ` go run github.com/routegen/routegen/cmd/routegen

import "github.com/routegen/routegen/runtime"

// Dashboard implements DashboardController.
type Dashboard struct{}

func (Dashboard) Index(ctx *runtime.Context) error {
	_, err := ctx.Res.Write([]byte("dashboard"))
	return err
}
`,
		"admin-site/admin_test.go": `package admin

import (
	"net/http/httptest"
	"testing"
)

func TestIndex(t *testing.T) {
	router, err := NewRouter(Dashboard{})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	router.ServeHTTP(rec, httptest.NewRequest("GET", "http://admin.localhost:8080/", nil))
	if rec.Code != 200 || rec.Body.String() != "dashboard" {
		t.Errorf("GET / = %d %q, want 200 \"dashboard\"", rec.Code, rec.Body.String())
	}
}
`,
	}
	maps.Copy(files, readmeFiles(t, filepath.Join(root, "README.md")))
	maps.Copy(files, folderFiles(t, filepath.Join("testdata", "hotelsvc"), "hotelsvc"))
	dir := writeFiles(t, files)

	env := append(withoutGoGenerateVars(os.Environ()),
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"), // let the go command complete go.mod and go.sum
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"GOPROXY=off", // offline: the module cache only
	)
	goRun := func(args ...string) string {
		t.Helper()
		out, err := goCommand(t, goCmd, dir, env, args...)
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return out
	}

	goRun("generate", "./...")
	for _, file := range []string{"hotels/routes_gen.go", "admin-site/routes_gen.go"} {
		data, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatalf("go generate did not write %s: %v", file, err)
		}
		if !strings.HasPrefix(string(data), "// Code generated by routegen (devel). DO NOT EDIT.\n") {
			t.Errorf("%s does not start with the generated-code comment", file)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "admin-site/routes_gen.go")); !strings.Contains(string(data), "\npackage admin\n") {
		t.Error("admin-site/routes_gen.go is not in package admin ($GOPACKAGE)")
	}
	goRun("build", "./...")
	goRun("test", "./...")

	// The CI check: nothing to regenerate, with the rules of go generate.
	out := goRun("tool", "routegen", "diff", "hotels/routes.conf")
	if out != "" {
		t.Errorf("routegen diff after go generate printed\n%s", out)
	}

	// A file generated for another version of routegenimpl's API (here a
	// later one) does not compile, and the message says what to do.
	gen := filepath.Join(dir, "hotels", "routes_gen.go")
	data, err := os.ReadFile(gen)
	if err != nil {
		t.Fatal(err)
	}
	now, next := strconv.Itoa(routegenimpl.MaxVersion), strconv.Itoa(routegenimpl.MaxVersion+1)
	later := strings.NewReplacer(
		"RunGoGenerate("+now+" - routegenimpl.MinVersion)", "RunGoGenerate("+next+" - routegenimpl.MinVersion)",
		"RunGoGenerate(routegenimpl.MaxVersion - "+now+")", "RunGoGenerate(routegenimpl.MaxVersion - "+next+")",
	).Replace(string(data))
	if later == string(data) {
		t.Fatal("hotels/routes_gen.go has no version check")
	}
	if err := os.WriteFile(gen, []byte(later), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(goCmd, "build", "./hotels")
	cmd.Dir, cmd.Env = dir, env
	built, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatal("a file generated for a later routegenimpl API compiled")
	}
	var first string
	for _, line := range strings.Split(string(built), "\n") {
		if strings.HasPrefix(line, "hotels/") {
			first = line
			break
		}
	}
	if !regexp.MustCompile(`^hotels/routes_gen\.go:\d+:\d+: .*constant -1 overflows routegenimpl\.RunGoGenerate`).MatchString(first) {
		t.Errorf("go build of a file for a later API: first error %q, want one at routes_gen.go naming routegenimpl.RunGoGenerate\n%s", first, built)
	}
}

// goCommand runs the go command with args in dir, with env whose GOPROXY
// is off, and returns its output. A module missing from the module cache
// is fetched through the configured proxy.
func goCommand(t *testing.T, goCmd, dir string, env []string, args ...string) (string, error) {
	t.Helper()
	start := time.Now()
	cmd := exec.Command(goCmd, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "GOPROXY=off") {
		t.Logf("go %s: the module cache lacks a module; using the configured proxy", strings.Join(args, " "))
		cmd = exec.Command(goCmd, args...)
		cmd.Dir = dir
		cmd.Env = append(env[:len(env):len(env)], "GOPROXY="+goEnv(t, goCmd, "GOPROXY"))
		out, err = cmd.CombinedOutput()
	}
	t.Logf("go %s: %s", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	return string(out), err
}

// withoutGoGenerateVars drops the variables go generate sets, lest a test
// run under go generate pass them on, and those the test sets.
func withoutGoGenerateVars(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		switch name, _, _ := strings.Cut(kv, "="); name {
		case "GOFILE", "GOPACKAGE", "GOLINE", "GOROOT_FINAL", "DOLLAR", "GOFLAGS", "GOWORK", "GOTOOLCHAIN", "GOPROXY":
			continue
		}
		out = append(out, kv)
	}
	return out
}

func goEnv(t *testing.T, goCmd, name string) string {
	out, err := exec.Command(goCmd, "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// folderFiles returns the files below dir, named under prefix.
func folderFiles(t *testing.T, dir, prefix string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		files[path.Join(prefix, filepath.ToSlash(rel))] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
