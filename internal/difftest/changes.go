package difftest

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"slices"
	"strings"
	"testing/fstest"

	"github.com/routegen/routegen/internal/changes"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// ChangesStats counts what a run of the changes differential checked.
type ChangesStats struct {
	Edits       int // edits compared
	Rejected    int // edits drawn that left a file that does not load
	Derived     int // requests changes derived, sent to both sides
	Random      int // random requests it did not derive, sent to both sides
	Differences int // requests the two sides answer otherwise
	Findings    int // findings reported
	Shown       int // breaking or security findings whose request was replayed
	// SignIn counts the edits of a key of sign-in that reaches the wire
	// (the session's cookie, a form or oauth2 scheme's keys), each of
	// which changes must report at the key.
	SignIn int
	Kinds  map[changes.Kind]int
	// Disagreements counts the edits whose findings the routers' answers
	// contradict; Examples holds the first few.
	Disagreements int
	Examples      []string
}

func (s ChangesStats) String() string {
	return fmt.Sprintf("%d edits (%d drawn edits did not load, %d of a key of sign-in), %d derived and %d random requests, %d answered otherwise, %d findings (%v), %d breaking or security findings shown by their request; %d edits disagree",
		s.Edits, s.Rejected, s.SignIn, s.Derived, s.Random, s.Differences, s.Findings, s.Kinds, s.Shown, s.Disagreements)
}

// CheckChanges draws edits random tables, each with a random
// security.conf and one random edit of either, and holds routegen
// changes' findings to the routers' answers: both sides' routers answer
// the requests changes derived and random requests it did not
// (PolicyRequests of either side), with a random credential each; every
// request answered otherwise (status, Location, Allow, a header a
// policy sets, or the route that answers, known by the requests it
// matches) must be covered by a finding of a kind that fits it; every
// breaking or security finding's own request must be answered otherwise.
// It counts the edits that disagree, and keeps the first few.
func CheckChanges(seed uint64, edits, randomPerEdit int, stats *ChangesStats) {
	rng := rand.New(rand.NewPCG(seed, 0x6368616e676573))
	if stats.Kinds == nil {
		stats.Kinds = map[changes.Kind]int{}
	}
	for stats.Edits < edits {
		conf, security := Conf(rng, 1+rng.IntN(12)), SecurityConf(rng)
		old, err := LoadWith(conf, security)
		if err != nil {
			continue // the generator's odd invalid table
		}
		var edit Edit
		var new *ir.Table
		for range 20 {
			if edit = RandomEdit(rng, conf, security); edit.What == "" {
				continue
			}
			if new, err = LoadWith(edit.Conf, edit.Security); err == nil {
				break
			}
			stats.Rejected++
			new = nil
		}
		if new == nil {
			continue
		}
		if err := checkEdit(old, new, edit, rng, randomPerEdit, stats); err != nil {
			stats.Disagreements++
			if len(stats.Examples) < 3 {
				stats.Examples = append(stats.Examples, fmt.Sprintf("edit %s\n-- old.conf --\n%s-- old-security.conf --\n%s-- new.conf --\n%s-- new-security.conf --\n%s-- disagreement --\n%v",
					edit.What, conf, security, edit.Conf, edit.Security, err))
			}
		}
		stats.Edits++
	}
}

// LoadWith resolves a routes.conf with a security.conf ("" for none).
func LoadWith(conf, security string) (*ir.Table, error) {
	files := fstest.MapFS{"routes.conf": {Data: []byte(conf)}}
	src := ir.Sources{Routes: "routes.conf"}
	if security != "" {
		files["security.conf"] = &fstest.MapFile{Data: []byte(security)}
		src.Security = "security.conf"
	}
	table, diags := ir.Load(FS{files}, src)
	if table == nil {
		return nil, diags.Err()
	}
	return table, nil
}

// sides are the routers of the two versions.
type sides struct{ old, new *explain.Router }

// observed is what a client meets of an answer.
type observed struct {
	status          int
	location, allow string
	header          string // the headers policies set, sorted
	handler         string // the route or catch_all that answers, by the requests it matches
	// toLogin: the answer is a scheme's redirect to its login page, a
	// refusal.
	toLogin bool
	// folder is what the file server answers for a static route's folder:
	// "listing", or "index.html, else 403"; "" for another request.
	folder string
}

func (o observed) String() string {
	return fmt.Sprintf("%d location %q allow %q headers {%s} handler %q folder %q", o.status, o.location, o.allow, o.header, o.handler, o.folder)
}

