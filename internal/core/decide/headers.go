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
// route (or its absence) is found: on every response but a static
// route's file and a WebSocket handshake, which aah served without them.
func (t *Table) setSecureHeaders(d *Decision, r *http.Request) {
	if d.routeOnly {
		return
	}
	if o := &d.Match.Outcome; o.Route >= 0 && (o.Status == http.StatusOK || o.Status == http.StatusBadRequest) {
		if p := &t.policies[o.Route]; p.Static || p.Method == "WS" {
			if t.explain {
				reason := "a WebSocket handshake goes without them, as aah's did"
				if p.Static {
					reason = "a static route serves its file without them, as aah's did"
				}
				d.step("secure_headers", "skipped", reason)
			}
			return
		}
	}
	s := t.secure
	n := s.plain
	if t.isHTTPS(r) {
		n = len(s.keys)
	}
	h := d.App.Writer().Header()
	for i, key := range s.keys[:n] {
		h[key] = s.values[i]
	}
	if t.explain {
		reason := s.reasonHTTP
		if n > s.plain {
			reason = s.reasonHTTPS
		}
		d.step("secure_headers", "set", reason)
	}
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
