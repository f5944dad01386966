package runtime

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/routegen/routegen/internal/core/decide"
)

// Error is an error reply: one the router makes itself (400, 401, 403, 404,
// 405, 413, 500), or one an action returns. The error handler
// (WithErrorHandler) receives each of them; errors.As finds it in the error
// an action returned.
type Error struct {
	Status int
	// Msg is the reason, without the parameter: `"abc" is not a number`,
	// "forbidden: cross-origin request". "" stands for the status text.
	Msg string
	// A path parameter that failed its constraint or type (400): its name,
	// its unescaped value, and its constraint as routes.conf writes it
	// ("number", "min=3"); "" when the reply is not about a parameter.
	Param, Value, Constraint string
	// Allow is the Allow header of a 405.
	Allow string
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

func (e *Error) Unwrap() error { return e.Err }

// body is the default reply's text: Error, but never the text of an
// action's error, which may hold what clients must not see.
func (e *Error) body() string {
	switch {
	case e.Status == http.StatusNotFound && e.Msg == "":
		return "404 page not found" // http.NotFound's
	case e.Msg == "" && e.Param == "":
		return http.StatusText(e.Status)
	}
	return e.Error()
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
// status text (never an action's own error text).
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
		e.Constraint = constraintOf(ctx.route, e.Param)
	}
	rt.reply(ctx, e, err)
}

// reply writes e's headers, then hands err, which holds e, to the handler
// that answers it.
func (rt *Router) reply(ctx *Context, e *Error, err error) {
	w := ctx.Res
	switch e.Status {
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
	http.Error(w, e.body(), e.Status)
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
