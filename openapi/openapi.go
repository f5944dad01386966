// Package openapi builds the OpenAPI 3.1 skeleton of a route table, the
// document `routegen list --format openapi` writes: the paths, their methods
// and path parameters with the schemas of their constraints, an operationId
// per route, a server per domain, the security schemes of security.conf as
// a client sends them, the answers the router gives before an action (400,
// 401, 403, 413), and what clients send to and get from the routes the auth
// schemes add (the login form's body, the redirects of signing in). The
// request bodies and responses of the application's actions are the
// user's to fill in.
//
// Build is a function of its arguments only: it reads no file.
package openapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/routegen/routegen/internal/core"
	"github.com/routegen/routegen/internal/core/decide"
	"github.com/routegen/routegen/internal/explain"
	"github.com/routegen/routegen/ir"
)

// Document is an OpenAPI 3.1 document.
type Document struct {
	OpenAPI    string              `json:"openapi"`
	Info       Info                `json:"info"`
	Servers    []*Server           `json:"servers,omitempty"`
	Paths      map[string]PathItem `json:"paths"`
	Components *Components         `json:"components,omitempty"`
}

// Components holds the security schemes of security.conf.
type Components struct {
	SecuritySchemes map[string]*SecurityScheme `json:"securitySchemes,omitempty"`
}

// SecurityScheme is a security scheme object; Scheme is the kind
// security.conf gives it (basic, form, oauth2, generic).
type SecurityScheme struct {
	Type         string `json:"type"`
	Description  string `json:"description,omitempty"`
	HTTPScheme   string `json:"scheme,omitempty"`
	BearerFormat string `json:"bearerFormat,omitempty"`
	In           string `json:"in,omitempty"`
	Name         string `json:"name,omitempty"`
	Scheme       string `json:"x-routegen-scheme"`
}

// Info is the document's title, description and version.
type Info struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	Version     string `json:"version"`
}

// Server is the server object of a domain.
type Server struct {
	URL         string              `json:"url"`
	Description string              `json:"description,omitempty"`
	Variables   map[string]Variable `json:"variables,omitempty"`
}

// Variable is a server variable: a wildcard subdomain, or a host or port
// read from the environment.
type Variable struct {
	Default     string `json:"default"`
	Description string `json:"description,omitempty"`
}

// PathItem holds the operations of a path by lower-case method, its
// servers when only some domains serve it, the routes OpenAPI has no
// method for (x-routegen-websocket, x-routegen-connect), and those it has
// no room for (x-routegen-colliding).
type PathItem map[string]any

// Operation describes one route.
type Operation struct {
	OperationID string                `json:"operationId"`
	Summary     string                `json:"summary"`
	Tags        []string              `json:"tags,omitempty"`
	Parameters  []*Parameter          `json:"parameters,omitempty"`
	RequestBody *RequestBody          `json:"requestBody,omitempty"`
	Responses   map[string]*Response  `json:"responses"`
	Security    []map[string][]string `json:"security"` // [] for none: the route asks for no credentials
	Servers     []*Server             `json:"servers,omitempty"`
	Method      string                `json:"x-routegen-method,omitempty"` // in x-routegen-colliding, which keys no method
	Domain      string                `json:"x-routegen-domain"`
	Path        string                `json:"x-routegen-path"` // as routegen lists it: /users/:id
	Auth        string                `json:"x-routegen-auth,omitempty"`
	AddedBy     string                `json:"x-routegen-added-by,omitempty"` // the auth scheme that adds and serves the route
}

// RequestBody is the body an operation reads.
type RequestBody struct {
	Required bool                  `json:"required"`
	Content  map[string]*MediaType `json:"content"`
}

// MediaType is the schema of a body of one content type.
type MediaType struct {
	Schema map[string]any `json:"schema"`
}

// Response is an answer an operation may give.
type Response struct {
	Description string                `json:"description"`
	Headers     map[string]*Header    `json:"headers,omitempty"`
	Content     map[string]*MediaType `json:"content,omitempty"`
}

// Header is a header of a response.
type Header struct {
	Description string         `json:"description,omitempty"`
	Schema      map[string]any `json:"schema"`
}

