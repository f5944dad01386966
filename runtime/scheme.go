package runtime

import (
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/hostname"
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
	if ctx.route().AddedBy != "" { // not a catch-all: one of the table's routes
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

// Origin is "http://host[:port]" or "https://host[:port]" of the
// request's domain as the router serves it, for an absolute URL of this
// site (an OAuth2 redirect_uri): the host and port WithHost gives the
// domain, else routes.conf's (its $NAME read), a wildcard's "*" the
// request's subdomain; https when the request came over TLS or, under
// WithTrustedProxies, its X-Forwarded-Proto says so. The request's Host,
// which a client chooses, counts for no more than a wildcard's
// subdomain: a domain of no host (the one domain of a table, serving
// every host) takes X-Forwarded-Host under WithTrustedProxies, and has no
// origin otherwise (give it one with WithHost).
func (ctx *Context) Origin() (string, error) {
	rt, r, d := ctx.router, ctx.request.Request, ctx.Domain()
	if d == nil {
		return "", errors.New("runtime: the request is of no domain, which has no origin")
	}
	host, port, err := rt.hosts.Address(d.Index).Resolve(rt.hostOverrides)
	switch {
	case err != nil:
		return "", err
	case host == "" && rt.trustProxies && r.Header.Get("X-Forwarded-Host") != "":
		host, port = hostname.Split(r.Header.Get("X-Forwarded-Host"))
		if err := hostname.Check(host); err != nil {
			return "", fmt.Errorf("runtime: X-Forwarded-Host %q: %v", r.Header.Get("X-Forwarded-Host"), err)
		}
	case host == "":
		return "", fmt.Errorf("runtime: domain %s has no host to make an origin of: give it one (WithHost)", d.Key)
	}
	if name, wildcard := core.CutWildcard(host); wildcard {
		sub := ctx.Subdomain()
		if sub == "" {
			return "", fmt.Errorf("runtime: the request has no subdomain of wildcard domain %s to make an origin of", d.Key)
		}
		host = sub + "." + name
	}
	origin, defaultPort := "http://", "80"
	if ctx.overHTTPS() {
		origin, defaultPort = "https://", "443"
	}
	switch {
	case port != "" && port != defaultPort:
		return origin + net.JoinHostPort(host, port), nil
	case strings.Contains(host, ":"): // an IPv6 address
		return origin + "[" + host + "]", nil
	}
	return origin + host, nil
}

// overHTTPS reports a request that came over HTTPS: on a TLS connection,
// or, under WithTrustedProxies, with https first in X-Forwarded-Proto
// (the proxy the client reached), as the router judges it for
// Strict-Transport-Security.
func (ctx *Context) overHTTPS() bool {
	r := ctx.request.Request
	if r.TLS != nil {
		return true
	}
	if v := r.Header["X-Forwarded-Proto"]; ctx.router.trustProxies && len(v) > 0 {
		proto, _, _ := strings.Cut(v[0], ",")
		return strings.EqualFold(strings.TrimSpace(proto), "https")
	}
	return false
}

// Redirect answers with status and the Location header location, as
// given: unlike http.Redirect, it does not clean the path (which turns
// "/./\evil.test" into "/\evil.test", another site to a browser), so a
// client follows the very target LocalTarget judged. Like http.Redirect,
// it answers a GET or HEAD without a Content-Type of its own as
// text/html, a GET with a link to location.
func (ctx *Context) Redirect(location string, status int) {
	h := ctx.Res.Header()
	_, hadType := h["Content-Type"]
	h.Set("Location", location)
	method := ctx.request.Request.Method
	if !hadType && (method == http.MethodGet || method == http.MethodHead) {
		h.Set("Content-Type", "text/html; charset=utf-8")
	}
	ctx.Res.WriteHeader(status)
	if !hadType && method == http.MethodGet {
		fmt.Fprintf(ctx.Res, "<a href=\"%s\">%s</a>.\n\n", html.EscapeString(location), http.StatusText(status))
	}
}

// MaxTarget is the longest return target, in bytes, that LocalTarget
// accepts, and that the redirect to a login page carries in _rt: a
// Location the sign-in writes stays within a few KiB (_rt escaped, at
// most three times as long, beside the configured paths), whatever the
// request.
const MaxTarget = 2048

// LocalTarget reports whether target, written as is as a Location header
// (Context.Redirect), takes a browser to a path of this site: at most
// MaxTarget bytes of printable ASCII that start with one "/", with no
// backslash, raw or percent-encoded, no control character, raw or
// percent-encoded, no raw space, no "%" without two hex digits after it, and no
// dot segment ("." or "..", a dot raw or as %2e) in its path. A browser's
// URL parser drops tabs and newlines, reads "\" as "/" and a dot segment
// as a step up: each could turn "/…" into "//host…", another site.
func LocalTarget(target string) bool { return decide.LocalTarget(target) }
