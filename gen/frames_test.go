package gen_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestPanicFramesNameGeneratedFile builds a program whose action panics,
// its routes.conf in another folder than its generated package, and reads
// the stack the panic prints: the frame of the generated Dispatch names
// routes_gen.go with its folder, as every frame of other code does, and
// no frame names a file without one.
func TestPanicFramesNameGeneratedFile(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program with the go command")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conf := `domains {
  site {
    host = "localhost"
    default_auth = "anonymous"
    routes {
      boom { path = "/boom/:n[number]"; controller = "Boom"; action = "Explode" }
    }
  }
}
`
	table, diags := ir.Load(fstest.MapFS{"x/routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "x/routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "../../x/routes.conf", Output: "routes_gen.go",
		SourcePath: func(string) string { return "../../x/routes.conf" }})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, f := range files {
		write(filepath.Join("a", "routes", f.Name), string(f.Content))
	}
	write("go.mod", "module example.com/frames\n\ngo 1.25.0\n")
	write("go.work", "go 1.25.0\n\nuse (\n\t.\n\t"+root+"\n)\n")
	write("x/routes.conf", conf)
	write("main.go", `package main

import (
	"net/http/httptest"

	"example.com/frames/a/routes"
	"github.com/routegen/routegen/runtime"
)

type boom struct{}

func (boom) Explode(ctx *runtime.Context, n int64) error { panic("boom") }

func main() {
	router, err := routes.NewRouter(boom{})
	if err != nil {
		panic(err)
	}
	router.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "http://localhost/boom/1", nil))
}
`)
	build := exec.Command("go", "build", "-o", "frames", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOFLAGS=", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(filepath.Join(dir, "frames")).CombinedOutput()
	if err == nil || !strings.HasPrefix(string(out), "panic: boom") {
		t.Fatalf("the program did not panic: %v\n%s", err, out)
	}
	generated := filepath.Join(dir, "a", "routes", "routes_gen.go")
	dispatch := regexp.MustCompile(`(?m)^example\.com/frames/a/routes\.\(\*routegenControllers\)\.Dispatch\(.*\n\t(\S+):\d+`).FindStringSubmatch(string(out))
	if dispatch == nil || dispatch[1] != generated {
		t.Errorf("the frame of Dispatch does not name %s:\n%s", generated, out)
	}
	for _, frame := range regexp.MustCompile(`(?m)^\t(\S+):\d+`).FindAllStringSubmatch(string(out), -1) {
		if !filepath.IsAbs(frame[1]) {
			t.Errorf("a frame names %s, without its folder:\n%s", frame[1], out)
		}
	}
}