// Parameter is a path parameter and the schema of its constraint.
type Parameter struct {
	Name        string         `json:"name"`
	In          string         `json:"in"`
	Required    bool           `json:"required"`
	Description string         `json:"description,omitempty"`
	Schema      map[string]any `json:"schema"`
	CatchAll    bool           `json:"x-routegen-catch-all,omitempty"`
}

// pathItemMethods are the methods an OpenAPI path item has a field for.
var pathItemMethods = map[string]bool{"GET": true, "PUT": true, "POST": true, "DELETE": true, "OPTIONS": true, "HEAD": true, "PATCH": true, "TRACE": true}

// A Selection chooses the domains and routes a document describes: a
// filter of routegen list. Build describes every route of the domains it
// keeps (Domain) that it keeps (Route); nil keeps them all.
type Selection interface {
	Domain(d *ir.Domain) bool
	Route(d *ir.Domain, r *ir.Route) bool
}

// combinedNote is what the description of a document of several domains
// adds: a generated client sends every call to one base URL.
const combinedNote = " This document describes several domains, each operation with the server of its domain, which generated clients do not read: oapi-codegen's, ogen's and openapi-fetch's send every call to the one base URL they are given. Generate a client from the document of each domain: routegen list --format openapi --domain KEY, or --split-dir DIR for all of them."

// Build builds the OpenAPI 3.1 skeleton of the routes of t that sel keeps,
// with the security schemes of its security.conf (t.Security), or those
// its routes name. What an operation says is decided on the whole table,
// so that a selection describes a route as the whole document does: its
// operationId, its security and the answers the router gives before its
// action. OpenAPI keys operations by path template and method only: of
// two routes with the same ones (in two domains, or a parameter and a
// catch-all at one place), the first is the operation, and the others are
// in the path item's x-routegen-colliding, which generators skip. Build
// returns them as warnings.
func Build(t *ir.Table, sel Selection) (*Document, []string) {
	doc := &Document{
		OpenAPI: "3.1.0",
		Info: Info{
			Title:       "routes",
			Description: "Generated by routegen list --format openapi: the paths, methods and path parameters of routes.conf. Request bodies and responses are left to fill in.",
			Version:     "0.0.0",
		},
		Paths: map[string]PathItem{},
	}
	if schemes := securitySchemes(t); len(schemes) > 0 {
		doc.Components = &Components{SecuritySchemes: schemes}
	}
	router, _ := explain.New(t)
	ids := operationIDs(t)
	requirements := requirementsOf(t)
	servers := map[*ir.Domain]*Server{}
	var domains []*ir.Domain
	for _, d := range t.Domains {
		if sel != nil && !sel.Domain(d) {
			continue
		}
		s := server(d)
		servers[d] = s
		domains = append(domains, d)
		doc.Servers = append(doc.Servers, s)
	}
	if len(domains) > 0 {
		doc.Info.Title = domains[0].Name
	}
	if len(domains) > 1 {
		doc.Info.Description += combinedNote
	}

	type placed struct {
		domain *ir.Domain
		route  *ir.Route
	}
	type pathItem struct {
		template  string
		names     []string // the parameter names of template, in order
		ops       map[string]placed
		order     []string // methods in order of arrival
		colliding []placed
	}
	var warnings []string
	items := map[string]*pathItem{} // by shape: the template without parameter names
	var shapes []string
	for _, d := range domains {
		for _, r := range d.Routes {
			if sel != nil && !sel.Route(d, r) {
				continue
			}
			shape, template, names := pathTemplate(r)
			it := items[shape]
			if it == nil {
				it = &pathItem{template: template, names: names, ops: map[string]placed{}}
				items[shape] = it
				shapes = append(shapes, shape)
			}
			if first, dup := it.ops[r.Method]; dup {
				warnings = append(warnings, fmt.Sprintf("openapi: route %q (%s %s) of domain %q is no operation, but in x-routegen-colliding of path %s, which generators skip: route %q (%s) of domain %q has the same method and path template; list one domain with --domain, or each with --split-dir",
					r.Name, r.Method, r.Path, d.Key, it.template, first.route.Name, first.route.Path, first.domain.Key))
				it.colliding = append(it.colliding, placed{d, r})
				continue
			}
			it.ops[r.Method] = placed{d, r}
			it.order = append(it.order, r.Method)
		}
	}

	newOperation := func(p placed, names []string) *Operation {
		op := operation(t, p.domain, p.route, names, ids[p.route], requirements, router.Refusals(p.route))
		if len(domains) > 1 {
			op.Servers = []*Server{servers[p.domain]}
		}
		return op
	}
	for _, shape := range shapes {
		it := items[shape]
		item := PathItem{}
		of := map[*ir.Domain]bool{}
		for _, m := range it.order {
			of[it.ops[m].domain] = true
		}
		for _, m := range it.order {
			op := newOperation(it.ops[m], it.names)
			if len(of) == 1 {
				op.Servers = nil // the path item's
			}
			key := strings.ToLower(m)
			if !pathItemMethods[m] {
				key = "x-routegen-" + key // WS, CONNECT: no OpenAPI method
				if m == "WS" {
					key = "x-routegen-websocket"
				}
			}
			item[key] = op
		}
		if len(domains) > 1 && len(of) == 1 {
			for d := range of {
				item["servers"] = []*Server{servers[d]}
			}
		}
		var colliding []*Operation
		for _, p := range it.colliding {
			op := newOperation(p, it.names)
			op.Method = p.route.Method
			colliding = append(colliding, op)
		}
		if colliding != nil {
			item["x-routegen-colliding"] = colliding
		}
		doc.Paths[it.template] = item
	}
	return doc, warnings
}

