package gen_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestTypeScriptGolden regenerates the TypeScript module of every golden
// table (routes.ts beside its routes_gen.go) and requires identical bytes.
// internal/tscheck compiles them and runs them against the Go helpers.
func TestTypeScriptGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		if c.noTS {
			continue
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
			content, diags := gen.TypeScript(table, gen.Options{Source: fromOutput(c.routes), SourcePath: fromOutput, Version: goldenVersion})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			golden := filepath.Join("..", outDir, "routes.ts")
			if *update {
				if err := os.WriteFile(golden, content, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test ./gen -update writes it)", err)
			}
			if !bytes.Equal(content, want) {
				t.Errorf("%s is stale: go test ./gen -update rewrites it", golden)
			}
		})
	}
}

// TestTypeScriptNames: a function is named as the Go helper in
// lowerCamelCase; a name TypeScript reserves gets "_"; two routes whose
// names become one function are an error, as a function named as an
// export of the module is, or then, which would make the module a
// thenable.
func TestTypeScriptNames(t *testing.T) {
	conf := `domains {
  site {
    host = "localhost"
    routes {
      show_hotel { path = "/hotels/:id[number]"; controller = "A" }
      api_items { path = "/items/:new"; controller = "A" }
      delete { path = "/delete"; controller = "A" }
    }
  }
  admin {
    host = "admin.localhost"
    subdomain = true
    routes {
      home { path = "/"; controller = "A" }
    }
  }
}
`
	ts := typeScript(t, conf)
	for _, want := range []string{
		"export function showHotel(id: number | bigint): string {",
		"export function apiItems(new_: string): string {",
		"export function delete_(): string {",
		"export function adminHome(): string {",
		`  "show_hotel": { readonly id: number | bigint };`,
		`  "admin.home": Record<string, never>;`,
	} {
		if !strings.Contains(ts, want) {
			t.Errorf("the module has no line %q", want)
		}
	}
	for conf, want := range map[string]string{
		`a { path = "/a"; controller = "A" }
      b { path = "/b"; controller = "A" }
      xyz { path = "/x"; controller = "A" }
      XYZ { path = "/y"; controller = "A" }`: `routes.conf:8:7: routes "site.xyz" and "site.XYZ" both become the TypeScript function xyz; rename one`,
		`a { path = "/a"; controller = "A" }
      then { path = "/then"; controller = "A" }`: `routes.conf:6:7: route "site.then" becomes the TypeScript function then, which a module must not export: await import() of the module would call it and never resolve; rename the route`,
	} {
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte("domains {\n  site {\n    host = \"localhost\"\n    routes {\n      " + conf + "\n    }\n  }\n}\n")}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		if _, diags := gen.TypeScript(table, gen.Options{Source: "routes.conf"}); diags.Error() != want {
			t.Errorf("TypeScript reported\n%v\nwant\n%s", diags, want)
		}
	}
}

func typeScript(t *testing.T, conf string) string {
	t.Helper()
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	ts, diags := gen.TypeScript(table, gen.Options{Source: "routes.conf"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	return string(ts)
}
