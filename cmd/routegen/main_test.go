package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// runIn runs the command in dir and returns its exit code and output.
func runIn(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const validConf = `domains {
  localhost {
    host = "localhost"
    routes {
      show_hotel {
        path = "/hotels/:id[number]"
        controller = "Hotel"
        action = "Show"
        auth = "authenticated"
      }
    }
  }
}
`

func TestCheckValid(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	code, stdout, stderr := runIn(t, dir, "check")
	if code != exitOK || stdout != "" || stderr != "" {
		t.Errorf("check = %d, %q, %q; want 0 and no output", code, stdout, stderr)
	}
}

func TestCheckReportsEveryErrorWithPosition(t *testing.T) {
	dir := writeFiles(t, map[string]string{"conf/routes.conf": `domains {
  localhost {
    host = "localhost"
    routes {
      a {
        path = "/a"
        contoller = "App"
      }
      b {
        path = "/b/:x[bogus]"
        controller = "App"
      }
    }
  }
}
`})
	code, _, stderr := runIn(t, dir, "check", filepath.Join(dir, "conf", "routes.conf"))
	want := `conf/routes.conf:7:9: unknown key "contoller" in route "a"; did you mean "controller"?
conf/routes.conf:10:23: path "/b/:x[bogus]": parameter "x": unsupported constraint tag "bogus" (supported: required, number, numeric, alpha, alphanum, uuid, uuid3, uuid4, uuid5, oneof=, len=, min=, max=, gt=, gte=, lt=, lte=)
`
	if code != exitInput || stderr != want {
		t.Errorf("check = %d,\n%s\nwant 1,\n%s", code, stderr, want)
	}
}

func TestDefaultInputInConfigFolder(t *testing.T) {
	dir := writeFiles(t, map[string]string{"config/routes.conf": "domains {\n}\n"})
	code, _, stderr := runIn(t, dir, "check")
	if code != exitInput || !strings.HasPrefix(stderr, "config/routes.conf:1:1: ") {
		t.Errorf("check = %d, %q; want 1 with an error in config/routes.conf", code, stderr)
	}
}

func TestUsageErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	for _, args := range [][]string{
		{"frobnicate.conf"},
		{"check", "--no-such-flag"},
		{"check", "a.conf", "b.conf"},
		{"list", "--format", "yaml"},
	} {
		if code, _, stderr := runIn(t, dir, args...); code != exitUsage || !strings.HasPrefix(stderr, "routegen: ") {
			t.Errorf("%q: exit %d, %q; want 2 and a message", args, code, stderr)
		}
	}
	empty := t.TempDir()
	if code, _, _ := runIn(t, empty, "check"); code != exitUsage {
		t.Errorf("check with no routes.conf: exit %d, want 2", code)
	}
}

