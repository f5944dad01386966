package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/ir"
)

// matchFlags are the flags of match besides the sources'.
type matchFlags struct {
	json        bool
	headers     []string
	auth        string
	roles       []string
	permissions []string
	// subjectGiven: --roles or --permissions name the subject's own;
	// without them it holds every role and permission.
	subjectGiven bool
}

func (f *matchFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&f.json, "json", false, "print the outcome as one JSON object: status, route, domain, params, location, allow, reason")
	fs.StringArrayVarP(&f.headers, "header", "H", nil, "a request header `'NAME: VALUE'`, as curl writes it; repeatable")
	fs.StringVar(&f.auth, "auth", "ok", "the authenticators' answer, `ok|fail`: ok, they recognise the request, or fail")
	fs.StringSliceVar(&f.roles, "roles", nil, "the subject's `ROLES`, comma-separated; repeatable")
	// A permission holds commas ("user:read,edit"): permissions are
	// divided as ispermittedall divides them.
	fs.StringArrayVar(&f.permissions, "permissions", nil, "the subject's `PERMS` (\"user:read,edit\"), divided by |; repeatable. Without --roles and --permissions the subject holds every role and permission the route names")
}

// subject is the subject the flags describe.
func (f *matchFlags) subject() (explain.Subject, error) {
	s := explain.Subject{Authenticated: f.auth == "ok", Every: !f.subjectGiven}
	for _, role := range f.roles {
		if role = strings.TrimSpace(role); role != "" {
			s.Roles = append(s.Roles, role)
		}
	}
	for _, list := range f.permissions {
		for text := range strings.SplitSeq(list, "|") {
			if strings.TrimSpace(text) == "" {
				continue
			}
			p, err := decide.ParsePermission(text)
			if err != nil {
				return s, fmt.Errorf("--permissions: %v", err)
			}
			s.Permissions = append(s.Permissions, p.String())
		}
	}
	return s, nil
}

// matchResult is what match reports: the router's answer, and why.
type matchResult struct {
	Status   int               `json:"status"`
	Route    string            `json:"route"`  // its name as the generated code knows it; "" when none
	Domain   string            `json:"domain"` // its key; "" when none
	Params   map[string]any    `json:"params"`
	Location string            `json:"location"`
	Allow    string            `json:"allow"`
	Reason   string            `json:"reason"`
	Position string            `json:"position,omitempty"`
	Action   string            `json:"action,omitempty"`     // Controller.Action, or what a static route serves
	Policies map[string]string `json:"policies,omitempty"`   // each policy the router applied, and its outcome
	Why      string            `json:"why_domain,omitempty"` // why this domain serves the host
	Headers  map[string]string `json:"headers"`              // the response headers a policy set (CORS, secure headers, a 401's WWW-Authenticate), a static file's caching, and a login submit's Set-Cookie
	Steps    []decide.Step     `json:"steps"`
	Assumed  string            `json:"assumed,omitempty"` // what match took the application code to answer
}

// match asks the router's decision what answers METHOD URL, and why.
func (c *cli) match(args []string, src sourceFlags, flags matchFlags) int {
	if len(args) < 2 || len(args) > 3 {
		return c.usageError(fmt.Sprintf("want METHOD URL [routes.conf | folder], got %d arguments", len(args)))
	}
	if flags.auth != "ok" && flags.auth != "fail" {
		return c.usageError(fmt.Sprintf("--auth %q: want ok or fail", flags.auth))
	}
	subject, err := flags.subject()
	if err != nil {
		return c.usageError(err.Error())
	}
	method, target := args[0], args[1]
	if target == "" {
		return c.usageError(fmt.Sprintf("URL %q: want a path (/hotels/42) or an absolute URL (http://api.example.com:8080/v1/hotels)", target))
	}
	if err := explain.CheckHeader(flags.headers); err != nil {
		return c.usageError(err.Error())
	}
	arg := ""
	if len(args) == 3 {
		arg = args[2]
	}
	input, src, code := c.oneSource(arg, src)
	if code != exitOK {
		return code
	}
	table := c.load(input, src)
	if table == nil {
		return exitInput
	}
	router, _ := explain.New(table)
	r, err := router.NewRequest(method, target, flags.headers)
	if err != nil {
		// url.Error repeats the URL: its own words say what is wrong.
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		// The request's own errors name what they are about.
		if msg := err.Error(); strings.HasPrefix(msg, "method ") || strings.HasPrefix(msg, "URL ") {
			return c.usageError(msg)
		}
		return c.usageError(fmt.Sprintf("URL %q: %v", target, err))
	}
	res := explainAnswer(router, r, subject)
	if flags.json {
		out, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(c.stdout, "%s\n", out)
	} else {
		fmt.Fprint(c.stdout, res.text())
	}
	// A scheme's action, such as a login submit's, runs and redirects.
	if res.Status == 200 && (res.Route != "" || res.Action != "") || len(res.Steps) > 0 && res.Steps[len(res.Steps)-1].Name == "action" {
		return exitOK
	}
	return exitInput
}

