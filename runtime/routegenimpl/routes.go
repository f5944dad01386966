package routegenimpl

import (
	"encoding/json"
	"strings"

	"github.com/routegen/routegen/runtime"
)

// DecodeRoutes is the Routes table of a file that writes it as JSON, an
// array of runtime.Route by field name, zero values left out, but Index,
// which is the route's position, and CORS, the position of the route's
// policy in cors. Version 3 of this API. It panics when data is not such
// an array or names a field runtime.Route does not have, which routegen
// does not write.
func DecodeRoutes(data string, cors ...*runtime.CORS) []runtime.Route {
	var routes []struct {
		runtime.Route
		CORS *int // shadows Route.CORS
	}
	// A field runtime.Route does not have is an error, not a value lost.
	dec := json.NewDecoder(strings.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&routes); err != nil {
		panic("routegenimpl: the generated table of routes does not decode: " + err.Error())
	}
	table := make([]runtime.Route, len(routes))
	for i, r := range routes {
		table[i] = r.Route
		table[i].Index = i
		if r.CORS != nil {
			table[i].CORS = cors[*r.CORS]
		}
	}
	return table
}
