package runtime

import (
	"runtime"
	"sync/atomic"
	_ "unsafe" // go:linkname
)

// A Router keeps one idle Context for each P (the scheduler's processors,
// GOMAXPROCS of them) in front of its sync.Pool. The pool is per-P too,
// but its Get and Put cost some 130 instructions a request (callgrind),
// more than the route's lookup; the slot of the P the request runs on
// costs 80, and, per-P as the pool is, takes no lock and shares no cache
// line between the Ps. A request that finds its P's slot empty (another
// request of the P holds its Context, or GOMAXPROCS grew) takes a Context
// from the pool, and a Context that finds the slot full goes back to the
// pool. Unlike the pool's, the slots' Contexts are kept while the router
// is: one a P.

// idleContexts are the slots of a Router, by P, made at its first request.
type idleContexts = atomic.Pointer[[]idleContext]

// idleContext is a P's slot, a cache line of its own so that the Ps do
// not write to one line.
type idleContext struct {
	ctx *Context
	_   [56]byte
}

// procPin pins the calling goroutine to its P, whose id it returns, until
// procUnpin: no other goroutine runs on the P between the two. sync.Pool
// is built on them; the runtime keeps them for packages that link to them
// (go.dev/issue/67401).
//
//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

// getContext is an idle Context of rt for a request: its P's, else the
// pool's.
func (rt *Router) getContext() *Context {
	if slots := rt.idle.Load(); !raceEnabled && slots != nil {
		pid := procPin()
		if pid < len(*slots) && (*slots)[pid].ctx != nil {
			s := &(*slots)[pid]
			ctx := s.ctx
			s.ctx = nil
			procUnpin()
			return ctx
		}
		procUnpin()
	}
	return rt.pooledContext()
}

// pooledContext is getContext's Context when its P's slot is empty, and
// makes the slots at the router's first request.
func (rt *Router) pooledContext() *Context {
	if !raceEnabled && rt.idle.Load() == nil {
		slots := make([]idleContext, runtime.GOMAXPROCS(0))
		rt.idle.CompareAndSwap(nil, &slots)
	}
	return rt.pool.Get().(*Context)
}

// putContext keeps ctx, whose request is answered, for the next: in its
// P's slot, else in the pool. The race detector sees no order between two
// requests of one P that pass a Context through its slot: with it on, the
// pool, which tells it, keeps every Context.
func (rt *Router) putContext(ctx *Context) {
	if slots := rt.idle.Load(); !raceEnabled && slots != nil {
		pid := procPin()
		if pid < len(*slots) && (*slots)[pid].ctx == nil {
			(*slots)[pid].ctx = ctx
			procUnpin()
			return
		}
		procUnpin()
	}
	rt.pool.Put(ctx)
}
