package runtime

import (
	"net/http"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/hostname"
)

// Context is what an action receives: the request, the response and the
// matched route. The Context of a route without middleware is pooled and
// reused once its action returns: the action must not keep it, its Req or
// its Params, nor use them from a goroutine that outlives it; the strings,
// *Route and *Domain read from them may be kept. A route with middleware
// gets a Context that is never reused (http.TimeoutHandler may return
// while the action still runs).
type Context struct {
	Req *Request            // the request, with the matched route's parameters
	Res http.ResponseWriter // where the action writes its response

	request Request
	match   Match
	router  *Router
	subject Subject
	session *Session // nil without one
	// sessionSubject says that subject is the session's: it passes the
	// route's auth, and SignOut ends it.
	sessionSubject bool
	body           limitedBody
	// errorBody is the buffer of the default error reply's body, reused by
	// the next reply of a pooled context (writeError).
	errorBody []byte

	decision decide.Decision // of the request: what the router does with it
	authErr  error           // the last authenticator's, for a 401
}

// Request is the request of a Context, with routegen's accessors.
type Request struct {
	*http.Request // the request as net/http gives it, or as a middleware passed it on
	// AcceptContentType is the preferred media type of the Accept header,
	// with the API version it carries (parsed on first use).
	AcceptContentType AcceptContentType

	params *Params
}

// newContext is a pooled context of rt; the pointers into itself are set
// once, so that a request only sets what is its own.
func newContext(rt *Router) *Context {
	ctx := &Context{router: rt}
	ctx.Req = &ctx.request
	ctx.request.params = &ctx.match.Params
	ctx.decision.Match, ctx.decision.App = &ctx.match.Params.m, (*application)(ctx)
	return ctx
}

func (ctx *Context) reset(w http.ResponseWriter, r *http.Request) {
	ctx.Res, ctx.request.Request = w, r
	ctx.request.AcceptContentType.forget(&ctx.request)
}

// detached is a copy of ctx's request and match in a Context of its own,
// which no other request reuses.
func (ctx *Context) detached() *Context {
	own := newContext(ctx.router)
	own.reset(ctx.Res, ctx.request.Request)
	own.match = ctx.match
	own.subject, own.session, own.sessionSubject = ctx.subject, ctx.session, ctx.sessionSubject
	own.match.Params.m.Params = ctx.match.Params.m.Params.Copy()
	return own
}

// release drops the references to the request and its response before
// the context is pooled; ServeHTTP has given the request back the body
// limitBody wrapped. The matched path and the Accept header, when an
// action parsed it, are left to be overwritten by the next request: the
// pool lets go of unused contexts at garbage collection.
func (ctx *Context) release() {
	ctx.Res, ctx.request.Request, ctx.subject = nil, nil, nil
	ctx.session, ctx.sessionSubject = nil, false
}

// PathValue returns the unescaped value of a path parameter of the matched
// route, or "".
func (r *Request) PathValue(name string) string { return r.params.Get(name) }

// QueryValue returns the first value of a query parameter, or "".
func (r *Request) QueryValue(name string) string { return queryValue(r.URL.RawQuery, name) }

// Subject is who the request comes from: the signed-in subject of the
// request's session (WithSessions), on every route, an anonymous one
// too, else who the route's authenticator recognised; nil for neither.
func (ctx *Context) Subject() Subject { return ctx.subject }

// Route is the matched route: the router's copy, which the router reads
// nothing from, so that writing to it changes no decision.
func (ctx *Context) Route() *Route {
	if ctx.route() == nil {
		return nil
	}
	return ctx.router.shownAt(ctx.match.Params.m.Outcome.Route)
}

// route is the matched route as the table holds it, which policies read;
// nil when none matched. It is read from the match, not kept in ctx, so
// that a served request stores nothing for it.
func (ctx *Context) route() *Route {
	if r := ctx.match.Params.m.Outcome.Route; r >= 0 {
		return ctx.router.serving[r].route
	}
	return nil
}

// Params are the path parameters of the matched route.
func (ctx *Context) Params() *Params { return &ctx.match.Params }

// Domain is the matched domain.
func (ctx *Context) Domain() *Domain { return ctx.match.Domain() }

// Subdomain returns the first label of the request's host on a subdomain or
// wildcard domain, in lower case as host names compare ("v2" for
// V2.api.example.com), else "": also when it is not a DNS label (letters,
// digits and "-"), which a domain of WithDefaultDomain may be served.
func (ctx *Context) Subdomain() string {
	d := ctx.match.Domain()
	if d == nil || !d.Subdomain && !core.IsWildcardHost(d.Host) {
		return ""
	}
	name, _ := hostname.Split(ctx.router.decide.RequestHost(ctx.request.Request))
	if i := strings.IndexByte(name, '.'); i > 0 && hostname.IsLDHLabel(name[:i]) {
		return strings.ToLower(name[:i])
	}
	return ""
}

// NewContext matches r as ServeHTTP does and returns the Context that the
// action of the matched route receives, writing to w, without applying the
// route's policies: a test calls an action with it directly. It is the
// router's own kind of Context, with Route, Params and Domain, but it is
// not pooled and may be kept. A request that no route serves gives the
// *Error of what the router would answer instead: 404, 405 or 400; 301 or
// 308 for a redirect, with the target in Msg; 204 with Allow for an
// automatic OPTIONS reply.
func (rt *Router) NewContext(w http.ResponseWriter, r *http.Request) (*Context, error) {
	ctx := newContext(rt)
	ctx.reset(w, r)
	d := &ctx.decision
	switch rt.decide.Route(d, r) {
	case decide.Action:
		ctx.enter(r)
		return ctx, nil
	case decide.Reply:
		if d.Status == http.StatusNoContent {
			return nil, &Error{Status: d.Status, Allow: d.Allow}
		}
		return nil, &Error{Status: d.Status, Msg: "redirect to " + ctx.match.Redirect()}
	}
	if ctx.match.Params.m.Outcome.Route >= 0 {
		ctx.enter(r)
	}
	return nil, rt.refusal(ctx)
}

// SetSubject sets who the route's authenticator recognised, for a test
// that calls an action with a Context of NewContext.
func (ctx *Context) SetSubject(s Subject) { ctx.subject = s }
