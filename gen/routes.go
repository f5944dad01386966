package gen

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// writeRoutes writes Routes and, when a domain has one, the catch-alls.
func (g *generator) writeRoutes() {
	doc := []string{"Routes are the routes of " + g.opts.Source + ": domain by domain, each sorted by path, then method."}
	if g.routesAsJSON {
		cors := []jen.Code{jen.Id(routesDataName)}
		for _, c := range g.corsPolicies {
			cors = append(cors, jen.Id(c.name))
		}
		g.declare(doc, jen.Var().Id("Routes").Op("=").Qual(implPkg, "DecodeRoutes").Call(cors...))
		g.declare([]string{
			routesDataName + " holds Routes as JSON, a route a line, its CORS policy the position of",
			"the policy's variable among the arguments of DecodeRoutes after this one: routegen lays",
			"out a composite literal of each route at a much greater cost, and the table has more",
			"than " + strconv.Itoa(codeMatcherUpTo) + " routes.",
		}, jen.Const().Id(routesDataName).Op("=").Op(literalPlaceholder)) // jennifer writes no raw string literal: it follows the layout.
		g.part.literalConst, g.part.literal = routesDataName, g.routesData()
	} else {
		routes := make([]jen.Code, len(g.routes))
		for i, r := range g.routes {
			routes[i] = g.routeLit(r)
		}
		g.declare(doc, jen.Var().Id("Routes").Op("=").Index().Qual(runtimePkg, "Route").Add(multiLine(routes...)))
	}
	if g.hasCatchAll() {
		catchAlls := make([]jen.Code, len(g.catchAlls))
		for i, r := range g.catchAlls {
			if r == nil {
				catchAlls[i] = jen.Values()
				continue
			}
			catchAlls[i] = g.routeLit(r)
		}
		g.declare([]string{catchAllsName + " are the catch_all routes, of domain i at index i; zero for a domain with none."},
			jen.Var().Id(catchAllsName).Op("=").Index().Qual(runtimePkg, "Route").Add(multiLine(catchAlls...)))
	}
}

const (
	catchAllsName  = "routegenCatchAlls"
	routesDataName = "routegenRoutesJSON"
)

// routeData is a route as routegenimpl.DecodeRoutes reads it: the fields
// of runtime.Route by their names, zero values left out, but Index, its
// position, and CORS, the position of its policy's variable.
type routeData struct {
	Domain        int                `json:",omitempty"`
	Name          string             `json:",omitempty"`
	Method        string             `json:",omitempty"`
	Path          string             `json:",omitempty"`
	Controller    string             `json:",omitempty"`
	Action        string             `json:",omitempty"`
	Auth          string             `json:",omitempty"`
	MaxBodySize   int64              `json:",omitempty"`
	AntiCSRFCheck bool               `json:",omitempty"`
	WebSocket     bool               `json:",omitempty"`
	Static        bool               `json:",omitempty"`
	Dir           string             `json:",omitempty"`
	File          string             `json:",omitempty"`
	List          bool               `json:",omitempty"`
	Params        []string           `json:",omitempty"`
	Constraints   []string           `json:",omitempty"`
	Authorization *authorizationData `json:",omitempty"`
	CORS          *int               `json:",omitempty"`
	Parent        string             `json:",omitempty"`
	AddedBy       string             `json:",omitempty"`
	Pos           string             `json:",omitempty"`
}

type authorizationData struct {
	SatisfyBoth bool        `json:",omitempty"`
	Roles       []checkData `json:",omitempty"`
	Permissions []checkData `json:",omitempty"`
}

type checkData struct {
	Func string
	Args []string `json:",omitempty"`
}

// writesRoutesAsJSON reports whether Routes is written as JSON: when the table
// has more than codeMatcherUpTo routes, unless a string of the table is
// not UTF-8, which JSON cannot hold.
func (g *generator) writesRoutesAsJSON() bool {
	if len(g.routes) <= codeMatcherUpTo {
		return false
	}
	for _, r := range g.routes {
		texts := []string{r.Name, r.Path, r.Controller, r.Action, r.Auth, r.Dir, r.File, r.Parent, g.opts.pos(r.Pos)}
		for _, p := range r.ParamSpecs {
			texts = append(texts, p.Name)
			if p.Constraint != nil {
				texts = append(texts, p.Constraint.Text)
			}
		}
		if a := r.Authorization; a != nil {
			for _, c := range slices.Concat(a.Roles, a.Permissions) {
				texts = append(append(texts, c.Func), c.Args...)
			}
		}
		if !utf8.ValidString(strings.Join(texts, "")) {
			return false
		}
	}
	return true
}

