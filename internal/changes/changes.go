// Package changes compares two resolved route tables by what a client
// meets: it derives the requests that can tell the two apart, asks the
// router's decision (internal/explain) for the answer of each side, and
// classifies every difference as a client feels it. It names each
// difference by its cause in routes.conf, found by comparing the routes
// the two sides matched.
//
// Each finding is of a Rule, bound where its cause is made: the code
// that finds a cause names the rule and the direction it went, as buf
// binds each breaking rule's ID to the check that reports it, and no
// rule is recovered from a finding's words. A rule is one thing that can
// change (a route, a route's auth, a domain's auto_options, a secure
// header); its changes that differ only in which way they went (added
// or removed, on or off, raised or lowered) are its directions, not
// rules of their own, so that the catalogue holds one line for each
// thing a reviewer weighs, grouped in categories. A finding is named
// RULE/direction ("ROUTE/removed", "CORS_ORIGINS/added"): the slash
// keeps the name one word of an --accept file line, and the direction
// in lower case reads apart from the rule; a rule of one outcome
// (PATH_CHANGED) is its ID alone. The IDs of before the rules had
// directions ("ROUTE_REMOVED") are kept beside their outcomes, so that
// an --accept file that holds one is told the name to write now, rather
// than match nothing in silence or keep two spellings of one finding.
package changes

import (
	"cmp"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// Kind is how a change is felt.
type Kind string

const (
	// Breaking: a request that was served, or redirected to a route, is
	// now refused or sent elsewhere.
	Breaking Kind = "breaking"
	// Security: a request that was refused is now let through, or a
	// protection is lighter.
	Security Kind = "security"
	// Source: code built on the generated Go or TypeScript helpers must
	// change, while no HTTP client notices.
	Source Kind = "source"
	// Compatible: the rest: new surface, and tightenings no working
	// client meets.
	Compatible Kind = "compatible"
)

// Kinds are the kinds from the most severe, in the order reports list them.
var Kinds = []Kind{Breaking, Security, Source, Compatible}

// Change is one cause of differences, at one route (or catch_all, or
// domain) of either side.
type Change struct {
	// Kind is the most severe of Kinds.
	Kind  Kind   `json:"kind"`
	Kinds []Kind `json:"kinds"`
	// Rule is the ID of the change's rule (Rules): "AUTH"; Direction is
	// the way it went, "" for a rule of one outcome: ID names both.
	Rule      string    `json:"rule"`
	Direction Direction `json:"direction,omitempty"`
	Category  Category  `json:"category"`
	// Accepted is set by the command for a finding its --accept file names.
	Accepted bool `json:"accepted"`
	// Change is the cause: "auth added", "path changed"…
	Change string `json:"change"`
	// Route is the route's name as the generated code knows it; "" for a
	// change of a domain or its catch_all.
	Route string `json:"route"`
	// Domain is the key of the domain of the change; "" for security.conf's.
	Domain string `json:"domain"`
	// Key is the key of security.conf or the app config that a change of
	// the secure headers or of sign-in is at, by its path:
	// "security.session.sign_key", "server.ssl.enable"; "" for another.
	Key string `json:"key,omitempty"`
	// Routes are the names of the routes a change of a key that several
	// routes take (a domain's, or an enclosing section's) affects, in
	// the order the report meets them; nil for a change of one route.
	Routes []string `json:"routes,omitempty"`
	Method string   `json:"method"`
	Path   string   `json:"path"` // the new path; the old one of a route removed
	// Old and New are what changed, as routes.conf writes it; "" for none.
	Old string `json:"old"`
	New string `json:"new"`
	// Effect is what a client meets, by one request of the most severe
	// kind: "anonymous requests now get 401"; "" for a source change.
	Effect string `json:"effect"`
	// Request is the request of Effect; nil for a source change, or a
	// change no request tells apart.
	Request *Request `json:"-"`
	// Position is where the change is in the new routes.conf, invalid for
	// a route removed; OldPosition is where it was in the old one, invalid
	// for a route added.
	Position    parser.Pos `json:"-"`
	OldPosition parser.Pos `json:"-"`
}

// Compare lists the changes from old to new, sorted by kind, then by
// position (the new routes.conf's, then the old one's of what it lost).
func Compare(old, new *ir.Table) []Change {
	c := newComparison(old, new)
	c.sourceChanges()
	probes := c.probes()
	// The answers are asked on every core; the changes are reported in
	// the probes' order, so that the report does not depend on timing.
	verdicts := make([]verdict, len(probes))
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(probes); i += workers {
				verdicts[i] = c.judge(probes[i])
			}
		})
	}
	wg.Wait()
	for i, v := range verdicts {
		req := probes[i].request()
		for _, f := range v.felt {
			c.report(v.subject, v.cause, f.kind, f.effect, &req)
		}
		for _, l := range v.lifted {
			req := l.probe.request()
			c.report(l.subject, l.cause, Security, l.effect, &req)
		}
	}
	c.unfeltAddresses()
	c.secureHeaderChanges(probes)
	c.signInChanges()
	return c.result()
}

