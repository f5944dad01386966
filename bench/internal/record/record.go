// Package record is what the handlers of the check before timing do: they
// remember the route that served a request and its parameter values, so
// that the check can prove that each router dispatches every route, with
// the right parameters. The timed routers are built apart, with handlers
// that do nothing.
package record

import "github.com/routegen/routegen/runtime"

// Recorder is shared by the handlers of one router.
type Recorder struct {
	// Method and Pattern name the route that served the last request, and
	// Params are its parameter values.
	Method, Pattern string
	Params          []string
}

// Record remembers the route of method and pattern, and its parameter
// values.
func (r *Recorder) Record(method, pattern string, params []string) {
	r.Method, r.Pattern = method, pattern
	r.Params = append(r.Params[:0], params...)
}

// Serve is the action of every route of a routegen set's Recording
// controller.
func (r *Recorder) Serve(ctx *runtime.Context, params ...string) error {
	route := ctx.Route()
	r.Record(route.Method, route.Path, params)
	return nil
}