func (s sides) answer(rt *explain.Router, r *http.Request, who explain.Subject) observed {
	a := rt.Answer(r, who)
	if loginSubmit(a) {
		// Its redirect and cookie follow the keys of sign-in, to which
		// signInEdit holds the findings: its route and the headers the
		// policies set are left to compare.
		a.Status, a.Location = 0, ""
		a.Header.Del("Set-Cookie")
	}
	o := observed{status: a.Status, location: a.Location, allow: a.Allow,
		toLogin: a.Kind == decide.Reply && slices.ContainsFunc(a.Steps, func(s decide.Step) bool { return s.Name == "auth" && s.Outcome == "redirected" })}
	var lines []string
	for name, values := range a.Header {
		lines = append(lines, name+": "+strings.Join(values, ", "))
	}
	slices.Sort(lines)
	o.header = strings.Join(lines, "; ")
	switch {
	case a.Kind == decide.Refuse || a.Kind == decide.Reply:
		// No action answers: which route refused or replied, no client can tell.
	case a.Route != nil:
		o.handler = handlerOf(rt.Table, a.Domain, a.Route)
		if a.Kind == decide.Static && a.Route.File == "" && strings.HasSuffix(r.URL.Path, "/") {
			o.folder = "index.html, else 403"
			if a.Route.List {
				o.folder = "listing"
			}
		}
	case a.CatchAll != nil:
		o.handler = rt.Table.Domains[a.Domain].Key + " catch_all"
	}
	return o
}

// loginSubmit reports the answer of a form scheme's login submit, which
// its action gives.
func loginSubmit(a explain.Answer) bool {
	return a.Route != nil && a.Route.AddedBy != "" && a.Route.Action == "login_submit" && (a.Kind == decide.Action || a.Kind == decide.LimitedAction)
}

// handlerOf names a route by what a client can tell of it: its domain,
// method, path with its parameters' names left out, and the files a
// static route serves.
func handlerOf(t *ir.Table, d int, r *ir.Route) string {
	var b strings.Builder
	b.WriteString(t.Domains[d].Key + " " + r.Method + " ")
	for _, seg := range r.Segments {
		b.WriteString("/" + seg.Literal)
		switch seg.Kind {
		case ir.ParamSegment:
			b.WriteString(":")
		case ir.CatchAllSegment:
			b.WriteString("*")
		}
	}
	if r.Static {
		b.WriteString(" static " + r.Target())
	}
	return b.String()
}

// randomSubject is who a random request is sent as: the subject its
// headers give the router (SubjectOf), now and then recognised by one
// scheme's authenticator alone.
func randomSubject(rng *rand.Rand, header []string, schemes []string) explain.Subject {
	s := SubjectOf(header)
	if s.Authenticated && len(schemes) > 0 && rng.IntN(4) == 0 {
		s.Scheme = pick(rng, schemes)
	}
	return s
}

