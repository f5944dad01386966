package gen

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/routegen/routegen/ir"
)

// The Routes table is data, one line a route, and the largest part of a
// big file: it is written as text already in gofmt's form rather than
// built as code and formatted, which would take a third of generation.

// corsPolicy is a CORS policy written once as a package variable, so that
// the routes that share it share one handler at run time.
type corsPolicy struct {
	name   string
	policy *ir.CORS
}

// planCORS names each distinct CORS policy of the table; equal policies
// may be distinct values in the table.
func (g *generator) planCORS() {
	g.corsOf = map[*ir.CORS]*corsPolicy{}
	byFields := map[string]*corsPolicy{}
	add := func(c *ir.CORS) {
		if c == nil || g.corsOf[c] != nil {
			return
		}
		fields := fmt.Sprintf("%#v", *c)
		p := byFields[fields]
		if p == nil {
			p = &corsPolicy{name: "corsPolicy" + strconv.Itoa(len(g.corsPolicies)), policy: c}
			byFields[fields] = p
			g.corsPolicies = append(g.corsPolicies, p)
		}
		g.corsOf[c] = p
	}
	for _, d := range g.table.Domains {
		add(d.CORS)
	}
	for _, r := range g.routes {
		add(r.CORS)
	}
	for _, d := range g.table.Domains {
		if d.CatchAll != nil {
			add(d.CatchAll.CORS)
		}
	}
}

// corsValue is the variable of c's policy, or nil.
func (g *generator) corsValue(c *ir.CORS) jen.Code {
	if c == nil {
		return jen.Nil()
	}
	return jen.Id(g.corsOf[c].name)
}

// routesTable is the text of the Routes variable.
func (g *generator) routesTable() []byte {
	var b bytes.Buffer
	b.WriteString("// Routes are the routes of " + g.opts.Source + ": domain by domain, each sorted by path, then method.\n")
	b.WriteString("var Routes = []runtime.Route{")
	if len(g.routes) > 0 {
		b.WriteString("\n")
	}
	for _, r := range g.routes {
		b.WriteString("\t{")
		g.writeRouteFields(&b, r)
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return b.Bytes()
}

// writeRouteFields writes the fields of r that are not zero, in the order
// of runtime.Route.
func (g *generator) writeRouteFields(b *bytes.Buffer, r *route) {
	f := fieldWriter{b: b}
	f.int("Index", r.index)
	f.int("Domain", r.domain)
	f.string("Name", r.Name)
	f.string("Method", r.Method)
	f.string("Path", r.Path)
	f.stringIf("Controller", r.Controller)
	f.stringIf("Action", r.Action)
	f.stringIf("Auth", r.Auth)
	if r.MaxBodySize != 0 {
		f.int("MaxBodySize", int(r.MaxBodySize))
	}
	f.trueIf("AntiCSRFCheck", r.AntiCSRFCheck)
	f.trueIf("WebSocket", r.WebSocket)
	f.trueIf("Static", r.Static)
	f.stringIf("Dir", r.Dir)
	f.stringIf("File", r.File)
	f.trueIf("List", r.List)
	if len(r.Params) > 0 {
		f.key("Params")
		writeStrings(b, r.Params)
	}
	if len(r.Constraints) > 0 {
		cs := make([]string, len(r.ParamSpecs))
		for i, p := range r.ParamSpecs {
			cs[i] = r.Constraints[p.Name]
		}
		f.key("Constraints")
		writeStrings(b, cs)
	}
	if a := r.Authorization; a != nil {
		f.key("Authorization")
		b.WriteString("&runtime.Authorization{SatisfyBoth: " + strconv.FormatBool(a.Satisfy == "both") + ", Roles: ")
		writeChecks(b, a.Roles)
		b.WriteString(", Permissions: ")
		writeChecks(b, a.Permissions)
		b.WriteString("}")
	}
	if r.CORS != nil {
		f.key("CORS")
		b.WriteString(g.corsOf[r.CORS].name)
	}
	f.stringIf("Parent", r.Parent)
	f.string("Pos", g.opts.pos(r.Pos))
}

// fieldWriter writes the keyed fields of a one-line composite literal.
type fieldWriter struct {
	b    *bytes.Buffer
	some bool
}

func (f *fieldWriter) key(name string) {
	if f.some {
		f.b.WriteString(", ")
	}
	f.some = true
	f.b.WriteString(name + ": ")
}

func (f *fieldWriter) int(name string, v int) {
	f.key(name)
	f.b.WriteString(strconv.Itoa(v))
}

func (f *fieldWriter) string(name, v string) {
	f.key(name)
	f.b.WriteString(strconv.Quote(v))
}

func (f *fieldWriter) stringIf(name, v string) {
	if v != "" {
		f.string(name, v)
	}
}

func (f *fieldWriter) trueIf(name string, v bool) {
	if v {
		f.key(name)
		f.b.WriteString("true")
	}
}

// writeStrings writes a []string literal, or nil.
func writeStrings(b *bytes.Buffer, list []string) {
	if len(list) == 0 {
		b.WriteString("nil")
		return
	}
	quoted := make([]string, len(list))
	for i, s := range list {
		quoted[i] = strconv.Quote(s)
	}
	b.WriteString("[]string{" + strings.Join(quoted, ", ") + "}")
}

// writeChecks writes a []runtime.Check literal, or nil.
func writeChecks(b *bytes.Buffer, checks []ir.Check) {
	if len(checks) == 0 {
		b.WriteString("nil")
		return
	}
	b.WriteString("[]runtime.Check{")
	for i, c := range checks {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("{Func: " + strconv.Quote(c.Func) + ", Args: ")
		writeStrings(b, c.Args)
		b.WriteString("}")
	}
	b.WriteString("}")
}