// operationIDs are the operationIds of the routes of t: the route's name
// as the generated code knows it (bare in the root domain, domain.name
// elsewhere), then _method for a route of several methods, then _2, _3…
// for a name taken. They are the whole table's, so that a selection
// keeps them.
func operationIDs(t *ir.Table) map[*ir.Route]string {
	ids := map[*ir.Route]string{}
	used := map[string]bool{}
	for i, d := range t.Domains {
		methods := map[string]int{}
		for _, r := range d.Routes {
			methods[r.Name]++
		}
		for _, r := range d.Routes {
			id := t.RouteName(i, r)
			if methods[r.Name] > 1 {
				id += "_" + strings.ToLower(r.Method)
			}
			base := id
			for n := 2; used[id]; n++ {
				id = fmt.Sprintf("%s_%d", base, n)
			}
			used[id] = true
			ids[r] = id
		}
	}
	return ids
}

// JSON is the document as routegen list writes it: indented by two
// spaces, with a final newline, and "<", ">" and "&" unescaped, as paths
// and descriptions hold them.
func (d *Document) JSON() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func domainIndex(t *ir.Table, d *ir.Domain) int {
	for i, x := range t.Domains {
		if x == d {
			return i
		}
	}
	return -1
}

// server is the server object of a domain: scheme://host:port, with
// variables for a wildcard subdomain and for a host or port read from the
// environment.
func server(d *ir.Domain) *Server {
	s := &Server{Description: d.Name}
	host, port := d.Host, d.Port
	vars := map[string]Variable{}
	if d.HostEnv != "" {
		host = "{host}"
		vars["host"] = envVariable(d.HostEnv, "localhost")
	} else if rest, ok := core.CutWildcard(host); ok {
		host = "{subdomain}." + rest
		vars["subdomain"] = Variable{Default: "www", Description: "any subdomain of " + rest}
	}
	if d.PortEnv != "" {
		port = "{port}"
		vars["port"] = envVariable(d.PortEnv, "8080")
	}
	s.URL = d.Scheme + "://" + host
	if port != "" {
		s.URL += ":" + port
	}
	if len(vars) > 0 {
		s.Variables = vars
	}
	return s
}

// pathTemplate turns the route's path into an OpenAPI template: :name and
// *name become {name}. shape is the template without the names, which
// OpenAPI holds for the same path.
func pathTemplate(r *ir.Route) (shape, template string, names []string) {
	var s, t strings.Builder
	for _, seg := range r.Segments {
		s.WriteByte('/')
		t.WriteByte('/')
		s.WriteString(seg.Literal)
		t.WriteString(seg.Literal)
		if seg.Kind != ir.StaticSegment {
			s.WriteString("{}")
			t.WriteString("{" + seg.Param + "}")
			names = append(names, seg.Param)
		}
	}
	if len(r.Segments) == 0 {
		return "/", "/", nil
	}
	return s.String(), t.String(), names
}