func checkEdit(old, new *ir.Table, edit Edit, rng *rand.Rand, randomPerEdit int, stats *ChangesStats) error {
	list := changes.Compare(old, new)
	signIn := signInEdit(old, new)
	if signIn != "" {
		stats.SignIn++
		if !slices.ContainsFunc(list, func(ch changes.Change) bool { return ch.Request == nil && ch.Category == changes.SignInCategory }) {
			return fmt.Errorf("%s: the sign-in of the two sides differs (%s), and no finding at a key of sign-in says so:\n%s", edit.What, signIn, report(list))
		}
	}
	if want, ok := scopeDirections(old, new); ok {
		var got []changes.Direction
		for _, ch := range list {
			if ch.Rule == "SESSION_SCOPE_CHANGED" && !slices.Contains(got, ch.Direction) {
				got = append(got, ch.Direction)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return fmt.Errorf("%s: a browser's cookie jar sends the session %v, and SESSION_SCOPE_CHANGED is found %v:\n%s", edit.What, want, got, report(list))
		}
	}
	s := sides{}
	s.old, _ = explain.New(old)
	s.new, _ = explain.New(new)
	requests := changes.Requests(old, new)
	stats.Derived += len(requests)
	schemes := slices.Concat(old.AuthSchemes, new.AuthSchemes, explain.Schemes(old), explain.Schemes(new))
	for _, t := range []*ir.Table{old, new} {
		if !slices.ContainsFunc(t.Domains, func(d *ir.Domain) bool { return len(d.Routes) > 0 }) {
			continue // no path to draw from
		}
		q := NewPolicyRequests(t, rng)
		for range randomPerEdit {
			pr := q.Next()
			requests = append(requests, changes.Request{Method: pr.Method, Target: pr.Target, Header: pr.Header,
				Subject: randomSubject(rng, pr.Header, schemes)})
			stats.Random++
		}
	}
	stats.Findings += len(list)
	for _, ch := range list {
		stats.Kinds[ch.Kind]++
	}
	for _, req := range requests {
		a, b, ok := s.ask(req)
		if !ok || a == b {
			continue
		}
		stats.Differences++
		fits := fittingKinds(a, b)
		if isPreflight(req) {
			// A browser reads a preflight's Access-Control-Allow-Origin alone.
			switch allowed := func(o observed) bool { return strings.Contains(o.header, "Access-Control-Allow-Origin") }; {
			case allowed(a) && !allowed(b):
				fits = []changes.Kind{changes.Breaking}
			case !allowed(a) && allowed(b):
				fits = []changes.Kind{changes.Security, changes.Compatible}
			default:
				fits = changes.Kinds
			}
		}
		if !slices.ContainsFunc(list, func(ch changes.Change) bool {
			return slices.ContainsFunc(ch.Kinds, func(k changes.Kind) bool { return slices.Contains(fits, k) })
		}) {
			return fmt.Errorf("%s %s %q %+v:\nold %v\nnew %v\nno finding of %v among:\n%s", req.Method, req.Target, req.Header, req.Subject, a, b, fits, report(list))
		}
	}
	for _, ch := range list {
		if ch.Kind != changes.Breaking && ch.Kind != changes.Security {
			continue
		}
		if ch.Request == nil {
			if signIn != "" && ch.Category == changes.SignInCategory {
				continue // a key of sign-in, felt by signing in, which the decision does not answer
			}
			return fmt.Errorf("%s finding %q has no request that shows it:\n%s", ch.Kind, ch.Change, report(list))
		}
		if a, b, ok := s.ask(*ch.Request); !ok || a == b {
			return fmt.Errorf("%s finding %q: its request %s %s %q %+v is answered alike (%v):\n%s", ch.Kind, ch.Change,
				ch.Request.Method, ch.Request.Target, ch.Request.Header, ch.Request.Subject, a, report(list))
		}
		stats.Shown++
	}
	return nil
}

// signInEdit says what differs between the sign-in of two tables that a
// browser that signs in meets, as security.conf resolves it: the
// session's cookie (its name, keys as they open the old cookies,
// attributes and lifetime) and store, and each form and oauth2 scheme's fields,
// redirects, scopes and provider; "" for nothing. A key an edit leaves
// without effect (old_sign_key beside the same sign_key) differs in
// nothing here.
func signInEdit(old, new *ir.Table) string {
	if old.Security == nil || new.Security == nil {
		return ""
	}
	var diffs []string
	olds, news := old.Security.Session, new.Security.Session
	switch {
	case (olds == nil) != (news == nil):
		diffs = append(diffs, "a session on one side")
	case olds != nil:
		cookie := func(s *ir.Session) string {
			return fmt.Sprint(s.CookieName, s.Domain, s.Path, s.HTTPOnly, s.Secure, s.SameSite, s.TTL)
		}
		if cookie(olds) != cookie(news) {
			diffs = append(diffs, "the session's cookie")
		}
		if olds.Store != news.Store || olds.StorePath != news.StorePath {
			diffs = append(diffs, "the session's store")
		}
		if olds.SignKey != news.SignKey && news.OldSignKey != olds.SignKey || olds.EncKey != news.EncKey && news.OldEncKey != olds.EncKey {
			diffs = append(diffs, "the session's keys, the old one not kept")
		}
		if olds.SignKey != news.SignKey && news.OldSignKey == olds.SignKey || olds.EncKey != news.EncKey && news.OldEncKey == olds.EncKey {
			diffs = append(diffs, "the session's keys rotated")
		}
	}
	for _, n := range new.Security.Schemes {
		for _, o := range old.Security.Schemes {
			if o.Name != n.Name || o.Kind != n.Kind || n.Kind != "form" && n.Kind != "oauth2" {
				continue
			}
			scheme := func(s ir.AuthScheme) string {
				return fmt.Sprint(s.IdentityField, s.CredentialField, s.AlwaysToDefault, s.URLs["login_failure"], s.URLs["default_target"], s.URLs["success"],
					s.Provider, s.AuthURL, s.TokenURL, slices.Sorted(slices.Values(s.Scopes)))
			}
			if scheme(o) != scheme(n) {
				diffs = append(diffs, "scheme "+n.Name)
			}
		}
	}
	return strings.Join(diffs, ", ")
}

// scopeDirections are the ways the session cookie's scope went from old
// to new, sorted, as a browser's cookie jar sends a cookie of each
// side's domain and path set by the same host: widened when the new one
// goes to a request the old did not, narrowed when the old one went to a
// request the new does not; ok false without a session on both sides, or
// with domains no one host may set both of.
func scopeDirections(old, new *ir.Table) (ways []changes.Direction, ok bool) {
	if old.Security == nil || new.Security == nil || old.Security.Session == nil || new.Security.Session == nil {
		return nil, false
	}
	olds, news := old.Security.Session, new.Security.Session
	// The host that sets both: the longer domain, which is the other or
	// below it, else a host of its own.
	host := cmp.Or(olds.Domain, news.Domain, "app.test")
	if len(news.Domain) > len(host) {
		host = news.Domain
	}
	sends := func(s *ir.Session, target string) bool {
		jar, _ := cookiejar.New(nil)
		jar.SetCookies(&url.URL{Scheme: "https", Host: host, Path: "/"}, []*http.Cookie{{Name: "s", Value: "1", Domain: s.Domain, Path: s.Path}})
		u, _ := url.Parse(target)
		return len(jar.Cookies(u)) > 0
	}
	set := func(s *ir.Session) bool { return sends(s, "https://"+host+s.Path) }
	if !set(olds) || !set(news) {
		return nil, false
	}
	var widened, narrowed bool
	for _, h := range []string{host, "sub." + host} {
		for _, p := range []string{"/", olds.Path, olds.Path + "/x", olds.Path + "x", news.Path, news.Path + "/x", news.Path + "x"} {
			was, is := sends(olds, "https://"+h+p), sends(news, "https://"+h+p)
			widened = widened || is && !was
			narrowed = narrowed || was && !is
		}
	}
	if narrowed {
		ways = append(ways, changes.Narrowed)
	}
	if widened {
		ways = append(ways, changes.Widened)
	}
	return ways, true
}

// isPreflight reports a CORS preflight: OPTIONS with an Origin and the
// method the browser asks for.
func isPreflight(req changes.Request) bool {
	return req.Method == http.MethodOptions && slices.ContainsFunc(req.Header, func(h string) bool { return strings.HasPrefix(h, "Origin:") }) &&
		slices.ContainsFunc(req.Header, func(h string) bool { return strings.HasPrefix(h, "Access-Control-Request-Method:") })
}

// ask sends req to both sides; false when no server reads it.
func (s sides) ask(req changes.Request) (a, b observed, ok bool) {
	r, err := s.new.NewRequest(req.Method, req.Target, req.Header)
	if err != nil {
		return a, b, false
	}
	return s.answer(s.old, r, req.Subject), s.answer(s.new, r, req.Subject), true
}

// fittingKinds are the kinds of finding that fit a client's difference
// from answer a to b: a served request refused is breaking (or
// compatible, from an automatic OPTIONS reply); a refused one
// served is security, or compatible when no route answered it (new
// surface); a served one answered otherwise is breaking, or compatible
// when no route had answered; a header lost is breaking, one gained
// security; between refusals, any kind.
func fittingKinds(a, b observed) []changes.Kind {
	served := func(o observed) bool { return o.status < 400 && !o.toLogin }
	switch {
	case served(a) && !served(b):
		if a.status == http.StatusNoContent && a.allow != "" {
			// An automatic OPTIONS reply, which a route added may take
			// with its own policies.
			return []changes.Kind{changes.Breaking, changes.Compatible}
		}
		return []changes.Kind{changes.Breaking}
	case !served(a) && served(b):
		if a.status == http.StatusNotFound || a.status == http.StatusMethodNotAllowed || a.status == http.StatusBadRequest {
			return []changes.Kind{changes.Security, changes.Compatible}
		}
		return []changes.Kind{changes.Security}
	case served(a) && a.handler == b.handler && a.folder != b.folder:
		// A static folder listed, or no longer.
		if b.folder == "listing" {
			return []changes.Kind{changes.Security}
		}
		return []changes.Kind{changes.Breaking}
	case served(a) && (a.status != b.status || a.location != b.location || a.handler != b.handler):
		if a.handler == "" || strings.HasSuffix(a.handler, " catch_all") {
			return []changes.Kind{changes.Breaking, changes.Compatible}
		}
		return []changes.Kind{changes.Breaking}
	}
	return changes.Kinds
}

func report(list []changes.Change) string {
	var b strings.Builder
	for _, ch := range list {
		fmt.Fprintf(&b, "  %s %v %s: %s %s: %q → %q: %s\n", ch.Position, ch.Kinds, ch.Change, ch.Route, ch.Method, ch.Old, ch.New, ch.Effect)
	}
	if len(list) == 0 {
		b.WriteString("  (no finding)\n")
	}
	return b.String()
}
