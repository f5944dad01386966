package changes

import (
	"cmp"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// verdict is how a client feels the answers to one probe, and at what
// cause; no feeling for answers alike.
type verdict struct {
	felt    []feeling
	subject *subject
	cause   cause
	// lifted are the refusals of a route removed that the route, static
	// route or catch_all taking its requests lets through, and those of a
	// catch_all whose requests a route added (or its redirect) takes.
	lifted []lifted
}

// lifted is a request a route removed, or a catch_all, refused, which
// another now serves.
type lifted struct {
	subject *subject // the route removed, or the subject of the change
	cause   cause
	effect  string
	probe   probe
}

// judge asks both sides for the answer to p, and finds how a client
// feels their difference, and its cause.
func (c *comparison) judge(p probe) verdict {
	r, err := c.new.router.NewRequest(p.method, p.target, p.headers)
	if err != nil {
		return verdict{} // a value no request line holds
	}
	a := c.old.router.Answer(r, p.who)
	b := c.new.router.Answer(r, p.who)
	sa, sb := c.old.subjectOf(a), c.new.subjectOf(b)
	v := verdict{felt: c.felt(p, r, a, b, sa, sb)}
	if len(v.felt) > 0 {
		v.subject, v.cause = c.causeOf(p, a, b, sa, sb)
		switch {
		case sa != nil && sa.kind == routeSubject && sa.new == nil && a.Route == sa.old:
			v.lifted = c.liftedRefusals(p, sa, sb, func(refusal string, b explain.Answer) (*subject, cause, string) {
				ca := cause{is: ruleRemovalLiftsRefusal.only(), change: "removal lets refused requests through", old: sa.oldName + ": " + policyText(sa.old, refusal), new: answerer(b)}
				return sa, ca, sa.oldName + "'s " + cmp.Or(policyKeys[refusal], refusal)
			})
		case sa != nil && sa.kind == catchAllSubject && sb != sa:
			// The catch_all's requests that another answer now takes: those
			// its policies refused are let through by that change.
			v.lifted = c.liftedRefusals(p, sa, sb, func(refusal string, _ explain.Answer) (*subject, cause, string) {
				return v.subject, v.cause, "the catch_all's " + cmp.Or(policyKeys[refusal], refusal)
			})
		}
	}
	return v
}

// liftedRefusals sends p again with the variants that the policies of
// sa (a removed route, or a catch_all) and of sb, which now answers,
// read (no credential, cross-site, each role…), and finds those sa
// refused by a policy that the new side serves: requests whose refusal
// the change lifts. at gives, from the step that refused and the new
// answer, the subject and cause a lifted refusal is reported at, and
// what refused it as the effect names it. Only a probe sent with every
// credential and no header a policy reads is sent again: the others are
// its variants.
func (c *comparison) liftedRefusals(p probe, sa, sb *subject, at func(refusal string, b explain.Answer) (*subject, cause, string)) []lifted {
	for _, h := range p.headers[1:] {
		if !strings.HasPrefix(h, "Upgrade:") && !strings.HasPrefix(h, "Connection:") {
			return nil
		}
	}
	if !p.who.Authenticated || !p.who.Every || p.who.Scheme != "" {
		return nil
	}
	var policies []policy
	for _, s := range []*subject{sa, sb} {
		switch {
		case s == nil:
		case s.kind == routeSubject:
			policies = append(policies, c.routePolicies(s)...)
		case s.kind == catchAllSubject && s == sa && s.oldDom.CatchAll != nil:
			policies = append(policies, catchAllPolicy(s.oldDom.CatchAll))
		case s.kind == catchAllSubject && s == sb && s.newDom.CatchAll != nil:
			policies = append(policies, catchAllPolicy(s.newDom.CatchAll))
		}
	}
	upgrade := ""
	if len(p.headers) > 1 {
		upgrade = " (a WebSocket upgrade)"
	}
	var variants []probe
	request := func(method, target, what string, who explain.Subject, header ...string) probe {
		return probe{method: method, target: target, headers: append(slices.Clone(p.headers), header...), who: who, subject: p.subject, domain: p.domain,
			what: what + " of " + method + " " + target + upgrade}
	}
	c.policyProbes(func(q probe) { variants = append(variants, q) }, request, p.method, p.target, c.schemes(), policies)
	var out []lifted
	for _, q := range variants {
		if q.method != p.method {
			continue // a preflight, which felt judges by its CORS headers
		}
		r, err := c.new.router.NewRequest(q.method, q.target, q.headers)
		if err != nil {
			continue
		}
		a, b := c.old.router.Answer(r, q.who), c.new.router.Answer(r, q.who)
		if c.old.subjectOf(a) != sa || !refused(a) || routingRefusal(a) || refused(b) {
			continue
		}
		s, ca, by := at(lastStep(a), b)
		out = append(out, lifted{s, ca, q.what + " now get " + summary(b) + " (was " + summary(a) + " from " + by + ")", q})
	}
	return out
}

// catchAllPolicy is the policy a catch_all applies.
func catchAllPolicy(ca *ir.CatchAll) policy {
	return policy{ca.Auth, "", ca.AntiCSRFCheck, ca.MaxBodySize, ca.CORS, nil}
}

// policyText is the policy of r that the decision's step of name
// refused by, as routes.conf writes it.
func policyText(r *ir.Route, step string) string {
	switch step {
	case "auth":
		if r.Auth == "" {
			return "no auth (fail closed)"
		}
		return "auth = " + strconv.Quote(r.Auth)
	case "authorization":
		return "authorization " + authorizationText(r.Authorization)
	case "anti_csrf":
		return "anti_csrf_check = true"
	}
	return step
}

// answerer names what answers b: a route, a static route's files, the
// catch_all, an automatic reply or a redirect.
func answerer(b explain.Answer) string {
	switch {
	case b.Location != "":
		return "a redirect to " + b.Location
	case b.Kind == decide.Static && b.Route != nil:
		return b.Name + " (" + b.Route.Target() + ")"
	case b.Name != "":
		return b.Name
	case b.CatchAll != nil:
		return "the catch_all"
	case b.Allow != "":
		return "the automatic OPTIONS reply"
	}
	return summary(b)
}

// subjectOf is the subject of the route or catch_all that answered a; nil for none.
func (sd *side) subjectOf(a explain.Answer) *subject {
	switch {
	case a.Route != nil:
		return sd.routes[a.Route]
	case a.CatchAll != nil:
		return sd.catchAlls[a.Domain]
	}
	return nil
}

type feeling struct {
	kind   Kind
	effect string
}

// felt is how a client feels the difference between a and b, the
// answers of the old and the new side to p, read as r; nil for none.
func (c *comparison) felt(p probe, r *http.Request, a, b explain.Answer, sa, sb *subject) []feeling {
	now := func(kind Kind, was bool) []feeling {
		effect := p.what + " now " + p.verb() + " " + summary(b)
		if was {
			effect += " (was " + summary(a) + ")"
		}
		return []feeling{{kind, effect}}
	}
	if a.Route == nil && a.CatchAll == nil && a.Location == "" && sb != nil && sb.kind == routeSubject && sb.old == nil {
		// A request no route answered (404, 405, an automatic reply), now
		// answered by a route added:
		// its own policies, preflights included, are new surface.
		return now(Compatible, true)
	}
	if decide.IsPreflight(r) {
		// A browser reads a preflight's CORS headers alone.
		allowed := func(x explain.Answer) bool { return x.Header.Get("Access-Control-Allow-Origin") != "" }
		switch {
		case allowed(a) && !allowed(b):
			return []feeling{{Breaking, p.what + " are now refused"}}
		case !allowed(a) && allowed(b):
			return []feeling{{Security, p.what + " are now allowed"}}
		}
		felt := corsFelt(p, a, b)
		if !c.sameAnswer(a, b) {
			// Refused either way, which is all a browser reads.
			felt = append(felt, now(Compatible, true)...)
		}
		return felt
	}
	served := func(x explain.Answer) bool { return !refused(x) }
	switch {
	case served(a) && served(b) && listing(a, p.target) != listing(b, p.target) && c.old.handler(a) == c.new.handler(b):
		// One static route's folder, listed on one side: on the other the
		// file server serves its index.html, else 403. A listing where
		// another route's file or folder answered is that answer lost.
		if listing(b, p.target) {
			return []feeling{{Security, p.what + " now " + p.verb() + " the listing (was the folder's index.html, else 403)"}}
		}
		return []feeling{{Breaking, p.what + " now " + p.verb() + " the folder's index.html, else 403 (was the listing)"}}
	case c.sameAnswer(a, b):
		felt := append(corsFelt(p, a, b), c.secureHeadersFelt(p, a, b)...)
		if challenged(a, b) {
			felt = append(felt, feeling{Compatible, p.what + " now " + p.verb() + " " + strconv.Itoa(b.Status) + " with WWW-Authenticate: " + b.Header.Get("Www-Authenticate") +
				" (was " + a.Header.Get("Www-Authenticate") + ")"})
		}
		return felt
	case served(a) && !served(b):
		return now(Breaking, false)
	case !served(a) && served(b):
		// A request no route served, or whose parameter failed, served
		// now is new surface; one a policy or a folder without listing
		// refused is let through, as is one refused with 405 that the
		// catch_all now serves (method_not_allowed turned off).
		if routingRefusal(a) && !listing(b, p.target) && !(a.Status == http.StatusMethodNotAllowed && b.CatchAll != nil) {
			return now(Compatible, true)
		}
		return now(Security, true)
	case served(a) && served(b):
		if a.Kind == decide.Reply && a.Route == nil && a.CatchAll == nil && a.Location == "" {
			return now(Compatible, true) // the automatic OPTIONS reply gave way to a route
		}
		return now(Breaking, true)
	}
	return now(Compatible, true)
}

// challenged reports two answers whose WWW-Authenticate differs: a 401's
// challenges, which a client answers with its credentials.
func challenged(a, b explain.Answer) bool {
	return strings.Join(a.Header.Values("Www-Authenticate"), ", ") != strings.Join(b.Header.Values("Www-Authenticate"), ", ")
}

// sameAnswer reports answers a client cannot tell apart but by the
// headers a policy sets: the same status, Location and Allow, from
// routes that match the same requests (whatever their names, their
// parameters' names, controllers or actions). A form scheme's login
// submit is told apart by its route alone: where it redirects, and the
// cookie it sets, follow the keys of sign-in, which signInChanges
// reports at their lines.
func (c *comparison) sameAnswer(a, b explain.Answer) bool {
	if loginSubmit(a) && loginSubmit(b) {
		return c.old.handler(a) == c.new.handler(b)
	}
	return a.Status == b.Status && a.Location == b.Location && a.Allow == b.Allow && c.old.handler(a) == c.new.handler(b)
}

// loginSubmit reports the answer of a form scheme's login submit, which
// its action gives.
func loginSubmit(a explain.Answer) bool {
	return a.Route != nil && a.Route.AddedBy != "" && a.Route.Action == "login_submit" && (a.Kind == decide.Action || a.Kind == decide.LimitedAction)
}

// handler names the route or catch_all whose action (or files) answered
// a by what a client can tell of it: its domain, method, path with its
// parameters' names left out, and a static route's files; "" for none,
// and for a refusal or a reply, which no action writes.
func (sd *side) handler(a explain.Answer) string {
	switch {
	case !served(a):
		return ""
	case a.Route != nil:
		h := shape(entry{domain: sd.table.Domains[a.Domain], route: a.Route})
		if a.Route.Static {
			h += " " + a.Route.Target()
		}
		return h
	case a.CatchAll != nil:
		return sd.domainKey(a.Domain) + " catch_all"
	}
	return ""
}

// routingRefusal reports a refusal by routing: no domain or route serves
// the request, or a parameter fails its constraint.
func routingRefusal(a explain.Answer) bool {
	last := lastStep(a)
	return last == "" || last == "route" || last == "constraint"
}

// listing reports a static folder's listing.
func listing(a explain.Answer, target string) bool {
	return a.Kind == decide.Static && a.Route != nil && a.Route.List && strings.HasSuffix(target, "/")
}

// corsHeaders are the response headers by which a browser lets a page read a reply, and Vary, by which a cache keys it.
var corsHeaders = []string{"Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Allow-Methods", "Access-Control-Allow-Headers", "Access-Control-Expose-Headers", "Access-Control-Max-Age", "Vary"}

// corsFelt is how a browser feels the difference of CORS headers
// between two answers otherwise alike: a header or a value lost breaks
// the page that relied on it; one gained lets more through.
func corsFelt(p probe, a, b explain.Answer) []feeling {
	var out []feeling
	for _, h := range corsHeaders {
		was, is := a.Header.Get(h), b.Header.Get(h)
		if was == is || h == "Access-Control-Allow-Origin" && was != "" && is != "" {
			continue // the origin is let through either way, named or by "*"
		}
		if h == "Access-Control-Max-Age" || h == "Vary" {
			// How long a browser keeps a preflight's answer, and what a
			// cache keys an answer by: no request is let through or refused.
			out = append(out, feeling{Compatible, p.what + " now " + p.verb() + " " + strconv.Itoa(b.Status) + " with " + h + ": " + cmp.Or(is, "none")})
			continue
		}
		lost, gained := lacking(was, is), lacking(is, was)
		if len(lost) > 0 {
			out = append(out, feeling{Breaking, p.what + " now " + p.verb() + " " + strconv.Itoa(b.Status) + " without " + h + ": " + strings.Join(lost, ", ")})
		}
		if len(gained) > 0 {
			out = append(out, feeling{Security, p.what + " now " + p.verb() + " " + strconv.Itoa(b.Status) + " with " + h + ": " + strings.Join(gained, ", ")})
		}
	}
	return out
}

// secureHeadersFelt is how a browser feels the secure headers of two
// answers otherwise alike, when both sides' security.conf set the same
// (secureHeaderChanges reports a change of theirs once): a route that
// gains or loses them, as a WebSocket route's answers go without them.
func (c *comparison) secureHeadersFelt(p probe, a, b explain.Answer) []feeling {
	if fmt.Sprint(c.old.router.SecureHeaders(true)) != fmt.Sprint(c.new.router.SecureHeaders(true)) {
		return nil
	}
	var lost, gained []string
	for _, name := range append(slices.Clone(secureHeaderNames), cspReportOnly) {
		switch was, is := a.Header.Get(name), b.Header.Get(name); {
		case was != "" && is == "":
			lost = append(lost, name)
		case was == "" && is != "":
			gained = append(gained, name)
		}
	}
	var out []feeling
	if len(lost) > 0 {
		out = append(out, feeling{Security, p.what + " now " + p.verb() + " " + strconv.Itoa(b.Status) + " without " + strings.Join(lost, ", ")})
	}
	if len(gained) > 0 {
		out = append(out, feeling{Compatible, p.what + " now " + p.verb() + " " + strconv.Itoa(b.Status) + " with " + strings.Join(gained, ", ")})
	}
	return out
}

// lacking are the comma-separated values of header a that b lacks.
func lacking(a, b string) []string {
	var out []string
	bs := strings.Split(strings.ToLower(b), ",")
	for i := range bs {
		bs[i] = strings.TrimSpace(bs[i])
	}
	for v := range strings.SplitSeq(a, ",") {
		if v = strings.TrimSpace(v); v != "" && !slices.Contains(bs, strings.ToLower(v)) {
			out = append(out, v)
		}
	}
	return out
}

// summary is an answer as an effect names it: "401", "200 from show_hotel",
// "301 to /about".
func summary(a explain.Answer) string {
	s := strconv.Itoa(a.Status)
	switch {
	case a.Location != "":
		s += " to " + a.Location
	case a.Kind == decide.Refuse:
	case a.Kind == decide.Static && a.Route != nil:
		s += " from " + a.Name + " (" + a.Route.Target() + ")"
	case a.Name != "":
		s += " from " + a.Name
	case a.CatchAll != nil:
		s += " from the catch_all"
	case a.Status == http.StatusNoContent && a.Allow != "":
		s += " (automatic OPTIONS reply)"
	}
	if a.Allow != "" {
		s += " with Allow: " + a.Allow
	}
	return s
}

// causeOf finds the subject and the cause of a difference: the step of
// the decision where the answers part, and the first subject (the one
// that answered on the old side, on the new side, the domain, the
// request's own) with a difference in routes.conf that changes that step.
func (c *comparison) causeOf(p probe, a, b explain.Answer, sa, sb *subject) (*subject, cause) {
	steps := partingSteps(a, b)
	switch {
	case c.sameAnswer(a, b) && challenged(a, b):
		steps = []string{"auth"} // a 401 alike but for its challenges
	case c.sameAnswer(a, b):
		steps = []string{"cors", "preflight"} // answers alike but for their CORS headers
	}
	if sa != sb && !slices.Contains(steps, "route") {
		steps = append(steps, "route")
	}
	candidates := []*subject{sa, sb, p.domain, p.subject}
	if a.Allow != b.Allow {
		// The methods of the path: a route of another method added or removed.
		candidates = append(candidates, c.pathSubjects(p.subject)...)
		if p.target == "*" {
			// OPTIONS of the whole server allows the methods of every path.
			candidates = append(candidates, c.onesidedRoutes(p.domain)...)
		}
	}
	if c.old.domainKey(a.Domain) != c.new.domainKey(b.Domain) {
		candidates = append([]*subject{p.domain}, candidates...)
	}
	for _, step := range steps {
		for _, s := range candidates {
			if s == nil {
				continue
			}
			for _, ca := range c.causes(s) {
				if ca.affects(step, a, b) {
					return s, ca
				}
			}
		}
	}
	// A subject with one difference in routes.conf has that cause.
	for _, s := range candidates {
		if s == nil {
			continue
		}
		if list := c.causes(s); len(list) == 1 {
			return s, list[0]
		}
	}
	return p.subject, cause{is: ruleAnswerChanged.only(), change: "answer changed", old: summary(a), new: summary(b)}
}

// partingSteps are the names of the steps where the decisions of a and b
// part, the old side's first: the step that refused, else the first that
// differs; the CORS step for decisions alike, whose headers differ.
func partingSteps(a, b explain.Answer) []string {
	// The secure headers are compared once for the table
	// (secureHeaderChanges), not at each route.
	a.Steps, b.Steps = withoutSecureHeaders(a.Steps), withoutSecureHeaders(b.Steps)
	// A refusal is the refusing step's.
	var steps []string
	for _, x := range []explain.Answer{a, b} {
		if refused(x) && len(x.Steps) > 0 {
			steps = append(steps, x.Steps[len(x.Steps)-1].Name)
		}
	}
	if len(steps) > 0 {
		return steps
	}
	for i := 0; i < len(a.Steps) || i < len(b.Steps); i++ {
		switch {
		case i >= len(a.Steps):
			return []string{b.Steps[i].Name}
		case i >= len(b.Steps):
			return []string{a.Steps[i].Name}
		case a.Steps[i] != b.Steps[i]:
			if a.Steps[i].Name == b.Steps[i].Name {
				return []string{a.Steps[i].Name}
			}
			return []string{a.Steps[i].Name, b.Steps[i].Name}
		}
	}
	return []string{"cors", "preflight"}
}

// pathSubjects are the subjects of the routes of either side at the
// path of s's routes, in its domain.
func (c *comparison) pathSubjects(s *subject) []*subject {
	if s == nil || s.kind != routeSubject {
		return nil
	}
	var out []*subject
	for _, sd := range []*side{&c.new, &c.old} {
		for _, d := range sd.table.Domains {
			for _, r := range d.Routes {
				if d.Key == s.key && (s.new != nil && r.Path == s.new.Path || s.old != nil && r.Path == s.old.Path) && !slices.Contains(out, sd.routes[r]) {
					out = append(out, sd.routes[r])
				}
			}
		}
	}
	return out
}

// onesidedRoutes are the subjects of the routes of domain dom that one
// side lacks.
func (c *comparison) onesidedRoutes(dom *subject) []*subject {
	var out []*subject
	for _, sd := range []*side{&c.new, &c.old} {
		for _, d := range sd.table.Domains {
			for _, r := range d.Routes {
				if s := sd.routes[r]; d.Key == dom.key && (s.old == nil || s.new == nil) && !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// domainKey is the key of domain d, "" for none.
func (sd *side) domainKey(d int) string {
	if d < 0 || d >= len(sd.table.Domains) {
		return ""
	}
	return sd.table.Domains[d].Key
}

func withoutSecureHeaders(steps []decide.Step) []decide.Step {
	return slices.DeleteFunc(slices.Clone(steps), func(s decide.Step) bool { return s.Name == "secure_headers" })
}

// refused reports an answer that refuses the request: an error, or a
// scheme's redirect to its login page.
func refused(a explain.Answer) bool {
	return a.Kind == decide.Refuse || loginRedirect(a)
}

// loginRedirect reports a scheme's redirect of a request it refused to
// its login page (which a WebSocket route's secure headers may follow).
func loginRedirect(a explain.Answer) bool {
	return a.Kind == decide.Reply && slices.ContainsFunc(a.Steps, func(s decide.Step) bool { return s.Name == "auth" && s.Outcome == "redirected" })
}

// lastStep is the name of the last step of a's decision but the secure
// headers that a WebSocket route's refusal sets after it (the step that
// refused, of a refusal); "" for none.
func lastStep(a explain.Answer) string {
	for i := len(a.Steps) - 1; i >= 0; i-- {
		if a.Steps[i].Name != "secure_headers" {
			return a.Steps[i].Name
		}
	}
	return ""
}

// served reports an answer an action, a middleware or a static route's
// files write.
func served(a explain.Answer) bool {
	switch a.Kind {
	case decide.Action, decide.LimitedAction, decide.Middleware, decide.Static:
		return true
	}
	return false
}
