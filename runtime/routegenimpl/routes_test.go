package routegenimpl_test

import (
	"reflect"
	"testing"

	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/routegenimpl"
)

// TestDecodeRoutes: each route is its position, its fields by name, and
// its CORS policy the argument its number names.
func TestDecodeRoutes(t *testing.T) {
	a, b := &runtime.CORS{MaxAge: 1}, &runtime.CORS{MaxAge: 2}
	got := routegenimpl.DecodeRoutes(`[
{"Name":"home","Method":"GET","Path":"/","Controller":"Pages","Action":"Home","Pos":"routes.conf:3:7"},
{"Domain":1,"Name":"users","Method":"GET","Path":"/users/:id","Controller":"Admin","Action":"Users","Auth":"session","MaxBodySize":5242880,"AntiCSRFCheck":true,"Params":["id"],"Constraints":["number"],"Authorization":{"SatisfyBoth":true,"Roles":[{"Func":"hasrole","Args":["admin"]}],"Permissions":[{"Func":"ispermitted","Args":["users:read"]}]},"CORS":1,"Parent":"admin","Pos":"routes.conf:9:11"},
{"Name":"ws","Method":"WS","Path":"/ws","Controller":"Chat","Action":"Join","WebSocket":true,"CORS":0,"Pos":"routes.conf:12:7"},
{"Name":"assets","Method":"GET","Path":"/assets/*file","Static":true,"Dir":"static","File":"a`+"`"+`b","List":true,"Params":["file"],"Pos":"routes.conf:14:7"}
]`, a, b)
	want := []runtime.Route{
		{Index: 0, Name: "home", Method: "GET", Path: "/", Controller: "Pages", Action: "Home", Pos: "routes.conf:3:7"},
		{Index: 1, Domain: 1, Name: "users", Method: "GET", Path: "/users/:id", Controller: "Admin", Action: "Users", Auth: "session",
			MaxBodySize: 5242880, AntiCSRFCheck: true, Params: []string{"id"}, Constraints: []string{"number"},
			Authorization: &runtime.Authorization{SatisfyBoth: true, Roles: []runtime.Check{{Func: "hasrole", Args: []string{"admin"}}},
				Permissions: []runtime.Check{{Func: "ispermitted", Args: []string{"users:read"}}}},
			CORS: b, Parent: "admin", Pos: "routes.conf:9:11"},
		{Index: 2, Name: "ws", Method: "WS", Path: "/ws", Controller: "Chat", Action: "Join", WebSocket: true, CORS: a, Pos: "routes.conf:12:7"},
		{Index: 3, Name: "assets", Method: "GET", Path: "/assets/*file", Static: true, Dir: "static", File: "a`b", List: true,
			Params: []string{"file"}, Pos: "routes.conf:14:7"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("DecodeRoutes:\n%+v\nwant\n%+v", got, want)
	}
	if got[1].CORS != b || got[2].CORS != a {
		t.Errorf("the routes do not share the policies given")
	}
}

// TestDecodeRoutesUnknownField: a field runtime.Route does not have
// panics, rather than being dropped.
func TestDecodeRoutesUnknownField(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("no panic")
		}
	}()
	routegenimpl.DecodeRoutes(`[{"Name":"home","Mehtod":"GET"}]`)
}
