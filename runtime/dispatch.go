package runtime

import "fmt"

// Dispatch calls the action of the route a context serves, from actions
// indexed by route: a generated NewRouter binds each route's action to
// its controller in a table, once.
func Dispatch(actions []Dispatcher) Dispatcher {
	return func(ctx *Context) error {
		if i := ctx.Route().Index; i < len(actions) && actions[i] != nil {
			return actions[i](ctx)
		}
		return fmt.Errorf("no action for route %q", ctx.Route().Name)
	}
}
