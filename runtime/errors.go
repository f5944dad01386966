package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"github.com/routegen/routegen/internal/core/decide"
)

// Error is an error reply: one the router makes itself (400, 401, 403, 404,
// 405, 413, 500), or one an action returns. The error handler
// (WithErrorHandler) receives each of them; errors.As finds it in the error
// an action returned.
type Error struct {
	Status int // the HTTP status of the reply: 400, 401, 403, 404, 405, 413, 500…
	// Msg is the reason, without the parameter: `"abc" is not a number`,
	// "forbidden: cross-origin request". "" stands for the status text.
	Msg string
	// A path parameter that failed its constraint or type (400): its name,
	// its unescaped value, and its constraint as routes.conf writes it
	// ("number", "min=3"); "" when the reply is not about a parameter.
	Param, Value, Constraint string
	// Allow is the Allow header of a 405.
	Allow string
	// Challenges are the WWW-Authenticate challenges of a 401: those of
	// the route's schemes whose authenticators refused the request
	// (ChallengeError); a 401 without one is challenged with "Bearer".
	Challenges []string
	// Err is the cause: the error an action returned (500), the
	// *http.MaxBytesError of a body over the limit (413).
	Err error
}

// Error is the reply's text: `path parameter "id": "abc" is not a number`,
// else Msg, else the cause's text, else the status text.
func (e *Error) Error() string {
	msg := e.Msg
	switch {
	case msg != "":
	case e.Err != nil:
		msg = e.Err.Error()
	default:
		msg = http.StatusText(e.Status)
	}
	if e.Param != "" {
		return fmt.Sprintf("path parameter %q: %s", e.Param, msg)
	}
	return msg
}

// Unwrap is the cause, Err, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// appendBody appends the default reply's text: Error, but never the text
// of an action's error, which may hold what clients must not see.
func (e *Error) appendBody(b []byte) []byte {
	switch {
	case e.Status == http.StatusNotFound && e.Msg == "":
		return append(b, "404 page not found"...) // http.NotFound's
	case e.Msg == "" && e.Param == "":
		return append(b, http.StatusText(e.Status)...)
	}
	return append(b, e.Error()...)
}

// WithErrorHandler replaces the error replies. f receives every reply the
// router makes itself (400, 401, 403, 404, 405, 413, 500) and every error an
// action returns, as an error holding an *Error (errors.As): an action's
// error that holds none is given as an *Error of status 500, or 413 for a
// body over the route's limit, that wraps it. Before f runs, the router has
// set the Allow header of a 405, and "Connection: close" for a 413.
//
// The default writes the status with the text of the *Error: its Msg, or
// for a path parameter `path parameter "id": "abc" is not a number`, or the
// status text (never an action's own error text), as http.Error writes it;
// a 404 or 405 of the router's then allocates nothing.
func WithErrorHandler(f func(ctx *Context, err error)) Option {
	return func(rt *Router) error {
		if f == nil {
			return &ConfigError{Msg: "WithErrorHandler: nil function"}
		}
		rt.errorHandler = f
		return nil
	}
}

// JSONErrorHandler is an error handler for WithErrorHandler that writes
// each error reply as JSON, as aah did with render.default = "json":
// {"code":401,"message":"Unauthorized"}. The message is the status text,
// or the reason the router gave (`path parameter "id": "abc" is not a
// number`); never an action's own error text.
func JSONErrorHandler(ctx *Context, err error) {
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Status: http.StatusInternalServerError, Err: err}
	}
	msg := http.StatusText(e.Status)
	if e.Msg != "" || e.Param != "" {
		msg = e.Error()
	}
	h := ctx.Res.Header()
	h.Del("Content-Length")
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	ctx.Res.WriteHeader(e.Status)
	_ = json.NewEncoder(ctx.Res).Encode(jsonError{Code: e.Status, Message: msg})
}

// jsonError is the body JSONErrorHandler writes, in aah's field names.
type jsonError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// fail answers the request of ctx with e, through the error handler.
func (rt *Router) fail(ctx *Context, e *Error) {
	rt.reply(ctx, e, e)
}

// handleError answers an action's error.
func (rt *Router) handleError(ctx *Context, err error) {
	var e *Error
	if !errors.As(err, &e) {
		status := http.StatusInternalServerError
		if decide.IsMaxBytesError(err) {
			status = http.StatusRequestEntityTooLarge
		}
		e = &Error{Status: status, Err: err}
		err = e
	}
	if e.Status == http.StatusBadRequest && e.Param != "" && e.Constraint == "" {
		e.Constraint = constraintOf(ctx.route(), e.Param)
	}
	rt.reply(ctx, e, err)
}

