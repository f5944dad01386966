// Package record is what every benchmarked handler does: it remembers the
// route that served a request, so that a check before timing can prove
// that each router dispatches every route, with the right parameters.
package record

import (
	"io"

	"github.com/routegen/routegen/runtime"
)

// Recorder is shared by the handlers of one router.
type Recorder struct {
	// Method and Pattern name the route that served the last request.
	Method, Pattern string
	// Params are its parameter values, recorded only while Checking: some
	// routers build them on demand, which must not be timed.
	Params   []string
	Checking bool
	// Write makes handlers write their parameter values to the response,
	// as the ParamWrite probe of the standard benchmark does.
	Write bool
}

// Serve is the action of every route of a routegen set.
func (r *Recorder) Serve(ctx *runtime.Context, params ...string) error {
	route := ctx.Route()
	r.Method, r.Pattern = route.Method, route.Path
	if r.Checking {
		r.Params = append(r.Params[:0], params...)
	}
	if r.Write {
		for _, p := range params {
			io.WriteString(ctx.Res, p)
		}
	}
	return nil
}