// operation is the operation of route r of domain d; names are the
// parameter names of the path item's template, which replace the route's
// own at the same places; requirements are the security requirements of
// an auth value; refusals are the answers the router may give its
// requests before the action.
func operation(t *ir.Table, d *ir.Domain, r *ir.Route, names []string, id string, requirements func(auth string) []map[string][]string, refusals []decide.Refusal) *Operation {
	op := &Operation{
		OperationID: id,
		Summary:     r.Target(),
		Responses:   map[string]*Response{"default": {Description: "The response of " + r.Target() + "."}},
		Domain:      d.Key,
		Path:        ir.Unescaped(r.Path),
		Auth:        r.Auth,
		AddedBy:     r.AddedBy,
		Security:    []map[string][]string{},
	}
	switch {
	case r.Static:
		op.Tags = []string{"static"}
		// The file, with the Content-Type of its name, or a listing.
		op.Responses["default"].Content = map[string]*MediaType{"*/*": {Schema: map[string]any{"type": "string", "format": "binary"}}}
	case r.Controller != "":
		op.Tags = []string{r.Controller}
	}
	for i, p := range r.ParamSpecs {
		param := &Parameter{Name: p.Name, In: "path", Required: true, Schema: paramSchema(p)}
		if i < len(names) {
			param.Name = names[i]
		}
		if param.Name != p.Name {
			param.Description = fmt.Sprintf("Named %q in routes.conf.", p.Name)
		}
		if p.CatchAll {
			param.CatchAll = true
			param.Description = strings.TrimSpace("The rest of the path: it may hold \"/\". " + param.Description)
		}
		op.Parameters = append(op.Parameters, param)
	}
	if !r.Static { // the router serves a file before auth
		op.Security = requirements(r.Auth)
	}
	if r.AddedBy != "" {
		signIn(t, r, op)
	}
	// A status holds the first reason the router meets for it.
	for _, f := range refusals {
		key := strconv.Itoa(f.Status)
		if _, ok := op.Responses[key]; !ok {
			op.Responses[key] = &Response{Description: f.Reason}
		}
	}
	return op
}

// paramSchema is the JSON Schema of a parameter's constraint. The terms of
// a constraint all hold: their schemas are merged, or put in allOf when
// they set the same keyword; the tags of a term are alternatives: anyOf.
func paramSchema(p ir.Param) map[string]any {
	c := p.Constraint
	if c == nil {
		return map[string]any{"type": "string"}
	}
	numeric := c.Numeric()
	s := map[string]any{}
	var allOf []any
	merge := func(sub map[string]any) {
		for k, v := range sub {
			if old, ok := s[k]; ok && !reflect.DeepEqual(old, v) && !isBound(k) {
				allOf = append(allOf, sub)
				return
			}
		}
		for k, v := range sub {
			if old, ok := s[k]; ok && isBound(k) {
				v = tighter(k, old, v)
			}
			s[k] = v
		}
	}
	for _, term := range c.Terms {
		if len(term) == 1 {
			merge(tagSchema(term[0], numeric, p.Type, false))
			continue
		}
		var alternatives []any
		for _, tag := range term {
			alternatives = append(alternatives, tagSchema(tag, numeric, p.Type, true))
		}
		merge(map[string]any{"anyOf": alternatives})
	}
	if len(allOf) > 0 {
		s["allOf"] = allOf
	}
	if _, typed := s["type"]; !typed {
		s["type"] = "string"
		if numeric {
			s["type"] = "number"
		}
	}
	return s
}

// isBound reports whether a keyword bounds a value or a length: two of the
// same merge into the tighter one, instead of an allOf.
func isBound(keyword string) bool {
	switch keyword {
	case "minimum", "exclusiveMinimum", "minLength", "maximum", "exclusiveMaximum", "maxLength":
		return true
	}
	return false
}

// tighter is the tighter of two bounds of keyword: the greater lower
// bound, or the lesser upper bound.
func tighter(keyword string, a, b any) any {
	x, y := toFloat(a), toFloat(b)
	lower := strings.HasPrefix(keyword, "min") || keyword == "exclusiveMinimum"
	if lower == (x >= y) {
		return a
	}
	return b
}

