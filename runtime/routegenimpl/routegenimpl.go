// Package routegenimpl is for the code routegen generates, and for no
// other: it is what a generated package calls to match, dispatch and build
// URLs. Its API may change in any release of routegen, in step with the
// generator, but for the window of versions below, which keeps the files
// written by the previous release building; applications use the
// generated package and package runtime.
//
// A generated file states the version of this API it was written for, N,
// in two constant declarations that compile only while this package
// supports it:
//
//	const (
//		_ = routegenimpl.RunGoGenerate(N - routegenimpl.MinVersion)
//		_ = routegenimpl.RunGoGenerate(routegenimpl.MaxVersion - N)
//	)
//
// so that a package generated for a version this package does not
// support (by a later routegen than the one the module requires, or by
// one older than the release before it) fails to build at that line, with
// a message that names the remedy: "constant -1 overflows
// routegenimpl.RunGoGenerate".
// Running go generate with the routegen the module requires writes the
// file again for this API.
package routegenimpl

import (
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/runtime"
	"github.com/routegen/routegen/runtime/internal/link"
)

// The versions of this API that this package supports: a generated file
// written for another does not compile. The generator writes MaxVersion.
//
// A version is added when the generated code starts to use something this
// API did not have, or stops using something it had: the generator writes
// the new MaxVersion, which an older routegenimpl refuses, and everything
// the files of the version before use stays, so that they still build.
// MinVersion rises, and what only the files below it use may go, at most
// to MaxVersion-1: a file written by the previous release builds with the
// next. Version 7 is the first a release (v0.1.0) writes; the next change
// of what generated code uses makes version 8, beside which 7 stays.
// internal/version7 is a package of version 7, kept as it was written,
// which the tests build and serve.
//
// Version 4 builds a table on first
// use, hands the generated package copies of its routes and domains
// (Table.CopyRoutes, Table.CopyDomains) and writes a request's URLs from a
// URLBase without a Context's slot (URLBaseOfRequest); the versions before
// it bound URL helpers to func fields and decoded routes from JSON.
// Version 5 adds runtime.SignIn, runtime.Route.AddedBy and
// runtime.Route.StaticCache; version 6 CleanAfterPrefix and
// Table.MaxBodySize, without which a parameter after literal text may
// take a dot segment; version 7 Table.PortlessLinks, which
// runtime.Domain held before.
const (
	MinVersion = 7
	MaxVersion = 7
)

// RunGoGenerate is the type of a generated file's version check, which a
// negative difference between versions overflows.
type RunGoGenerate uint

// SecureHeader is a response header of security.conf's http_header.
type SecureHeader struct {
	Name, Value string
	HTTPSOnly   bool // set on a request that came over HTTPS only
}

// Params are the path parameters a generated matcher records.
type Params = core.Params

// MatchFunc is a generated matcher of one domain: it returns the index of
// the route of method that matches path, recording its parameters in p,
// or -1.
type MatchFunc = core.MatchFunc

// Push records a parameter value in p, a substring of the path matched.
// It is a function, not p.Push, because the compiler inlines a method of
// Params in a package that does not import the package that declares it
// (internal) only through a function of a package that does.
func Push(p *Params, value string) { p.Push(value) }

// Pop removes the last parameter of p when a matcher backtracks.
func Pop(p *Params) { p.Pop() }

// SegmentEnd returns the index of the "/" that ends the path segment
// starting at start, or len(path).
func SegmentEnd(path string, start int) int { return core.SegmentEnd(path, start) }

// NotDot reports whether a parameter's segment is neither "." nor "..".
func NotDot(seg string) bool { return core.NotDot(seg) }

// CleanAfterPrefix reports whether the value of a parameter after literal
// text in its segment, up to the segment's end, is no dot segment, escaped
// or not, and holds none between escaped slashes.
func CleanAfterPrefix(v string) bool { return core.CleanAfterPrefix(v) }

// IsCleanTail reports whether the rest of a path after one of its "/" has
// no empty or dot segment: what a catch-all takes.
func IsCleanTail(s string) bool { return core.IsCleanTail(s) }

