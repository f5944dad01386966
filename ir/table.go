// Package ir turns a parsed routes.conf into the resolved route table: every
// default applied, every inherited attribute settled, every route checked
// against the others. It is the one input the generator reads.
package ir

import (
	"encoding/json"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/parser"
)

// Table is the resolved routes.conf: its domains in file order.
type Table struct {
	Domains []*Domain `json:"domains"`
	// AuthSchemes are the scheme names of security.conf, sorted; nil when
	// no security.conf was given.
	AuthSchemes []string `json:"-"`
	// Security is the rest of what security.conf says of its schemes; nil
	// when no security.conf was given.
	Security *Security `json:"-"`
	// SecureHeaders are the headers of security.conf's http_header; nil
	// when neither security.conf nor an app config was given.
	SecureHeaders *SecureHeaders `json:"-"`
	// MaxBodySize is the application's body limit (--max-body-size, else
	// request.max_body_size of the app config, else 5mb), which holds the
	// body of a request no route matched; 0 for none.
	MaxBodySize int64 `json:"-"`
	// Unapplied are warnings of the keys of security.conf and the app
	// config that aah applied and routegen does not, each with what to do
	// instead: check prints them, generation does not.
	Unapplied parser.Diagnostics `json:"-"`
	// StaticCache is the caching of the static routes' files, the app
	// config's cache.static; nil when no app config was given.
	StaticCache *StaticCache `json:"-"`
}

// Domain is one `domains.<key>` section.
type Domain struct {
	Key                   string    `json:"key"`
	Name                  string    `json:"name"`
	Host                  string    `json:"host"`               // lower case; "*.example.com" for a wildcard subdomain
	Port                  string    `json:"port"`               // "" for the scheme's default port
	HostEnv               string    `json:"host_env,omitempty"` // $NAME read when the router is built
	PortEnv               string    `json:"port_env,omitempty"`
	Scheme                string    `json:"scheme"`         // "https" on port 443 or with TLS configured (server.ssl.enable), else "http"
	PortlessLinks         bool      `json:"portless_links"` // links carry no port: routes.conf writes none, no other domain has the host name, and no app config was given
	Subdomain             bool      `json:"subdomain"`
	RedirectTrailingSlash bool      `json:"redirect_trailing_slash"`
	MethodNotAllowed      bool      `json:"method_not_allowed"`
	AutoOptions           bool      `json:"auto_options"`
	DefaultAuth           string    `json:"default_auth"`
	AntiCSRFCheck         bool      `json:"anti_csrf_check"`
	AntiCSRFRule          string    `json:"anti_csrf_rule,omitempty"` // what decided AntiCSRFCheck; "" for the default
	CORS                  *CORS     `json:"cors"`
	CatchAll              *CatchAll `json:"catch_all"`
	Routes                []*Route  `json:"routes"` // sorted by path, then method

	Pos parser.Pos `json:"pos"`
	// KeyPos is where each key of the domain's section is written, and
	// each of its cors { } ("cors.allow_origins").
	KeyPos map[string]parser.Pos `json:"-"`
}

// Wildcard reports whether the domain's host is a wildcard subdomain.
func (d *Domain) Wildcard() bool { return core.IsWildcardHost(d.Host) }

// HostText is the domain's host as messages and documentation write it:
// the host, or the environment reference it is read from
// ("${API_HOST:-api.example.com}").
func (d *Domain) HostText() string {
	if d.HostEnv != "" {
		return "${" + d.HostEnv + "}"
	}
	return d.Host
}

// PortText is HostText's port: "" for the scheme's default.
func (d *Domain) PortText() string {
	if d.PortEnv != "" {
		return "${" + d.PortEnv + "}"
	}
	return d.Port
}

// Route is one method of one route section, or one static route.
type Route struct {
	Name          string         `json:"name"`
	Method        string         `json:"method"` // upper case; "WS" for a WebSocket route
	Path          string         `json:"path"`   // cleaned, constraints stripped
	Controller    string         `json:"controller"`
	Action        string         `json:"action"`
	Auth          string         `json:"auth"`
	MaxBodySize   int64          `json:"max_body_size"` // bytes; 0 = no limit or not applicable
	AntiCSRFCheck bool           `json:"anti_csrf_check"`
	AntiCSRFRule  string         `json:"anti_csrf_rule,omitempty"` // what decided AntiCSRFCheck; "" for the default
	WebSocket     bool           `json:"websocket"`
	Static        bool           `json:"static"`
	Dir           string         `json:"dir"`
	File          string         `json:"file"`
	List          bool           `json:"list"`
	Authorization *Authorization `json:"authorization"`
	CORS          *CORS          `json:"cors"`
	Parent        string         `json:"parent"`
	// AddedBy is the auth scheme that added the route, and serves it
	// (Action says what it does): it has no controller.
	AddedBy string `json:"added_by,omitempty"`
	// Sections are the names of the route sections the route is written
	// in, outermost first: its groups, which an edge export gives a
	// service of their own.
	Sections []string   `json:"-"`
	Pos      parser.Pos `json:"pos"`
	// PolicyPos is where each of the route's policies is set, by its
	// routes.conf key ("auth", "authorization", "anti_csrf_check",
	// "max_body_size", "cors"): the key of its own section, of an
	// enclosing one, or of its domain (default_auth for auth); absent
	// for a default. The keys of a cors { } are there too
	// ("cors.allow_origins").
	PolicyPos map[string]parser.Pos `json:"-"`

	// Segments is Path split at "/", parameters parsed.
	Segments []Segment `json:"-"`
	// ParamSpecs are the path parameters in order: name, type and
	// constraint. JSON has them as "params" (the names) and "constraints"
	// (name to constraint text).
	ParamSpecs []Param `json:"-"`
}