// TestMisspeltCommand: an argument without a command that names no file
// and looks like no path is said to be neither, with the command it may
// mean; one that looks like a path keeps stat's message, and "routegen
// generate" takes its argument for a file.
func TestMisspeltCommand(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf, "chek/routes.conf": validConf})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mtach", "GET", "/"}, `routegen: "mtach" is neither a file nor a command; did you mean routegen match?`},
		{[]string{"--no-color", "lst"}, `routegen: "lst" is neither a file nor a command; did you mean routegen list?`},
		{[]string{"verison"}, `routegen: "verison" is neither a file nor a command; did you mean routegen version?`},
		{[]string{"foo"}, `routegen: "foo" is neither a file nor a command`},
		{[]string{"routes.con"}, `routegen: stat routes.con: no such file or directory`},
		{[]string{"generate", "chekc"}, `routegen: stat chekc: no such file or directory`},
	} {
		code, _, stderr := runIn(t, dir, c.args...)
		if first, _, _ := strings.Cut(stderr, "\n"); code != exitUsage || first != c.want {
			t.Errorf("%q = %d, %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := runIn(t, dir, "help", "chek"); code != exitUsage || !strings.HasPrefix(stderr, "routegen: help chek: no such command; did you mean routegen help check?\n") {
		t.Errorf("help chek = %d, %q", code, stderr)
	}
	if code, _, stderr := runIn(t, dir, "chek"); code != exitOK {
		t.Errorf("routegen chek, a folder of that name = %d, %q; want 0", code, stderr)
	}
}

func TestHelp(t *testing.T) {
	code, stdout, _ := runIn(t, t.TempDir(), "help")
	if code != exitOK || !strings.Contains(stdout, "routegen check") {
		t.Errorf("help = %d, %q", code, stdout)
	}
}

// TestVersion: routegen version prints the version generated files name,
// and takes no argument.
func TestVersion(t *testing.T) {
	dir := t.TempDir()
	if code, stdout, stderr := runIn(t, dir, "version"); code != exitOK || stdout != "routegen (devel)\n" || stderr != "" {
		t.Errorf("version = %d, %q, %q; want 0, \"routegen (devel)\\n\"", code, stdout, stderr)
	}
	if code, _, stderr := runIn(t, dir, "version", "x"); code != exitUsage || !strings.Contains(stderr, `version takes no argument, got "x"`) {
		t.Errorf("version x = %d, %q; want 2 and a usage error", code, stderr)
	}
	if code, stdout, _ := runIn(t, dir, "help", "version"); code != exitOK || !strings.Contains(stdout, "Usage:\n  routegen version ") {
		t.Errorf("help version = %d, %q", code, stdout)
	}
	// help is a command too: help help is routegen's usage, not a typo of it.
	if code, stdout, stderr := runIn(t, dir, "help", "help"); code != exitOK || stderr != "" || !strings.Contains(stdout, "routegen version") {
		t.Errorf("help help = %d, %q, %q; want 0 and the usage", code, stdout, stderr)
	}
}

// TestCommandHelpListsItsFlags: a command's -help (and help COMMAND) lists
// each flag the command takes, as its flag set has it, so that a flag
// added is listed, and no flag of another command.
func TestCommandHelpListsItsFlags(t *testing.T) {
	commands := []string{"generate", "check", "diff", "list", "fmt", "changes", "match"}
	every := map[string]bool{}
	for _, cmd := range commands {
		fs, _ := newFlagSet(cmd)
		fs.VisitAll(func(f *pflag.Flag) { every[f.Name] = true })
	}
	dir := t.TempDir()
	for _, cmd := range commands {
		fs, _ := newFlagSet(cmd)
		takes := map[string]bool{}
		fs.VisitAll(func(f *pflag.Flag) { takes[f.Name] = true })
		for _, args := range [][]string{{cmd, "-help"}, {cmd, "-h"}, {"help", cmd}} {
			code, stdout, stderr := runIn(t, dir, args...)
			if code != exitOK || !strings.Contains(stdout, "Usage:\n  routegen ") {
				t.Errorf("%s: exit %d, %q\n%s", strings.Join(args, " "), code, stderr, stdout)
				continue
			}
			_, flags, _ := strings.Cut(stdout, "\nFlags:\n")
			flags, _, _ = strings.Cut(flags, "\nExit codes:")
			for name := range every {
				if listed := strings.Contains(flags, "--"+name+" ") || strings.Contains(flags, "--"+name+"\n"); listed != takes[name] {
					t.Errorf("%s lists --%s: %v, want %v:\n%s", strings.Join(args, " "), name, listed, takes[name], stdout)
				}
			}
		}
	}
	// The flags of match the issue found missing, with their shorthands.
	_, stdout, _ := runIn(t, dir, "match", "-help")
	for _, want := range []string{"-H, --header 'NAME: VALUE'", "--auth ok|fail", "--roles ROLES", "--permissions PERMS"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("match -help lacks %q:\n%s", want, stdout)
		}
	}
}

