// Package link hands package routegenimpl, which generated code calls, the
// constructor of runtime's route table, which applications must not see.
// Package runtime registers it in its init (SetNewTable); routegenimpl
// takes it once, when it is initialized (NewTable).
//
// The constructor's signature is declared once, here, as NewTableFunc,
// over runtime's types, which this package cannot name (runtime imports
// it): runtime's constructor and routegenimpl's call are both compiled
// against it, and only the type arguments are matched when routegenimpl
// takes it.
package link

import (
	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
)

// NewTableFunc is the signature of runtime's table constructor, over
// runtime's Domain, Route, Router, Context and Option. It builds the table
// of a generated package from its domains, routes, catch-alls, matchers
// (nil for a domain matched as data), security.conf's auth schemes and
// headers, the domain whose URLs are paths and the application's body
// limit, and returns the core table and hosts the package looks up in,
// the package's NewRouter, where a router of the table serves, where the
// request of a Context was served, and a copy of the domains and routes.
type NewTableFunc[Domain, Route, Router, Context, Option any] = func(domains []Domain, routes, catchAlls []Route, matchers []core.MatchFunc, authSchemes []string, secureHeaders []decide.Header, root int, maxBodySize int64) (
	coreTable *core.Table, hosts *core.HostTable,
	newRouter func(dispatch interface{ Dispatch(*Context, int) error }, opts []Option) (*Router, error),
	servedAt func(rt *Router) (basePath string, hosts map[string]core.HostPort, ok bool),
	requestAt func(ctx *Context) (mountPath string, hosts map[string]core.HostPort, ok bool),
	copyOf func() ([]Domain, []Route))

// newTable is the registered constructor, a NewTableFunc of runtime's
// types.
var newTable any

// SetNewTable registers runtime's table constructor.
func SetNewTable[Domain, Route, Router, Context, Option any](f NewTableFunc[Domain, Route, Router, Context, Option]) {
	newTable = f
}

// NewTable is the registered table constructor. Its type arguments must
// be the ones it was registered with: the conversion panics otherwise, as
// it does when none is registered, which cannot happen in routegenimpl,
// initialized after runtime, which it imports.
func NewTable[Domain, Route, Router, Context, Option any]() NewTableFunc[Domain, Route, Router, Context, Option] {
	return newTable.(NewTableFunc[Domain, Route, Router, Context, Option])
}
