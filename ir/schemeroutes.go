package ir

import (
	"strings"

	"github.com/routegen/routegen/parser"
)

// routesWhereNamedKey is routegen's key of a form or oauth2 scheme that
// keeps the scheme's routes to the domains that name the scheme; aah
// added them to every domain, which stays the default.
const routesWhereNamedKey = "routes_where_named"

// checkRoutesWhereNamed reports a routes_where_named that is not a
// boolean, and warns of one on a scheme that adds no routes.
func checkRoutesWhereNamed(sec *parser.Object, diags *parser.Diagnostics) {
	if sec == nil {
		return
	}
	f := sec.Lookup("security.auth_schemes")
	if f == nil || f.Object == nil {
		return
	}
	for _, s := range f.Object.Fields {
		if s.Object == nil {
			continue
		}
		key := s.Object.Get(routesWhereNamedKey)
		if key == nil {
			continue
		}
		found := "a section"
		if key.Object == nil {
			found = article(key.Value.TypeName())
		}
		switch key.Value.(type) {
		case *parser.Null:
			continue
		case *parser.Bool:
		default:
			diags.Errorf(key.KeyPos, "%s must be a boolean (true or false), found %s", routesWhereNamedKey, found)
			continue
		}
		if kind := strings.ToLower(stringAt(s.Object, "scheme")); kind != "form" && kind != "oauth2" {
			diags.Warnf(key.KeyPos, "%s applies to the routes of a form or oauth2 scheme; the %s scheme %s adds none", routesWhereNamedKey, kind, s.Key)
		}
	}
}
