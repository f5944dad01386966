package runtime

import (
	"unsafe"

	"github.com/routegen/routegen/internal/core"
)

// Match is the outcome of a generated package's Lookup. It is meant to be
// reused: Lookup overwrites it and allocates nothing.
type Match struct {
	Params Params // of Route
}

// Route is the matched route; nil when none matched. With Status 400 it is
// the route whose parameter constraint failed.
func (m *Match) Route() *Route { return m.Params.route() }

// Status is 200, 301 or 308 (see Redirect), 204 (an automatic OPTIONS
// reply), 400 (a parameter failed its constraint), 404 or 405.
func (m *Match) Status() int { return m.Params.m.Outcome.Status }

// Allow is the Allow header of a 204 or 405; "" for other statuses.
func (m *Match) Allow() string {
	if s := m.Params.m.Outcome.Status; s == 204 || s == 405 {
		return m.Params.m.Allow
	}
	return ""
}

// Domain is the matched domain; nil when no domain serves the host.
func (m *Match) Domain() *Domain {
	t := m.Params.table()
	if t == nil || m.Params.m.Outcome.Domain < 0 {
		return nil
	}
	return &t.shown().domains[m.Params.m.Outcome.Domain]
}

// CatchAll reports whether the domain's catch_all answers.
func (m *Match) CatchAll() bool { return m.Params.m.Outcome.CatchAll }

// Path is the path the match was made for.
func (m *Match) Path() string { return m.Params.m.Params.Path() }

// Redirect is where a 301 or 308 sends the client, the path without its
// query string; "" for other statuses.
func (m *Match) Redirect() string {
	if s := m.Params.m.Outcome.Status; s != 301 && s != 308 {
		return ""
	}
	return m.Params.m.Redirect()
}

// Params are the path parameters of a match, kept as substrings of the
// escaped path so that matching allocates nothing.
type Params struct {
	m core.Match // the lookup's state: the path, the parameters as sent, the outcome, the table
}

// A generated package's Lookup reads a *Match as the *core.Match at its
// start (see routegenimpl.Table.Lookup), so that no frame of runtime's
// stands between it and the core. This declaration compiles only while
// the core.Match is there.
var _ [unsafe.Offsetof(Match{}.Params) + unsafe.Offsetof(Params{}.m)]struct{} = [0]struct{}{}

// table is the table whose routes and domains the outcome indexes; nil
// before a lookup.
func (p *Params) table() *table {
	if p.m.Table == nil {
		return nil
	}
	return p.m.Table.Owner.(*table)
}

// route is the route of the outcome, as the program sees it (table.shown);
// nil for none.
func (p *Params) route() *Route {
	t := p.table()
	if t == nil || p.m.Outcome.Route < 0 {
		return nil
	}
	return t.shown().routeAt(p.m.Outcome.Route)
}

// decided is the route of the outcome as the table holds it; nil for none.
func (p *Params) decided() *Route {
	t := p.table()
	if t == nil || p.m.Outcome.Route < 0 {
		return nil
	}
	return t.set().routeAt(p.m.Outcome.Route)
}

// Len is the number of parameters.
func (p *Params) Len() int { return p.m.Params.Len() }

// Name is the name of parameter i.
func (p *Params) Name(i int) string { return p.decided().Params[i] }

// Raw is parameter i as sent, still escaped.
func (p *Params) Raw(i int) string { return p.m.Params.Raw(i) }

// Value is parameter i unescaped. It allocates only when the value holds an
// escape; a malformed escape is returned as sent.
func (p *Params) Value(i int) string { return p.m.Params.Value(i) }

// Get returns the unescaped value of the named parameter, or "".
func (p *Params) Get(name string) string {
	route := p.decided()
	if route == nil {
		return ""
	}
	for i, n := range route.Params {
		if i < p.m.Params.Len() && n == name {
			return p.Value(i)
		}
	}
	return ""
}
