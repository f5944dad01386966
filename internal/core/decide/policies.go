package decide

import "github.com/routegen/routegen/internal/core"

// PoliciesOf are the policies of a table of nRoutes routes and nDomains
// domains as its holder keeps them (a generated package's tables, an
// ir.Table), by the core table's route index: route(i) is route i's, and
// catchAll(d) is domain d's catch_all's, ok false for a domain without
// one. A catch_all answers every method: its Method is "*". Every holder
// builds its policies here, so that where a catch_all's policy stands, and
// what its method is, are said once.
func PoliciesOf(nRoutes int, route func(i int) Policy, nDomains int, catchAll func(d int) (p Policy, ok bool)) []Policy {
	out := make([]Policy, nRoutes+nDomains)
	for i := range nRoutes {
		out[i] = route(i)
	}
	for d := range nDomains {
		if p, ok := catchAll(d); ok {
			p.Method = "*"
			out[core.CatchAllRoute(nRoutes, d)] = p
		}
	}
	return out
}
