package gen

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

// TestLinesAsTextAsGofmtWrites: the routes, the interfaces' methods, the
// dispatch cases and the URL helper methods of a table of more than 512 routes,
// which gen writes as text, are what jennifer and gofmt write of their
// code, byte for byte, and the file is gofmt's form. The table has every
// feature of testdata/rich (a wildcard domain, catch-alls, constraints,
// non-ASCII paths), an action of routes of different parameters, and
// helpers of many widths; and so is a table of testdata/policies, whose
// routes have authorizations. So are they with a file name that a /*line*/
// directive cannot hold.
func TestLinesAsTextAsGofmtWrites(t *testing.T) {
	t.Run("policies", func(t *testing.T) {
		policies, err := os.ReadFile("../testdata/policies/routes.conf")
		if err != nil {
			t.Fatal(err)
		}
		security, err := os.ReadFile("../testdata/policies/security.conf")
		if err != nil {
			t.Fatal(err)
		}
		var bulk strings.Builder
		for i := range 600 {
			fmt.Fprintf(&bulk, "      bulk%d { path = \"/bulk/%d\"; controller = \"Bulk\"; action = \"Bulk%d\" }\n", i, i, i)
		}
		conf := strings.Replace(string(policies), "    routes {\n", "    routes {\n"+bulk.String(), 1)
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}, "security.conf": {Data: security}}, ir.Sources{Routes: "routes.conf", Security: "security.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		opts := Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}
		asText, _ := generate(table, opts, true)
		asCode, _ := generate(table, opts, false)
		if text := asText[0].Content; !bytes.Contains(text, []byte("Authorization: &runtime.Authorization{")) || !bytes.Equal(text, asCode[0].Content) {
			t.Errorf("the lines written as text differ from jennifer's code laid out by gofmt, or have no authorization:\n%s", firstDifference(text, asCode[0].Content))
		}
	})
	rich, err := os.ReadFile("../testdata/rich/routes.conf")
	if err != nil {
		t.Fatal(err)
	}
	var bulk strings.Builder
	for i := range 600 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&bulk, "      bulk%d { path = \"/bulk/%d\"; controller = \"Bulk%d\"; action = \"Bulk%d\" }\n", i, i, i%7, i)
		case 1:
			fmt.Fprintf(&bulk, "      bulk_item_number%d { path = \"/bulk/%d/:id[number]/:name\"; controller = \"Bulk%d\"; action = \"Item\" }\n", i, i, i%7)
		case 2:
			fmt.Fprintf(&bulk, "      b%d { path = \"/b/%d/:name/é/*rest\"; controller = \"Bulk%d\"; action = \"Item\" }\n", i, i, i%7)
		default:
			fmt.Fprintf(&bulk, "      bulk_long_name_of_route%d { path = \"/bulk/%d/:id[number]\"; method = \"PUT\"; controller = \"Bulk%d\"; action = \"Put%d\" }\n", i, i, i%7, i)
		}
	}
	conf := strings.Replace(string(rich), "    routes {\n", "    routes {\n"+bulk.String(), 1)
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	opts := Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"}
	asText, diags := generate(table, opts, true)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	asCode, diags := generate(table, opts, false)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	text, code := asText[0].Content, asCode[0].Content
	for _, want := range []string{"*/ Bulk0(", "\n\t/*line routes.conf:", ": // GET /bulk/1/:id/:name (bulk_item_number1)\n", "\nfunc (u *URLBuilder) B2(", "\n\t{Index: 0, Name: ", "\n//line routes.conf:"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the file has no %q", want)
		}
	}
	if !bytes.Equal(text, code) {
		t.Errorf("the lines written as text differ from jennifer's code laid out by gofmt:\n%s", firstDifference(text, code))
	}
	if formatted, err := format.Source(text); err != nil || !bytes.Equal(formatted, text) {
		t.Errorf("the file is not gofmt's form (err %v):\n%s", err, firstDifference(text, formatted))
	}
	// A file name that would end a /*line*/ comment places the methods by
	// //line directives above them, as text as in code.
	opts.SourcePath = func(file string) string { return "a*/" + file }
	asText, _ = generate(table, opts, true)
	asCode, _ = generate(table, opts, false)
	if text, code := asText[0].Content, asCode[0].Content; !bytes.Contains(text, []byte("\n\tBulk0(")) || !bytes.Equal(text, code) {
		t.Errorf("with the file a*/routes.conf, the lines written as text differ from jennifer's code laid out by gofmt, or place no method by a //line directive:\n%s", firstDifference(text, code))
	}
}

// firstDifference is the line of a where it first differs from b, and b's.
func firstDifference(a, b []byte) string {
	al, bl := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n%s\n%s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("%d lines against %d", len(al), len(bl))
}
