package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/openapi"
)

// listFlags are the flags of list: its format and filters.
type listFlags struct {
	format                                 string
	name, controller, path, method, domain string
	backends                               []string
	strict                                 bool
	listen, gateway                        string
	splitDir                               string
	envoyGateway, tls                      bool
}

func (l *listFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&l.format, "format", "table", "the output `FORMAT`: table, json, openapi (an OpenAPI 3.1 skeleton), caddy (Caddy v2's JSON config) or gateway (Gateway API v1 HTTPRoutes)")
	fs.StringVar(&l.name, "name", "", "only the routes whose name matches `PATTERN`: a substring, or a glob of the whole value when it holds * or ? (* also matches /); case is ignored")
	fs.StringVar(&l.controller, "controller", "", "only the routes whose controller matches `PATTERN`")
	fs.StringVar(&l.path, "path", "", "only the routes whose path (as listed, /users/:id) matches `PATTERN`")
	fs.StringVar(&l.method, "method", "", "only the routes of `METHOD` (GET, POST, WS…)")
	fs.StringVar(&l.domain, "domain", "", "only the routes of the domain `KEY`")
	fs.StringArrayVar(&l.backends, "backend", nil, "caddy, gateway: the backend `SPEC` of every route (NAME:PORT), of a domain's routes (DOMAIN=NAME:PORT) or of a route section's (DOMAIN/GROUP=NAME:PORT); repeatable")
	fs.StringVar(&l.splitDir, "split-dir", "", "openapi: write one document per domain into the folder `DIR`, as DIR/KEY.json, instead of one of every domain to standard output")
	fs.StringVar(&l.listen, "listen", ":80", "caddy: the `ADDR` its server listens at")
	fs.BoolVar(&l.tls, "tls", false, "caddy: match each domain's host with a host matcher too, from which Caddy's automatic HTTPS takes its certificates' names (on with a --listen port of 443)")
	fs.StringVar(&l.gateway, "gateway", "edge", "gateway: the `NAME` of the Gateway the HTTPRoutes attach to")
	fs.BoolVar(&l.envoyGateway, "envoy-gateway", false, "gateway: also write Envoy Gateway's ClientTrafficPolicy for the Gateway, which keeps \"//\" and \"%2F\" as sent and strips a Host's trailing dot")
	fs.BoolVar(&l.strict, "strict", false, "gateway: a request that may reach another backend than the router's route is an error, not a warning")
}

