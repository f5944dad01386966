package routevet_test

import (
	"fmt"
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

// exampleApp is the example application, relative to the module root.
var exampleApp = filepath.Join("..", "examples", "app")

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
	http.Redirect(w, r, "/api/v2/users/me", http.StatusFound)`, `handlers.go: GET /api/v2/users/me matches route "user", but "me" fails the constraint of :id (number)`},
	{"handlers.go", `	return writeJSON(ctx, http.StatusCreated,`, `	ctx.Res.Header().Set("Location", "/api/"+version+"/user")
	return writeJSON(ctx, http.StatusCreated,`, ""}, // dynamic: not a finding
	{"handlers.go", `	ctx.Res.Header().Set("Location", "/api/"+version+"/user")`, `	ctx.Res.Header().Set("Location", "/api/v2/user")`, "handlers.go: no route serves /api/v2/user"},
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
	{"", "", "", `handlers.go: routes.RouteURL: "me" fails the constraint of :id (number) of route "user"`},
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
	{"", "", "", "app_test.go: no route serves GET /user on v2.api.localhost:8080"},
}

// TestExampleAppMistakes seeds twelve realistic mistakes into a copy of the
// example application (an overlay of its files) and expects the analyzer
// to find all twelve, and nothing in the application as it is.
func TestExampleAppMistakes(t *testing.T) {
	seeded := map[string]string{}
	var want []string
	for _, m := range mistakes {
		if m.file != "" {
			text, ok := seeded[m.file]
			if !ok {
				b, err := os.ReadFile(filepath.Join(exampleApp, m.file))
				if err != nil {
					t.Fatal(err)
				}
				text = string(b)
			}
			if strings.Count(text, m.old) != 1 {
				t.Fatalf("%s: %q is not found once", m.file, m.old)
			}
			seeded[m.file] = strings.Replace(text, m.old, m.new, 1)
		}
		if m.want != "" {
			want = append(want, m.want)
		}
	}
	if len(want) != 12 {
		t.Fatalf("%d mistakes, want 12", len(want))
	}
	overlay := map[string][]byte{}
	for file, text := range seeded {
		abs, err := filepath.Abs(filepath.Join(exampleApp, file))
		if err != nil {
			t.Fatal(err)
		}
		overlay[abs] = []byte(text)
	}
	t.Run("unmodified", func(t *testing.T) {
		t.Parallel()
		if got := analyze(t, nil); len(got) != 0 {
			t.Errorf("findings in examples/app:\n%s", strings.Join(got, "\n"))
		}
	})
	t.Run("seeded", func(t *testing.T) {
		t.Parallel()
		got := analyze(t, overlay)
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
	})
}

// positionless drops the line and column of a finding: "file: message".
func positionless(finding string) string {
	file, rest, _ := strings.Cut(finding, ":")
	_, rest, _ = strings.Cut(rest, ":")
	_, rest, _ = strings.Cut(rest, ":")
	return file + ":" + rest
}

// analyze runs the analyzer over the example application and its tests,
// and returns its findings as "file:line:col: message", sorted, each once
// (a file of both the package and its test variant is analyzed twice).
func analyze(t *testing.T, overlay map[string][]byte) []string {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: exampleApp, Tests: true, Overlay: overlay}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the example application does not build")
	}
	res, err := checker.Analyze([]*analysis.Analyzer{routevet.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		for _, d := range act.Diagnostics {
			p := act.Package.Fset.Position(d.Pos)
			f := fmt.Sprintf("%s:%d:%d: %s", filepath.Base(p.Filename), p.Line, p.Column, d.Message)
			if !slices.Contains(found, f) {
				found = append(found, f)
			}
		}
	}
	slices.Sort(found)
	return found
}