// reply writes e's headers, then hands err, which holds e, to the handler
// that answers it.
func (rt *Router) reply(ctx *Context, e *Error, err error) {
	w := ctx.Res
	if route := ctx.route(); route != nil && route.Method == "WS" {
		// The decision left the secure headers to the handshake, which
		// this error reply is not.
		rt.decide.SetSecureHeaders(w.Header(), ctx.Req.Request)
	}
	switch e.Status {
	case http.StatusUnauthorized:
		challenges := e.Challenges
		if len(challenges) == 0 {
			challenges = []string{"Bearer"}
		}
		w.Header()["Www-Authenticate"] = challenges
	case http.StatusMethodNotAllowed:
		w.Header().Set("Allow", e.Allow)
	case http.StatusRequestEntityTooLarge:
		// The rest of the body is not read: the connection cannot serve another request.
		w.Header().Set("Connection", "close")
	}
	if rt.errorHandler != nil {
		rt.errorHandler(ctx, err)
		return
	}
	writeError(ctx, e.Status, e.appendBody(ctx.errorBody[:0]))
}

// notFound answers a request no route serves with 404; noDomain when no
// domain serves its host. Without an error handler it allocates nothing,
// as scanners send mostly 404s.
func (rt *Router) notFound(ctx *Context, noDomain bool) {
	switch {
	case rt.errorHandler != nil:
		e := &Error{Status: http.StatusNotFound}
		if noDomain {
			e.Msg = string(rt.appendNoDomain(nil, ctx))
		}
		rt.fail(ctx, e)
	case noDomain:
		writeError(ctx, http.StatusNotFound, rt.appendNoDomain(ctx.errorBody[:0], ctx))
	default:
		e := Error{Status: http.StatusNotFound}
		writeError(ctx, e.Status, e.appendBody(ctx.errorBody[:0]))
	}
}

// appendNoDomain appends the message of a 404 for a host no domain serves.
func (rt *Router) appendNoDomain(b []byte, ctx *Context) []byte {
	return decide.AppendNoDomain(b, rt.decide.RequestHost(ctx.Req.Request))
}

// methodNotAllowed answers 405 with the Allow header allow, which the
// routing table computed. Without an error handler it allocates nothing.
func (rt *Router) methodNotAllowed(ctx *Context, allow string) {
	if rt.errorHandler != nil {
		rt.fail(ctx, &Error{Status: http.StatusMethodNotAllowed, Allow: allow})
		return
	}
	ctx.Res.Header()["Allow"] = allowValue(allow)
	e := Error{Status: http.StatusMethodNotAllowed, Allow: allow}
	writeError(ctx, e.Status, e.appendBody(ctx.errorBody[:0]))
}

// The values of the headers of the default error reply, shared by every
// reply so that none allocates one as Header.Set does. They must not be
// written into: Header's methods replace a value slice, or append to it,
// which copies these full ones.
var (
	textPlain = []string{"text/plain; charset=utf-8"}
	nosniff   = []string{"nosniff"}
	// allowValues holds a value of each Allow header a 405 or an automatic
	// OPTIONS reply of the router's has sent: the routing tables compute a
	// few, fixed ones.
	allowValues sync.Map // string → []string
)

func allowValue(allow string) []string {
	if v, ok := allowValues.Load(allow); ok {
		return v.([]string)
	}
	v, _ := allowValues.LoadOrStore(allow, []string{allow})
	return v.([]string)
}

// maxKeptErrorBody is the largest error body buffer a pooled context keeps
// for the next reply: a long host or parameter does not stay in the pool.
const maxKeptErrorBody = 1 << 10

// writeError writes the default error reply as http.Error does, with body
// on a line, the status's other headers already set. body is in ctx's
// buffer, which it keeps for the next reply.
func writeError(ctx *Context, status int, body []byte) {
	w := ctx.Res
	h := w.Header()
	// As http.Error: the Content-Length set for other content is dropped.
	h.Del("Content-Length")
	h["Content-Type"] = textPlain
	h["X-Content-Type-Options"] = nosniff
	w.WriteHeader(status)
	body = append(body, '\n')
	w.Write(body)
	if cap(body) <= maxKeptErrorBody {
		ctx.errorBody = body
	}
}

// constraintOf is the constraint of route's parameter name, or "".
func constraintOf(route *Route, name string) string {
	if route == nil {
		return ""
	}
	for i, p := range route.Params {
		if p == name && i < len(route.Constraints) {
			return route.Constraints[i]
		}
	}
	return ""
}
