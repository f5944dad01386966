package edgecheck

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/caddyserver/caddy/v2"

	"github.com/routegen/routegen/edge"
	"github.com/routegen/routegen/internal/difftest"
)

// dotsConf has a domain with a catch_all whose parameter and catch-all
// routes follow literal text in their segment, served apart.
const dotsConf = `domains {
  main {
    host = "example.com"
    catch_all { controller = "Fallback"; action = "Any" }
    routes {
      profile { path = "/user_:name"; controller = "User"; action = "Show" }
      source { path = "/src2*filepath"; controller = "User"; action = "Source" }
    }
  }
  admin {
    host = "admin.example.com"
    routes {
      admin_home { path = "/"; controller = "Admin"; action = "Home" }
    }
  }
}
`

// TestCaddyEscapedDotsAfterText: through the Caddy export, a value after
// literal text that decodes to a dot segment reaches the catch_all's
// backend, as the router refuses it to the route, and a Host with a
// trailing dot is served as the host without it.
func TestCaddyEscapedDotsAfterText(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	defer caddy.Stop()
	table, err := difftest.Load(dotsConf)
	if err != nil {
		t.Fatal(err)
	}
	named := func(name string) edge.Backend {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set(backendHeader, name)
		}))
		t.Cleanup(srv.Close)
		host, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
		n, _ := strconv.Atoi(port)
		return edge.Backend{Name: host, Port: n}
	}
	web, users := named("web"), named("users")
	backends, err := edge.Assign(table, []edge.Assignment{{Backend: web}, {Domain: "main", Group: "profile", Backend: users}, {Domain: "main", Group: "source", Backend: users}})
	if err != nil {
		t.Fatal(err)
	}
	addr := freeAddress(t)
	config, err := edge.Caddy(table, backends, addr, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := caddy.Load(testConfig(t, config), true); err != nil {
		t.Fatal(err)
	}
	client := difftest.NewConn(addr)
	defer client.Close()
	for _, c := range []struct{ host, path, want string }{
		{"example.com", "/user_bob", "users"},
		{"example.com", "/user_%2e", "web"},
		{"example.com", "/user_%2E%2e", "web"},
		{"example.com", "/user_.%2E", "web"},
		{"example.com", "/user_a%2F..", "web"},
		{"example.com", "/user_..x", "users"},
		{"example.com", "/src2%2e/a", "web"},
		{"example.com", "/src2x/a", "users"},
		{"example.com.", "/user_bob", "users"},
		{"EXAMPLE.com.", "/user_%2e", "web"},
	} {
		res, err := client.Send(difftest.PolicyRequest{Method: "GET", Target: c.path, Header: []string{"Host: " + c.host}, Body: -1})
		if err != nil {
			t.Fatalf("GET %s (Host %s): %v", c.path, c.host, err)
		}
		if got := res.Header.Get(backendHeader); got != c.want {
			t.Errorf("GET %s (Host %s): reached %q, want %q", c.path, c.host, got, c.want)
		}
	}
}
