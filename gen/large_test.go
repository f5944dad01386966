package gen_test

import (
	"bytes"
	"go/format"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/internal/synth"
	"github.com/routegen/routegen/ir"
)

// TestLargeTableMatchesAsData: a table of more than 512 routes has no
// matcher written as code, so that NewTable builds its matchers as data,
// and a smaller table's are code, unless Options.Matcher says otherwise.
// Either way the file, rendered in parts, is gofmt's form whole.
func TestLargeTableMatchesAsData(t *testing.T) {
	for _, c := range []struct {
		routes  int
		matcher gen.Matcher
		asData  bool
	}{
		{100, gen.MatcherAuto, false},
		{1000, gen.MatcherAuto, true},
		{100, gen.MatcherData, true},
		{1000, gen.MatcherCode, false},
	} {
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(synth.Config(c.routes))}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go", Matcher: c.matcher})
		if diags.HasErrors() {
			t.Fatal(diags)
		}
		src := string(files[0].Content)
		if formatted, err := format.Source(files[0].Content); err != nil || !bytes.Equal(formatted, files[0].Content) {
			t.Errorf("%d routes, matcher %d: the file is not gofmt's form (err %v)", c.routes, c.matcher, err)
		}
		matchers, domainRoutes := strings.Count(src, "\nfunc routegenMatch"), strings.Count(src, "Matchers:")
		if c.asData && (matchers != 0 || domainRoutes != 0) || !c.asData && (matchers == 0 || domainRoutes != 1) {
			t.Errorf("%d routes, matcher %d: %d matcher functions, %d Matchers fields", c.routes, c.matcher, matchers, domainRoutes)
		}
	}
}

// TestCommentOfSlashStarPath: the comment that follows a URL helper field
// is the route's path, and a path that begins with "/*" (a catch-all at
// the root) is the text of a line comment, not the start of a block
// comment.
func TestCommentOfSlashStarPath(t *testing.T) {
	conf := strings.Replace(synth.Config(600), "    routes {\n", "    routes {\n      everything { path = \"/*rest\"; controller = \"C0\"; action = \"Rest\" }\n", 1)
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	files, diags := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	if want := regexp.MustCompile("`route:\"everything\"` +// /\\*rest\n"); !want.Match(files[0].Content) {
		t.Errorf("the file has no field commented /*rest")
	}
}
