package core

import (
	"net/url"
	"strings"
	"unsafe"
)

// Params are the path parameters a matcher records, kept as substrings of
// the escaped path so that matching allocates nothing.
type Params struct {
	path    string
	n       int
	plain   bool              // path is known to hold no "%"
	checked bool              // path was searched for a "%"
	values  [MaxParams]string // as sent, still escaped: substrings of path
	scratch []byte            // checkedValue's unescaped value, reused
}

// Start readies p for a matcher to match path, and returns it.
func (p *Params) Start(path string) *Params { return p.start(path, false) }

// start is Start with what is known of path: unescaped, it holds no "%".
func (p *Params) start(path string, unescaped bool) *Params {
	p.path, p.n, p.plain, p.checked = path, 0, unescaped, unescaped
	return p
}

// Push records a parameter value, a substring of the path.
func (p *Params) Push(value string) {
	p.values[p.n] = value
	p.n++
}

// Pop removes the last parameter when a matcher backtracks.
func (p *Params) Pop() { p.n-- }

// escapedDot reports whether p's path has a segment escapedDots finds. It
// is not inlined, so that Lookup's common path stays small.
//
//go:noinline
func (p *Params) escapedDot() bool {
	return strings.IndexByte(p.path, '%') >= 0 && escapedDots(p.path) != noEscapedDot
}

// Copy is p for a holder that outlives p's reuse: it shares no buffer with p.
func (p *Params) Copy() Params {
	c := *p
	c.scratch = nil
	return c
}

// Path is the path the parameters were matched in.
func (p *Params) Path() string { return p.path }

// Len is the number of parameters.
func (p *Params) Len() int { return p.n }

// Raw is parameter i as sent, still escaped.
func (p *Params) Raw(i int) string {
	return p.values[i]
}

// Value is parameter i unescaped. It allocates only when the value holds an
// escape; a malformed escape is returned as sent.
func (p *Params) Value(i int) string {
	if p.plain {
		return p.values[i]
	}
	return p.unescaped(i)
}

// unescaped is Value once the path is known to hold a "%" or not yet
// looked at: one search of the whole path spares every later value its own.
func (p *Params) unescaped(i int) string {
	if !p.checked {
		p.checked, p.plain = true, strings.IndexByte(p.path, '%') < 0
	}
	raw := p.Raw(i)
	if p.plain || strings.IndexByte(raw, '%') < 0 {
		return raw
	}
	if v, err := url.PathUnescape(raw); err == nil {
		return v
	}
	return raw
}

// checkedValue is parameter i unescaped, for a constraint check, without
// allocating once p's buffer is large enough. It is valid only until the
// next call, and never leaves this package.
func (p *Params) checkedValue(i int) string {
	raw := p.Raw(i)
	if strings.IndexByte(raw, '%') < 0 {
		return raw
	}
	buf, ok := unescapePath(p.scratch[:0], raw)
	if !ok {
		return raw
	}
	p.scratch = buf
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// MatchFunc is the matcher of one domain, generated or from NewMatcher: it
// returns the index of the route of method that matches path, recording
// the route's parameters in p, or -1 leaving p's parameters as they were.
// path must begin with "/", which Lookup checks before any call. It
// matches clean paths only: no parameter is "." or "..", no catch-all
// holds an empty or dot segment, and no parameter after literal text in
// its segment decodes to one (CleanAfterPrefix); Lookup checks the
// escapes of the rest.
type MatchFunc func(p *Params, method, path string) int

// Match is the state of a Lookup: the parameters it recorded, what it
// decided, and what its rarer outcomes need beyond an Outcome.
type Match struct {
	Params  Params
	Outcome Outcome
	// Table is the table the Match was last looked up in, through which
	// its holder reaches the table's Owner.
	Table *Table
	// Allow is the Allow header of a 204 or 405; stale otherwise.
	Allow string

	// unescapedPath tells Lookup that its path holds no escape
	// (SetUnescapedPath), which it then need not search for escaped dot
	// segments, nor Params.Value for escapes.
	unescapedPath bool

	redirect redirectKind // of a 301 or 308; stale otherwise
	target   string       // the redirect target when it needs no building; stale unless redirect is redirectTo
}

// Outcome is what a Lookup decided.
type Outcome struct {
	// Route is the index of the matched route; -1 when none matched. With
	// Status 400 it is the route whose parameter constraint failed, or -1
	// for a path that holds a dot segment between escaped slashes.
	Route int
	// Domain is the index of the domain that serves the host; -1 for none.
	Domain int
	// Status is 200 (found), 301 or 308 (a redirect: see Match.Redirect),
	// 204 (an automatic OPTIONS reply), 400 (a parameter failed its
	// constraint, or the path has no clean form), 404 or 405.
	Status int
	// CatchAll is set when the domain's catch_all answers.
	CatchAll bool
}

type redirectKind uint8

const (
	noRedirect    redirectKind = iota
	redirectTo                 // to target
	redirectClean              // to the cleaned path
)

// Redirect returns where the 301 or 308 of the last Lookup sends the
// client: the path without its query string. Only the redirect to a
// cleaned path builds a new string.
func (m *Match) Redirect() string {
	switch m.redirect {
	case redirectTo:
		return sameHost(m.target)
	case redirectClean:
		return sameHost(CleanPath(m.Params.path))
	}
	return ""
}

// SetUnescapedPath tells the Lookups of m whether their path holds no "%",
// as a server's request line told the router, which sets it before each
// request's: the router spares each request the searches for escapes.
func (m *Match) SetUnescapedPath(unescaped bool) { m.unescapedPath = unescaped }

// CleanRedirect reports whether the 301 or 308 of the last Lookup sends
// the client to the path's clean form (not a trailing-slash redirect).
func (m *Match) CleanRedirect() bool { return m.redirect == redirectClean }

// sameHost keeps a redirect target on this host: "//evil.example" and
// "/\evil.example" would be read by browsers as another host.
func sameHost(target string) string {
	if len(target) > 1 && (target[1] == '/' || target[1] == '\\') {
		return "/" + url.PathEscape(target[1:2]) + target[2:]
	}
	return target
}

// redirectTo records a redirect to target, which must stay on this host,
// and returns its status.
func (m *Match) redirectTo(method, target string) int {
	m.redirect, m.target = redirectTo, target
	return redirectStatus(method)
}

// redirectStatus is 301 for GET and HEAD, and 308 otherwise, which keeps
// the method and body.
func redirectStatus(method string) int {
	if method == "GET" || method == "HEAD" {
		return 301
	}
	return 308
}
