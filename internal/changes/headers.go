package changes

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// The secure headers of security.conf are one policy of the whole table:
// each header that differs is one change, at the keys of both sides'
// security.conf, judged by what a browser does with it.

// secureHeaderNames are the headers compared, in the order reported;
// Content-Security-Policy stands for its -Report-Only form too.
var secureHeaderNames = []string{"X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "X-Permitted-Cross-Domain-Policies", "Content-Security-Policy", "Strict-Transport-Security"}

const cspReportOnly = "Content-Security-Policy-Report-Only"

// httpHeaderKey is the section of the secure headers, and
// secureHeaderKeys the key under it that sets each header, which names
// the header's change (Change.Key).
const httpHeaderKey = "security.http_header"

var secureHeaderKeys = map[string]string{
	"X-Frame-Options":                   "xfo",
	"X-Content-Type-Options":            "xcto",
	"Referrer-Policy":                   "rp",
	"X-Permitted-Cross-Domain-Policies": "xpcdp",
	"Content-Security-Policy":           "csp",
	"Strict-Transport-Security":         "sts",
}

// secureHeaderSubjects are the keys a change of t's secure headers can be
// at, as Change.Key names them; none without them.
func secureHeaderSubjects(t *ir.Table) []string {
	if t.SecureHeaders == nil {
		return nil
	}
	out := []string{httpHeaderKey + ".enable"}
	for _, name := range secureHeaderNames {
		out = append(out, httpHeaderKey+"."+secureHeaderKeys[name])
	}
	return out
}

// secureHeaderChanges reports the secure headers that differ between the
// responses of the two sides to a request over HTTPS, as the router's
// decision sets them.
func (c *comparison) secureHeaderChanges(probes []probe) {
	was, is := c.old.router.SecureHeaders(true), c.new.router.SecureHeaders(true)
	req := func(name string) *Request { return c.headerRequest(probes, name) }
	ow, nw := c.old.table.SecureHeaders, c.new.table.SecureHeaders
	if len(was) > 0 && nw != nil && nw.Off {
		s := &subject{kind: secureHeadersSubject, oldPos: sectionPos(ow), newPos: nw.EnablePos, name: httpHeaderKey + ".enable"}
		c.report(s, cause{is: ruleSecureHeaders.to(Off), change: "secure headers turned off", old: headerList(was), new: "enable = false"}, Security, "responses now go without "+headerList(was), req(firstHeader(was)))
		return
	}
	if len(is) > 0 && ow != nil && ow.Off {
		s := &subject{kind: secureHeadersSubject, oldPos: ow.EnablePos, newPos: sectionPos(nw), name: httpHeaderKey + ".enable"}
		c.report(s, cause{is: ruleSecureHeaders.to(On), change: "secure headers turned on", old: "enable = false", new: headerList(is)}, Compatible, "responses now carry "+headerList(is), req(firstHeader(is)))
		return
	}
	for _, name := range secureHeaderNames {
		a, b := headerValue(was, name), headerValue(is, name)
		if a == b {
			continue
		}
		kind, is := judgeHeader(name, a, b)
		s := &subject{kind: secureHeadersSubject, oldPos: headerPos(ow, name), newPos: headerPos(nw, name), name: httpHeaderKey + "." + secureHeaderKeys[name]}
		c.report(s, cause{is: is, change: name + " " + headerChangeWords[is.direction], old: a, new: b}, kind, headerEffect(name, b), req(name))
	}
}

// headerRequest is a probe, sent over HTTPS, whose answers differ by
// header name (either form of Content-Security-Policy): most answers
// carry the secure headers, not all (a WebSocket handshake goes without
// them); nil for none.
func (c *comparison) headerRequest(probes []probe, name string) *Request {
	for _, p := range probes {
		host, _ := strings.CutPrefix(p.headers[0], "Host: ")
		req := Request{Method: p.method, Target: "https://" + host + p.target, Header: p.headers[1:], Subject: p.who}
		if !strings.HasPrefix(p.target, "/") {
			continue
		}
		r, err := c.new.router.NewRequest(req.Method, req.Target, req.Header)
		if err != nil {
			continue
		}
		a := c.old.router.Answer(r, p.who).Header
		b := c.new.router.Answer(r, p.who).Header
		if headerValue(a, name) != headerValue(b, name) {
			return &req
		}
	}
	return nil
}

// firstHeader is the first of the secure headers h carries.
func firstHeader(h http.Header) string {
	for _, name := range secureHeaderNames {
		if headerValue(h, name) != "" {
			return name
		}
	}
	return cspReportOnly
}

// headerValue is the value of header name in h; a Content-Security-Policy
// only reported is "report-only: " and its value.
func headerValue(h http.Header, name string) string {
	if name == "Content-Security-Policy" && h.Get(name) == "" {
		if v := h.Get(cspReportOnly); v != "" {
			return "report-only: " + v
		}
	}
	return h.Get(name)
}

// headerList names the headers of h, in the order reported.
func headerList(h http.Header) string {
	var names []string
	for _, name := range append(slices.Clone(secureHeaderNames), cspReportOnly) {
		if h.Get(name) != "" {
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}

// headerEffect is what a client meets: the header's new value, or none.
func headerEffect(name, value string) string {
	responses := "responses"
	if name == "Strict-Transport-Security" {
		responses = "HTTPS responses"
	}
	if value == "" {
		return responses + " now go without " + name
	}
	if v, ok := strings.CutPrefix(value, "report-only: "); ok {
		return responses + " now carry " + cspReportOnly + ": " + v
	}
	return responses + " now carry " + name + ": " + value
}

// headerChangeWords are the words of a header's change after its name,
// by its direction.
var headerChangeWords = map[Direction]string{Added: "added", Removed: "removed", Changed: "changed", Weakened: "weakened", Strengthened: "strengthened",
	ReportOnly: "turned report-only", Enforced: "enforced"}

// judgeHeader is how a browser feels a header's change from a to b ("" for
// none), and what the change is: a protection removed or lighter is
// security, the rest compatible.
func judgeHeader(name, a, b string) (Kind, outcome) {
	if name == "Content-Security-Policy" {
		// A policy only reported protects nothing; an enforced one that
		// changes may allow more, which its text alone does not tell.
		enforced := func(v string) bool { return v != "" && !strings.HasPrefix(v, "report-only: ") }
		switch {
		case enforced(a) && b == "":
			return Security, ruleSecureHeader.to(Removed)
		case enforced(a) && !enforced(b):
			return Security, ruleCSP.to(ReportOnly)
		case enforced(a):
			return Security, ruleSecureHeader.to(Changed)
		case enforced(b) && a != "":
			return Compatible, ruleCSP.to(Enforced)
		}
		if a == "" {
			return Compatible, ruleSecureHeader.to(Added)
		}
		return Compatible, ruleSecureHeader.to(Changed)
	}
	was, is := headerStrength(name, a), headerStrength(name, b)
	what := Changed
	switch {
	case b == "":
		what = Removed
	case a == "":
		what = Added
	case !is.atLeast(was):
		what = Weakened
	case !was.atLeast(is):
		what = Strengthened
	}
	if !is.atLeast(was) {
		return Security, ruleSecureHeader.to(what)
	}
	return Compatible, ruleSecureHeader.to(what)
}

// strength is what a header's value protects, part by part: each
// greater or equal is at least as strong.
type strength []int64

func (s strength) atLeast(t strength) bool {
	for i := range s {
		if s[i] < t[i] {
			return false
		}
	}
	return true
}

// referrerPolicies are the Referrer-Policy values by what they keep from
// other sites, the least first.
var referrerPolicies = []string{"unsafe-url", "no-referrer-when-downgrade", "origin-when-cross-origin", "origin", "strict-origin-when-cross-origin", "strict-origin", "same-origin", "no-referrer"}

// crossDomainPolicies are the X-Permitted-Cross-Domain-Policies values, the
// most permissive first.
var crossDomainPolicies = []string{"all", "by-ftp-filename", "by-content-type", "master-only", "none"}

// headerStrength is the strength of value ("" for none) of header name, as
// a browser reads it.
func headerStrength(name, value string) strength {
	v := strings.ToLower(strings.TrimSpace(value))
	switch name {
	case "X-Frame-Options":
		return strength{int64(slices.Index([]string{"sameorigin", "deny"}, v) + 1)}
	case "X-Content-Type-Options":
		if v == "nosniff" {
			return strength{1}
		}
		return strength{0}
	case "Referrer-Policy":
		// A browser takes the last value it knows, and without one its
		// default, strict-origin-when-cross-origin.
		policy := slices.Index(referrerPolicies, "strict-origin-when-cross-origin")
		for token := range strings.SplitSeq(v, ",") {
			if i := slices.Index(referrerPolicies, strings.TrimSpace(token)); i >= 0 {
				policy = i
			}
		}
		return strength{int64(policy)}
	case "X-Permitted-Cross-Domain-Policies":
		return strength{int64(slices.Index(crossDomainPolicies, v) + 1)}
	case "Strict-Transport-Security":
		var age, subdomains, preload int64
		for part := range strings.SplitSeq(v, ";") {
			part = strings.TrimSpace(part)
			switch {
			case strings.HasPrefix(part, "max-age="):
				age, _ = strconv.ParseInt(strings.TrimPrefix(part, "max-age="), 10, 64)
			case part == "includesubdomains":
				subdomains = 1
			case part == "preload":
				preload = 1
			}
		}
		return strength{age, subdomains, preload}
	}
	return strength{0}
}

// headerPos is where side t's security.conf sets header name: its key,
// else the section (a default), else nowhere (no security.conf).
func headerPos(t *ir.SecureHeaders, name string) parser.Pos {
	if t == nil {
		return parser.Pos{}
	}
	if at, ok := t.KeyPos[name]; ok {
		return at
	}
	return t.Pos
}

func sectionPos(t *ir.SecureHeaders) parser.Pos {
	if t == nil {
		return parser.Pos{}
	}
	return t.Pos
}