// MarshalJSON writes the route with the names and constraints of its
// parameters, taken from ParamSpecs.
func (r *Route) MarshalJSON() ([]byte, error) {
	type fields Route // without this method
	params, constraints := make([]string, 0, len(r.ParamSpecs)), map[string]string{}
	for _, p := range r.ParamSpecs {
		params = append(params, p.Name)
		if p.Constraint != nil {
			constraints[p.Name] = p.Constraint.Text
		}
	}
	return json.Marshal(struct {
		*fields
		Params      []string          `json:"params"`
		Constraints map[string]string `json:"constraints"`
	}{(*fields)(r), params, constraints})
}

// SegmentKind tells how a path segment matches.
type SegmentKind uint8

const (
	StaticSegment   SegmentKind = iota // the literal text
	ParamSegment                       // Literal, then one non-empty segment: ":name"
	CatchAllSegment                    // Literal, then the non-empty rest of the path: "*name"
)

// Segment is one "/"-separated part of a route path.
type Segment struct {
	Kind    SegmentKind
	Literal string // the text, or the text before the parameter
	Param   string // the parameter's name
}

// ParamType is the Go type a parameter reaches actions as.
type ParamType string

const (
	TypeString ParamType = "string"
	TypeInt    ParamType = "int64" // a parameter constrained to `number`
)

// Param is one path parameter of a route.
type Param struct {
	Name       string
	Type       ParamType
	CatchAll   bool
	Constraint *Constraint // nil when unconstrained
}

// Authorization is a route's `authorization { }`, inheritance applied.
type Authorization struct {
	Satisfy     string  `json:"satisfy"` // "either" or "both"
	Roles       []Check `json:"roles"`
	Permissions []Check `json:"permissions"`
}

// Check is one entry of roles or permissions: hasrole(a), ispermittedall(p1 | p2)…
type Check struct {
	Func string   `json:"func"`
	Args []string `json:"args"`
}

// String is the check as routes.conf writes it: a role check's roles
// divided by commas, a permission check's permissions by "|", since a
// permission holds commas.
func (c Check) String() string {
	sep := ", "
	if strings.HasPrefix(c.Func, "ispermitted") {
		sep = " | "
	}
	return c.Func + "(" + strings.Join(c.Args, sep) + ")"
}

// CORS is the effective CORS policy of a domain, route or catch-all.
type CORS struct {
	AllowOrigins     []string `json:"allow_origins"`
	AllowHeaders     []string `json:"allow_headers"`
	AllowMethods     []string `json:"allow_methods"`
	ExposeHeaders    []string `json:"expose_headers"`
	AllowCredentials bool     `json:"allow_credentials"`
	MaxAge           int64    `json:"max_age"` // seconds
}

// CatchAll is a domain's `catch_all { }`: the action of last resort.
type CatchAll struct {
	Controller    string     `json:"controller"`
	Action        string     `json:"action"`
	Auth          string     `json:"auth"`
	MaxBodySize   int64      `json:"max_body_size"`
	AntiCSRFCheck bool       `json:"anti_csrf_check"`
	AntiCSRFRule  string     `json:"anti_csrf_rule,omitempty"` // what decided AntiCSRFCheck; "" for the default
	CORS          *CORS      `json:"cors"`
	Pos           parser.Pos `json:"pos"`
}

// Target is what the route serves, as list and OpenAPI print it:
// "Controller#Action", "dir static/" or "file static/favicon.ico".
func (r *Route) Target() string {
	switch {
	case r.Static && r.File != "":
		return "file " + strings.TrimSuffix(r.Dir, "/") + "/" + strings.TrimPrefix(r.File, "/")
	case r.Static:
		return "dir " + r.Dir
	case r.AddedBy != "":
		return "scheme " + r.AddedBy + " (" + r.Action + ")"
	}
	return r.Controller + "#" + r.Action
}

// Root is the domain whose URLs are written as paths and whose routes
// are known by their bare names (core.RootDomain).
func (t *Table) Root() int {
	return core.RootDomain(len(t.Domains), func(i int) (bool, string) { return t.Domains[i].Subdomain, t.Domains[i].Host })
}

// RouteName is the name the generated code knows route r of domain d
// by: bare in the root domain, "key.name" in any other.
func (t *Table) RouteName(d int, r *Route) string {
	return core.RouteName(t.Root(), d, t.Domains[d].Key, r.Name)
}

// Address is where domain d is served, as routes.conf says.
func (t *Table) Address(d int) core.Address {
	dom := t.Domains[d]
	return core.Address{Key: dom.Key, Host: dom.Host, Port: dom.Port, HostEnv: dom.HostEnv, PortEnv: dom.PortEnv}
}

// Constraints are the constraints of r's parameters as routes.conf
// writes them, "" for none; nil when none has one.
func (r *Route) Constraints() []string {
	var out []string
	for i, p := range r.ParamSpecs {
		if p.Constraint == nil {
			continue
		}
		if out == nil {
			out = make([]string, len(r.ParamSpecs))
		}
		out[i] = p.Constraint.Text
	}
	return out
}