// Unserved names the domains of t whose address cannot be read from the
// environment: the router serves none of their requests, and Compare
// judges them so.
func Unserved(t *ir.Table) []string {
	_, problems := explain.New(t)
	return problems
}

// side is one version of the table.
type side struct {
	table  *ir.Table
	router *explain.Router
	// The subject of each route, catch_all and domain (by index).
	routes    map[*ir.Route]*subject
	catchAlls []*subject
	domains   []*subject
}

// subject is what a change is reported at: a route of either side or
// both, a domain's catch_all, or a domain.
type subject struct {
	kind     subjectKind
	key      string // the domain's key
	old, new *ir.Route
	// The domains of old and new (or of the catch_all, or the domain), nil on a side without it.
	oldDom, newDom   *ir.Domain
	oldName, newName string
	// Of the secure headers: where each side's security.conf sets them;
	// of a key: where each side's routes.conf writes it.
	oldPos, newPos parser.Pos
	// name is the key path of a secure header's or sign-in's subject,
	// as Change.Key names it.
	name string
	// members are the route subjects of a key's subject, in the order met.
	members []*subject
}

type subjectKind uint8

const (
	routeSubject subjectKind = iota
	catchAllSubject
	domainSubject
	secureHeadersSubject
	keySubject    // a policy key that the routes below it take
	signInSubject // a key of security.conf's session or schemes, or server.ssl.enable
)

// comparison is one run of Compare.
type comparison struct {
	old, new side
	changes  map[changeKey]*Change
	order    []changeKey
	keys     map[[2]parser.Pos]*subject // the subjects of keys, by their positions on each side
	// The roles and permissions either side's authorization names (named).
	namedOnce          sync.Once
	roles, permissions []string
}

type changeKey struct {
	subject *subject
	change  string
}

func newComparison(old, new *ir.Table) *comparison {
	c := &comparison{changes: map[changeKey]*Change{}, keys: map[[2]parser.Pos]*subject{}}
	c.old = newSide(old)
	c.new = newSide(new)
	c.pairRoutes()
	c.pairDomains()
	return c
}

func newSide(t *ir.Table) side {
	rt, _ := explain.New(t) // a domain whose address cannot be read serves nothing, as in the router
	return side{table: t, router: rt, routes: map[*ir.Route]*subject{},
		catchAlls: make([]*subject, len(t.Domains)), domains: make([]*subject, len(t.Domains))}
}

// entry is a route of one side, with what it is known by.
type entry struct {
	domain *ir.Domain
	name   string // as the generated code knows it
	route  *ir.Route
}

func entries(t *ir.Table) []entry {
	var out []entry
	for d, dom := range t.Domains {
		for _, r := range dom.Routes {
			out = append(out, entry{domain: dom, name: t.RouteName(d, r), route: r})
		}
	}
	return out
}

// shape is a route's domain, method and path with its parameters' names
// left out: what a client's request is matched by.
func shape(e entry) string {
	var b strings.Builder
	b.WriteString(e.domain.Key + " " + e.route.Method + " ")
	for _, seg := range e.route.Segments {
		b.WriteString(seg.Literal)
		switch seg.Kind {
		case ir.ParamSegment:
			b.WriteString(":")
		case ir.CatchAllSegment:
			b.WriteString("*")
		}
		b.WriteString("/")
	}
	return b.String()
}

// pairRoutes gives every route of either side its subject: routes are
// paired by domain, name and method, then by shape, so that a rename
// is one subject.
func (c *comparison) pairRoutes() {
	olds, news := entries(c.old.table), entries(c.new.table)
	byName, byShape := map[string]int{}, map[string]int{}
	for i, e := range olds {
		byName[e.domain.Key+" "+e.name+" "+e.route.Method] = i
	}
	paired := make([]bool, len(olds))
	pairOf := make([]int, len(news))
	for j, e := range news {
		pairOf[j] = -1
		if i, ok := byName[e.domain.Key+" "+e.name+" "+e.route.Method]; ok && !paired[i] {
			paired[i], pairOf[j] = true, i
		}
	}
	for i, e := range olds {
		if !paired[i] {
			byShape[shape(e)] = i
		}
	}
	for j, e := range news {
		if pairOf[j] >= 0 {
			continue
		}
		if i, ok := byShape[shape(e)]; ok && !paired[i] {
			paired[i], pairOf[j] = true, i
		}
	}
	for j, e := range news {
		s := &subject{kind: routeSubject, key: e.domain.Key, new: e.route, newDom: e.domain, newName: e.name}
		if i := pairOf[j]; i >= 0 {
			o := olds[i]
			s.old, s.oldDom, s.oldName = o.route, o.domain, o.name
			c.old.routes[o.route] = s
		}
		c.new.routes[e.route] = s
	}
	for i, o := range olds {
		if !paired[i] {
			c.old.routes[o.route] = &subject{kind: routeSubject, key: o.domain.Key, old: o.route, oldDom: o.domain, oldName: o.name}
		}
	}
}

