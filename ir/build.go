package ir

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/parser"
)

// Options are the facts from outside routes.conf that its table depends on.
type Options struct {
	// SchemeRoutes are the routes the auth schemes of security.conf add
	// to every domain.
	SchemeRoutes []SchemeRoute
	// AuthSchemes are the auth scheme key names of security.conf. When nil,
	// no security.conf was given and scheme names in auth are not checked.
	AuthSchemes []string
	// NoSecurity, when AuthSchemes is nil, is where a security.conf was
	// looked for and not found: an auth that names a scheme is then an
	// error that says so. "" leaves scheme names unchecked.
	NoSecurity string
	// MaxBodySize is the application's request.max_body_size; "" means "5mb".
	MaxBodySize string
	// DefaultPort is the application's server.port; "" means "8080".
	DefaultPort string
	// LinkPorts writes each domain's port into its links, as aah composed
	// them: routes.conf's port, else DefaultPort ("80" and "443" written as
	// none). Load sets it when an application config is given; without
	// one, a link carries the port only when routes.conf writes it or
	// another domain may share the host name.
	LinkPorts bool
	// TLS is the application config's server.ssl.enable: every domain is
	// served over HTTPS.
	TLS bool
	// AntiCSRFOff is the rule of the application config that turns
	// anti-CSRF off where routes.conf does not turn it on, as written
	// (`type = "api" (aah.conf:16:1)`); "" leaves it on by default.
	AntiCSRFOff string
}

const (
	defaultMaxBodySize = "5mb"
	defaultPort        = "8080"
	authAnonymous      = "anonymous"
	authAuthenticated  = "authenticated"
)

var (
	domainKeys   = []string{"name", "host", "port", "subdomain", "redirect_trailing_slash", "method_not_allowed", "auto_options", "default_auth", "anti_csrf_check", "cors", "catch_all", "static", "routes"}
	routeKeys    = []string{"path", "method", "controller", "websocket", "action", "auth", "authorization", "max_body_size", "anti_csrf_check", "cors", "routes"}
	staticKeys   = []string{"path", "dir", "file", "base_dir", "list"}
	catchAllKeys = []string{"controller", "action", "auth", "max_body_size", "anti_csrf_check", "cors"}
)

type builder struct {
	opts        Options
	diags       parser.Diagnostics
	maxBodySize int64
	schemes     map[string]bool // nil: not checked
	misspelt    map[misspelling]bool
	unknownKeys int // reported so far, up to maxUnknownKeys
	// routeSections counts the route sections of every domain, up to
	// maxRouteSections.
	routeSections int
}

// Build resolves a routes.conf object tree (references already resolved)
// into its route table. The table is nil when there are errors.
func Build(root *parser.Object, opts Options) (*Table, parser.Diagnostics) {
	b := &builder{opts: opts, misspelt: map[misspelling]bool{}}
	b.maxBodySize = b.appMaxBodySize()
	if opts.AuthSchemes != nil {
		b.schemes = map[string]bool{}
		for _, s := range opts.AuthSchemes {
			b.schemes[s] = true
		}
	}
	b.checkKeys(root, "the top level of routes.conf", []string{"domains"})
	t := &Table{MaxBodySize: b.maxBodySize}
	if b.schemes != nil {
		t.AuthSchemes = slices.Sorted(maps.Keys(b.schemes))
	}
	domains := b.section(root, "domains")
	switch {
	case domains == nil && !b.given(root, "domains"):
		b.diags.Errorf(root.Pos, `missing "domains { … }": routes.conf declares its routes per domain`)
	case domains != nil && len(domains.Fields) == 0:
		b.diags.Errorf(domains.Pos, `"domains" has no domain sections; add one, such as localhost { host = "localhost" … }`)
	case domains != nil:
		for _, f := range domains.Fields {
			if f.Object == nil {
				b.diags.Errorf(f.KeyPos, "domain %q must be a section (%s { … })", f.Key, f.Key)
				continue
			}
			t.Domains = append(t.Domains, b.domain(f.Object))
		}
		b.checkDomainClashes(t.Domains)
	}
	b.diags.Sort()
	if b.diags.HasErrors() {
		return nil, b.diags
	}
	return t, b.diags
}

