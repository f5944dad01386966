// Package link hands package routegenimpl, which generated code calls, the
// constructor of runtime's route table, which applications must not see.
// Package runtime sets NewTable in its init; routegenimpl asserts its type
// once, when it is initialized.
package link

// NewTable is runtime's newTable, a
//
//	func(domains []runtime.Domain, routes, catchAlls []runtime.Route, matchers []core.MatchFunc, authSchemes []string, secureHeaders []decide.Header, root int) (
//		coreTable *core.Table, hosts *core.HostTable,
//		newRouter func(dispatch interface{ Dispatch(*runtime.Context, int) error }, opts []runtime.Option) (*runtime.Router, error),
//		servedAt func(rt *runtime.Router) (basePath string, hosts map[string]core.HostPort, ok bool),
//		requestAt func(ctx *runtime.Context) (mountPath string, hosts map[string]core.HostPort, ok bool),
//		copyOf func() ([]runtime.Domain, []runtime.Route))
//
// It is untyped here because this package cannot import runtime, which
// imports it.
var NewTable any
