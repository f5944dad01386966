package routevet_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/routegen/routegen/routevet"
)

// exampleApp is the example application, relative to the repository's
// root, in the module at examplesModule.
var (
	exampleApp     = filepath.Join("examples", "app")
	examplesModule = "examples"
)

// mistake is one realistic mistake seeded into the example application:
// old, in file, becomes new, and the analyzer must report want ("file:
// message", the message's beginning) there. A mistake without a file is
// one more finding of the edit before it.
type mistake struct {
	file, old, new, want string
}

var mistakes = []mistake{
	{"handlers.go", "type users struct{}", `// legacy sends old bookmarks to the pages of today.
func legacy(w http.ResponseWriter, r *http.Request, id string) {
	http.Redirect(w, r, "/search/", http.StatusMovedPermanently)
}

type users struct{}`, "handlers.go: /search/ is served only by a redirect to /search"},
	{"handlers.go", `http.StatusMovedPermanently)
}`, `http.StatusMovedPermanently)
	http.Redirect(w, r, "/api/v2/user/"+id, http.StatusMovedPermanently)
}`, "handlers.go: no route path begins with /api/v2/user/"},
	{"handlers.go", `"/api/v2/user/"+id, http.StatusMovedPermanently)`, `"/api/v2/user/"+id, http.StatusMovedPermanently)
	http.Redirect(w, r, "http://admin.localhost:8080/dashboard", http.StatusFound)`, "handlers.go: no route serves GET /dashboard on admin.localhost:8080"},
	{"handlers.go", `"http://admin.localhost:8080/dashboard", http.StatusFound)`, `"http://admin.localhost:8080/dashboard", http.StatusFound)
	http.Redirect(w, r, "/api/v2/users/me", http.StatusFound)`, `handlers.go: GET /api/v2/users/me is answered 400: route "user", :id[number]: "me" is not a number`},
	{"handlers.go", `	return writeJSON(ctx, http.StatusCreated,`, `	ctx.Res.Header().Set("Location", "/api/"+version+"/user")
	return writeJSON(ctx, http.StatusCreated,`, ""}, // dynamic: not a finding
	{"handlers.go", `	ctx.Res.Header().Set("Location", "/api/"+version+"/user")`, `	ctx.Res.Header().Set("Location", "/api/v2/user")`, `handlers.go: no route serves GET /api/v2/user (did you mean "/api/v2/users"?)`},
	{"handlers.go", "type users struct{}", `// links are the URLs the navigation shows.
func links() []string {
	a, _ := routes.RouteURL("usr", "v2", 42)
	b, _ := routes.RouteURL("user", 42)
	c, _ := routes.RouteURL("user", "v2", "me")
	d, _ := routes.RouteURLNamedArgs("user", map[string]any{"version": "v2", "user_id": 42})
	e, _ := routes.RouteURL("host_users", "v3")
	return []string{a, b, c, d, e}
}

type users struct{}`, `handlers.go: routes.RouteURL: no route named "usr" (did you mean "user"?)`},
	{"", "", "", `handlers.go: routes.RouteURL: route "user" takes 2 path parameters (version, id), got 1`},
	{"", "", "", `handlers.go: routes.RouteURL: route "user", :id[number]: "me" is not a number`},
	{"", "", "", `handlers.go: routes.RouteURLNamedArgs: route "user" needs the path parameter "id"`},
	{"", "", "", `handlers.go: routes.RouteURL: no route named "host_users" (did you mean "versioned_api.host_users"?)`},
	{"app_test.go", "func TestWebSocketEcho(", `func TestSearchRejectsPost(t *testing.T) {
	router, err := newRouter()
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	router.ServeHTTP(rec, httptest.NewRequest("POST", "/search", nil))
	if rec.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST /search = %d", rec.Code)
	}
	req, _ := http.NewRequest("GET", "http://v2.api.localhost:8080/user", nil)
	router.ServeHTTP(rec, req)
}

func TestWebSocketEcho(`, "app_test.go: no POST route serves /search (only GET)"},
	{"", "", "", `app_test.go: no route serves GET /user on v2.api.localhost:8080 (did you mean "/users"?)`},
}

// TestExampleAppMistakes seeds twelve realistic mistakes into a copy of the
// example application and expects the analyzer to find all twelve, and
// nothing in the application itself. The copy is a module in a workspace
// with this one and the examples' module, and imports the application's
// generated routes package from there; both are loaded and analyzed at
// once.
func TestExampleAppMistakes(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyApp(t, filepath.Join(root, exampleApp), dir)
	var want []string
	for _, m := range mistakes {
		if m.file != "" {
			path := filepath.Join(dir, m.file)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Count(string(b), m.old) != 1 {
				t.Fatalf("%s: %q is not found once", m.file, m.old)
			}
			if err := os.WriteFile(path, []byte(strings.Replace(string(b), m.old, m.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if m.want != "" {
			want = append(want, m.want)
		}
	}
	if len(want) != 12 {
		t.Fatalf("%d mistakes, want 12", len(want))
	}
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/seeded\n\ngo 1.25.0\n")
	writeWorkspace(t, dir, ".", root, filepath.Join(root, examplesModule))

	const app = "github.com/routegen/routegen/examples/app"
	findings := analyze(t, dir, "./...", app+"/...")
	if got := findings[app]; len(got) != 0 {
		t.Errorf("findings in examples/app:\n%s", strings.Join(got, "\n"))
	}
	got := findings["example.com/seeded"]
	for _, w := range want {
		i := slices.IndexFunc(got, func(f string) bool { return strings.HasPrefix(positionless(f), w) })
		if i < 0 {
			t.Errorf("no finding %q", w)
			continue
		}
		got = slices.Delete(got, i, i+1)
	}
	if len(got) > 0 {
		t.Errorf("unexpected findings:\n%s", strings.Join(got, "\n"))
	}
}

// copyApp copies the application in src to dst, but for its generated
// routes package, which the copy imports from the module.
func copyApp(t *testing.T, src, dst string) {
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			if d.Name() == "routes" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// writeWorkspace writes dir/go.work, using the modules in folders.
func writeWorkspace(t testing.TB, dir string, folders ...string) {
	text := "go 1.25.0\n\nuse (\n"
	for _, f := range folders {
		text += "\t" + f + "\n"
	}
	writeFile(t, filepath.Join(dir, "go.work"), text+")\n")
}

func writeFile(t testing.TB, path, text string) {
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// positionless drops the line and column of a finding: "file: message".
func positionless(finding string) string {
	file, rest, _ := strings.Cut(finding, ":")
	_, rest, _ = strings.Cut(rest, ":")
	_, rest, _ = strings.Cut(rest, ":")
	return file + ":" + rest
}

// analyze runs the analyzer over the packages (with their tests) and
// returns its findings by package path as "file:line:col: message",
// sorted, each once (a file of both a package and its test variant is
// analyzed twice).
func analyze(t *testing.T, dir string, patterns ...string) map[string][]string {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true,
		Env: append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"))}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages do not build")
	}
	res, err := checker.Analyze([]*analysis.Analyzer{routevet.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := map[string][]string{}
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		path := strings.TrimSuffix(act.Package.PkgPath, "_test")
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			f := fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, d.Message)
			if !slices.Contains(found[path], f) {
				found[path] = append(found[path], f)
			}
		}
	}
	for _, f := range found {
		slices.Sort(f)
	}
	return found
}