func (b *builder) appMaxBodySize() int64 {
	text := b.opts.MaxBodySize
	if text == "" {
		text = defaultMaxBodySize
	}
	n, err := ParseSize(text)
	if err != nil {
		b.diags.Errorf(parser.Pos{}, "application max body size: %v", err)
	}
	return n
}

func (b *builder) domain(obj *parser.Object) *Domain {
	b.checkKeys(obj, fmt.Sprintf("domain %q", parser.Echo(obj.Name)), domainKeys)
	d := &Domain{Key: obj.Name, Name: obj.Name, Pos: obj.Pos, KeyPos: map[string]parser.Pos{}}
	for _, f := range obj.Fields {
		d.KeyPos[f.Key] = f.KeyPos
		if f.Key == "cors" && f.Object != nil {
			for _, sub := range f.Object.Fields {
				d.KeyPos["cors."+sub.Key] = sub.KeyPos
			}
		}
	}
	if name, _, ok := b.str(obj, "name"); ok {
		d.Name = name
	}
	b.domainHost(obj, d)
	b.domainPort(obj, d)
	d.Subdomain = b.boolean(obj, "subdomain", false)
	d.RedirectTrailingSlash = b.boolean(obj, "redirect_trailing_slash", true)
	d.MethodNotAllowed = b.boolean(obj, "method_not_allowed", true)
	d.AutoOptions = b.boolean(obj, "auto_options", true)
	d.AntiCSRFCheck, d.AntiCSRFRule = b.antiCSRF(obj, b.opts.AntiCSRFOff == "", b.opts.AntiCSRFOff)
	if auth, pos, ok := b.str(obj, "default_auth"); ok {
		d.DefaultAuth = strings.TrimSpace(auth)
		b.checkAuth(d.DefaultAuth, pos)
	}
	var corsBase *CORS
	if cobj := b.section(obj, "cors"); cobj != nil {
		corsBase = b.cors(cobj, defaultCORS(), true)
		if b.boolean(cobj, "enable", false) {
			d.CORS = corsBase
		}
	}
	if cobj := b.section(obj, "catch_all"); cobj != nil {
		d.CatchAll = b.catchAll(cobj, d)
	}
	if sobj := b.section(obj, "static"); sobj != nil {
		d.Routes = append(d.Routes, b.staticRoutes(sobj)...)
	}
	if robj := b.section(obj, "routes"); robj != nil {
		rb := &routeBuilder{builder: b, domain: d}
		rb.children(robj, inherited{
			auth:         d.DefaultAuth,
			antiCSRF:     d.AntiCSRFCheck,
			antiCSRFRule: d.AntiCSRFRule,
			cors:         d.CORS,
			corsOn:       d.CORS != nil,
			authz:        &Authorization{Satisfy: "either"},
			policyPos:    domainPolicyPos(d),
		})
		d.Routes = append(d.Routes, rb.finish()...)
	}
	b.addSchemeRoutes(d)
	b.checkNames(d)
	b.warnUndefinedAuth(d)
	sortRoutes(d.Routes)
	b.checkConflicts(d)
	return d
}

// domainPolicyPos is where the policies a domain's routes start from are
// set: default_auth, anti_csrf_check and cors.
func domainPolicyPos(d *Domain) map[string]parser.Pos {
	out := map[string]parser.Pos{}
	for key, from := range map[string]string{"auth": "default_auth", "anti_csrf_check": "anti_csrf_check", "cors": "cors"} {
		if pos, ok := d.KeyPos[from]; ok {
			out[key] = pos
		}
	}
	for key, pos := range d.KeyPos {
		if strings.HasPrefix(key, "cors.") {
			out[key] = pos
		}
	}
	return out
}

