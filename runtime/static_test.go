package runtime

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// staticTree makes, in a new working folder, the folder public of a
// static route: a file, a dot folder, a folder with an index.html, one
// without, and symbolic links inside the folder, out of it, and to a dot
// name. It returns the working folder.
func staticTree(t *testing.T) string {
	t.Helper()
	dir, outside := t.TempDir(), t.TempDir()
	for name, data := range map[string]string{
		"public/hello.txt":       "hello",
		"public/.git/config":     "[core]",
		"public/site/index.html": "index",
		"public/bare/a.txt":      "a",
		"secret.txt":             "secret beside",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(outside, "passwd"), []byte("root:secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"passwd": filepath.Join(outside, "passwd"), // absolute, out of the folder
		"up":     "..",                             // relative, out of the folder
		"cfg":    ".git",                           // to a dot name
		"cfg2":   "site/../.git",                   // to a dot name, by a detour
		"inner":  "site",                           // inside: followed
		"loop":   "loop",
	} {
		if err := os.Symlink(target, filepath.Join(dir, "public", link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	t.Chdir(dir)
	return dir
}

func staticRouter(t *testing.T, opts ...Option) *Router {
	t.Helper()
	table := &table{
		Domains: []Domain{{Key: "site", Host: "example.com", RedirectTrailingSlash: true, DefaultAuth: AuthAnonymous}},
		Routes: []Route{{Name: "pub", Method: "GET", Path: "/pub/*filepath", Static: true, Dir: "public",
			Params: []string{"filepath"}, Auth: AuthAnonymous, Pos: "routes.conf:1:1"}},
	}
	rt, err := testRouter(table, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return rt
}

// TestStaticSymlinksAndIndex: on disk and through WithStaticFS(os.DirFS),
// a symbolic link is followed only to a name inside the route's folder
// that is not a dot name; a folder of a route without a listing is served
// by its index.html, to which a request for index.html is redirected, and
// is refused without one, as aah refused it: 403 "Directory listing not
// allowed".
func TestStaticSymlinksAndIndex(t *testing.T) {
	dir := staticTree(t)
	for mode, opts := range map[string][]Option{
		"disk":  nil,
		"DirFS": {WithStaticFS(os.DirFS(dir))},
	} {
		rt := staticRouter(t, opts...)
		for _, c := range []struct {
			path     string
			status   int
			body     string // a prefix of the body
			location string
		}{
			{"/pub/hello.txt", 200, "hello", ""},
			{"/pub/passwd", 404, "", ""},
			{"/pub/up/secret.txt", 404, "", ""},
			{"/pub/cfg/config", 404, "", ""},
			{"/pub/cfg2/config", 404, "", ""},
			{"/pub/.git/config", 404, "", ""},
			{"/pub/loop", 404, "", ""},
			{"/pub/inner/index.html", 301, "", "./"},
			{"/pub/inner/", 200, "index", ""},
			{"/pub/site/", 200, "index", ""},
			{"/pub/site/index.html", 301, "", "./"},
			{"/pub/bare/", 403, "Directory listing not allowed", ""},
			{"/pub/bare/a.txt", 200, "a", ""},
		} {
			req := httptest.NewRequest("GET", "http://example.com"+c.path, nil)
			w := httptest.NewRecorder()
			rt.ServeHTTP(w, req)
			body := w.Body.String()
			if w.Code != c.status || !strings.HasPrefix(body, c.body) || w.Header().Get("Location") != c.location || strings.Contains(body, "secret") {
				t.Errorf("%s: GET %s = %d %q, Location %q; want %d %q, Location %q", mode, c.path, w.Code, body, w.Header().Get("Location"), c.status, c.body, c.location)
			}
		}
	}
}