// pairDomains gives every domain, and its catch_all, one subject by key.
func (c *comparison) pairDomains() {
	byKey := map[string][2]*subject{}
	for d, dom := range c.new.table.Domains {
		s := [2]*subject{{kind: domainSubject, key: dom.Key, newDom: dom}, {kind: catchAllSubject, key: dom.Key, newDom: dom}}
		byKey[dom.Key] = s
		c.new.domains[d], c.new.catchAlls[d] = s[0], s[1]
	}
	for d, dom := range c.old.table.Domains {
		s, ok := byKey[dom.Key]
		if !ok {
			s = [2]*subject{{kind: domainSubject, key: dom.Key}, {kind: catchAllSubject, key: dom.Key}}
		}
		s[0].oldDom, s[1].oldDom = dom, dom
		c.old.domains[d], c.old.catchAlls[d] = s[0], s[1]
	}
}

// keyOf is the subject a change of route subject s by cause ca is
// reported at: the key of routes.conf that sets the policy that changed,
// on either side, which the routes below it share, so that one edit of
// a domain's or an enclosing section's key is one change at that key;
// s itself for a change that is not of a policy key.
func (c *comparison) keyOf(s *subject, ca cause) *subject {
	if ca.at[0].IsValid() || ca.at[1].IsValid() {
		return c.keySubject(ca.at, s, true)
	}
	if ca.key == "" {
		return s
	}
	var at [2]parser.Pos
	switch s.kind {
	case domainSubject:
		if s.newDom != nil {
			at[0] = s.newDom.KeyPos[ca.key]
		}
		if s.oldDom != nil {
			at[1] = s.oldDom.KeyPos[ca.key]
		}
		return c.keySubject(at, s, false)
	case routeSubject:
	default:
		return s
	}
	// A part of a cors { } is at its key, or the section's when neither side writes it.
	for _, key := range []string{ca.key, strings.Split(ca.key, ".")[0]} {
		if s.new != nil {
			at[0] = s.new.PolicyPos[key]
		}
		if s.old != nil {
			at[1] = s.old.PolicyPos[key]
		}
		if at[0].IsValid() || at[1].IsValid() {
			break
		}
	}
	// A key of the route's own section written on one side only is the
	// edit (the other side's value comes from above it): the change is at
	// that key alone.
	ownNew, ownOld := s.new != nil && own(at[0], s.new), s.old != nil && own(at[1], s.old)
	switch {
	case ownOld && !ownNew:
		at[0] = parser.Pos{}
	case ownNew && !ownOld:
		at[1] = parser.Pos{}
	}
	return c.keySubject(at, s, true)
}

// own reports whether the key at pos is of r's own section, which a
// route's keys follow, while its domain's and enclosing sections' keys
// come before it.
func own(pos parser.Pos, r *ir.Route) bool {
	return pos.IsValid() && pos.File == r.Pos.File && (pos.Line > r.Pos.Line || pos.Line == r.Pos.Line && pos.Col > r.Pos.Col)
}

// keySubject is the subject of the key at positions at (the new side's,
// the old side's) that s takes, with s among its members when member;
// s itself when neither side writes the key.
func (c *comparison) keySubject(at [2]parser.Pos, s *subject, member bool) *subject {
	if !at[0].IsValid() && !at[1].IsValid() {
		return s
	}
	k := c.keys[at]
	if k == nil {
		k = &subject{kind: keySubject, key: s.key, newPos: at[0], oldPos: at[1]}
		c.keys[at] = k
	}
	if member && !slices.Contains(k.members, s) {
		k.members = append(k.members, s)
	}
	return k
}

// report adds kind to the change of s by cause, made on its first report
// with effect as its example.
func (c *comparison) report(s *subject, ca cause, kind Kind, effect string, req *Request) {
	s = c.keyOf(s, ca)
	k := changeKey{s, ca.change}
	ch := c.changes[k]
	if ch == nil {
		ch = &Change{Rule: ca.is.rule.ID, Direction: ca.is.direction, Category: ca.is.rule.Category, Change: ca.change, Old: ca.old, New: ca.new}
		s.place(ch)
		c.changes[k] = ch
		c.order = append(c.order, k)
	}
	if !slices.Contains(ch.Kinds, kind) {
		ch.Kinds = append(ch.Kinds, kind)
	}
	// The example is of the most severe kind.
	if ch.Effect == "" || rank(kind) < rank(ch.Kind) {
		ch.Effect, ch.Request = effect, req
	}
	if ch.Kind == "" || rank(kind) < rank(ch.Kind) {
		ch.Kind = kind
	}
}

