package golden_test

import "testing"

// TestPreflightHeaderList: a preflight's Access-Control-Request-Headers is
// read in any case, order and spacing, and over several lines, as curl
// users and hand-written clients send it, and answered as a browser's
// sorted lower-case list is; a header allow_headers lacks is refused in
// any spelling.
func TestPreflightHeaderList(t *testing.T) {
	srv := policyServer(t)
	const spa = "https://spa.example.com"
	asked := func(list string) map[string]string {
		h := preflight(spa, "GET")
		h["Access-Control-Request-Headers"] = list
		return h
	}
	for _, list := range []string{"authorization,content-type", "Content-Type", "content-type, authorization", "Authorization ,  CONTENT-TYPE", "content-type,,content-type"} {
		c := call{method: "OPTIONS", path: "/dashboard", header: asked(list), status: 204, headers: map[string]string{"Access-Control-Allow-Origin": spa}}
		c.do(t, srv)
	}
	for _, list := range []string{"X-Api-Token", "content-type, x-api-token"} {
		c := call{method: "OPTIONS", path: "/dashboard", header: asked(list), status: 204, headers: map[string]string{"Access-Control-Allow-Origin": "", "Access-Control-Allow-Headers": ""}}
		c.do(t, srv)
	}
}