func (b *builder) domainHost(obj *parser.Object, d *Domain) {
	f := obj.Get("host")
	if f == nil {
		if b.given(obj, "host") {
			return
		}
		b.diags.Errorf(obj.Pos, "domain %q has no host; add host = \"example.com\" (or a wildcard \"*.example.com\")", obj.Name)
		return
	}
	if env, ok := f.Value.(*parser.Env); ok {
		d.HostEnv = env.Ref()
		if !env.HasDefault {
			return
		}
		// The default is known now: checked as the router checks it.
		if err := core.CheckHostOf("", env.Default); err != nil {
			if ascii, ok := punycode(env.Default, func(h string) error { return core.CheckHostOf("", h) }); ok {
				b.diags.Errorf(env.ValuePos, "host %q, the default of $%s, is not ASCII, as clients send it: write ${%s:-%s}", env.Default, env.Name, env.Name, ascii)
			} else {
				b.diags.Errorf(env.ValuePos, "host %q, the default of $%s: %v", env.Default, env.Name, err)
			}
		}
		return
	}
	host, pos, ok := b.str(obj, "host")
	if !ok {
		return
	}
	if strings.HasPrefix(host, "$") {
		b.diags.Errorf(pos, "host %q is quoted, so it is read as written: write host = %s to read it from the environment", host, host)
		return
	}
	// Checked before lower-casing, which writes invalid UTF-8 as U+FFFD.
	host = strings.TrimSpace(host)
	if err := hostname.Check(host); err != nil {
		if ascii, ok := punycode(host, hostname.Check); ok {
			b.diags.Errorf(pos, "host %q is not ASCII, as clients send it: write host = %q", host, ascii)
		} else {
			b.diags.Errorf(pos, "host %q: %v", host, err)
		}
	}
	d.Host = strings.ToLower(host)
}

func (b *builder) domainPort(obj *parser.Object, d *Domain) {
	d.Port = b.opts.DefaultPort
	if d.Port == "" {
		d.Port = defaultPort
	}
	f := obj.Get("port")
	d.PortlessLinks = f == nil && !b.opts.LinkPorts // until another domain has the host name: setPortlessLinks
	if f != nil && f.Object == nil {
		switch v := f.Value.(type) {
		case *parser.Env:
			d.PortEnv, d.Port = v.Ref(), ""
			if v.HasDefault && hostname.CheckPort(v.Default) != nil {
				b.diags.Errorf(v.ValuePos, "port %q, the default of $%s: not a number from 1 to 65535", v.Default, v.Name)
			}
			return
		case *parser.Int:
			d.Port = fmt.Sprint(v.Value)
			f = nil
		}
	}
	if f != nil {
		port, pos, ok := b.str(obj, "port")
		if ok && strings.HasPrefix(port, "$") {
			b.diags.Errorf(pos, "port %q is quoted, so it is read as written: write port = %s to read it from the environment", port, port)
			return
		}
		if ok {
			d.Port = strings.TrimSpace(port)
		}
	}
	d.Scheme = core.SchemeOf(d.Port, b.opts.TLS)
	d.Port = core.PortOrDefault(d.Port)
	if hostname.CheckPort(d.Port) != nil {
		pos := obj.Pos
		if f := obj.Get("port"); f != nil {
			pos = f.Value.Pos()
		}
		b.diags.Errorf(pos, "port %q is not a port number (1-65535, or \"\" for the scheme's default)", d.Port)
	}
}

// checkAuth reports an auth value that names no scheme of security.conf.
func (b *builder) checkAuth(auth string, pos parser.Pos) {
	if auth == "" || auth == authAnonymous || auth == authAuthenticated || b.schemes[auth] {
		return
	}
	if b.schemes == nil {
		if b.opts.NoSecurity != "" {
			b.diags.Errorf(pos, "auth %q names an auth scheme, but no security.conf was read to define it (there is none at %s); name yours with --security FILE", auth, b.opts.NoSecurity)
		}
		return
	}
	known := append(slices.Sorted(maps.Keys(b.schemes)), authAnonymous, authAuthenticated)
	b.diags.Errorf(pos, "%s", unknown(fmt.Sprintf("auth %q is not an auth scheme of security.conf", auth), auth, known))
}

