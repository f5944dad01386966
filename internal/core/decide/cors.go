package decide

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/rs/cors"
)

// preflightAsBrowsersSend is r with its Access-Control-Request-Headers
// written as browsers write it: lower-case, sorted, once each, divided by
// commas alone. The CORS library accepts the list in that form only; curl
// users and hand-written clients write it in any case, order and spacing,
// which name the same headers. r itself when it is already so written, or
// has no list.
func preflightAsBrowsersSend(r *http.Request) *http.Request {
	values, found := r.Header["Access-Control-Request-Headers"]
	if !found || len(values) == 1 && inBrowsersForm(values[0]) {
		return r
	}
	list := requestedHeaders(values)
	r2 := r.WithContext(r.Context())
	r2.Header = r.Header.Clone()
	r2.Header["Access-Control-Request-Headers"] = []string{list}
	return r2
}

// inBrowsersForm reports whether list is written as browsers write it,
// without allocating: the usual preflight costs nothing more.
func inBrowsersForm(list string) bool {
	previous := ""
	for name := range strings.SplitSeq(list, ",") {
		if name == "" || name <= previous && previous != "" {
			return false
		}
		for i := range len(name) {
			if c := name[i]; c == ' ' || c == '\t' || 'A' <= c && c <= 'Z' {
				return false
			}
		}
		previous = name
	}
	return true
}

// requestedHeaders is the header names a preflight asks for, in the form
// preflightAsBrowsersSend writes them. A gateway may split the list over
// several lines: they are read as one.
func requestedHeaders(values []string) string {
	var names []string
	for _, v := range values {
		for name := range strings.SplitSeq(v, ",") {
			if name = strings.ToLower(strings.Trim(name, " \t")); name != "" {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return strings.Join(slices.Compact(names), ",")
}

// The lists the CORS library takes for an empty allow_methods and
// allow_headers.
var (
	libraryDefaultMethods = []string{http.MethodGet, http.MethodPost, http.MethodHead}
	libraryDefaultHeaders = []string{"accept", "content-type", "x-requested-with"}
)

// preflightRefusal names what of a preflight r the policy c, run by h,
// refuses: its origin, the method or the headers it asks for, in the
// order the library judges them.
func preflightRefusal(h *cors.Cors, c *CORS, r *http.Request) string {
	if !h.OriginAllowed(r) {
		return originRefusal(c, r)
	}
	if why := methodRefusal(c, r.Header.Get("Access-Control-Request-Method")); why != "" {
		return why
	}
	allowed := libraryDefaultHeaders
	if len(c.AllowHeaders) > 0 {
		allowed = make([]string, len(c.AllowHeaders))
		for i, name := range c.AllowHeaders {
			allowed[i] = strings.ToLower(name)
		}
	}
	if slices.Contains(allowed, "*") {
		return "the CORS library refuses the request"
	}
	var refused []string
	for name := range strings.SplitSeq(requestedHeaders(r.Header.Values("Access-Control-Request-Headers")), ",") {
		if name != "" && !slices.Contains(allowed, name) {
			refused = append(refused, strconv.Quote(name))
		}
	}
	switch len(refused) {
	case 0:
		return "the CORS library refuses the request"
	case 1:
		return "header " + refused[0] + " is not among allow_headers (" + strings.Join(allowed, ", ") + ")"
	default:
		return "headers " + strings.Join(refused, ", ") + " are not among allow_headers (" + strings.Join(allowed, ", ") + ")"
	}
}

// requestRefusal names what of a request r (no preflight) the policy c,
// run by h, does not allow: its origin, or its method.
func requestRefusal(h *cors.Cors, c *CORS, r *http.Request) string {
	switch {
	case r.Header.Get("Origin") == "":
		return "the request has no Origin header: it is no cross-origin request"
	case !h.OriginAllowed(r):
		return originRefusal(c, r)
	}
	if why := methodRefusal(c, r.Method); why != "" {
		return why
	}
	return "the CORS library refuses the request"
}

// originRefusal says that the policy c does not allow r's origin.
func originRefusal(c *CORS, r *http.Request) string {
	return "origin " + strconv.Quote(r.Header.Get("Origin")) + " is not among allow_origins (" + strings.Join(c.AllowOrigins, ", ") + ")"
}

// methodRefusal says that the policy c does not allow method, as the
// library reads allow_methods (OPTIONS always passes); "" when it does.
func methodRefusal(c *CORS, method string) string {
	methods := c.AllowMethods
	if len(methods) == 0 {
		methods = libraryDefaultMethods
	}
	if method == http.MethodOptions || slices.Contains(methods, "*") || slices.Contains(methods, method) {
		return ""
	}
	return "method " + strconv.Quote(method) + " is not among allow_methods (" + strings.Join(methods, ", ") + ")"
}
