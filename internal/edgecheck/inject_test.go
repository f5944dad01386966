package edgecheck

import (
	"strconv"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/difftest"
)

// TestGatewayLineSeparators: a character YAML reads as a line break
// (U+2028, U+2029, U+0085) cannot reach a path (check refuses it there),
// and in the name of the source the export's comments give, it is
// written escaped: the HTTPRoutes stay one document each, which
// kubectl's decoder reads.
func TestGatewayLineSeparators(t *testing.T) {
	conf := func(path string) string {
		return "domains {\n  main {\n    host = \"example.com\"\n    routes {\n" +
			"      a { path = \"" + path + "\"; controller = \"A\"; action = \"Show\" }\n" +
			"      b { path = \"/b\"; controller = \"B\"; action = \"Show\" }\n" +
			"    }\n  }\n}\n"
	}
	for _, sep := range []string{"\u2028", "\u2029", "\u0085"} {
		if _, err := difftest.Load(conf("/a" + sep + "b/:id")); err == nil {
			t.Errorf("%q in a path: loaded", sep)
		}
		table, err := difftest.Load(conf("/ab/:id"))
		if err != nil {
			t.Fatalf("%q: %v", sep, err)
		}
		backends, err := edge.Assign(table, []edge.Assignment{
			{Backend: edge.Backend{Name: "web", Port: 80}},
			{Domain: "main", Group: "a", Backend: edge.Backend{Name: "api", Port: 80}},
		})
		if err != nil {
			t.Fatal(err)
		}
		export, err := edge.Gateway(table, backends, edge.GatewayOptions{Gateway: "edge", Source: "routes" + sep + ".conf"})
		if err != nil {
			t.Fatal(err)
		}
		docs := strings.Split(string(export), "\n---\n")[1:]
		if len(docs) != 1 {
			t.Fatalf("%q: %d documents:\n%s", sep, len(docs), export)
		}
		var route map[string]any
		if err := yaml.Unmarshal([]byte(docs[0]), &route); err != nil {
			t.Fatalf("%q: %v:\n%s", sep, err, export)
		}
		if route["kind"] != "HTTPRoute" {
			t.Errorf("%q: kind %v", sep, route["kind"])
		}
		named := strings.Trim(strings.ReplaceAll(fmtQuote(sep), `"`, ""), "'")
		if !strings.Contains(string(export), "routes"+named+".conf") {
			t.Errorf("%q: no comment names the source as routes%s.conf:\n%s", sep, named, export)
		}
		if strings.Contains(string(export), sep) {
			t.Errorf("%q: written raw:\n%s", sep, export)
		}
	}
}

// fmtQuote is the Go escape of a character ("\u2028").
func fmtQuote(s string) string { return strconv.QuoteToASCII(s) }