func toFloat(v any) float64 {
	switch v := v.(type) {
	case int:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

const (
	alphaPattern    = "^[A-Za-z]+$"
	alphanumPattern = "^[A-Za-z0-9]+$"
	hex             = "[0-9A-Fa-f]"
)

// tagSchema is the schema of one validator tag. numeric tells that bounds
// compare the value, not its length; typ is the parameter's Go type. A tag
// that is one of alternatives (number|uuid) leaves the parameter a string:
// number and numeric are patterns then.
func tagSchema(tag ir.Tag, numeric bool, typ ir.ParamType, alternative bool) map[string]any {
	switch {
	case alternative && tag.Name == "number":
		return map[string]any{"type": "string", "pattern": "^[0-9]+$"}
	case alternative && tag.Name == "numeric":
		return map[string]any{"type": "string", "pattern": `^[+-]?[0-9]+(\.[0-9]+)?$`}
	}
	switch tag.Name {
	case "number":
		s := map[string]any{"type": "integer", "minimum": 0}
		if typ == ir.TypeInt {
			s["format"] = "int64"
		}
		return s
	case "numeric":
		return map[string]any{"type": "number"}
	case "alpha":
		return map[string]any{"type": "string", "pattern": alphaPattern}
	case "alphanum":
		return map[string]any{"type": "string", "pattern": alphanumPattern}
	case "uuid":
		// format is an annotation only in JSON Schema 2020-12: the pattern
		// is what validators check.
		return map[string]any{"type": "string", "format": "uuid",
			"pattern": fmt.Sprintf("^%s{8}-%s{4}-%s{4}-%s{4}-%s{12}$", hex, hex, hex, hex, hex)}
	case "uuid3", "uuid4", "uuid5":
		version := tag.Name[len("uuid"):]
		return map[string]any{"type": "string", "format": "uuid",
			"pattern": fmt.Sprintf("^%s{8}-%s{4}-%s%s{3}-[89ABab]%s{3}-%s{12}$", hex, hex, version, hex, hex, hex)}
	case "oneof":
		var enum []any
		for _, w := range strings.Fields(tag.Arg) {
			if numeric {
				if f, err := strconv.ParseFloat(w, 64); err == nil {
					enum = append(enum, f)
				}
				continue
			}
			enum = append(enum, w)
		}
		return map[string]any{"enum": enum}
	case "len", "min", "max", "gt", "gte", "lt", "lte":
		bound, _ := strconv.ParseFloat(tag.Arg, 64) // checked by ir
		if numeric {
			return map[string]map[string]any{
				"len": {"minimum": bound, "maximum": bound}, "min": {"minimum": bound}, "gte": {"minimum": bound},
				"max": {"maximum": bound}, "lte": {"maximum": bound}, "gt": {"exclusiveMinimum": bound}, "lt": {"exclusiveMaximum": bound},
			}[tag.Name]
		}
		// A length is a whole number of characters, never negative.
		atLeast := func(f float64) int { return max(0, int(math.Ceil(f))) }
		atMost := func(f float64) int { return max(0, int(math.Floor(f))) }
		switch tag.Name {
		case "len":
			return map[string]any{"minLength": atLeast(bound), "maxLength": atMost(bound)}
		case "min", "gte":
			return map[string]any{"minLength": atLeast(bound)}
		case "gt":
			return map[string]any{"minLength": atMost(bound) + 1}
		case "max", "lte":
			return map[string]any{"maxLength": atMost(bound)}
		case "lt":
			return map[string]any{"maxLength": max(0, int(math.Ceil(bound))-1)}
		}
	}
	return map[string]any{} // required: a path parameter always is
}

// envVariable is the server variable of an environment reference ("NAME",
// or "NAME:-default" for ${NAME:-default}): its default when it has one,
// else fallback.
func envVariable(ref, fallback string) Variable {
	name, def, hasDefault := strings.Cut(ref, ":-")
	if !hasDefault {
		return Variable{Default: fallback, Description: "$" + name}
	}
	if def == "" {
		def = fallback
	}
	return Variable{Default: def, Description: "${" + ref + "}"}
}