// routesData is the raw string literal of Routes as JSON.
func (g *generator) routesData() []byte {
	policy := map[*corsPolicy]int{}
	for i, c := range g.corsPolicies {
		policy[c] = i
	}
	var b bytes.Buffer
	b.WriteString("`[\n")
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a path reads as it is
	for i, r := range g.routes {
		d := routeData{
			Domain: r.domain, Name: r.Name, Method: r.Method, Path: r.Path, Controller: r.Controller, Action: r.Action, Auth: r.Auth,
			MaxBodySize: r.MaxBodySize, AntiCSRFCheck: r.AntiCSRFCheck, WebSocket: r.WebSocket,
			Static: r.Static, Dir: r.Dir, File: r.File, List: r.List, Parent: r.Parent, AddedBy: r.AddedBy, Pos: g.opts.pos(r.Pos),
		}
		for _, p := range r.ParamSpecs {
			d.Params = append(d.Params, p.Name)
			if p.Constraint != nil {
				d.Constraints = make([]string, len(r.ParamSpecs))
			}
		}
		if d.Constraints != nil {
			for k, p := range r.ParamSpecs {
				if p.Constraint != nil {
					d.Constraints[k] = p.Constraint.Text
				}
			}
		}
		if a := r.Authorization; a != nil {
			d.Authorization = &authorizationData{SatisfyBoth: a.Satisfy == "both", Roles: checksData(a.Roles), Permissions: checksData(a.Permissions)}
		}
		if r.CORS != nil {
			k := policy[g.corsOf[r.CORS]]
			d.CORS = &k
		}
		start := b.Len()
		_ = enc.Encode(d) // cannot fail: strings, numbers, booleans and lists of them
		// A backtick can only be in a string, where \u0060 is the same; so
		// can a byte order mark, which Go source holds only first.
		if line := b.Bytes()[start:]; bytes.IndexByte(line, '`') >= 0 || bytes.Contains(line, []byte(bom)) {
			escaped := bytes.ReplaceAll(line, []byte("`"), []byte(`\u0060`))
			escaped = bytes.ReplaceAll(escaped, []byte(bom), []byte(`\ufeff`))
			b.Truncate(start)
			b.Write(escaped)
		}
		if i < len(g.routes)-1 {
			b.Truncate(b.Len() - 1) // Encode's newline
			b.WriteString(",\n")
		}
	}
	b.WriteString("]`")
	return b.Bytes()
}

func checksData(checks []ir.Check) []checkData {
	var data []checkData
	for _, c := range checks {
		data = append(data, checkData{Func: c.Func, Args: c.Args})
	}
	return data
}

func (g *generator) hasCatchAll() bool {
	for _, r := range g.catchAlls {
		if r != nil {
			return true
		}
	}
	return false
}

// routeLit is r as an element of a []runtime.Route, on one line: the table
// reads as a table, and a change of a route is a change of its line.
func (g *generator) routeLit(r *route) jen.Code {
	var lit keyedLiteral
	lit.line(field{"Index", jen.Lit(r.index)}, field{"Domain", nonZero(int64(r.domain))}, field{"Name", stringLit(r.Name)})
	lit.line(field{"Method", stringLit(r.Method)}, field{"Path", stringLit(r.Path)})
	lit.line(field{"Controller", stringLit(r.Controller)}, field{"Action", stringLit(r.Action)},
		field{"Auth", stringLit(r.Auth)}, field{"MaxBodySize", nonZero(r.MaxBodySize)},
		field{"AntiCSRFCheck", trueLit(r.AntiCSRFCheck)}, field{"WebSocket", trueLit(r.WebSocket)})
	lit.line(field{"Static", trueLit(r.Static)}, field{"Dir", stringLit(r.Dir)}, field{"File", stringLit(r.File)},
		field{"List", trueLit(r.List)})
	names := make([]string, len(r.ParamSpecs))
	constraints := make([]string, len(r.ParamSpecs))
	constrained := false
	for i, p := range r.ParamSpecs {
		names[i] = p.Name
		if p.Constraint != nil {
			constraints[i], constrained = p.Constraint.Text, true
		}
	}
	if !constrained {
		constraints = nil
	}
	lit.line(field{"Params", stringsLit(names)}, field{"Constraints", stringsLit(constraints)})
	if a := r.Authorization; a != nil {
		var auth keyedLiteral
		auth.line(field{"SatisfyBoth", trueLit(a.Satisfy == "both")}, field{"Roles", g.checksLit(a.Roles)},
			field{"Permissions", g.checksLit(a.Permissions)})
		lit.line(field{"Authorization", jen.Op("&").Qual(runtimePkg, "Authorization").Add(auth.inline())})
	}
	lit.line(field{"CORS", g.corsRef(r.CORS)}, field{"Parent", stringLit(r.Parent)}, field{"AddedBy", stringLit(r.AddedBy)})
	lit.line(field{"Pos", jen.Lit(g.opts.pos(r.Pos))})
	return lit.inline()
}

// checksLit is a []runtime.Check literal, or nil for none.
func (g *generator) checksLit(checks []ir.Check) jen.Code {
	if len(checks) == 0 {
		return nil
	}
	items := make([]jen.Code, len(checks))
	for i, c := range checks {
		var check keyedLiteral
		check.line(field{"Func", jen.Lit(c.Func)}, field{"Args", stringsLit(c.Args)})
		items[i] = check.inline()
	}
	return jen.Index().Qual(runtimePkg, "Check").Values(items...)
}
