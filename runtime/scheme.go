package runtime

import (
	"fmt"
	"slices"
	"strings"
)

// SchemeAction serves a route an auth scheme added: a form scheme's
// login submit, an oauth2 scheme's login or redirect.
type SchemeAction func(ctx *Context) error

// WithSchemeRoute registers what serves the routes that auth scheme
// added for action ("login_submit", "login" or "redirect": the Action of
// their Route); package runtime/aahauth gives them with its form and
// oauth2 schemes. Every such route needs one: NewRouter fails otherwise.
// The router authenticates no request to them first: they are where one
// signs in.
func WithSchemeRoute(scheme, action string, serve SchemeAction) Option {
	return func(rt *Router) error {
		if serve == nil {
			return &ConfigError{Msg: fmt.Sprintf("WithSchemeRoute: nil action %q for %q", action, scheme)}
		}
		if rt.schemeActions == nil {
			rt.schemeActions = map[[2]string]SchemeAction{}
		}
		rt.schemeActions[[2]string{scheme, action}] = serve
		return nil
	}
}

// schemeDispatcher calls the scheme's action of a route a scheme added,
// and the generated dispatcher for every other.
type schemeDispatcher struct {
	generated dispatcher
	actions   []SchemeAction // by route index; nil for a route of the generated dispatcher
}

func (d *schemeDispatcher) Dispatch(ctx *Context, route int) error {
	if ctx.route.AddedBy != "" { // not a catch-all: one of the table's routes
		return d.actions[route](ctx)
	}
	return d.generated.Dispatch(ctx, route)
}

// setSchemeActions puts the scheme actions in front of the generated
// dispatcher when a route needs one, and reports the routes without one
// and the actions of no route.
func (rt *Router) setSchemeActions() error {
	var problems []string
	var actions []SchemeAction
	used := map[[2]string]bool{}
	for i := range rt.table.Routes {
		r := &rt.table.Routes[i]
		if r.AddedBy == "" {
			continue
		}
		key := [2]string{r.AddedBy, r.Action}
		serve := rt.schemeActions[key]
		if serve == nil {
			problems = append(problems, fmt.Sprintf("route %q, which auth scheme %q added, has no action %q (WithSchemeRoute)", r.Name, r.AddedBy, r.Action))
			continue
		}
		used[key] = true
		if actions == nil {
			actions = make([]SchemeAction, len(rt.table.Routes))
		}
		actions[i] = serve
	}
	if actions != nil && rt.sessions == nil {
		problems = append(problems, "the routes the auth schemes added sign in to a session: give WithSessions")
	}
	for key := range rt.schemeActions {
		if !used[key] {
			problems = append(problems, fmt.Sprintf("WithSchemeRoute: auth scheme %q added no route of action %q", key[0], key[1]))
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		problems = slices.Compact(problems)
		return &ConfigError{Msg: strings.Join(problems, "; ")}
	}
	if actions != nil {
		rt.dispatch = &schemeDispatcher{generated: rt.dispatch, actions: actions}
	}
	return nil
}

// WithLoginPage makes the routes of auth scheme send a request its
// authenticator refuses to login, the scheme's login page (url.login of
// a form scheme), instead of answering 401: 302 to login under the
// router's mount path, with the request's path and query in the
// parameter _rt, the return target, unless the request is for the login
// page itself. aahauth.Form gives it. A route of "authenticated"
// answers 401 still, as in aah: it names no scheme whose login page to
// go to. routegen match and routegen changes decide the same redirect
// from security.conf's url.login.
func WithLoginPage(scheme, login string) Option {
	return func(rt *Router) error {
		if !strings.HasPrefix(login, "/") {
			return &ConfigError{Msg: fmt.Sprintf("WithLoginPage: login page %q of %q is not a path", login, scheme)}
		}
		if rt.loginPages == nil {
			rt.loginPages = map[string]string{}
		}
		rt.loginPages[scheme] = login
		return nil
	}
}

// MountPath is the path prefix the router is served under: WithBasePath's,
// else what a handler in front of the router (http.StripPrefix) took off
// the request's path; "" at the root of the site.
func (ctx *Context) MountPath() string { return ctx.router.decide.MountPath(ctx.request.Request) }

// LocalTarget reports whether target is a path of this site to return
// to after a sign-in: "/…", not "//host…" or "/\host…", which browsers
// take for another site, and without a control character or space, which
// they drop.
func LocalTarget(target string) bool {
	return strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "//") && !strings.HasPrefix(target, "/\\") &&
		!strings.ContainsFunc(target, func(r rune) bool { return r <= ' ' || r == 0x7f })
}
