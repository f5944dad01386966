package decide

import (
	"net/http"
	"net/http/httptest"
	"strings"
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

// TestActionClearsLimitBody: a route that checks nothing goes straight to
// its action; the LimitBody of the route decided before it in a reused
// Decision must not limit its body.
func TestActionClearsLimitBody(t *testing.T) {
	routes := []core.Route{{Method: "POST", Path: "/upload"}, {Method: "PUT", Path: "/free"}}
	ct := core.NewTable(routes, []core.Domain{{CatchAll: -1}}, nil)
	hosts, problems := core.NewHosts([]core.Address{{}}, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	tab := NewTable(ct, Config{Policies: []Policy{{Method: "POST", Auth: AuthAnonymous, MaxBodySize: 8}, {Method: "PUT", Auth: AuthAnonymous}}})
	var d Decision
	var m core.Match
	r := httptest.NewRequest("POST", "/upload", strings.NewReader("1234"))
	if kind := tab.Decide(&m, &d, hosts, httptest.NewRecorder(), r, acceptAll{}); kind != Action || d.LimitBody != 8 {
		t.Fatalf("POST /upload: %v, LimitBody %d; want the action with its limit 8", kind, d.LimitBody)
	}
	r = httptest.NewRequest("PUT", "/free", strings.NewReader("123456789012"))
	if kind := tab.Decide(&m, &d, hosts, httptest.NewRecorder(), r, acceptAll{}); kind != Action || d.LimitBody != 0 {
		t.Errorf("PUT /free after it: %v, LimitBody %d; want the action without a limit", kind, d.LimitBody)
	}
}
