package main

import (
	"strings"
	"testing"
)

// edgeConf is a domain whose users group is served apart, by a
// parameter route that Istio ranks after the domain's PathPrefix /.
const edgeConf = `domains {
  main {
    host = "example.com"
    routes {
      home { path = "/"; controller = "App"; action = "Home" }
      files { path = "/files/*path"; controller = "Files"; action = "Show" }
      users {
        path = "/users"; controller = "User"; action = "List"
        routes {
          user { path = "/:id"; action = "Show" }
        }
      }
    }
  }
}
`

func TestListEdgeFlags(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": edgeConf})
	for _, tc := range []struct {
		args []string
		code int
		want string // in stderr
	}{
		{[]string{"--format", "gateway"}, exitUsage, "--format gateway needs --backend"},
		{[]string{"--format", "caddy", "--backend", "web"}, exitUsage, `backend "web": want NAME:PORT`},
		{[]string{"--format", "caddy", "--backend", "web:0"}, exitUsage, `the port "0" is not a number from 1 to 65535`},
		{[]string{"--format", "caddy", "--backend", "main/=web:80"}, exitUsage, "want NAME:PORT, DOMAIN=NAME:PORT or DOMAIN/GROUP=NAME:PORT"},
		{[]string{"--format", "caddy", "--backend", "api=web:80"}, exitUsage, `routes.conf has no domain "api"`},
		{[]string{"--format", "caddy", "--backend", "main/admin=web:80", "--backend", "web:80"}, exitUsage, `domain main has no route section "admin"`},
		{[]string{"--format", "caddy", "--backend", "main/users=users:80"}, exitUsage, "domain main has no backend for the requests no route answers"},
		{[]string{"--format", "json", "--backend", "web:80"}, exitUsage, "--backend is for --format caddy and gateway"},
		{[]string{"--format", "caddy", "--backend", "web:80"}, exitOK, "routegen: note: Kept by the services"},
	} {
		code, _, stderr := runIn(t, dir, append([]string{"list"}, tc.args...)...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("list %q = %d, %s; want %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}

// TestListGatewayCaveats: the requests a Gateway may send to another
// backend are warnings at the routes the router answers them with, and
// errors under --strict, which writes no HTTPRoutes.
func TestListGatewayCaveats(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": edgeConf})
	args := []string{"list", "--format", "gateway", "--backend", "web:8080", "--backend", "main/users=users:8080"}
	code, stdout, stderr := runIn(t, dir, args...)
	if code != exitOK || !strings.Contains(stdout, "kind: HTTPRoute") {
		t.Fatalf("list = %d, %s", code, stderr)
	}
	golden(t, "edge/caveats.stderr", stderr)
	golden(t, "edge/split.yaml", stdout)
	code, stdout, strict := runIn(t, dir, append(args, "--strict")...)
	if code != exitInput || stdout != "" || strict != strings.ReplaceAll(stderr, ": warning: ", ": ") {
		t.Errorf("--strict = %d, stdout %q, stderr:\n%s", code, stdout, strict)
	}
	// One backend: no request can go elsewhere.
	if code, _, stderr := runIn(t, dir, "list", "--format", "gateway", "--backend", "web:8080", "--strict"); code != exitOK {
		t.Errorf("one backend, --strict = %d, %s", code, stderr)
	}
}

// TestListRefusesWhatCheckRefuses: a folder whose name holds a newline,
// which check refuses for the //line directives, is refused by list too,
// so that no export carries it into a comment.
func TestListRefusesWhatCheckRefuses(t *testing.T) {
	folder := "x\n---\napiVersion: v1\nkind: ConfigMap"
	dir := writeFiles(t, map[string]string{folder + "/routes.conf": edgeConf})
	code, _, checkErr := runIn(t, dir, "check", folder+"/routes.conf")
	if code != exitInput {
		t.Fatalf("check = %d, %s", code, checkErr)
	}
	for _, format := range []string{"gateway", "caddy", "table"} {
		code, stdout, stderr := runIn(t, dir, "list", "--format", format, "--backend", "web:8080", folder+"/routes.conf")
		if format == "table" {
			code, stdout, stderr = runIn(t, dir, "list", folder+"/routes.conf")
		}
		if code != exitInput || stdout != "" || !strings.Contains(stderr, "cannot be written in the //line directives") {
			t.Errorf("list --format %s = %d, stdout %q, stderr %s", format, code, stdout, stderr)
		}
	}
}