func (b *builder) catchAll(obj *parser.Object, d *Domain) *CatchAll {
	b.checkKeys(obj, fmt.Sprintf("catch_all of domain %q", parser.Echo(d.Key)), catchAllKeys)
	c := &CatchAll{MaxBodySize: b.maxBodySize, Pos: obj.Pos}
	var ok bool
	var pos parser.Pos
	if c.Controller, pos, ok = b.str(obj, "controller"); ok {
		b.checkController(c.Controller, pos)
	} else if !b.given(obj, "controller") {
		b.diags.Errorf(obj.Pos, "catch_all needs a controller")
	}
	if c.Action, pos, ok = b.str(obj, "action"); ok {
		b.checkAction(c.Action, pos)
	} else if !b.given(obj, "action") {
		b.diags.Errorf(obj.Pos, "catch_all needs an action")
	}
	if auth, pos, ok := b.str(obj, "auth"); ok {
		c.Auth = strings.TrimSpace(auth)
		b.checkAuth(c.Auth, pos)
	}
	if size, ok := b.maxBodySizeField(obj); ok {
		c.MaxBodySize = size
	}
	c.AntiCSRFCheck, c.AntiCSRFRule = b.antiCSRF(obj, false, "")
	if cobj := b.section(obj, "cors"); cobj != nil {
		if fields, on := b.routeCORS(cobj, d.CORS); on {
			c.CORS = fields
		}
	}
	return c
}

// antiCSRF reads obj's anti_csrf_check and the rule that decided it: the
// key where obj sets it, else the inherited value and rule.
func (b *builder) antiCSRF(obj *parser.Object, inherited bool, inheritedRule string) (bool, string) {
	on := b.boolean(obj, "anti_csrf_check", inherited)
	if f := obj.Get("anti_csrf_check"); f != nil && f.Object == nil {
		if v, ok := f.Value.(*parser.Bool); ok {
			return on, fmt.Sprintf("anti_csrf_check = %t (%s)", v.Value, f.KeyPos)
		}
	}
	return on, inheritedRule
}

// maxBodySizeField reads max_body_size: a size string, or a number of bytes.
func (b *builder) maxBodySizeField(obj *parser.Object) (int64, bool) {
	f := obj.Get("max_body_size")
	if f != nil && f.Object == nil {
		if n, ok := f.Value.(*parser.Int); ok && n.Value >= 0 {
			return n.Value, true
		}
	}
	text, pos, ok := b.str(obj, "max_body_size")
	if !ok {
		return 0, false
	}
	n, err := ParseSize(text)
	if err != nil {
		b.diags.Errorf(pos, "max_body_size: %v", err)
		return 0, false
	}
	return n, true
}

// isPackageElem reports whether s may be an element of a controller's package path.
func isPackageElem(s string) bool {
	return s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") == ""
}

// checkController accepts "Name" and "path/to/Name".
func (b *builder) checkController(name string, pos parser.Pos) {
	parts := strings.Split(name, "/")
	last := parts[len(parts)-1]
	for _, p := range parts[:len(parts)-1] {
		if !isPackageElem(p) {
			b.diags.Errorf(pos, "controller %q: %q is not a package path element", name, p)
			return
		}
	}
	if !isIdent(last) {
		b.diags.Errorf(pos, "controller %q: %q is not a name (letters, digits and _, not starting with a digit)", name, last)
	}
}

func (b *builder) checkAction(name string, pos parser.Pos) {
	switch {
	case !isIdent(name):
		b.diags.Errorf(pos, "action %q is not a name (letters, digits and _, not starting with a digit)", name)
	case name[0] == '_':
		// Its first letter is upper-cased into the controller's method,
		// which an application's type in another package can implement
		// only when exported; "_" would be no method at all.
		b.diags.Errorf(pos, "action %q must begin with a letter: it names an exported Go method of the controller", name)
	}
}