// explainAnswer is the router's answer to r from subject, for a terminal
// or JSON.
func explainAnswer(router *explain.Router, r *http.Request, subject explain.Subject) matchResult {
	t := router.Table
	a := router.Answer(r, subject)
	res := matchResult{Status: a.Status, Route: a.Name, Params: map[string]any{}, Location: a.Location, Allow: a.Allow,
		Reason: a.Reason, Headers: map[string]string{}, Steps: a.Steps}
	for name, values := range a.Header {
		res.Headers[name] = strings.Join(values, ", ")
	}
	for _, p := range a.Params {
		res.Params[p.Name] = p.Value
	}
	host := r.Host
	if a.Domain < 0 {
		res.Reason = fmt.Sprintf("no domain serves host %q (hosts: %s)", host, strings.Join(router.Served(), ", "))
		return res
	}
	dom := t.Domains[a.Domain]
	res.Domain, res.Why = dom.Key, whyDomain(t, a.Domain, host, a.HostRule)
	switch {
	case a.CatchAll != nil:
		res.Action, res.Position = a.CatchAll.Controller+"#"+a.CatchAll.Action, a.CatchAll.Pos.String()
	case a.Route != nil:
		res.Position, res.Action = a.Route.Pos.String(), a.Route.Target()
	}
	for _, step := range a.Steps {
		switch step.Name {
		case "host", "route", "action", "middleware":
		default:
			if res.Policies == nil {
				res.Policies = map[string]string{}
			}
			res.Policies[step.Name] = step.Outcome
		}
		var assumed string
		switch {
		case step.Name == "auth" && strings.HasPrefix(step.Reason, "the authenticator"):
			assumed = "the authenticators answer " + map[bool]string{true: "ok", false: "fail"}[subject.Authenticated] + " (--auth)"
		case step.Name == "authorization":
			assumed = holdings(subject)
		case step.Name == "static" && step.Outcome == "served":
			// match reads no static file system: the router's 404 of a
			// missing file is not in the decision.
			assumed = "the static file or folder exists (the router answers 404 when it does not)"
		default:
			continue
		}
		res.Assumed = strings.TrimPrefix(res.Assumed+"; "+assumed, "; ")
	}
	if a.Status == http.StatusNotFound && a.Route == nil && a.CatchAll == nil {
		path, _ := decide.RequestPath(r)
		res.Reason = "no route serves " + path
		if near := nearestRoutes(dom, path); len(near) > 0 {
			res.Reason += "; the nearest: " + strings.Join(near, ", ")
		}
	}
	return res
}

// holdings says what roles and permissions subject was assumed to hold.
func holdings(subject explain.Subject) string {
	if subject.Every {
		return "the subject holds every role and permission the route names (--roles and --permissions name its own)"
	}
	list := func(what string, items []string, sep string) string {
		if len(items) == 0 {
			return "no " + what
		}
		if len(items) > 1 {
			what += "s"
		}
		return what + " " + strings.Join(items, sep)
	}
	return "the subject holds " + list("role", subject.Roles, ", ") + " and " + list("permission", subject.Permissions, " | ") + " (--roles, --permissions)"
}

// whyDomain says why domain d serves host, by the rule that chose it.
func whyDomain(t *ir.Table, d int, host string, rule core.HostRule) string {
	name, port := hostname.Split(host)
	switch rule {
	case core.OnlyDomain:
		return "the only domain serves every host"
	case core.WildcardName:
		parent, _ := core.CutWildcard(t.Domains[d].Host)
		return fmt.Sprintf("host %s is a subdomain of %s", name, parent)
	case core.NameAtPort:
		return fmt.Sprintf("host %s at port %s", name, portText(core.PortOrDefault(port)))
	}
	return fmt.Sprintf("host %s, at any port: a port only chooses between domains of one host name", name)
}

func portText(port string) string {
	if port == "" {
		return "default"
	}
	return port
}

// nearestRoutes are up to three route paths of dom closest to path.
func nearestRoutes(dom *ir.Domain, path string) []string {
	type near struct {
		text     string
		distance int
	}
	var all []near
	seen := map[string]bool{}
	for _, r := range dom.Routes {
		text := r.Method + " " + r.Path
		if seen[text] {
			continue
		}
		seen[text] = true
		all = append(all, near{text, suggest.Distance(path, r.Path)})
	}
	slices.SortStableFunc(all, func(a, b near) int { return a.distance - b.distance })
	var out []string
	for _, n := range all[:min(3, len(all))] {
		out = append(out, n.text)
	}
	return out
}

// text is the outcome for a terminal.
func (r matchResult) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d", r.Status)
	switch {
	case r.Route != "":
		fmt.Fprintf(&b, " route %s (%s)", r.Route, r.Position)
	case r.Action != "":
		fmt.Fprintf(&b, " catch_all (%s)", r.Position)
	}
	b.WriteString("\n")
	if r.Domain != "" {
		fmt.Fprintf(&b, "  domain: %s (%s)\n", r.Domain, r.Why)
	}
	if r.Action != "" {
		fmt.Fprintf(&b, "  action: %s\n", r.Action)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Params)) {
		fmt.Fprintf(&b, "  param %s = %#v\n", k, r.Params[k])
	}
	if len(r.Steps) > 0 {
		b.WriteString("  steps:\n")
	}
	for i, step := range r.Steps {
		fmt.Fprintf(&b, "    %d. %s: %s", i+1, step.Name, step.Outcome)
		if step.Reason != "" {
			fmt.Fprintf(&b, ": %s", step.Reason)
		}
		b.WriteString("\n")
	}
	if r.Location != "" {
		fmt.Fprintf(&b, "  Location: %s\n", r.Location)
	}
	if r.Allow != "" {
		fmt.Fprintf(&b, "  Allow: %s\n", r.Allow)
	}
	for _, k := range slices.Sorted(maps.Keys(r.Headers)) {
		fmt.Fprintf(&b, "  %s: %s\n", k, r.Headers[k])
	}
	if r.Reason != "" && (r.Status >= 400 || r.Status == http.StatusFound) {
		fmt.Fprintf(&b, "  reason: %s\n", r.Reason)
	}
	if r.Assumed != "" {
		fmt.Fprintf(&b, "  assumed: %s\n", r.Assumed)
	}
	return b.String()
}
