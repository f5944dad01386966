package difftest

import (
	"fmt"
	"slices"
	"strings"

	"github.com/routegen/routegen/internal/reference"
	"github.com/routegen/routegen/runtime"
)

// FromMatch is what a generated Lookup filled m with, as a reference result.
func FromMatch(m *runtime.Match) reference.Result {
	res := reference.Result{Status: m.Status(), Domain: -1, Route: -1, CatchAll: m.CatchAll(), Allow: m.Allow(), Redirect: m.Redirect()}
	if m.Domain() != nil {
		res.Domain = m.Domain().Index
	}
	if m.Route() != nil {
		res.Route = m.Route().Index
	}
	for i := range m.Params.Len() {
		res.Params = append(res.Params, reference.Param{Name: m.Params.Name(i), Value: m.Params.Value(i)})
	}
	return res
}

// Equal reports whether two results are the same answer.
func Equal(a, b reference.Result) bool {
	return a.Status == b.Status && a.Domain == b.Domain && a.Route == b.Route && a.CatchAll == b.CatchAll &&
		a.Allow == b.Allow && a.Redirect == b.Redirect && slices.Equal(a.Params, b.Params)
}

// Format writes a result with every string quoted.
func Format(r reference.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "status %d domain %d route %d", r.Status, r.Domain, r.Route)
	if r.CatchAll {
		b.WriteString(" catch_all")
	}
	for _, p := range r.Params {
		fmt.Fprintf(&b, " %s=%q", p.Name, p.Value)
	}
	if r.Allow != "" {
		fmt.Fprintf(&b, " allow %q", r.Allow)
	}
	if r.Redirect != "" {
		fmt.Fprintf(&b, " redirect %q", r.Redirect)
	}
	return b.String()
}