// warnUndefinedAuth warns about the routes that will answer 403 to every
// request: no auth of their own or inherited, while security.conf defines
// auth schemes (the router fails closed). One warning a domain, at the
// domain, where default_auth goes, with their count and first names.
func (b *builder) warnUndefinedAuth(d *Domain) {
	if len(b.schemes) == 0 {
		b.warnMixedAuth(d)
		return
	}
	var without []string
	for _, r := range d.Routes {
		if !r.Static && r.Auth == "" && !slices.Contains(without, r.Name) {
			without = append(without, r.Name)
		}
	}
	const named = 3 // the routes a warning names; it counts the others
	var what []string
	switch n := len(without); {
	case n == 1:
		what = append(what, fmt.Sprintf("route %q", without[0]))
	case n > named:
		what = append(what, fmt.Sprintf("%d routes (%s and %d more)", n, quotedList(without[:named]), n-named))
	case n > 0:
		what = append(what, fmt.Sprintf("%d routes (%s)", n, quotedList(without)))
	}
	if c := d.CatchAll; c != nil && c.Auth == "" {
		what = append(what, "the catch_all")
	}
	if len(what) == 0 {
		return
	}
	verb, pronoun := "have", "they"
	if len(what) == 1 && len(without) <= 1 {
		verb, pronoun = "has", "it"
	}
	b.diags.Warnf(d.Pos, "domain %q: %s %s no auth (nor a default_auth) while security.conf defines auth schemes: %s will answer 403 to every request; set default_auth on the domain (\"anonymous\" keeps them open), or auth on each", d.Key, strings.Join(what, " and "), verb, pronoun)
}

// quotedList is names quoted and separated by commas.
func quotedList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return strings.Join(quoted, ", ")
}

// warnMixedAuth is warnUndefinedAuth without security.conf: when some
// routes of d name auth schemes, the application registers authenticators,
// and then the routes without auth answer 403. One warning a domain, with
// their count.
func (b *builder) warnMixedAuth(d *Domain) {
	named, without := 0, map[string]bool{}
	for _, r := range d.Routes {
		switch {
		case r.Static:
		case r.Auth == "":
			without[r.Name] = true
		case r.Auth != authAnonymous:
			named++
		}
	}
	if named == 0 || len(without) == 0 {
		return
	}
	routes := "routes have"
	if len(without) == 1 {
		routes = "route has"
	}
	b.diags.Warnf(d.Pos, "domain %q: %d %s no auth while %d name an auth scheme: once an authenticator is registered, they answer 403 to every request; set default_auth on the domain (\"anonymous\" keeps them open)", d.Key, len(without), routes, named)
}

// checkNames reports a route name used by two route sections of one domain.
func (b *builder) checkNames(d *Domain) {
	seen := map[string]*Route{}
	for _, r := range d.Routes {
		first, dup := seen[r.Name]
		if !dup {
			seen[r.Name] = r
			continue
		}
		if first.Pos != r.Pos {
			b.diags.Errorf(r.Pos, "route name %q is already used at %s; a name is unique within its domain", r.Name, first.Pos)
		}
	}
}

func (b *builder) checkDomainClashes(domains []*Domain) {
	seen := map[string]*Domain{}
	for _, d := range domains {
		if d.HostEnv != "" || d.PortEnv != "" || d.Host == "" {
			continue
		}
		addr := d.Host + ":" + d.Port
		if first, dup := seen[addr]; dup {
			b.diags.Errorf(d.Pos, "domain %q has the same host and port (%s) as domain %q at %s", d.Key, hostPort(d), first.Key, first.Pos)
			continue
		}
		seen[addr] = d
	}
	setPortlessLinks(domains)
}

// setPortlessLinks keeps the port out of links only for a domain whose
// host name no other domain has (or may have, by $NAME): between domains
// of one name, the port chooses, and a link without it would reach the
// first of them.
func setPortlessLinks(domains []*Domain) {
	names := map[string]int{}
	for _, d := range domains {
		names[d.Host]++
	}
	for _, d := range domains {
		if d.HostEnv != "" || names[d.Host] > 1 || names[""] > 0 {
			d.PortlessLinks = false
		}
	}
}

func hostPort(d *Domain) string {
	if d.Port == "" {
		return d.Host
	}
	return d.Host + ":" + d.Port
}

func sortRoutes(routes []*Route) {
	slices.SortStableFunc(routes, func(a, b *Route) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Method, b.Method)
	})
}

