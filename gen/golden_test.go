package gen_test

import (
	"bytes"
	"cmp"
	"flag"
	"go/format"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/aahcorpus"
	"github.com/routegen/routegen/internal/routeset"
	"github.com/routegen/routegen/ir"
)

var update = flag.Bool("update", false, "rewrite the golden packages from what the generator produces")

// goldenVersion is the routegen version the golden files name: a build of a
// checkout's, as go run ./cmd/routegen writes them, so that they do not
// change with each release.
const goldenVersion = "(devel)"

// moduleFS reads files by their path in the module, as the positions in
// the golden packages name them.
type moduleFS struct{ fs.FS }

func (m moduleFS) ReadFile(name string) ([]byte, error)  { return fs.ReadFile(m.FS, name) }
func (m moduleFS) Glob(pattern string) ([]string, error) { return fs.Glob(m.FS, pattern) }

var module = moduleFS{os.DirFS("..")}

// goldenCase is one golden package: the routes.conf it is generated from.
type goldenCase struct {
	dir       string // under golden/, and the package name unless pkg says otherwise
	pkg       string // the package name when not dir
	routes    string // module path of the routes.conf
	security  string
	appConfig string
	profile   string
	out       string // module path of the output folder when not golden/<dir>
	noTS      bool   // no routes.ts beside it: an application without a front end
	// docElsewhere: another file of the output folder has the package
	// comment, which the command then leaves out of the generated file.
	docElsewhere bool
}

func (c goldenCase) outDir() string {
	if c.out != "" {
		return c.out
	}
	return path.Join("golden", c.dir)
}

// goldenCases are every valid routes.conf of the aah corpus, the GitHub API
// route set and the rich example.
func goldenCases(t testing.TB) []goldenCase {
	cases := []goldenCase{
		{dir: "github", routes: "testdata/routesets/github.conf"},
		{dir: "rich", routes: "testdata/rich/routes.conf"},
		{dir: "clash", routes: "testdata/clash/routes.conf"},
		{dir: "routes", routes: "examples/app/routes.conf", out: "examples/app/routes"},
		{dir: "aahport", pkg: "routes", routes: "examples/aahport/config/routes.conf", security: "examples/aahport/config/security.conf",
			appConfig: "examples/aahport/config/aah.conf", out: "examples/aahport/app/routes", noTS: true, docElsewhere: true},
		{dir: "policies", routes: "testdata/policies/routes.conf", security: "testdata/policies/security.conf"},
		{dir: "replies", routes: "testdata/replies/routes.conf", security: "testdata/replies/security.conf", appConfig: "testdata/replies/aah.conf", noTS: true},
		{dir: "profile", routes: "testdata/profile/routes.conf", appConfig: "testdata/profile/aah.conf", profile: "prod"},
		{dir: "profiledev", routes: "testdata/profile/routes.conf", appConfig: "testdata/profile/aah.conf", profile: "dev", noTS: true},
		{dir: "deploy", routes: "testdata/deploy/routes.conf"},
	}
	files, err := aahcorpus.RouteFiles(module.FS, "testdata/aah")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range files {
		src := aahcorpus.Sources(module.FS, "testdata/aah", p)
		c := goldenCase{routes: p, security: src.Security}
		if table, _ := ir.Load(module, sources(c)); table == nil {
			continue // an error file: the ir tests check its messages
		}
		rel := strings.TrimSuffix(strings.TrimPrefix(p, "testdata/"), ".conf")
		c.dir = strings.NewReplacer("/", "_", "-", "_").Replace(rel)
		cases = append(cases, c)
	}
	return cases
}

func sources(c goldenCase) ir.Sources {
	return ir.Sources{Routes: c.routes, Security: c.security, AppConfig: c.appConfig, Profile: c.profile}
}

// TestGolden regenerates every golden package and requires identical bytes.
func TestGolden(t *testing.T) {
	cases := goldenCases(t)
	var dirs []string
	for _, c := range cases {
		if c.out == "" {
			dirs = append(dirs, c.dir)
		}
		t.Run(c.dir, func(t *testing.T) {
			table, diags := ir.Load(module, sources(c))
			if table == nil {
				t.Fatal(diags)
			}
			outDir := c.outDir()
			fromOutput := func(file string) string {
				rel, err := filepath.Rel(outDir, file)
				if err != nil {
					t.Fatal(err)
				}
				return filepath.ToSlash(rel)
			}
			files, diags := gen.Generate(table, gen.Options{
				Package: cmp.Or(c.pkg, c.dir), Source: fromOutput(c.routes), Output: "routes_gen.go", SourcePath: fromOutput, Version: goldenVersion,
				PackageDocElsewhere: c.docElsewhere,
			})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			for _, f := range files {
				// The parts of the file are rendered apart and joined: the
				// whole must still be what gofmt writes.
				if formatted, err := format.Source(f.Content); err != nil || !bytes.Equal(formatted, f.Content) {
					t.Errorf("%s is not gofmt's form (err %v)", f.Name, err)
				}
				golden := filepath.Join("..", outDir, f.Name)
				if *update {
					if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(golden, f.Content, 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatalf("%v (go test ./gen -update writes it)", err)
				}
				if !bytes.Equal(f.Content, want) {
					t.Errorf("%s is stale: go test ./gen -update rewrites it", golden)
				}
			}
		})
	}
	entries, err := os.ReadDir("../golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !slices.Contains(dirs, e.Name()) {
			t.Errorf("golden/%s has no routes.conf any more; remove it", e.Name())
		}
	}
}

// TestGitHubConf keeps testdata/routesets/github.conf the routes.conf of
// the GitHub route set, the excluded routes included.
func TestGitHubConf(t *testing.T) {
	var all []routeset.Route
	for _, name := range []string{"github.txt", "github_excluded.txt"} {
		data, err := os.ReadFile(filepath.Join("..", "testdata", "routesets", name))
		if err != nil {
			t.Fatal(err)
		}
		routes, err := routeset.Parse(string(data))
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, routes...)
	}
	want := routeset.Conf("GitHub", all)
	conf := filepath.Join("..", "testdata", "routesets", "github.conf")
	if *update {
		if err := os.WriteFile(conf, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(conf)
	if err != nil || string(got) != want {
		t.Errorf("%s is stale (go test ./gen -update rewrites it)", conf)
	}
}
