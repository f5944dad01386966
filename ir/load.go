package ir

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/hostname"
	"github.com/routegen/routegen/parser"
)

// Sources names the files a route table is built from.
type Sources struct {
	Routes    string // routes.conf
	Security  string // security.conf: its auth schemes, anti_csrf.enable, http_header; "" for none
	AppConfig string // aah.conf: server.port, request.max_body_size, type, env profiles, security.http_header, cache.static; "" for none
	Profile   string // the env profile of AppConfig whose routes { } is merged onto routes.conf
	// MaxBodySize is the application's body limit; when set, it overrides
	// AppConfig's request.max_body_size.
	MaxBodySize string
	// FindSecurity reads the security.conf beside Routes when Security is
	// "", as aah read the one in its config folder; when there is none, an
	// auth that names a scheme is an error, as no file defines it.
	FindSecurity bool
}

// Load reads the sources through fsys and builds the route table. The table
// is nil when there are errors; warnings come with a table. No message
// shows a value of an included file that is not a .conf file (an .env).
func Load(fsys parser.FS, src Sources) (*Table, parser.Diagnostics) {
	read := &recordingFS{FS: fsys, read: map[string][]byte{}}
	if src.Security == "" && src.FindSecurity {
		src.Security = securityBeside(fsys, src.Routes)
	}
	table, diags := load(read, src)
	return table, hideSecrets(diags, read.read, src)
}

func load(fsys parser.FS, src Sources) (*Table, parser.Diagnostics) {
	var diags parser.Diagnostics
	opts := Options{MaxBodySize: src.MaxBodySize}

	app := loadObject(fsys, src.AppConfig, &diags)
	profileRoutes := applyProfile(app, src, &diags)
	if app != nil {
		if opts.MaxBodySize == "" {
			opts.MaxBodySize = appString(app, "request.max_body_size", &diags)
			if _, err := ParseSize(opts.MaxBodySize); opts.MaxBodySize != "" && err != nil {
				diags.Errorf(app.Lookup("request.max_body_size").KeyPos, "request.max_body_size: %v", err)
				opts.MaxBodySize = ""
			}
		}
		opts.DefaultPort = appString(app, "server.port", &diags)
		if hostname.CheckPort(core.PortOrDefault(opts.DefaultPort)) != nil {
			// Reported where it is written, not at each domain that takes it.
			diags.Errorf(app.Lookup("server.port").Value.Pos(), "server.port %q is not a port number (1-65535, or \"\" for the scheme's default)", opts.DefaultPort)
			opts.DefaultPort = ""
		}
		opts.LinkPorts = true
		opts.TLS = boolAt(app, "server.ssl.enable", false)
	}
	if src.MaxBodySize != "" {
		if _, err := ParseSize(src.MaxBodySize); err != nil {
			diags.Errorf(parser.Pos{}, "max body size: %v", err)
			opts.MaxBodySize = ""
		}
	}
	var security *Security
	var sec *parser.Object
	// Errors in security.conf's values do not stop routes.conf's from being
	// checked: a scheme with one still counts as defined.
	var secDiags parser.Diagnostics
	if src.Security != "" {
		sec = loadObject(fsys, src.Security, &diags)
		opts.AuthSchemes = authSchemes(sec, &diags)
		checkSecurityKeys(sec, &secDiags)
		security = readSecurity(sec, app, func(p parser.Pos) bool { return holdsSecrets(p.File, src) }, &secDiags)
		opts.SchemeRoutes = security.SchemeRoutes()
		checkRoutesWhereNamed(sec, &secDiags)
	} else if src.FindSecurity {
		opts.NoSecurity = filepath.Join(filepath.Dir(src.Routes), securityFile)
	}
	opts.AntiCSRFOff = antiCSRFOff(app, sec, &diags)
	secureHeaders := readSecureHeaders(cmp.Or(src.Security, src.AppConfig), sec, app, &diags)
	staticCache := readStaticCache(app, src.Profile, &diags)

	routesFile, ds := parser.Load(fsys, src.Routes)
	diags = append(diags, ds...)
	if ds.HasErrors() {
		diags = append(diags, secDiags...)
		diags.Sort()
		return nil, diags.Capped()
	}
	routes, ds := parser.Build(routesFile)
	diags = append(diags, ds...)
	if profileRoutes != nil {
		routes.Merge(profileRoutes)
	}
	var fallbacks []*parser.Object
	if app != nil {
		fallbacks = append(fallbacks, app)
	}
	diags = append(diags, firstOfIncluded(parser.ResolveRefs(routes, fallbacks...), src.Routes, src.AppConfig)...)
	if diags.HasErrors() {
		diags = append(diags, secDiags...)
		diags.Sort()
		return nil, diags.Capped()
	}
	table, ds := Build(routes, opts)
	if table != nil {
		table.Security = security
		table.SecureHeaders = secureHeaders
		table.Unapplied = unapplied(app, sec)
		table.StaticCache = staticCache
		ds = append(ds, corsAuthHeaders(table)...)
	}
	diags = dropSuperseded(append(append(diags, secDiags...), ds...))
	diags.Sort()
	if diags.HasErrors() {
		table = nil
	}
	return table, diags.Capped()
}

