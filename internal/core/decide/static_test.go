package decide

import (
	"net/http/httptest"
	"testing"

	"github.com/routegen/routegen/internal/core"
)

// TestStaticStepSaysWhatIsServed: an explained static route says whether
// it serves a file, a folder's listing, or a folder's index.html, which
// without one is 403, as aah refused a folder without listing.
func TestStaticStepSaysWhatIsServed(t *testing.T) {
	hosts, problems := core.NewHosts([]core.Address{{}}, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	routes := []core.Route{{Method: "GET", Path: "/pub/*filepath", Static: true}, {Method: "GET", Path: "/docs/*filepath", Static: true, List: true}}
	tab := NewTable(core.NewTable(routes, []core.Domain{{}}, nil), Config{Hosts: hosts, Explain: true,
		Policies: []Policy{{Method: "GET", Static: true}, {Method: "GET", Static: true, List: true}}})
	for path, want := range map[string]string{
		"/pub/a.txt":  "a static route serves its file, before any other policy",
		"/pub/":       "a static route serves the folder's index.html, before any other policy; without one, 403 Directory listing not allowed (list is off)",
		"/pub/sub/":   "a static route serves the folder's index.html, before any other policy; without one, 403 Directory listing not allowed (list is off)",
		"/docs/":      "a static route lists the folder, before any other policy",
		"/docs/a.txt": "a static route serves its file, before any other policy",
	} {
		d := Decision{Match: &core.Match{}, App: acceptAll{httptest.NewRecorder()}}
		if kind := tab.Decide(&d, httptest.NewRequest("GET", path, nil)); kind != Static || len(d.Steps) == 0 || d.Steps[len(d.Steps)-1].Reason != want {
			t.Errorf("GET %s: %v, steps %+v; want Static with %q", path, kind, d.Steps, want)
		}
	}
}