// Table is the route table of a generated package. The generated package
// keeps its Domains, Routes and CatchAlls to itself: the runtime decides
// from them, and hands the program copies.
type Table struct {
	Domains   []runtime.Domain
	Routes    []runtime.Route
	CatchAlls []runtime.Route // catch_all of domain i at index i; Method "" when none
	// Matchers are the domains' matchers written as code; nil (or a nil
	// entry) for a domain whose matcher is built as data when the program
	// starts.
	Matchers []MatchFunc
	// AuthSchemes are the auth scheme names of the security.conf the table
	// was generated with; nil when it was generated without one.
	AuthSchemes []string
	// SecureHeaders are the headers of the security.conf's http_header
	// section: set on every response but a WebSocket handshake's, an
	// HTTPSOnly one on HTTPS only.
	SecureHeaders []SecureHeader
	// PortlessLinks are the domains whose links carry no port: routes.conf
	// writes none, no other domain has the host name, and routegen read no
	// --app-config.
	PortlessLinks []int
	// Root is the domain whose URLs are written as paths; every other
	// domain's begin with //host[:port].
	Root int
	// MaxBodySize is the application's body limit, which holds the body of
	// a request no route matched; 0 for none.
	MaxBodySize int64

	once  sync.Once
	ready atomic.Bool // built, which a request reads without a call
	built             // by build, on first use
	urlCache
}

// built is what the runtime builds of a Table.
type built struct {
	core      *core.Table     // whose Owner is runtime's table
	hosts     *core.HostTable // the domains at their routes.conf addresses
	newRouter func(dispatch interface {
		Dispatch(*runtime.Context, int) error
	}, opts []runtime.Option) (*runtime.Router, error)
	servedAt  func(rt *runtime.Router) (basePath string, hosts map[string]core.HostPort, ok bool)
	requestAt func(ctx *runtime.Context) (mountPath string, hosts map[string]core.HostPort, ok bool)
	copyOf    func() ([]runtime.Domain, []runtime.Route)
}

// newTable is runtime's constructor of its table.
var newTable = link.NewTable[runtime.Domain, runtime.Route, runtime.Router, runtime.Context, runtime.Option]()

// NewTable is t, whose runtime table is built on first use: a package's
// init costs nothing, however many routes it has.
func NewTable(t *Table) *Table { return t }

// build builds the matchers the table has not as code, and serves each
// domain at its routes.conf address, environment variables read now: on
// the first Lookup, NewRouter, URL or copy of the table.
func (t *Table) build() *built {
	if !t.ready.Load() {
		t.buildNow()
	}
	return &t.built
}

// buildNow is build's first call, kept out of build so that build, and
// Lookup with it, inline.
func (t *Table) buildNow() {
	t.once.Do(func() {
		b := &t.built
		var headers []decide.Header
		for _, h := range t.SecureHeaders {
			headers = append(headers, decide.Header(h))
		}
		b.core, b.hosts, b.newRouter, b.servedAt, b.requestAt, b.copyOf = newTable(t.Domains, t.Routes, t.CatchAlls, t.Matchers, t.AuthSchemes, headers, t.Root, t.MaxBodySize)
		t.ready.Store(true)
	})
}

// CopyRoutes returns a copy of the routes, which the program may change at
// no risk to any router.
func (t *Table) CopyRoutes() []runtime.Route {
	_, routes := t.build().copyOf()
	return routes
}

// CopyDomains returns a copy of the domains, as CopyRoutes does the routes.
func (t *Table) CopyDomains() []runtime.Domain {
	domains, _ := t.build().copyOf()
	return domains
}

// Lookup finds what answers a request: method, Host header and path as
// sent (still escaped).
//
// It calls the core itself, reading m as the core.Match that m begins
// with (a layout runtime holds at compile time), and takes the core's
// common path inlined, as the router's decision does, so that no frame
// stands between a generated Lookup and the matcher.
func (t *Table) Lookup(m *runtime.Match, method, host, path string) {
	b := t.build()
	cm := (*core.Match)(unsafe.Pointer(m))
	cm.SetUnescapedPath(strings.IndexByte(path, '%') < 0)
	if d := b.core.Direct(cm, b.hosts, path); d < 0 {
		b.core.Lookup(cm, b.hosts, method, host, path)
	} else {
		match, p := b.core.Matcher(cm, d, path)
		if r := match(p, method, path); !b.core.Matched(cm, d, r) {
			b.core.Settle(cm, d, r, method)
		}
	}
}

// Dispatcher is the generated value whose Dispatch calls the action of the
// matched route, the route at index route, with its typed parameters. The
// router hands it the index so that no request reads the copy of the route
// that ctx.Route returns, which a router makes on first use.
type Dispatcher interface {
	Dispatch(ctx *runtime.Context, route int) error
}

// NewRouter builds the router of the table, dispatching with d.
func (t *Table) NewRouter(d Dispatcher, opts ...runtime.Option) (*runtime.Router, error) {
	return t.build().newRouter(d, opts)
}