const securityFile = "security.conf"

// securityBeside is the security.conf in the folder of routes, if fsys has
// one; "" when it has none. It asks by a glob, which answers alike from
// disk and from a git revision, where a missing file is no error.
func securityBeside(fsys parser.FS, routes string) string {
	name := filepath.Join(filepath.Dir(routes), securityFile)
	if found, err := fsys.Glob(globQuote.Replace(name)); err == nil && len(found) == 1 {
		return name
	}
	return ""
}

// globQuote escapes the characters a glob reads as patterns.
var globQuote = strings.NewReplacer(`\`, `\\`, "*", `\*`, "?", `\?`, "[", `\[`)

// dropSuperseded drops the warnings at the position of an error: the
// error says more (a route section written twice is an error in routes { }
// where the parser warns of any repeated section).
func dropSuperseded(diags parser.Diagnostics) parser.Diagnostics {
	errorAt := map[parser.Pos]bool{}
	for _, d := range diags {
		if !d.Warning {
			errorAt[d.Pos] = true
		}
	}
	return slices.DeleteFunc(diags, func(d parser.Diagnostic) bool { return d.Warning && errorAt[d.Pos] })
}

// loadObject parses, builds and resolves one configuration file; nil for "".
func loadObject(fsys parser.FS, name string, diags *parser.Diagnostics) *parser.Object {
	if name == "" {
		return nil
	}
	f, ds := parser.Load(fsys, name)
	*diags = append(*diags, ds...)
	if ds.HasErrors() {
		return nil
	}
	obj, ds := parser.Build(f)
	*diags = append(*diags, ds...)
	*diags = append(*diags, firstOfIncluded(parser.ResolveRefs(obj), name)...)
	return obj
}

// firstOfIncluded keeps, of the errors in the files that the files named
// top include, each file's first, as the parser does for their syntax: a
// file that is no configuration (an included .env) would otherwise be
// reported line by line. diags are sorted.
func firstOfIncluded(diags parser.Diagnostics, top ...string) parser.Diagnostics {
	reported := map[string]bool{}
	return slices.DeleteFunc(diags, func(d parser.Diagnostic) bool {
		file := d.Pos.File
		if d.Warning || slices.Contains(top, file) {
			return false
		}
		drop := reported[file]
		reported[file] = true
		return drop
	})
}

// applyProfile merges the app config's env.<profile> onto it, as aah does,
// and returns the profile's routes { } section, if any.
func applyProfile(app *parser.Object, src Sources, diags *parser.Diagnostics) *parser.Object {
	if src.Profile == "" {
		return nil
	}
	if src.AppConfig == "" {
		diags.Errorf(parser.Pos{}, "profile %q needs an application config (aah.conf) to read env.%s from", src.Profile, src.Profile)
		return nil
	}
	if app == nil {
		return nil
	}
	f := app.Lookup("env." + src.Profile)
	if f == nil || f.Object == nil {
		var names []string
		if env := app.Get("env"); env != nil && env.Object != nil {
			for _, p := range env.Object.Fields {
				if p.Object != nil {
					names = append(names, p.Key)
				}
			}
		}
		msg := fmt.Sprintf("profile %q not found: %s has no env { %s { … } }", src.Profile, src.AppConfig, src.Profile)
		if len(names) > 0 {
			slices.Sort(names)
			msg += fmt.Sprintf(" (profiles: %s)", strings.Join(names, ", "))
		}
		diags.Errorf(app.Pos, "%s", msg)
		return nil
	}
	app.Merge(f.Object)
	if r := f.Object.Get("routes"); r != nil {
		if r.Object == nil {
			diags.Errorf(r.KeyPos, "env.%s.routes must be a section holding domains { … }", src.Profile)
			return nil
		}
		return r.Object
	}
	return nil
}

// appString reads a string (or integer) setting of the app config; "" when absent.
func appString(app *parser.Object, dotted string, diags *parser.Diagnostics) string {
	f := app.Lookup(dotted)
	if f == nil || f.Object != nil {
		return ""
	}
	switch v := f.Value.(type) {
	case *parser.String:
		return strings.TrimSpace(v.Value)
	case *parser.Int:
		return v.Text
	case *parser.Null:
		return ""
	default:
		diags.Errorf(v.Pos(), "%s must be a string, found %s", dotted, article(v.TypeName()))
		return ""
	}
}

// antiCSRFOff is the rule that turns anti-CSRF off by default, as aah
// ran it: only for an application with views, which one of type "api" has
// none of, and only with security.anti_csrf.enable (of security.conf, or
// of an aah.conf that includes it) not false. "" when none applies.
func antiCSRFOff(app, sec *parser.Object, diags *parser.Diagnostics) string {
	disabled := ""
	for _, obj := range []*parser.Object{sec, app} {
		if obj == nil {
			continue
		}
		f := obj.Lookup("security.anti_csrf.enable")
		if f == nil || f.Object != nil {
			continue
		}
		switch v := f.Value.(type) {
		case *parser.Bool:
			if !v.Value && disabled == "" {
				disabled = fmt.Sprintf("security.anti_csrf.enable = false (%s)", f.KeyPos)
			}
		case *parser.Null:
		default:
			diags.Errorf(v.Pos(), "security.anti_csrf.enable must be a boolean (true or false), found %s", article(v.TypeName()))
		}
	}
	if app != nil {
		if f := app.Lookup("type"); f != nil && f.Object == nil {
			if v, ok := f.Value.(*parser.String); ok && strings.EqualFold(strings.TrimSpace(v.Value), "api") {
				return fmt.Sprintf("type = %q (%s)", v.Value, f.KeyPos)
			}
		}
	}
	return disabled
}

// authSchemes lists the keys of security.auth_schemes.
func authSchemes(sec *parser.Object, diags *parser.Diagnostics) []string {
	schemes := []string{}
	if sec == nil {
		return schemes
	}
	f := sec.Lookup("security.auth_schemes")
	if f == nil {
		return schemes
	}
	if f.Object == nil {
		diags.Errorf(f.KeyPos, "security.auth_schemes must be a section of auth schemes")
		return schemes
	}
	for _, s := range f.Object.Fields {
		// A scheme written as a value is an error of checkSecurityKeys;
		// its name stays defined, so that routes naming it are not.
		if s.Object != nil || !isNull(s.Value) {
			schemes = append(schemes, s.Key)
		}
	}
	return schemes
}
