package changes

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// cause is one difference of routes.conf between a subject's two sides,
// in its words, with the steps of the router's decision it can change.
type cause struct {
	is               outcome  // the finding's rule and direction
	steps            []string // the decision's step names; nil for every step
	change, old, new string
	// key is the routes.conf key of a route's policy that the cause is
	// a change of ("auth", "cors"…); "" for the others.
	key string
	// answers, when set, says whether it can explain a difference of
	// the two answers: a domain's redirects, 405s or automatic replies.
	answers func(a, b explain.Answer) bool
	// at, for a cause of a key of security.conf that the routes of a
	// scheme take (url.login, realm_name), is where each side writes it
	// (the new side's, the old side's): the routes' changes are one there.
	at [2]parser.Pos
}

func (ca cause) affects(step string, a, b explain.Answer) bool {
	return (ca.steps == nil || slices.Contains(ca.steps, step)) && (ca.answers == nil || ca.answers(a, b))
}

// causes lists what differs between the two sides of s.
func (c *comparison) causes(s *subject) []cause {
	switch s.kind {
	case catchAllSubject:
		return c.catchAllCauses(s)
	case domainSubject:
		return c.domainCauses(s)
	}
	or, nr := s.old, s.new
	switch {
	case or == nil:
		rule, change := presence(nr, s.newDom, c.old.table, Added)
		return []cause{{is: rule.to(Added), change: change}}
	case nr == nil:
		rule, change := presence(or, s.oldDom, c.new.table, Removed)
		return []cause{{is: rule.to(Removed), change: change}}
	}
	var out []cause
	add := func(is outcome, steps []string, change, old, new string) {
		out = append(out, cause{is: is, steps: steps, change: change, old: old, new: new})
	}
	routing := []string{"route", "constraint"}
	if shape(entry{domain: s.oldDom, route: or}) != shape(entry{domain: s.newDom, route: nr}) {
		add(rulePathChanged.only(), routing, "path changed", or.Path, nr.Path)
	} else {
		for k, p := range nr.ParamSpecs {
			switch was, is := constraintText(or.ParamSpecs[k]), constraintText(p); {
			case was == is:
			case was == "":
				add(ruleConstraint.to(Added), routing, fmt.Sprintf("constraint of %q added", p.Name), "", is)
			case is == "":
				add(ruleConstraint.to(Removed), routing, fmt.Sprintf("constraint of %q removed", p.Name), was, "")
			default:
				add(ruleConstraint.to(Changed), routing, fmt.Sprintf("constraint of %q changed", p.Name), was, is)
			}
		}
	}
	if or.Static || nr.Static {
		if was, is := or.Target(), nr.Target(); was != is {
			add(ruleStaticFilesChanged.only(), []string{"static"}, "static files changed", was, is)
		}
		if or.List != nr.List {
			add(ruleList.either(nr.List, On, Off), []string{"route", "static"}, "list turned "+onOff(nr.List), strconv.FormatBool(or.List), strconv.FormatBool(nr.List))
		}
	}
	out = append(out, c.policyCauses(
		policy{or.Auth, authorizationText(or.Authorization), or.AntiCSRFCheck, or.MaxBodySize, or.CORS, or.Authorization},
		policy{nr.Auth, authorizationText(nr.Authorization), nr.AntiCSRFCheck, nr.MaxBodySize, nr.CORS, nr.Authorization})...)
	if or.Auth == nr.Auth {
		if was, is := loginPage(c.old.table, or.Auth), loginPage(c.new.table, nr.Auth); was != is {
			at := [2]parser.Pos{schemeKeyOf(c.new.table, nr.Auth, "url.login"), schemeKeyOf(c.old.table, or.Auth, "url.login")}
			out = append(out, cause{is: ruleLoginPageChanged.only(), steps: []string{"auth"}, change: "login page changed", old: was, new: is, at: at})
		}
		// The challenge of the scheme, or of each scheme "authenticated"
		// asks: a basic scheme's realm_name, a scheme's kind.
		if was, is := challengeText(c.old.table, or.Auth), challengeText(c.new.table, nr.Auth); was != is {
			out = append(out, cause{is: ruleChallengeChanged.only(), steps: []string{"auth"}, change: "challenge changed", old: was, new: is, answers: challenged, at: c.challengeAt(or.Auth)})
		}
	}
	return out
}