func (c *cli) list(input string, src sourceFlags, flags listFlags) int {
	var assignments []edge.Assignment
	switch flags.format {
	case "table", "json", "openapi":
		if len(flags.backends) > 0 {
			return c.usageError("--backend is for --format caddy and gateway")
		}
		if flags.splitDir != "" && flags.format != "openapi" {
			return c.usageError("--split-dir is for --format openapi")
		}
	case "caddy", "gateway":
		if len(flags.backends) == 0 {
			return c.usageError(fmt.Sprintf("--format %s needs --backend: NAME:PORT for every route, DOMAIN=NAME:PORT for a domain's, DOMAIN/GROUP=NAME:PORT for a group's", flags.format))
		}
		if flags.splitDir != "" {
			return c.usageError("--split-dir is for --format openapi")
		}
		for _, spec := range flags.backends {
			a, err := edge.ParseAssignment(spec)
			if err != nil {
				return c.usageError(err.Error())
			}
			assignments = append(assignments, a)
		}
	default:
		return c.usageError(fmt.Sprintf("unknown --format %q: want table, json, openapi, caddy or gateway", flags.format))
	}
	table := c.load(input, src)
	if table == nil {
		return exitInput
	}
	// What check refuses, list refuses: its outputs carry the table (a
	// file name with a newline would go raw into the exports' comments).
	if diags := gen.Check(table); diags.HasErrors() {
		c.diag.print(diags)
		return exitInput
	}
	if flags.domain != "" && !hasDomain(table, flags.domain) {
		var keys []string
		for _, d := range table.Domains {
			keys = append(keys, d.Key)
		}
		return c.usageError(fmt.Sprintf("--domain %q: no such domain (domains: %s)", flags.domain, strings.Join(keys, ", ")))
	}
	filter := newRouteFilter(flags)
	if flags.format == "openapi" {
		return c.listOpenAPI(table, filter, flags.splitDir)
	}
	// An edge export keeps every domain, those the filter leaves out
	// without routes: their hosts' requests go to their domains' backends,
	// whose routers answer them, where a table of the domains kept alone
	// would give them to a kept domain (one domain serves every host).
	table = filter.apply(table, flags.format == "caddy" || flags.format == "gateway")
	var err error
	switch flags.format {
	case "json":
		enc := json.NewEncoder(c.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(table)
	case "caddy", "gateway":
		return c.listEdge(table, assignments, flags)
	default:
		err = writeTable(c.stdout, table)
	}
	if err != nil {
		return c.failf("%v", err)
	}
	return exitOK
}

// listOpenAPI writes the OpenAPI document of the routes the filter keeps,
// or, with a split folder, the document of each domain it keeps into
// dir/KEY.json. A document is built from the whole table: it describes a
// route as the document of every route does.
func (c *cli) listOpenAPI(table *ir.Table, filter *routeFilter, dir string) int {
	write := func(w io.Writer, sel openapi.Selection) error {
		doc, warnings := openapi.Build(table, sel)
		for _, w := range warnings {
			fmt.Fprintf(c.stderr, "routegen: warning: %s\n", w)
		}
		out, err := doc.JSON()
		if err == nil {
			_, err = w.Write(out)
		}
		return err
	}
	if dir == "" {
		if err := write(c.stdout, filter); err != nil {
			return c.failf("%v", err)
		}
		return exitOK
	}
	// Every document is built before any is written: on an error, none is.
	docs := map[string][]byte{}
	var names []string
	for _, d := range table.Domains {
		if !filter.Domain(d) {
			continue
		}
		// A domain key is a routes.conf key: it may hold what a file
		// name cannot.
		if d.Key != filepath.Base(d.Key) || strings.HasPrefix(d.Key, ".") || strings.ContainsAny(d.Key, `\/:`) {
			return c.failf("--split-dir: domain %q: its key is not a file name", d.Key)
		}
		var b bytes.Buffer
		if err := write(&b, oneDomain{filter, d}); err != nil {
			return c.failf("%v", err)
		}
		name := filepath.Join(dir, d.Key+".json")
		docs[name] = b.Bytes()
		names = append(names, name)
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return c.failf("%v", err)
	}
	for _, name := range names {
		if err := writeOutput(name, docs[name]); err != nil {
			return c.failf("%v", err)
		}
	}
	return exitOK
}

// oneDomain keeps what a filter keeps of one domain.
type oneDomain struct {
	*routeFilter
	domain *ir.Domain
}

func (o oneDomain) Domain(d *ir.Domain) bool { return d == o.domain && o.routeFilter.Domain(d) }

// listEdge writes the Caddy config or the Gateway API HTTPRoutes of the
// table, with the requests the edge may send elsewhere than the router
// as warnings at their routes, or errors under --strict.
func (c *cli) listEdge(table *ir.Table, assignments []edge.Assignment, flags listFlags) int {
	backends, err := edge.Assign(table, assignments)
	if err != nil {
		return c.usageError(err.Error())
	}
	var out []byte
	if flags.format == "caddy" {
		out, err = edge.Caddy(table, backends, flags.listen, flags.tls || strings.HasSuffix(flags.listen, ":443"))
		if err == nil {
			fmt.Fprintf(c.stderr, "routegen: note: %s\n", edge.KeptByServices(table))
		}
	} else {
		caveats := edge.GatewayCaveats(table, backends)
		if flags.strict {
			for i := range caveats {
				caveats[i].Warning = false
			}
		}
		c.diag.print(caveats)
		if flags.strict && len(caveats) > 0 {
			return exitInput
		}
		source := "routes.conf"
		if len(table.Domains) > 0 {
			source = filepath.Base(table.Domains[0].Pos.File)
		}
		opts := edge.GatewayOptions{Gateway: flags.gateway, Source: source, EnvoyGateway: flags.envoyGateway}
		c.diag.print(edge.GatewayHostNotes(table, opts))
		out, err = edge.Gateway(table, backends, opts)
	}
	if err != nil {
		return c.failf("%v", err)
	}
	if _, err := c.stdout.Write(out); err != nil {
		return c.failf("%v", err)
	}
	return exitOK
}

// routeFilter keeps the routes that match every filter given.
type routeFilter struct {
	name, controller, path *regexp.Regexp
	method, domain         string
}

func newRouteFilter(flags listFlags) *routeFilter {
	return &routeFilter{
		name:       pattern(flags.name),
		controller: pattern(flags.controller),
		path:       pattern(flags.path),
		method:     strings.ToUpper(strings.TrimSpace(flags.method)),
		domain:     flags.domain,
	}
}

func hasDomain(t *ir.Table, key string) bool {
	for _, d := range t.Domains {
		if strings.EqualFold(d.Key, key) {
			return true
		}
	}
	return false
}

// pattern compiles a filter: a glob of the whole value when it holds * or ?
// (* matches any text, / included), else a substring; case is ignored. nil
// for "".
func pattern(p string) *regexp.Regexp {
	if p == "" {
		return nil
	}
	if !strings.ContainsAny(p, "*?") {
		return regexp.MustCompile("(?i)" + regexp.QuoteMeta(p))
	}
	var b strings.Builder
	b.WriteString("(?i)^")
	for _, r := range p {
		switch r {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		default:
			b.WriteString(regexp.QuoteMeta(string(r)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

func (f *routeFilter) active() bool {
	return f.name != nil || f.controller != nil || f.path != nil || f.method != "" || f.domain != ""
}

func matches(re *regexp.Regexp, s string) bool { return re == nil || re.MatchString(s) }

func (f *routeFilter) route(r *ir.Route) bool {
	return matches(f.name, r.Name) && matches(f.controller, r.Controller) && matches(f.path, ir.Unescaped(r.Path)) &&
		(f.method == "" || f.method == r.Method)
}

// catchAll matches a catch_all as the table lists it: name catch_all,
// method and path *.
func (f *routeFilter) catchAll(c *ir.CatchAll) bool {
	return matches(f.name, "catch_all") && matches(f.controller, c.Controller) && matches(f.path, "*") &&
		(f.method == "" || f.method == "*")
}

// Domain reports whether the filter keeps domain d: the way every
// format filters, with Route.
func (f *routeFilter) Domain(d *ir.Domain) bool {
	return f.domain == "" || strings.EqualFold(f.domain, d.Key)
}

// Route reports whether the filter keeps route r of a domain it keeps.
func (f *routeFilter) Route(_ *ir.Domain, r *ir.Route) bool { return f.route(r) }

// apply returns a copy of t with only the domains and routes the filter
// keeps, and all the rest of the table: what security.conf and the app
// config say. With keepDomains, a domain the filter leaves out is kept
// without its routes and catch_all.
func (f *routeFilter) apply(t *ir.Table, keepDomains bool) *ir.Table {
	if !f.active() {
		return t
	}
	out := *t
	out.Domains = nil
	for _, d := range t.Domains {
		kept := f.Domain(d)
		if !kept && !keepDomains {
			continue
		}
		nd := *d
		nd.Routes = []*ir.Route{}
		for _, r := range d.Routes {
			if kept && f.Route(d, r) {
				nd.Routes = append(nd.Routes, r)
			}
		}
		if d.CatchAll != nil && (!kept || !f.catchAll(d.CatchAll)) {
			nd.CatchAll = nil
		}
		out.Domains = append(out.Domains, &nd)
	}
	return &out
}

// writeTable prints the table for people, in the manner of `rails routes`,
// paths as written in routes.conf (non-ASCII literals decoded).
func writeTable(w io.Writer, t *ir.Table) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DOMAIN\tMETHOD\tPATH\tNAME\tCONTROLLER#ACTION\tAUTH\tANTI-CSRF")
	for _, d := range t.Domains {
		for _, r := range d.Routes {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", d.Key, r.Method, ir.Unescaped(r.Path), r.Name, r.Target(), r.Auth, antiCSRFText(r.AntiCSRFCheck, r.AntiCSRFRule))
		}
		if c := d.CatchAll; c != nil {
			fmt.Fprintf(tw, "%s\t*\t*\tcatch_all\t%s#%s\t%s\t%s\n", d.Key, c.Controller, c.Action, c.Auth, antiCSRFText(c.AntiCSRFCheck, c.AntiCSRFRule))
		}
	}
	return tw.Flush()
}

// antiCSRFText is a route's anti-CSRF check and, unless it is the
// default, the key that decided it: "off: type = "api" (aah.conf:16:1)".
func antiCSRFText(on bool, rule string) string {
	text := "off"
	if on {
		text = "on"
	}
	if rule != "" {
		text += ": " + rule
	}
	return text
}