// punycode is the ASCII form a browser gives an internationalized host
// ("*.café.example" gives "*.xn--caf-dma.example"), when host is one and
// check accepts that form.
func punycode(host string, check func(string) error) (string, bool) {
	name, wildcard := core.CutWildcard(host)
	if !utf8.ValidString(name) || !strings.ContainsFunc(name, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return "", false
	}
	ascii, err := idna.Lookup.ToASCII(name)
	if wildcard {
		ascii = "*." + ascii
	}
	if err != nil || check(ascii) != nil {
		return "", false
	}
	return ascii, true
}

// addSchemeRoutes adds to d the routes aah added to every domain for the
// form and oauth2 schemes of security.conf: a form scheme's login submit
// (POST url.login_submit), an oauth2 scheme's login and redirect (GET
// url.login, url.redirect); a scheme of routes_where_named, only when a
// route or the catch_all of d names it.
// The scheme's authenticator serves them (runtime.WithSchemeRoute), so
// that the router authenticates none of them first.
func (b *builder) addSchemeRoutes(d *Domain) {
	for _, s := range b.opts.SchemeRoutes {
		if s.WhereNamed && !namesScheme(d, s.Scheme) {
			continue
		}
		// As in aah, a name or a method and path taken already (by a
		// route of routes.conf, or of another scheme) adds nothing.
		if slices.ContainsFunc(d.Routes, func(r *Route) bool {
			return r.Name == s.Name || r.Method == s.Method && Unescaped(r.Path) == s.Path
		}) {
			continue
		}
		p, err := parsePath(splitPath(s.Path))
		if err != nil || len(p.Params) > 0 {
			b.diags.Errorf(s.Pos, "auth scheme %q: route %q: path %q must be a path without parameters", s.Scheme, s.Name, s.Path)
			continue
		}
		r := &Route{Name: s.Name, Method: s.Method, Path: p.String(), Action: s.Action, Auth: authAnonymous, AddedBy: s.Scheme,
			AntiCSRFCheck: d.AntiCSRFCheck, AntiCSRFRule: d.AntiCSRFRule, Pos: s.Pos, Segments: p.Segments}
		if core.BodyMethod(s.Method) {
			r.MaxBodySize = b.maxBodySize
		}
		d.Routes = append(d.Routes, r)
	}
}

// namesScheme reports whether a route or the catch_all of d has the auth
// scheme.
func namesScheme(d *Domain, scheme string) bool {
	return d.CatchAll != nil && d.CatchAll.Auth == scheme || slices.ContainsFunc(d.Routes, func(r *Route) bool { return r.Auth == scheme })
}

// SchemeRoute is a route an auth scheme adds to every domain, or to those
// that name it.
type SchemeRoute struct {
	Scheme       string // the scheme's key
	Name, Method string
	Path         string
	Action       string // what the route does for the scheme: login_submit, login or redirect
	WhereNamed   bool   // added only to the domains that name the scheme (routes_where_named)
	Pos          parser.Pos
}

// SchemeRoutes are the routes the form and oauth2 schemes of s add, named
// as aah named them: <scheme>_login_submit__aah, <scheme>_login__aah and
// <scheme>_redirect__aah.
func (s *Security) SchemeRoutes() []SchemeRoute {
	if s == nil {
		return nil
	}
	var out []SchemeRoute
	for _, a := range s.Schemes {
		switch a.Kind {
		case "form":
			out = append(out, SchemeRoute{Scheme: a.Name, Name: a.Name + "_login_submit__aah", Method: http.MethodPost, Path: a.URLs["login_submit"], Action: "login_submit", WhereNamed: a.RoutesWhereNamed, Pos: a.Pos})
		case "oauth2":
			out = append(out,
				SchemeRoute{Scheme: a.Name, Name: a.Name + "_login__aah", Method: http.MethodGet, Path: a.URLs["login"], Action: "login", WhereNamed: a.RoutesWhereNamed, Pos: a.Pos},
				SchemeRoute{Scheme: a.Name, Name: a.Name + "_redirect__aah", Method: http.MethodGet, Path: a.URLs["redirect"], Action: "redirect", WhereNamed: a.RoutesWhereNamed, Pos: a.Pos})
		}
	}
	return out
}
