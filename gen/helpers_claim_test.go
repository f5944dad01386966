package gen

import (
	"bytes"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

// TestOnlyHelpersOfNoParameterReturnTheURLAlone reads the claim of
// reference.md: every parameter can fail, an integer one too, so only a
// helper of no parameter returns the URL alone.
func TestOnlyHelpersOfNoParameterReturnTheURLAlone(t *testing.T) {
	conf := `domains { site { host = "localhost"; default_auth = "anonymous"; routes {
  home { path = "/"; controller = "App"; action = "Home" }
  doctor { path = "/doctors/:id[number]"; controller = "Doctors"; action = "Show" }
  page { path = "/pages/:slug"; controller = "Pages"; action = "Show" }
} } }
`
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := generate(table, Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}, true)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	for _, want := range []string{
		"func (u *URLBuilder) Home() string {",
		"func (u *URLBuilder) Doctor(id int64) (string, error) {",
		"func (u *URLBuilder) Page(slug string) (string, error) {",
	} {
		if !bytes.Contains(files[0].Content, []byte(want)) {
			t.Errorf("the generated file has no %q", want)
		}
	}
}
