package edgecheck

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/caddyserver/caddy/v2"
	_ "github.com/caddyserver/caddy/v2/modules/caddypki"
	_ "github.com/caddyserver/caddy/v2/modules/caddytls"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/difftest"
)

// TestCaddyTLS loads the --tls Caddy export into Caddy with its internal
// issuer (offline), and sends requests over HTTPS: Caddy's automatic HTTPS
// takes the certificate's name from the host matchers, the request reaches
// its route's backend, and the backend is told the request came over
// HTTPS (X-Forwarded-Proto, which runtime.WithTrustedProxies reads) and
// for which host.
func TestCaddyTLS(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	defer caddy.Stop()
	table, err := difftest.Load(dotsConf)
	if err != nil {
		t.Fatal(err)
	}
	type seen struct{ proto, host, forwardedHost string }
	got := make(chan seen, 10)
	named := func(name string) edge.Backend {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got <- seen{r.Header.Get("X-Forwarded-Proto"), r.Host, r.Header.Get("X-Forwarded-Host")}
			w.Header().Set(backendHeader, name)
		}))
		t.Cleanup(srv.Close)
		host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
		n, _ := strconv.Atoi(port)
		return edge.Backend{Name: host, Port: n}
	}
	web, users := named("web"), named("users")
	backends, err := edge.Assign(table, []edge.Assignment{{Backend: web}, {Domain: "main", Group: "profile", Backend: users}})
	if err != nil {
		t.Fatal(err)
	}
	addr := freeAddress(t)
	export, err := edge.Caddy(table, backends, addr, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := caddy.Load(tlsTestConfig(t, export), true); err != nil {
		t.Fatalf("caddy.Load: %v\n%s", err, export)
	}
	client := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		},
		// The internal issuer's root is in no trust store: the name is
		// checked below.
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	}}
	for _, c := range []struct{ host, path, want string }{
		{"example.com", "/user_bob", "users"},
		{"example.com", "/user_%2e", "web"},
		{"admin.example.com", "/", "web"},
	} {
		var res *http.Response
		// Caddy obtains the certificates after it starts.
		for try := 0; ; try++ {
			if res, err = client.Get("https://" + c.host + c.path); err == nil || try == 50 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		if err != nil {
			t.Fatalf("GET https://%s%s: %v", c.host, c.path, err)
		}
		res.Body.Close()
		if names := res.TLS.PeerCertificates[0].DNSNames; !slices.Contains(names, c.host) {
			t.Errorf("%s: the certificate names %q", c.host, names)
		}
		if b := res.Header.Get(backendHeader); b != c.want {
			t.Errorf("GET https://%s%s: reached %q, want %q", c.host, c.path, b, c.want)
			continue
		}
		if s := <-got; s.proto != "https" || s.host != c.host {
			t.Errorf("GET https://%s%s: the backend saw X-Forwarded-Proto %q and Host %q (X-Forwarded-Host %q)", c.host, c.path, s.proto, s.host, s.forwardedHost)
		}
	}
}

// tlsTestConfig is the export with the admin endpoint off, Caddy's
// internal issuer for every certificate, no root installed, and no
// redirect server on port 80.
func tlsTestConfig(t *testing.T, export []byte) []byte {
	var config map[string]any
	if err := json.Unmarshal(export, &config); err != nil {
		t.Fatal(err)
	}
	config["admin"] = map[string]any{"disabled": true, "config": map[string]any{"persist": false}}
	config["logging"] = map[string]any{"logs": map[string]any{"default": map[string]any{"level": "ERROR"}}}
	apps := config["apps"].(map[string]any)
	apps["tls"] = map[string]any{"automation": map[string]any{"policies": []any{map[string]any{"issuers": []any{map[string]any{"module": "internal"}}}}}}
	apps["pki"] = map[string]any{"certificate_authorities": map[string]any{"local": map[string]any{"install_trust": false}}}
	for _, s := range apps["http"].(map[string]any)["servers"].(map[string]any) {
		s.(map[string]any)["automatic_https"] = map[string]any{"disable_redirects": true}
	}
	out, err := json.Marshal(config)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