func TestListJSON(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	code, stdout, stderr := runIn(t, dir, "list", "--format", "json")
	if code != exitOK {
		t.Fatalf("list = %d, %s", code, stderr)
	}
	var got struct {
		Domains []map[string]json.RawMessage `json:"domains"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatal(err)
	}
	var routes []map[string]any
	if err := json.Unmarshal(got.Domains[0]["routes"], &routes); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{
		"name": "show_hotel", "method": "GET", "path": "/hotels/:id", "controller": "Hotel", "action": "Show",
		"auth": "authenticated", "max_body_size": 0.0, "anti_csrf_check": true, "websocket": false, "static": false,
		"dir": "", "file": "", "list": false, "params": []any{"id"}, "constraints": map[string]any{"id": "number"},
		"authorization": nil, "cors": nil, "parent": "", "pos": "routes.conf:5:7",
	}
	if len(routes) != 1 {
		t.Fatalf("got %d routes, want 1", len(routes))
	}
	for key, value := range want {
		if g, _ := json.Marshal(routes[0][key]); string(g) != mustJSON(t, value) {
			t.Errorf("route %s = %s, want %s", key, g, mustJSON(t, value))
		}
	}
	for _, key := range []string{"key", "name", "host", "port", "subdomain", "redirect_trailing_slash", "method_not_allowed", "auto_options", "default_auth", "anti_csrf_check", "cors", "catch_all", "routes"} {
		if _, ok := got.Domains[0][key]; !ok {
			t.Errorf("domain has no %q", key)
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestListTable(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	code, stdout, _ := runIn(t, dir, "list")
	want := "DOMAIN     METHOD  PATH         NAME        CONTROLLER#ACTION  AUTH           ANTI-CSRF\nlocalhost  GET     /hotels/:id  show_hotel  Hotel#Show         authenticated  on\n"
	if code != exitOK || stdout != want {
		t.Errorf("list = %d,\n%q\nwant\n%q", code, stdout, want)
	}
}

// TestListAntiCSRFRule: list names the key that decided a route's
// anti-CSRF check, where it is not the default.
func TestListAntiCSRFRule(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf": `domains {
  localhost {
    host = "localhost"
    routes {
      token { path = "/v1/token"; method = "POST"; controller = "Token" }
      form { path = "/form"; method = "POST"; controller = "Form"; anti_csrf_check = true }
    }
  }
}
`,
		"aah.conf": "type = \"api\"\n",
	})
	code, stdout, stderr := runIn(t, dir, "list", "--app-config", "aah.conf")
	want := `DOMAIN     METHOD  PATH       NAME   CONTROLLER#ACTION  AUTH  ANTI-CSRF
localhost  POST    /form      form   Form#Create              on: anti_csrf_check = true (routes.conf:6:68)
localhost  POST    /v1/token  token  Token#Create             off: type = "api" (aah.conf:1:1)
`
	if code != exitOK || stdout != want {
		t.Errorf("list = %d, %s\n%s\nwant\n%s", code, stderr, stdout, want)
	}
}

// TestCheckNamesUnapplied: check warns of an app config key routegen does
// not apply, and exits 0; generation does not repeat it.
func TestCheckNamesUnapplied(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf": validConf,
		"aah.conf":    "render {\n  default = \"json\"\n}\n",
	})
	code, _, stderr := runIn(t, dir, "check", "--app-config", "aah.conf")
	want := "aah.conf:2:3: warning: render.default is not applied: the router's own error replies (400, 401, 403, 404, 405, 413, 500) are text/plain, not JSON, and aah's pages of views/errors are not rendered; for aah's JSON bodies, give NewRouter runtime.WithErrorHandler(runtime.JSONErrorHandler)\n"
	if code != exitOK || stderr != want {
		t.Errorf("check = %d, %q; want 0, %q", code, stderr, want)
	}
	if code, _, stderr := runIn(t, dir, "--app-config", "aah.conf", "-o", "-"); code != exitOK || stderr != "" {
		t.Errorf("generate = %d, %q; want 0 and no message", code, stderr)
	}
}

func TestSecurityAndWarnings(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"routes.conf":   strings.Replace(validConf, `"authenticated"`, `"form_auth"`, 1),
		"security.conf": "security {\n  auth_schemes {\n    basic_auth {\n      scheme = \"basic\"\n    }\n  }\n}\n",
	})
	code, _, stderr := runIn(t, dir, "check", "--security", "security.conf")
	want := "routes.conf:9:16: auth \"form_auth\" is not an auth scheme of security.conf (known: basic_auth, anonymous, authenticated)\n"
	if code != exitInput || stderr != want {
		t.Errorf("check = %d, %q; want 1, %q", code, stderr, want)
	}
}

func TestGenerateWritesPackage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"api/routes.conf": validConf})
	code, _, stderr := runIn(t, dir, "api/routes.conf")
	if code != exitOK {
		t.Fatalf("generate = %d, %s", code, stderr)
	}
	out, err := os.ReadFile(filepath.Join(dir, "api", "routes_gen.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// Code generated by routegen (devel). DO NOT EDIT.\n", "\npackage api\n", "/*line routes.conf:5:6*/ Show(ctx *runtime.Context, id int64) error"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("generated file lacks %q", want)
		}
	}
}

func TestGenerateUnderGoGenerate(t *testing.T) {
	dir := writeFiles(t, map[string]string{"config/routes.conf": validConf})
	t.Setenv("GOFILE", "main.go")
	t.Setenv("GOPACKAGE", "web")
	code, _, stderr := runIn(t, dir)
	if code != exitOK {
		t.Fatalf("generate = %d, %s", code, stderr)
	}
	out, err := os.ReadFile(filepath.Join(dir, "routes_gen.go"))
	if err != nil || !strings.Contains(string(out), "\npackage web\n") || !strings.Contains(string(out), "config/routes.conf") {
		t.Errorf("want routes_gen.go of package web in $GOFILE's folder naming config/routes.conf; err %v", err)
	}
}

func TestGenerateWritesNothingOnError(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": "domains {\n  x {\n  }\n}\n"})
	code, _, _ := runIn(t, dir, "-o", "out/routes_gen.go")
	if code != exitInput {
		t.Errorf("generate = %d, want 1", code)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries after a failed generation, want only routes.conf", len(entries))
	}
}

func TestGenerateToStdout(t *testing.T) {
	dir := writeFiles(t, map[string]string{"shop/routes.conf": validConf})
	code, stdout, stderr := runIn(t, dir, "-o", "-", "shop/routes.conf")
	if code != exitOK || !strings.Contains(stdout, "\npackage shop\n") {
		t.Errorf("generate -o - = %d, %q; want the package on standard output", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "shop", "routes_gen.go")); err == nil {
		t.Error("-o - also wrote a file")
	}
}

// TestIncludesOfNonConfigFiles: an include of what is not a regular file
// is an error, not a read without end, and of a file that is not a
// configuration only its first error is reported, without its text.
func TestIncludesOfNonConfigFiles(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	other := strings.Repeat("root:x:0:0:root:/root:/bin/bash\n", 50)
	dir := writeFiles(t, map[string]string{
		"routes.conf": "include \"/dev/zero\"\ninclude \"sub\"\ninclude \"passwd\"\n" + validConf,
		"sub/x":       "",
		"passwd":      other,
	})
	code, _, stderr := runIn(t, dir, "check", "--no-color")
	want := "passwd:1:5: not valid (passwd is not a .conf file: its text is not shown)\n" +
		"routes.conf:1:1: read /dev/zero: not a regular file\n" +
		"routes.conf:2:1: read sub: not a regular file\n"
	if code != exitInput || stderr != want {
		t.Errorf("exit %d, stderr:\n%s\nwant:\n%s", code, stderr, want)
	}
	// The file named itself is not named again in its message.
	if code, _, stderr := runIn(t, dir, "check", "--no-color", "/dev/zero"); code != exitInput || stderr != "/dev/zero: not a regular file\n" {
		t.Errorf("check /dev/zero = %d, %q; want 1 and the file named once", code, stderr)
	}
}
