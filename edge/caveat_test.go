package edge_test

import (
	"strings"
	"testing"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/difftest"
)

// TestGatewayCaveats: where a regular expression and a PathPrefix of two
// backends take one request, the implementation that ranks them apart
// from the router is named, at the route the router chooses.
func TestGatewayCaveats(t *testing.T) {
	table, err := difftest.Load(`domains {
  main {
    host = "example.com"
    routes {
      rest { path = "/a/*rest"; controller = "Rest"; action = "Show" }
      middle { path = "/a/:x/c"; controller = "Middle"; action = "Show" }
      deep { path = "/b/c/*rest"; controller = "Deep"; action = "Show" }
      param { path = "/b/:x/d"; controller = "Param"; action = "Show" }
    }
  }
}
`)
	if err != nil {
		t.Fatal(err)
	}
	backends, err := edge.Assign(table, []edge.Assignment{
		{Backend: edge.Backend{Name: "web", Port: 80}},
		{Domain: "main", Group: "middle", Backend: edge.Backend{Name: "regex", Port: 80}},
		{Domain: "main", Group: "param", Backend: edge.Backend{Name: "regex", Port: 80}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range edge.GatewayCaveats(table, backends) {
		got = append(got, d.Error())
	}
	want := []string{
		// /a/b/c: the router's parameter beats its catch-all; Istio ranks
		// the PathPrefix /a first.
		`routes.conf:6:7: warning: GET /a/x/c: Istio sends it to web:80 (PathPrefix /a of route rest), where the router answers it with route middle (regex:80)`,
		// A HEAD request: no HEAD match of rest, whose backend is the
		// domain's, but the last rule's PathPrefix /.
		`routes.conf:6:7: warning: HEAD /a/x/c: Istio sends it to web:80 (the domain's last rule, PathPrefix /), where the router answers it with route middle (regex:80)`,
		// /b/c/d: the router's literal c beats the parameter; Envoy
		// Gateway and the others rank the regular expression first.
		`routes.conf:7:7: warning: GET /b/c/d: Envoy Gateway, Contour and NGINX Gateway Fabric send it to regex:80 (the RegularExpression of route param, /b/:x/d), where the router answers it with route deep (web:80)`,
		`routes.conf:8:7: warning: GET /b/x/d: Istio sends it to web:80 (the domain's last rule, PathPrefix /), where the router answers it with route param (regex:80)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("caveats:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