// Subject names what a change is at, as an --accept file names it: the
// route's name (the first of Routes, for a key several routes take),
// "domain:KEY" for a domain or its catch_all, or the Key of security.conf
// or the app config.
func (ch Change) Subject() string {
	switch {
	case ch.Key != "":
		return ch.Key
	case ch.Route != "":
		return ch.Route
	case len(ch.Routes) > 0:
		return ch.Routes[0]
	case ch.Domain != "":
		return "domain:" + ch.Domain
	}
	return ""
}

// Subjects are what a change of t can be at, as Subject names it: the
// name of each route, "domain:KEY" of each domain, and the keys of t's
// secure headers and sign-in that a change is reported at.
func Subjects(t *ir.Table) []string {
	out := slices.Concat(secureHeaderSubjects(t), signInSubjects(t))
	for d, dom := range t.Domains {
		out = append(out, "domain:"+dom.Key)
		for _, r := range dom.Routes {
			out = append(out, t.RouteName(d, r))
		}
	}
	return out
}

// Accept is the line of an --accept file that accepts the change: its
// ID and its subject, "ROUTE/removed api.cancel".
func (ch Change) Accept() string { return ch.ID() + " " + ch.Subject() }

// ID names the change's rule and direction, as reports and an --accept
// file write it: "AUTH/removed".
func (ch Change) ID() string { return findingID(ch.Rule, ch.Direction) }

func rank(k Kind) int { return slices.Index(Kinds, k) }

// place sets where a change of s is reported and what it names.
func (s *subject) place(ch *Change) {
	ch.Domain = s.key
	switch s.kind {
	case routeSubject:
		ch.Route = cmp.Or(s.newName, s.oldName)
		r := s.new
		if r == nil {
			r = s.old
		}
		ch.Method, ch.Path = r.Method, r.Path
		if s.new != nil {
			ch.Position = s.new.Pos
		}
		if s.old != nil {
			ch.OldPosition = s.old.Pos
		}
	case catchAllSubject:
		if s.newDom != nil && s.newDom.CatchAll != nil {
			ch.Position = s.newDom.CatchAll.Pos
		} else if s.newDom != nil {
			ch.Position = s.newDom.Pos
		}
		if s.oldDom != nil && s.oldDom.CatchAll != nil {
			ch.OldPosition = s.oldDom.CatchAll.Pos
		} else if s.oldDom != nil {
			ch.OldPosition = s.oldDom.Pos
		}
	case domainSubject:
		if s.newDom != nil {
			ch.Position = s.newDom.Pos
		}
		if s.oldDom != nil {
			ch.OldPosition = s.oldDom.Pos
		}
	case keySubject:
		ch.Position, ch.OldPosition = s.newPos, s.oldPos
	case secureHeadersSubject, signInSubject:
		ch.Position, ch.OldPosition = s.newPos, s.oldPos
		ch.Key = s.name
	}
}

// result is the changes, each with its kinds from the most severe,
// sorted by kind, then by position: the new routes.conf's, then the old
// one's of what the new one lacks.
func (c *comparison) result() []Change {
	out := make([]Change, 0, len(c.order))
	for _, k := range c.order {
		ch := *c.changes[k]
		if s := k.subject; s.kind == keySubject {
			// One route is named as a route's change is; several are listed.
			if len(s.members) == 1 {
				pos, old := ch.Position, ch.OldPosition
				s.members[0].place(&ch)
				ch.Position, ch.OldPosition = pos, old
			} else {
				for _, m := range s.members {
					ch.Routes = append(ch.Routes, cmp.Or(m.newName, m.oldName))
				}
			}
		}
		slices.SortFunc(ch.Kinds, func(a, b Kind) int { return rank(a) - rank(b) })
		out = append(out, ch)
	}
	slices.SortStableFunc(out, func(a, b Change) int {
		return cmp.Or(rank(a.Kind)-rank(b.Kind), comparePos(a, b), strings.Compare(a.Change, b.Change))
	})
	return out
}

func comparePos(a, b Change) int {
	key := func(c Change) (int, parser.Pos) {
		if c.Position.IsValid() {
			return 0, c.Position
		}
		return 1, c.OldPosition
	}
	as, ap := key(a)
	bs, bp := key(b)
	return cmp.Or(as-bs, strings.Compare(ap.File, bp.File), ap.Line-bp.Line, ap.Col-bp.Col)
}