// challengeText says what the challenges of a route of auth in t are
// made of: the kind of each scheme it asks, and a basic scheme's
// realm_name.
func challengeText(t *ir.Table, auth string) string {
	if t.Security == nil {
		return ""
	}
	schemes := []string{auth}
	if auth == decide.AuthAuthenticated {
		schemes = explain.Schemes(t)
	}
	var parts []string
	for _, name := range schemes {
		for _, s := range t.Security.Schemes {
			if s.Name != name {
				continue
			}
			text := name + ": " + s.Kind
			if s.Kind == "basic" {
				text += " realm_name = " + strconv.Quote(s.Realm)
			}
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, ", ")
}

// schemeKeyOf is where t's security.conf writes key of scheme, else the
// scheme's own key; nowhere for a scheme it lacks.
func schemeKeyOf(t *ir.Table, scheme, key string) parser.Pos {
	if t.Security != nil {
		for i := range t.Security.Schemes {
			if s := &t.Security.Schemes[i]; s.Name == scheme {
				return schemeKeyPos(s, key)
			}
		}
	}
	return parser.Pos{}
}

// challengeAt is where the challenge of a route of auth changed: the
// realm_name of the first scheme it asks whose challenge differs; nowhere
// when none does alone (a scheme added, or of another kind).
func (c *comparison) challengeAt(auth string) [2]parser.Pos {
	schemes := []string{auth}
	if auth == decide.AuthAuthenticated {
		schemes = explain.Schemes(c.new.table)
	}
	for _, name := range schemes {
		was, is := challengeText(c.old.table, name), challengeText(c.new.table, name)
		if was != is && was != "" && is != "" {
			return [2]parser.Pos{schemeKeyOf(c.new.table, name, "realm_name"), schemeKeyOf(c.old.table, name, "realm_name")}
		}
	}
	return [2]parser.Pos{}
}

// loginPage is the login page of scheme in t's security.conf, where the
// router sends the requests the scheme refuses (a form scheme's
// url.login); "" for a scheme without one.
func loginPage(t *ir.Table, scheme string) string {
	if t.Security == nil {
		return ""
	}
	for _, s := range t.Security.Schemes {
		if s.Name == scheme && s.Kind == "form" {
			return s.URLs["login"]
		}
	}
	return ""
}

// presence is the rule and change of a route one side lacks: "route
// added", "method removed" (the route's name is on the other side),
// "static route added".
func presence(r *ir.Route, dom *ir.Domain, other *ir.Table, d Direction) (*Rule, string) {
	for _, od := range other.Domains {
		if od.Key == dom.Key && slices.ContainsFunc(od.Routes, func(o *ir.Route) bool { return o.Name == r.Name }) {
			return ruleMethod, "method " + string(d)
		}
	}
	if r.Static {
		return ruleStaticRoute, "static route " + string(d)
	}
	return ruleRoute, "route " + string(d)
}

// policy is what a route or catch_all applies once it is found.
type policy struct {
	auth, authorization string
	antiCSRF            bool
	maxBodySize         int64
	cors                *ir.CORS
	authz               *ir.Authorization // nil for none
}

func (c *comparison) policyCauses(was, is policy) []cause {
	var out []cause
	add := func(is outcome, step, change, old, new string) {
		out = append(out, cause{is: is, steps: []string{step}, change: change, old: old, new: new})
	}
	open := func(auth string) bool { return auth == "" || auth == decide.AuthAnonymous }
	switch {
	case was.auth != is.auth && open(was.auth) && !open(is.auth):
		add(ruleAuth.to(Added), "auth", "auth added", authText(was.auth), authText(is.auth))
	case was.auth != is.auth && !open(was.auth) && open(is.auth):
		add(ruleAuth.to(Removed), "auth", "auth removed", authText(was.auth), authText(is.auth))
	case was.auth != is.auth:
		add(ruleAuth.to(Changed), "auth", "auth changed", authText(was.auth), authText(is.auth))
	case is.auth == "":
		// The fail-closed rule: once schemes are named, a route without auth is refused.
		if a, b := namedSchemes(c.old.table), namedSchemes(c.new.table); (len(a) > 0) != (len(b) > 0) {
			add(ruleFailClosed.either(len(b) > 0, On, Off), "auth", "fail-closed turned "+onOff(len(b) > 0), schemesText(a), schemesText(b))
		}
	}
	switch {
	case was.authorization == is.authorization:
	case is.authorization == "":
		add(ruleAuthorization.to(Removed), "authorization", "authorization removed", was.authorization, "")
	case was.authorization == "":
		add(ruleAuthorization.to(Added), "authorization", "authorization added", "", is.authorization)
	default:
		add(ruleAuthorization.to(Changed), "authorization", "authorization changed", was.authorization, is.authorization)
	}
	if was.antiCSRF != is.antiCSRF {
		add(ruleAntiCSRF.either(is.antiCSRF, On, Off), "anti_csrf", "anti_csrf_check turned "+onOff(is.antiCSRF), strconv.FormatBool(was.antiCSRF), strconv.FormatBool(is.antiCSRF))
	}
	if was.maxBodySize != is.maxBodySize {
		raised := is.maxBodySize == 0 || was.maxBodySize != 0 && is.maxBodySize > was.maxBodySize // 0 is no limit
		limit := ruleBodyLimit.either(raised, Raised, Lowered)
		add(limit, "body_size", "max_body_size "+string(limit.direction), sizeText(was.maxBodySize), sizeText(is.maxBodySize))
	}
	switch oldText, newText := corsText(was.cors), corsText(is.cors); {
	case oldText == newText:
	case was.cors == nil:
		out = append(out, cause{is: ruleCORS.to(On), steps: []string{"cors", "preflight"}, change: "CORS turned on", new: newText})
	case is.cors == nil:
		out = append(out, cause{is: ruleCORS.to(Off), steps: []string{"cors", "preflight"}, change: "CORS turned off", old: oldText})
	default:
		out = append(out, corsChange(was.cors, is.cors))
	}
	for i := range out {
		if out[i].key == "" && out[i].is.rule != ruleFailClosed { // the schemes named anywhere
			out[i].key = policyKeys[out[i].steps[0]]
		}
	}
	return out
}

// policyKeys are the routes.conf keys of the decision's policy steps.
var policyKeys = map[string]string{"auth": "auth", "authorization": "authorization", "anti_csrf": "anti_csrf_check", "body_size": "max_body_size", "cors": "cors"}

func (c *comparison) catchAllCauses(s *subject) []cause {
	var was, is *ir.CatchAll
	if s.oldDom != nil {
		was = s.oldDom.CatchAll
	}
	if s.newDom != nil {
		is = s.newDom.CatchAll
	}
	switch {
	case was == nil && is == nil:
		return nil
	case was == nil:
		return []cause{{is: ruleCatchAll.to(Added), change: "catch_all added", new: is.Controller + "#" + is.Action}}
	case is == nil:
		return []cause{{is: ruleCatchAll.to(Removed), change: "catch_all removed", old: was.Controller + "#" + was.Action}}
	}
	return c.policyCauses(catchAllPolicy(was), catchAllPolicy(is))
}

func (c *comparison) domainCauses(s *subject) []cause {
	was, is := s.oldDom, s.newDom
	otherDomain := func(a, b explain.Answer) bool { return c.old.domainKey(a.Domain) != c.new.domainKey(b.Domain) }
	switch {
	case was == nil && is == nil:
		return nil
	case was == nil:
		return []cause{{is: ruleDomain.to(Added), change: "domain added", new: address(is), answers: otherDomain}}
	case is == nil:
		return []cause{{is: ruleDomain.to(Removed), change: "domain removed", old: address(was), answers: otherDomain}}
	}
	var out []cause
	// A table's one domain serves every host; of several, each its own.
	if a, b := len(c.old.table.Domains), len(c.new.table.Domains); a == 1 && b > 1 {
		out = append(out, cause{is: ruleSoleDomain.to(Ended), change: "one domain no longer serves every host", old: "1 domain", new: strconv.Itoa(b) + " domains", answers: otherDomain})
	} else if a > 1 && b == 1 {
		out = append(out, cause{is: ruleSoleDomain.to(Began), change: "one domain serves every host", old: strconv.Itoa(a) + " domains", new: "1 domain", answers: otherDomain})
	}
	if a, b := address(was), address(is); a != b {
		out = append(out, cause{is: ruleHostChanged.only(), steps: []string{"route"}, change: "host changed", old: a, new: b, key: "host"})
	}
	either := func(answered func(explain.Answer) bool) func(a, b explain.Answer) bool {
		return func(a, b explain.Answer) bool { return answered(a) || answered(b) }
	}
	for _, flag := range []struct {
		rule     *Rule
		name     string
		was, is  bool
		answered func(explain.Answer) bool
	}{
		{ruleRedirectSlash, "redirect_trailing_slash", was.RedirectTrailingSlash, is.RedirectTrailingSlash, func(a explain.Answer) bool { return a.Location != "" }},
		{ruleMethodNotAllowed, "method_not_allowed", was.MethodNotAllowed, is.MethodNotAllowed, func(a explain.Answer) bool { return a.Status == http.StatusMethodNotAllowed }},
		{ruleAutoOptions, "auto_options", was.AutoOptions, is.AutoOptions, func(a explain.Answer) bool { return a.Kind == decide.Reply && a.Allow != "" }},
	} {
		if flag.was != flag.is {
			out = append(out, cause{is: flag.rule.either(flag.is, On, Off), steps: []string{"route"}, change: flag.name + " turned " + onOff(flag.is),
				old: strconv.FormatBool(flag.was), new: strconv.FormatBool(flag.is), answers: either(flag.answered), key: flag.name})
		}
	}
	return out
}

// namedSchemes are the schemes whose naming makes t's router refuse a
// route without auth (fail closed): security.conf's, and those the
// application registers an authenticator for, as explain builds the
// router (a route's scheme, or one for `authenticated`).
func namedSchemes(t *ir.Table) []string {
	out := slices.Clone(t.AuthSchemes)
	for _, s := range explain.Schemes(t) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	slices.Sort(out)
	return out
}

func schemesText(schemes []string) string {
	if len(schemes) == 0 {
		return "no scheme named"
	}
	return "schemes named: " + strings.Join(schemes, ", ")
}

// address is a domain's host and port as routes.conf writes them.
func address(d *ir.Domain) string {
	host, port := d.HostText(), d.PortText()
	if port == "" {
		return host
	}
	return host + ":" + port
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func authText(auth string) string {
	if auth == "" {
		return "none"
	}
	return auth
}

// corsChange names a change of a CORS policy by the one part that
// changed, or the whole policy when several did.
func corsChange(was, is *ir.CORS) cause {
	type part struct{ name, was, is string }
	var changed []part
	for _, p := range []part{
		{"origins", strings.Join(was.AllowOrigins, ", "), strings.Join(is.AllowOrigins, ", ")},
		{"methods", strings.Join(was.AllowMethods, ", "), strings.Join(is.AllowMethods, ", ")},
		{"headers", strings.Join(was.AllowHeaders, ", "), strings.Join(is.AllowHeaders, ", ")},
		{"credentials", strconv.FormatBool(was.AllowCredentials), strconv.FormatBool(is.AllowCredentials)},
	} {
		if p.was != p.is {
			changed = append(changed, p)
		}
	}
	steps := []string{"cors", "preflight"}
	switch {
	case len(changed) != 1:
		return cause{is: ruleCORS.to(Changed), steps: steps, change: "CORS changed", old: corsText(was), new: corsText(is)}
	case changed[0].name == "credentials":
		return cause{is: ruleCORSCredentials.either(is.AllowCredentials, On, Off), steps: steps, change: "CORS credentials turned " + onOff(is.AllowCredentials), old: changed[0].was, new: changed[0].is, key: "cors.allow_credentials"}
	}
	what := Changed
	switch was, is := strings.Split(changed[0].was, ", "), strings.Split(changed[0].is, ", "); {
	case changed[0].was == "" || containsAll(is, was):
		what = Added
	case changed[0].is == "" || containsAll(was, is):
		what = Removed
	}
	rule := map[string]*Rule{"origins": ruleCORSOrigins, "methods": ruleCORSMethods, "headers": ruleCORSHeaders}[changed[0].name]
	return cause{is: rule.to(what), steps: steps, change: "CORS " + changed[0].name + " " + string(what), old: changed[0].was, new: changed[0].is, key: "cors.allow_" + changed[0].name}
}

// containsAll reports whether list holds every element of sub, as a
// CORS list's "*" holds every origin, method or header.
func containsAll(list, sub []string) bool {
	if slices.Contains(list, "*") {
		return true
	}
	for _, s := range sub {
		if !slices.Contains(list, s) {
			return false
		}
	}
	return true
}

func corsText(c *ir.CORS) string {
	if c == nil {
		return ""
	}
	text := "origins " + strings.Join(c.AllowOrigins, ", ")
	if len(c.AllowMethods) > 0 {
		text += "; methods " + strings.Join(c.AllowMethods, ", ")
	}
	if len(c.AllowHeaders) > 0 {
		text += "; headers " + strings.Join(c.AllowHeaders, ", ")
	}
	if c.AllowCredentials {
		text += "; with credentials"
	}
	return text
}

func authorizationText(a *ir.Authorization) string {
	if a == nil {
		return ""
	}
	var parts []string
	for _, list := range []struct {
		what   string
		checks []ir.Check
	}{{"roles", a.Roles}, {"permissions", a.Permissions}} {
		var checks []string
		for _, c := range list.checks {
			checks = append(checks, decide.Check{Func: c.Func, Args: c.Args}.String()) // as routes.conf writes it
		}
		if len(checks) > 0 {
			parts = append(parts, list.what+" "+strings.Join(checks, ", "))
		}
	}
	return a.Satisfy + ": " + strings.Join(parts, "; ")
}

func constraintText(p ir.Param) string {
	if p.Constraint == nil {
		return ""
	}
	return p.Constraint.Text
}

func typeName(t ir.ParamType) string {
	if t == ir.TypeInt {
		return "int64"
	}
	return "string"
}

func sizeText(n int64) string {
	if n == 0 {
		return "no limit"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// sourceChanges reports what changes the generated helpers without a
// client noticing: a route's name, a parameter's name or type, the
// handler a route calls.
func (c *comparison) sourceChanges() {
	seen := map[*subject]bool{}
	for _, r := range sortedRoutes(c.new) {
		s := c.new.routes[r]
		if seen[s] || s.old == nil {
			continue
		}
		seen[s] = true
		or, nr := s.old, s.new
		if s.oldName != s.newName {
			c.report(s, cause{is: ruleRouteRenamed.only(), change: "name changed", old: s.oldName, new: s.newName}, Source, "", nil)
		}
		if len(or.ParamSpecs) == len(nr.ParamSpecs) {
			for k, p := range nr.ParamSpecs {
				op := or.ParamSpecs[k]
				if op.Name != p.Name {
					c.report(s, cause{is: ruleParamRenamed.only(), change: "parameter renamed", old: op.Name, new: p.Name}, Source, "", nil)
				}
				if op.Type != p.Type {
					c.report(s, cause{is: ruleParamRetyped.only(), change: fmt.Sprintf("parameter %q retyped", p.Name), old: typeName(op.Type), new: typeName(p.Type)}, Source, "", nil)
				}
			}
		}
		if !or.Static && !nr.Static && or.Target() != nr.Target() {
			c.report(s, cause{is: ruleActionChanged.only(), change: "action changed", old: or.Target(), new: nr.Target()}, Source, "", nil)
		}
	}
}

// unfeltAddresses reports the domains whose address routes.conf writes
// otherwise while no request tells the sides apart: a port-only change
// (a domain serves its host at any port), or the host of a table's one
// domain (which serves every host).
func (c *comparison) unfeltAddresses() {
	for _, s := range c.new.domains {
		for _, ca := range c.domainCauses(s) {
			if _, felt := c.changes[changeKey{c.keyOf(s, ca), ca.change}]; ca.is.rule == ruleHostChanged && !felt {
				c.report(s, ca, Compatible, "no request tells the two apart", nil)
			}
		}
	}
}

// sortedRoutes are a side's routes in table order.
func sortedRoutes(s side) []*ir.Route {
	var out []*ir.Route
	for _, d := range s.table.Domains {
		out = append(out, d.Routes...)
	}
	return out
}
