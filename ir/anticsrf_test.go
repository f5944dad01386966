package ir_test

import (
	"testing"
	"testing/fstest"

	"github.com/routegen/routegen/ir"
)

const antiCSRFRoutes = `domains {
  api {
    host = "localhost"
    routes {
      token { path = "/v1/token"; method = "POST"; controller = "Token" }
      form { path = "/form"; method = "POST"; controller = "Form"; anti_csrf_check = true }
    }
  }
  checked {
    host = "checked.localhost"
    anti_csrf_check = true
    routes {
      token { path = "/v1/token"; method = "POST"; controller = "Token" }
    }
  }
}
`

// TestAntiCSRFAsAahRanIt: an aah.conf of type "api", or
// security.anti_csrf.enable = false, turns anti-CSRF off where routes.conf
// does not turn it on, and each route names the rule that decided.
func TestAntiCSRFAsAahRanIt(t *testing.T) {
	type decision struct {
		on   bool
		rule string
	}
	const (
		formRule    = "anti_csrf_check = true (routes.conf:6:68)"
		checkedRule = "anti_csrf_check = true (routes.conf:11:5)"
	)
	for _, tc := range []struct {
		name      string
		files     map[string]string
		src       ir.Sources
		token     decision // api's POST /v1/token
		form      decision // api's POST /form
		checkedOn decision // checked's POST /v1/token
	}{
		{
			name:  "no app config",
			token: decision{true, ""}, form: decision{true, formRule}, checkedOn: decision{true, checkedRule},
		},
		{
			name:  "web application",
			files: map[string]string{"aah.conf": `type = "web"`},
			src:   ir.Sources{AppConfig: "aah.conf"},
			token: decision{true, ""}, form: decision{true, formRule}, checkedOn: decision{true, checkedRule},
		},
		{
			name:  "API application",
			files: map[string]string{"aah.conf": "name = \"api\"\ntype = \"api\"\n"},
			src:   ir.Sources{AppConfig: "aah.conf"},
			token: decision{false, `type = "api" (aah.conf:2:1)`}, form: decision{true, formRule}, checkedOn: decision{true, checkedRule},
		},
		{
			name:  "disabled in security.conf",
			files: map[string]string{"security.conf": "security {\n  anti_csrf { enable = false }\n}\n"},
			src:   ir.Sources{Security: "security.conf"},
			token: decision{false, "security.anti_csrf.enable = false (security.conf:2:15)"}, form: decision{true, formRule}, checkedOn: decision{true, checkedRule},
		},
		{
			name: "disabled in the security.conf aah.conf includes",
			files: map[string]string{
				"aah.conf":      "type = \"web\"\ninclude \"./security.conf\"\n",
				"security.conf": "security {\n  anti_csrf { enable = false }\n}\n",
			},
			src:   ir.Sources{AppConfig: "aah.conf"},
			token: decision{false, "security.anti_csrf.enable = false (security.conf:2:15)"}, form: decision{true, formRule}, checkedOn: decision{true, checkedRule},
		},
		{
			name:  "enabled in security.conf",
			files: map[string]string{"security.conf": "security {\n  anti_csrf { enable = true }\n}\n"},
			src:   ir.Sources{Security: "security.conf"},
			token: decision{true, ""}, form: decision{true, formRule}, checkedOn: decision{true, checkedRule},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{"routes.conf": {Data: []byte(antiCSRFRoutes)}}
			for name, text := range tc.files {
				fsys[name] = &fstest.MapFile{Data: []byte(text)}
			}
			src := tc.src
			src.Routes = "routes.conf"
			table, diags := ir.Load(fsys, src)
			if table == nil || len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			for _, c := range []struct {
				domain, route string
				want          decision
			}{{"api", "token", tc.token}, {"api", "form", tc.form}, {"checked", "token", tc.checkedOn}} {
				r := findRoute(t, table, c.domain, c.route)
				if got := (decision{r.AntiCSRFCheck, r.AntiCSRFRule}); got != c.want {
					t.Errorf("%s.%s: anti-CSRF %v by %q; want %v by %q", c.domain, c.route, got.on, got.rule, c.want.on, c.want.rule)
				}
			}
		})
	}
}

func findRoute(t *testing.T, table *ir.Table, domain, name string) *ir.Route {
	t.Helper()
	for _, d := range table.Domains {
		for _, r := range d.Routes {
			if d.Key == domain && r.Name == name {
				return r
			}
		}
	}
	t.Fatalf("no route %s.%s", domain, name)
	return nil
}
