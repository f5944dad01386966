package decide

import (
	"net/http/httptest"
	"testing"

	"github.com/routegen/routegen/internal/core"
)

// TestCORSRefusalsNameWhatIsRefused: an explained preflight or request
// that the CORS policy refuses says which origin, method or header it
// refuses; a header list is read in any case, order and spacing.
func TestCORSRefusalsNameWhatIsRefused(t *testing.T) {
	cors := &CORS{AllowOrigins: []string{"https://app.test"}, AllowMethods: []string{"GET", "POST"}, AllowHeaders: []string{"Content-Type", "X-Api-Token"}}
	hosts, problems := core.NewHosts([]core.Address{{}}, nil)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	tab := NewTable(core.NewTable([]core.Route{{Method: "POST", Path: "/items"}, {Method: "DELETE", Path: "/items"}}, []core.Domain{{}}, nil),
		Config{Policies: []Policy{{Method: "POST", Auth: AuthAnonymous, CORS: cors}, {Method: "DELETE", Auth: AuthAnonymous, CORS: cors}}, Hosts: hosts, Explain: true})
	for _, c := range []struct {
		name, method, origin, requested, headers string
		outcome, reason                          string
	}{
		{"allowed", "OPTIONS", "https://app.test", "POST", "X-Api-Token ,Content-Type", "allowed", "the CORS policy of the POST route answers the preflight"},
		{"origin", "OPTIONS", "https://evil.test", "POST", "", "not allowed", `the CORS policy of the POST route answers the preflight: origin "https://evil.test" is not among allow_origins (https://app.test)`},
		{"method", "OPTIONS", "https://app.test", "DELETE", "", "not allowed", `the CORS policy of the DELETE route answers the preflight: method "DELETE" is not among allow_methods (GET, POST)`},
		{"header", "OPTIONS", "https://app.test", "POST", "Content-Type, X-Other", "not allowed", `the CORS policy of the POST route answers the preflight: header "x-other" is not among allow_headers (content-type, x-api-token)`},
		{"headers", "OPTIONS", "https://app.test", "POST", "X-B,x-a", "not allowed", `the CORS policy of the POST route answers the preflight: headers "x-a", "x-b" are not among allow_headers (content-type, x-api-token)`},
		{"request_origin", "POST", "https://evil.test", "", "", "not allowed", `origin "https://evil.test" is not among allow_origins (https://app.test)`},
		{"request_method", "DELETE", "https://app.test", "", "", "not allowed", `method "DELETE" is not among allow_methods (GET, POST)`},
		{"request_no_origin", "POST", "", "", "", "not allowed", "the request has no Origin header: it is no cross-origin request"},
	} {
		r := httptest.NewRequest(c.method, "/items", nil)
		for name, value := range map[string]string{"Origin": c.origin, "Access-Control-Request-Method": c.requested, "Access-Control-Request-Headers": c.headers} {
			if value != "" {
				r.Header.Set(name, value)
			}
		}
		d := Decision{Match: &core.Match{}, App: acceptAll{httptest.NewRecorder()}}
		tab.Decide(&d, r)
		var got *Step
		for i, s := range d.Steps {
			if s.Name == "preflight" || s.Name == "cors" {
				got = &d.Steps[i]
			}
		}
		if got == nil || got.Outcome != c.outcome || got.Reason != c.reason {
			t.Errorf("%s: steps %+v; want %s: %s", c.name, d.Steps, c.outcome, c.reason)
		}
	}
}

func TestInBrowsersForm(t *testing.T) {
	for list, want := range map[string]bool{
		"content-type,x-api-token":  true,
		"x-api-token":               true,
		"":                          false,
		"x-api-token,content-type":  false,
		"content-type, x-api-token": false,
		"X-Api-Token":               false,
		"a,a":                       false,
		"a,,b":                      false,
	} {
		if got := inBrowsersForm(list); got != want {
			t.Errorf("inBrowsersForm(%q) = %v, want %v", list, got, want)
		}
		if want && requestedHeaders([]string{list}) != list {
			t.Errorf("requestedHeaders(%q) = %q, want it as it is", list, requestedHeaders([]string{list}))
		}
	}
}
