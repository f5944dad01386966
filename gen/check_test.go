package gen_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// TestCheckFindsWhatGenerateRefuses: Check reports the Go name clashes that
// make Generate fail, without writing code.
func TestCheckFindsWhatGenerateRefuses(t *testing.T) {
	conf := `domains {
  localhost {
    host = "localhost"
    routes {
      a { path = "/a"; controller = "admin/Hotel" }
      b { path = "/b"; controller = "AdminHotel" }
    }
  }
}
`
	table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
	if table == nil {
		t.Fatal(diags)
	}
	checked := gen.Check(table)
	_, generated := gen.Generate(table, gen.Options{Package: "routes", Source: "routes.conf", Output: "routes_gen.go"})
	if !checked.HasErrors() || checked.Error() != generated.Error() || !strings.Contains(checked.Error(), "both become the Go interface AdminHotelController") {
		t.Errorf("Check: %v\nGenerate: %v", checked, generated)
	}
}

// TestReservedHelperName: a route whose URL helper would be a method
// URLBuilder already has is an error of Check.
func TestReservedHelperName(t *testing.T) {
	for name, helper := range map[string]string{"route_url": "RouteURL", "route_url_named_args": "RouteURLNamedArgs", "with_base_path": "WithBasePath", "for_router": "ForRouter", "for_request": "ForRequest"} {
		conf := `domains {
  localhost {
    host = "localhost"
    routes {
      ` + name + ` { path = "/a"; controller = "A" }
    }
  }
}
`
		table, diags := ir.Load(fstest.MapFS{"routes.conf": {Data: []byte(conf)}}, ir.Sources{Routes: "routes.conf"})
		if table == nil {
			t.Fatal(diags)
		}
		want := `routes.conf:5:7: route "` + name + `" becomes the URL helper ` + helper + `, a method URLBuilder already has; rename the route`
		if got := gen.Check(table).Error(); got != want {
			t.Errorf("Check = %s\nwant   %s", got, want)
		}
	}
}
