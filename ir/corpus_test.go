package ir_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/aahcorpus"
	"github.com/routegen/routegen/ir"
)

// corpusFS reads the aah corpus, so that positions read router/routes.conf:1:1.
type corpusFS struct{ fs.FS }

func (c corpusFS) ReadFile(name string) ([]byte, error)  { return fs.ReadFile(c.FS, name) }
func (c corpusFS) Glob(pattern string) ([]string, error) { return fs.Glob(c.FS, pattern) }

var corpus = corpusFS{os.DirFS("../testdata/aah")}

// corpusErrors are the corpus files that must fail, with the first error.
// aah rejected each too, except webapp1, which the spec's Δ on CORS
// credentials with every origin makes an error.
var corpusErrors = map[string]string{
	"router/routes-controller-error.conf":          `router/routes-controller-error.conf:13:7: route "app_index" has no controller; set controller (or websocket) on it or on a parent route`,
	"router/routes-error.conf":                     `router/routes-error.conf:4:3: domain "localhost" has no host; add host = "example.com" (or a wildcard "*.example.com")`,
	"router/routes-namespace-action-error.conf":    `router/routes-namespace-action-error.conf:11:11: route "list_users" has several methods (POST, PUT) and needs an action`,
	"router/routes-no-domains.conf":                `router/routes-no-domains.conf:3:1: "domains" has no domain sections; add one, such as localhost { host = "localhost" … }`,
	"router/routes-no-hostname.conf":               `router/routes-no-hostname.conf:4:3: domain "localhost" has no host; add host = "example.com" (or a wildcard "*.example.com")`,
	"router/routes-path-error.conf":                `router/routes-path-error.conf:12:7: route "app_index" has no path; a top-level route needs one`,
	"router/routes-path-slash-error.conf":          `router/routes-path-slash-error.conf:14:16: path "login" must begin with "/"`,
	"router/routes-simplified-2-error.conf":        `router/routes-simplified-2-error.conf:40:24: path "/:id  gt=1,lt=10]": segment ":id  gt=1,lt=10]": constraint has "]" but no "["`,
	"router/routes-static-base-dir-missing.conf":   `router/routes-static-base-dir-missing.conf:31:16: static route "favicon": file "img/favicon.png" is relative, but there is no base_dir and no public_assets dir to resolve it from`,
	"router/routes-static-dir-file-error.conf":     `router/routes-static-dir-file-error.conf:19:16: static route "public" has both dir (at router/routes-static-dir-file-error.conf:17:15) and file; it serves one or the other`,
	"router/routes-static-no-dir-file-error.conf":  `router/routes-static-no-dir-file-error.conf:14:7: static route "public" needs dir (a folder to serve) or file (one file)`,
	"router/routes-static-path-error.conf":         `router/routes-static-path-error.conf:14:7: static route "public" has no path`,
	"router/routes-static-path-pattern-error.conf": `router/routes-static-path-pattern-error.conf:15:16: static route "public": path "/static*" cannot have parameters (":" or "*"); a dir route serves the files below its path by itself`,
	"router/routes-static-path-slash-error.conf":   `router/routes-static-path-slash-error.conf:15:16: static route "public": path "static" must begin with "/"`,
	"webapp1/routes.conf":                          `webapp1/routes.conf:50:27: cors: allow_credentials = true with allow_origins "*" would let every site make credentialed requests (browsers refuse it); list the allowed origins`,
}

// corpusRouteFiles lists every routes*.conf of the corpus.
func corpusRouteFiles(t *testing.T) []string {
	files, err := aahcorpus.RouteFiles(corpus.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func corpusSources(file string) ir.Sources { return aahcorpus.Sources(corpus.FS, ".", file) }

func TestCorpus(t *testing.T) {
	files := corpusRouteFiles(t)
	if len(files) < 30 {
		t.Fatalf("found %d corpus files, want the whole corpus", len(files))
	}
	// The warnings of the valid files, in testdata/corpus_warnings.txt.
	var warnings strings.Builder
	for _, file := range files {
		t.Run(file, func(t *testing.T) {
			table, diags := ir.Load(corpus, corpusSources(file))
			if want, isError := corpusErrors[file]; isError {
				if table != nil || len(diags) == 0 || diags[0].Error() != want {
					t.Fatalf("got %v, want first error\n%s", diags, want)
				}
				return
			}
			if table == nil || diags.HasErrors() {
				t.Fatalf("unexpected diagnostics:\n%v", diags)
			}
			for _, d := range diags {
				fmt.Fprintln(&warnings, d.Error())
			}
			got, err := json.MarshalIndent(table, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("testdata", "tables", strings.TrimSuffix(file, ".conf")+".json"), append(got, '\n'))
		})
	}
	compareGolden(t, filepath.Join("testdata", "corpus_warnings.txt"), []byte(warnings.String()))
}

// TestCorpusMatchesAah compares the tables with the lines of
// testdata/aah_expectations.txt, written from aah's own behaviour.
func TestCorpusMatchesAah(t *testing.T) {
	data, err := os.ReadFile("testdata/aah_expectations.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	var file string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "== "):
			file = strings.TrimPrefix(line, "== ")
		default:
			want[file] = append(want[file], line)
		}
	}
	if len(want) < 9 {
		t.Fatalf("read expectations for %d files, want 9", len(want))
	}
	for _, file := range slices.Sorted(maps.Keys(want)) {
		table, diags := ir.Load(corpus, corpusSources(file))
		if table == nil {
			t.Errorf("%s: %v", file, diags)
			continue
		}
		if got := summarize(table); !slices.Equal(got, want[file]) {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", file, strings.Join(got, "\n"), strings.Join(want[file], "\n"))
		}
	}
}

// summarize prints a table in the line format of aah_expectations.txt.
func summarize(t *ir.Table) []string {
	var lines []string
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			target := r.Controller + "#" + r.Action
			switch {
			case r.Static && r.File != "":
				target = "file:" + r.Dir + "|" + r.File
			case r.Static:
				target = "dir:" + r.Dir
			}
			constraints := "-"
			byName := map[string]string{}
			for _, p := range r.ParamSpecs {
				if p.Constraint != nil {
					byName[p.Name] = p.Constraint.Text
				}
			}
			if len(byName) > 0 {
				var parts []string
				for _, k := range slices.Sorted(maps.Keys(byName)) {
					parts = append(parts, k+"["+byName[k]+"]")
				}
				constraints = strings.Join(parts, ",")
			}
			cors := "-"
			if c := r.CORS; c != nil {
				cors = fmt.Sprintf("o=%s h=%s m=%s e=%s age=%d cred=%t", strings.Join(c.AllowOrigins, ","), strings.Join(c.AllowHeaders, ","),
					strings.Join(c.AllowMethods, ","), strings.Join(c.ExposeHeaders, ","), c.MaxAge, c.AllowCredentials)
			}
			lines = append(lines, fmt.Sprintf("%s %s %s %s %s auth=%s body=%d csrf=%t parent=%s constraints=%s cors=%s",
				d.Key, r.Method, r.Path, r.Name, target, r.Auth, r.MaxBodySize, r.AntiCSRFCheck, r.Parent, constraints, cors))
		}
	}
	return lines
}

// compareGolden compares got with the golden file, or rewrites it with -update.
func compareGolden(t *testing.T, golden string, got []byte) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code produces now (go test -update rewrites it):\n%s", golden, lineDiff(string(want), string(got)))
	}
}

// lineDiff shows the first differing line of two texts.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want %q\n  got  %q", i+1, wl, gl)
		}
	}
	return ""
}
