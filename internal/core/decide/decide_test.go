package decide

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/routegen/routegen/internal/core"
)

// TestPreflightClearsAllow: a Decision is reused across requests (the
// router pools it); a preflight's 204 must not carry the Allow of an
// automatic OPTIONS reply decided before it, which the router would write.
func TestPreflightClearsAllow(t *testing.T) {
	routes := []core.Route{{Method: "POST", Path: "/x"}, {Method: "GET", Path: "/y"}}
	ct := core.NewTable(routes, []core.Domain{{RedirectTrailingSlash: true, MethodNotAllowed: true, AutoOptions: true, CatchAll: -1}}, nil)
	hosts, problems := core.NewHosts([]core.Address{{}}, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	cors := &CORS{AllowOrigins: []string{"*"}, AllowMethods: []string{"POST"}}
	tab := NewTable(ct, Config{Policies: []Policy{{Method: "POST", Auth: AuthAnonymous, CORS: cors}, {Method: "GET", Auth: AuthAnonymous}}})
	var d Decision
	decide := func(r *http.Request) Kind {
		var m core.Match
		return tab.Decide(&m, &d, hosts, httptest.NewRecorder(), r, acceptAll{})
	}
	if kind := decide(httptest.NewRequest("OPTIONS", "/y", nil)); kind != Reply || d.Status != http.StatusNoContent || d.Allow == "" {
		t.Fatalf("OPTIONS /y: %v %d Allow %q; want the automatic reply", kind, d.Status, d.Allow)
	}
	r := httptest.NewRequest("OPTIONS", "/x", nil)
	r.Header.Set("Origin", "https://app.test")
	r.Header.Set("Access-Control-Request-Method", "POST")
	if kind := decide(r); kind != Reply || d.Status != http.StatusNoContent || d.Allow != "" {
		t.Errorf("preflight of POST /x after it: %v %d Allow %q; want 204 without Allow", kind, d.Status, d.Allow)
	}
}

// acceptAll is an application whose authenticators and authorizer accept
// every request.
type acceptAll struct{}

func (acceptAll) Authenticate(string) bool { return true }
func (acceptAll) Authorize() bool          { return true }
