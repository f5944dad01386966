package decide

import (
	"net/http"
	"net/textproto"
	"strings"
)

// secureHeaders are the headers of Config.SecureHeaders, made once so
// that setting them allocates nothing: canonical keys, and values that
// every response shares (a one-element slice, which an append copies).
type secureHeaders struct {
	keys   []string
	values [][]string
	plain  int // keys[:plain] go on every response, the rest on HTTPS only
	// The explaining reasons of a request over HTTP and over HTTPS.
	reasonHTTP, reasonHTTPS string
}

func newSecureHeaders(list []Header) *secureHeaders {
	if len(list) == 0 {
		return nil
	}
	s := &secureHeaders{}
	var plain, https []string
	for _, tls := range []bool{false, true} {
		for _, h := range list {
			if h.HTTPSOnly != tls {
				continue
			}
			key := textproto.CanonicalMIMEHeaderKey(h.Name)
			s.keys, s.values = append(s.keys, key), append(s.values, []string{h.Value}[:1:1])
			if tls {
				https = append(https, key)
			} else {
				plain = append(plain, key)
			}
		}
		if !tls {
			s.plain = len(s.keys)
		}
	}
	s.reasonHTTP = "security.conf's http_header sets " + strings.Join(plain, ", ")
	s.reasonHTTPS = "security.conf's http_header sets " + strings.Join(append(plain, https...), ", ")
	switch {
	case len(https) == 0:
	case len(plain) == 0:
		s.reasonHTTP = "security.conf's http_header sets " + strings.Join(https, ", ") + " on HTTPS only, and the request did not come over HTTPS"
	default:
		s.reasonHTTP += "; " + strings.Join(https, ", ") + " on HTTPS only, and the request did not come over HTTPS"
	}
	return s
}

// setSecureHeaders sets the secure headers on the response of d, whose
// route (or its absence) is found: on every response but a WebSocket
// handshake, which aah served without them; a static route's file has
// them, as aah wrote them before serving it. A WebSocket route found goes
// without them here: its refusals get them when refused
// (withRefusalHeaders), and the router sets them on its action's errors
// (SetSecureHeaders).
func (t *Table) setSecureHeaders(d *Decision, r *http.Request) {
	if d.routeOnly {
		return
	}
	if o := &d.Match.Outcome; o.Route >= 0 && o.Status == http.StatusOK && t.policies[o.Route].Method == "WS" {
		if t.explain {
			d.step("secure_headers", "skipped", "a WebSocket handshake goes without them, as aah's did")
		}
		return
	}
	n := t.setSecureHeadersOn(d.App.Writer().Header(), r)
	if t.explain {
		s := t.secure
		reason := s.reasonHTTP
		if n > s.plain {
			reason = s.reasonHTTPS
		}
		d.step("secure_headers", "set", reason)
	}
}

// setSecureHeadersOn sets the secure headers of a response to r on h,
// and returns how many.
func (t *Table) setSecureHeadersOn(h http.Header, r *http.Request) int {
	s := t.secure
	n := s.plain
	if t.isHTTPS(r) {
		n = len(s.keys)
	}
	for i, key := range s.keys[:n] {
		h[key] = s.values[i]
	}
	return n
}

// SetSecureHeaders sets the secure headers of a response to r on h, for
// the replies of a WebSocket route that the decision does not write: its
// action's errors.
func (t *Table) SetSecureHeaders(h http.Header, r *http.Request) {
	if t.secure != nil {
		t.setSecureHeadersOn(h, r)
	}
}

// withRefusalHeaders is k, what the policies of d's route decided: a
// WebSocket route's refusal, and its redirect to a login page (the one
// Reply of the policies), carry the secure headers, which its handshake
// would not.
func (t *Table) withRefusalHeaders(d *Decision, r *http.Request, k Kind) Kind {
	if (k == Refuse || k == Reply) && t.secure != nil && t.policies[d.Match.Outcome.Route].Method == "WS" {
		t.setSecureHeadersOn(d.App.Writer().Header(), r)
		if t.explain {
			d.step("secure_headers", "set", "a WebSocket route's refusal carries them")
		}
	}
	return k
}

// isHTTPS reports a request that came over HTTPS: on a TLS connection,
// or, behind a trusted proxy, one whose X-Forwarded-Proto says so (the
// first of its values: the proxy the client reached).
func (t *Table) isHTTPS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	if !t.trustProxies {
		return false
	}
	v := r.Header["X-Forwarded-Proto"]
	if len(v) == 0 {
		return false
	}
	proto, _, _ := strings.Cut(v[0], ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

// SecureHeaders are the secure headers of a response to a request over
// HTTPS, or over HTTP: what routegen changes compares.
func (t *Table) SecureHeaders(https bool) http.Header {
	h := http.Header{}
	if s := t.secure; s != nil {
		n := s.plain
		if https {
			n = len(s.keys)
		}
		for i, key := range s.keys[:n] {
			h[key] = s.values[i]
		}
	}
	return h
}
