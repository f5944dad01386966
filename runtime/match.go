package runtime

import "github.com/routegen/routegen/internal/core"

// Match is the outcome of a generated package's Lookup. It is meant to be
// reused: Lookup overwrites every field and allocates nothing.
type Match struct {
	// Route is the matched route; nil when none matched. With Status 400 it
	// is the route whose parameter constraint failed.
	Route *Route
	// Params holds the path parameters of Route.
	Params Params
	// Status is 200 (found), 301 or 308 (redirect: see Redirect), 204 (an
	// automatic OPTIONS reply), 400 (a parameter failed its constraint),
	// 404 or 405.
	Status int
	// Allow is the Allow header for 204 and 405.
	Allow string
	// Domain is the matched domain; nil when no domain serves the host.
	Domain *Domain
	// CatchAll is set when the domain's catch_all answers.
	CatchAll bool
}

// Path is the path the match was made for.
func (m *Match) Path() string { return m.Params.m.Params.Path() }

// Redirect returns where a 301 or 308 sends the client: the path without
// its query string. It is "" for other statuses. Only the redirect to a
// cleaned path builds a new string.
func (m *Match) Redirect() string {
	if m.Status != 301 && m.Status != 308 {
		return ""
	}
	return m.Params.m.Redirect()
}

// Params are the path parameters of a match, kept as offsets into the
// escaped path so that matching allocates nothing.
type Params struct {
	m     core.Match // the lookup's state: the path, the parameters' offsets, the outcome
	route *Route     // whose Params name them
}

// Len is the number of parameters.
func (p *Params) Len() int { return p.m.Params.Len() }

// Name is the name of parameter i.
func (p *Params) Name(i int) string { return p.route.Params[i] }

// Raw is parameter i as sent, still escaped.
func (p *Params) Raw(i int) string { return p.m.Params.Raw(i) }

// Value is parameter i unescaped. It allocates only when the value holds an
// escape; a malformed escape is returned as sent.
func (p *Params) Value(i int) string { return p.m.Params.Value(i) }

// Get returns the unescaped value of the named parameter, or "".
func (p *Params) Get(name string) string {
	if p.route == nil {
		return ""
	}
	for i, n := range p.route.Params {
		if i < p.m.Params.Len() && n == name {
			return p.Value(i)
		}
	}
	return ""
}
