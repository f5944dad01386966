package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/routegen/routegen/internal/changes"
)

const changesBefore = `domains {
  site {
    host = "example.com"
    default_auth = "anonymous"
    anti_csrf_check = true
    routes {
      show_hotel { path = "/hotels/:id[number]"; controller = "Hotels"; action = "Show"; auth = "authenticated" }
      book { path = "/hotels/:id/book"; method = "GET, POST"; controller = "Hotels"; action = "Book"; max_body_size = "1kb" }
      about { path = "/about"; controller = "Site"; action = "About" }
    }
  }
  include "api.conf"
}
`

const changesAPIBefore = `api {
  host = "api.example.com"
  routes {
    items { path = "/items"; controller = "API"; action = "Items"; cors { allow_origins = ["https://app.example.com"] } }
  }
}
`

const changesAfter = `domains {
  site {
    host = "example.com"
    default_auth = "anonymous"
    anti_csrf_check = true
    routes {
      hotel { path = "/hotels/:id[number]"; controller = "Hotels"; action = "Show"; auth = "anonymous" }
      book { path = "/hotels/:id/book"; method = "POST"; controller = "Hotels"; action = "Book"; max_body_size = "1mb" }
      contact { path = "/contact"; controller = "Site"; action = "Contact" }
    }
  }
  include "api.conf"
}
`

// gitRepo makes a git repository in a temporary folder whose one commit
// holds files, and returns the folder.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := writeFiles(t, files)
	for _, args := range [][]string{
		{"init", "-q"},
		{"add", "."},
		{"-c", "user.name=routegen", "-c", "user.email=routegen@example.com", "commit", "-q", "-m", "routes"},
	} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return dir
}

// TestChangesSinceBase: routegen changes reads the old routes.conf, and
// the file it includes, from the git revision --base names, the new from
// the work tree, and reports in every format; --fail-on sets the exit code.
func TestChangesSinceBase(t *testing.T) {
	dir := gitRepo(t, map[string]string{"routes.conf": changesBefore, "api.conf": changesAPIBefore})
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("routes.conf", changesAfter)
	write("api.conf", strings.Replace(changesAPIBefore, `"https://app.example.com"`, `"*"`, 1))
	for _, c := range []struct {
		golden string
		args   []string
		code   int
	}{
		{"changes/text.txt", []string{"changes"}, exitInput},
		{"changes/markdown.md", []string{"changes", "--base", "HEAD", "--format", "markdown", "--fail-on", "security"}, exitInput},
		{"changes/json.json", []string{"changes", "--format=json", "--fail-on=compatible", "routes.conf"}, exitInput},
	} {
		code, stdout, stderr := runIn(t, dir, c.args...)
		if code != c.code || stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want exit %d", strings.Join(c.args, " "), code, stderr, c.code)
		}
		golden(t, c.golden, stdout)
	}
	// Every format lists the changes in one order.
	var orders []string
	for _, format := range []string{"text", "markdown", "json"} {
		_, stdout, _ := runIn(t, dir, "changes", "--format", format)
		var order []string
		for _, line := range strings.Split(stdout, "\n") {
			if strings.Contains(line, `"old_position"`) {
				continue
			}
			if i := strings.Index(line, "routes.conf:"); i >= 0 {
				order = append(order, strings.TrimSuffix(strings.Fields(strings.Trim(line[i:], `",`))[0], ":"))
			} else if i := strings.Index(line, "api.conf:"); i >= 0 {
				order = append(order, strings.TrimSuffix(strings.Fields(strings.Trim(line[i:], `",`))[0], ":"))
			}
		}
		orders = append(orders, format+": "+strings.Join(order, " "))
	}
	if strings.TrimPrefix(orders[0], "text: ") != strings.TrimPrefix(orders[1], "markdown: ") || strings.TrimPrefix(orders[0], "text: ") != strings.TrimPrefix(orders[2], "json: ") {
		t.Errorf("the formats list the changes in different orders:\n%s", strings.Join(orders, "\n"))
	}
	// The work tree as committed: nothing changed, nothing fails.
	write("routes.conf", changesBefore)
	write("api.conf", changesAPIBefore)
	if code, stdout, _ := runIn(t, dir, "changes", "--fail-on", "breaking,security"); code != exitOK || stdout != "no route changed\n" {
		t.Errorf("unchanged: exit %d, %q", code, stdout)
	}
}

// TestChangesOfPackageFolder: a package folder stands for the routes.conf
// its //go:generate directive names, as for check; a folder of several
// directives is a usage error that names their inputs.
func TestChangesOfPackageFolder(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"conf/routes.conf": changesBefore, "conf/api.conf": changesAPIBefore,
		"app/gen.go": "package app\n\n//go:generate go tool routegen --package app ../conf/routes.conf\n",
		"two/gen.go": "package two\n\n//go:generate go tool routegen --package two ../conf/routes.conf\n//go:generate go tool routegen --package two -o api_gen.go ../conf/api.conf\n",
	})
	if err := os.WriteFile(filepath.Join(dir, "conf", "routes.conf"), []byte(changesAfter), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, dir, "changes", "--fail-on=", "app")
	if code != exitOK || stderr != "" || !strings.Contains(stdout, "conf/routes.conf:7:7: ROUTE_RENAMED hotel: GET /hotels/:id: name changed: show_hotel → hotel (was at HEAD:conf/routes.conf:7:7)") {
		t.Errorf("changes app: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, _, stderr = runIn(t, dir, "changes", "two")
	if want := "2 routes.conf files are read here: conf/routes.conf (directive two/gen.go:3), conf/api.conf (directive two/gen.go:4); name one"; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("changes two: exit %d, stderr %q; want exit %d and %q", code, stderr, exitUsage, want)
	}
}

// TestChangesOfTwoFiles: the form of two files compares them, with no git.
func TestChangesOfTwoFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{"old/routes.conf": changesBefore, "old/api.conf": changesAPIBefore, "new/routes.conf": changesAfter, "new/api.conf": changesAPIBefore})
	code, stdout, stderr := runIn(t, dir, "changes", "--fail-on", "breaking", "old/routes.conf", "new/routes.conf")
	if code != exitInput || stderr != "" || !strings.Contains(stdout, `new/routes.conf:7:7: ROUTE_RENAMED hotel: GET /hotels/:id: name changed: show_hotel → hotel (was at old/routes.conf:7:7)`) {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
}

// TestChangesErrors: usage errors exit 2; an old side that does not load
// is reported with the revision in its file names.
func TestChangesErrors(t *testing.T) {
	dir := gitRepo(t, map[string]string{"routes.conf": strings.Replace(changesBefore, `"/about"`, `"/about`, 1), "api.conf": changesAPIBefore})
	if err := os.WriteFile(filepath.Join(dir, "routes.conf"), []byte(changesAfter), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runIn(t, dir, "changes")
	if code != exitInput || !strings.HasPrefix(stderr, "HEAD:routes.conf:") {
		t.Errorf("old side with an error: exit %d, stderr %q; want exit 1 naming HEAD:routes.conf", code, stderr)
	}
	for _, args := range [][]string{
		{"changes", "--format", "yaml"},
		{"changes", "--fail-on", "fatal"},
		{"changes", "--base", "no-such-revision"},
		{"changes", "--base", "HEAD", "a.conf", "b.conf"},
		{"changes", "a", "b", "c"},
	} {
		if code, _, stderr := runIn(t, dir, args...); code != exitUsage || stderr == "" {
			t.Errorf("%s: exit %d, %q; want a usage error", strings.Join(args, " "), code, stderr)
		}
	}
}

// TestChangesFailOnSource: a route renamed is a source change, which
// fails only when --fail-on names it: by default breaking and security
// changes fail.
func TestChangesFailOnSource(t *testing.T) {
	renamed := strings.Replace(changesBefore, "show_hotel {", "hotel {", 1)
	dir := writeFiles(t, map[string]string{"old/routes.conf": changesBefore, "old/api.conf": changesAPIBefore, "new/routes.conf": renamed, "new/api.conf": changesAPIBefore})
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"changes", "old/routes.conf", "new/routes.conf"}, exitOK},
		{[]string{"changes", "--fail-on", "source", "old/routes.conf", "new/routes.conf"}, exitInput},
		{[]string{"changes", "--fail-on", "breaking,compatible", "old/routes.conf", "new/routes.conf"}, exitOK},
	} {
		code, stdout, stderr := runIn(t, dir, c.args...)
		if code != c.code || stderr != "" || stdout != "source:\n  new/routes.conf:7:7: ROUTE_RENAMED hotel: GET /hotels/:id: name changed: show_hotel → hotel (was at old/routes.conf:7:7)\n" {
			t.Errorf("%s: exit %d, stderr %q, stdout:\n%s\nwant exit %d", strings.Join(c.args, " "), code, stderr, stdout, c.code)
		}
	}
	// With an anti-CSRF turned off on an unsafe route, the default fails.
	loosened := strings.Replace(renamed, `max_body_size = "1kb" }`, `max_body_size = "1kb"; anti_csrf_check = false }`, 1)
	if err := os.WriteFile(filepath.Join(dir, "new", "routes.conf"), []byte(loosened), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, _ := runIn(t, dir, "changes", "old/routes.conf", "new/routes.conf"); code != exitInput || !strings.Contains(stdout, "anti_csrf_check turned off") {
		t.Errorf("anti-CSRF turned off: exit %d, stdout:\n%s\nwant exit %d", code, stdout, exitInput)
	}
}

// TestChangesUnservedDomain: a domain whose port is read from an unset
// variable serves nothing on its side, and changes says so.
func TestChangesUnservedDomain(t *testing.T) {
	t.Setenv("ROUTEGEN_CHANGES_PORT", "")
	env := strings.Replace(changesAPIBefore, `host = "api.example.com"`, `host = "api.example.com"; port = $ROUTEGEN_CHANGES_PORT`, 1)
	dir := writeFiles(t, map[string]string{"old/routes.conf": changesBefore, "old/api.conf": changesAPIBefore, "new/routes.conf": changesBefore, "new/api.conf": env})
	code, stdout, stderr := runIn(t, dir, "changes", "old/routes.conf", "new/routes.conf")
	want := "routegen: changes: the new side serves no request of domain api: port $ROUTEGEN_CHANGES_PORT is unset"
	if code != exitInput || !strings.HasPrefix(stderr, want) || !strings.Contains(stdout, "host changed: api.example.com:8080 → api.example.com:${ROUTEGEN_CHANGES_PORT}: GET /items/ now gets 404") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant exit %d, stderr %q…", code, stderr, stdout, exitInput, want)
	}
}

// TestChangesOfTwoFilesWithTheirSecurity: in the form of two files, the
// old side reads --old-security, so that a security.conf edit is seen
// without git; without it both sides read --security's, and nothing
// differs. With --base, the flag is a usage error: git gives the old file.
func TestChangesOfTwoFilesWithTheirSecurity(t *testing.T) {
	const routes = `domains { site { host = "example.com"; default_auth = "anonymous"; routes { home { path = "/"; controller = "Pages"; action = "Home" } } } }`
	dir := writeFiles(t, map[string]string{
		"old/routes.conf": routes, "old/security.conf": "security { http_header { xfo = \"DENY\" } }\n",
		"new/routes.conf": routes, "new/security.conf": "security { http_header { xfo = \"SAMEORIGIN\" } }\n",
	})
	code, stdout, stderr := runIn(t, dir, "changes", "--security", "new/security.conf", "--old-security", "old/security.conf", "old/routes.conf", "new/routes.conf")
	if code != exitInput || stderr != "" || !strings.Contains(stdout, "X-Frame-Options weakened") || !strings.Contains(stdout, "old/security.conf:1:") {
		t.Errorf("with --old-security: exit %d, stderr %q, stdout:\n%s\nwant exit 1 and X-Frame-Options weakened, at old/security.conf", code, stderr, stdout)
	}
	if code, stdout, stderr := runIn(t, dir, "changes", "--security", "new/security.conf", "old/routes.conf", "new/routes.conf"); code != exitOK || stdout != "no route changed\n" || stderr != "" {
		t.Errorf("without --old-security: exit %d, stdout %q, stderr %q; want no change", code, stdout, stderr)
	}
	if code, _, stderr := runIn(t, dir, "changes", "--old-security", "old/security.conf", "new/routes.conf"); code != exitUsage || !strings.Contains(stderr, "--old-security") {
		t.Errorf("--old-security with one routes.conf: exit %d, %q; want a usage error", code, stderr)
	}
}

// TestChangesAccept: a finding an --accept file names is printed as
// accepted and does not fail; the next one still does; a line that
// matches no finding is reported, so that a stale acceptance is seen.
func TestChangesAccept(t *testing.T) {
	dir := writeFiles(t, map[string]string{"old/routes.conf": changesBefore, "old/api.conf": changesAPIBefore, "new/routes.conf": changesAfter, "new/api.conf": changesAPIBefore,
		"all.txt":  "# reviewed\nROUTE/removed about\nMETHOD/removed book\nAUTH/removed hotel # public now\nFAIL_CLOSED/off api.items\nBODY_LIMIT/raised book\n",
		"some.txt": "ROUTE/removed about\nAUTH/removed show_hotel\n"})
	code, stdout, stderr := runIn(t, dir, "changes", "--accept", "all.txt", "old/routes.conf", "new/routes.conf")
	if code != exitOK || stderr != "" || !strings.Contains(stdout, "old/routes.conf:9:7: ROUTE/removed about: accepted: GET /about: route removed") {
		t.Errorf("all accepted: exit %d, stderr %q, stdout:\n%s", code, stderr, stdout)
	}
	code, stdout, stderr = runIn(t, dir, "changes", "--accept", "some.txt", "old/routes.conf", "new/routes.conf")
	if want := "some.txt:2:1: AUTH/removed show_hotel matches no finding: the change it accepted is gone, or was changed again; show_hotel is named hotel now\n"; code != exitInput || stderr != want {
		t.Errorf("some accepted: exit %d, stderr %q, want exit 1 and %q; stdout:\n%s", code, stderr, want, stdout)
	}
}

// TestChangesOfAddedSecurity: a security.conf the change adds is none on
// the old side, with --base (git has no such file there) and in the form
// of two files with --old-security ""; its schemes make every route
// without auth fail closed, which both report.
func TestChangesOfAddedSecurity(t *testing.T) {
	const routes = `domains { site { host = "example.com"; routes { home { path = "/"; controller = "Pages"; action = "Home" } } } }`
	const security = `security { auth_schemes { form_auth { scheme = "form" } } }`
	dir := gitRepo(t, map[string]string{"routes.conf": routes, "old/routes.conf": routes})
	if err := os.WriteFile(filepath.Join(dir, "security.conf"), []byte(security), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = "fail-closed turned on"
	// check's warning of the new side's routes without auth goes to stderr.
	code, stdout, stderr := runIn(t, dir, "changes", "--base", "HEAD", "--security", "security.conf")
	if code != exitInput || strings.Contains(stderr, "not in HEAD") || !strings.Contains(stdout, want) || !strings.Contains(stdout, "\n  security.conf: SECURE_HEADER/added security.http_header.xfo: X-Frame-Options added") {
		t.Errorf("--base HEAD: exit %d, stderr %q, stdout:\n%s\nwant exit 1 and %q", code, stderr, stdout, want)
	}
	code, stdout, stderr = runIn(t, dir, "changes", "--security", "security.conf", "--old-security", "", "old/routes.conf", "routes.conf")
	if code != exitInput || !strings.Contains(stdout, want) {
		t.Errorf("--old-security '': exit %d, stderr %q, stdout:\n%s\nwant exit 1 and %q", code, stderr, stdout, want)
	}
	// A finding of security.conf is accepted by its key alone: the file
	// names none, and the error names the keys of the rule's findings.
	accepted := "SECURE_HEADER/added security.http_header.xfo\nSECURE_HEADER/added security.conf\nSECURE_HEADER/added security.http_header.xfoo\n"
	if err := os.WriteFile(filepath.Join(dir, "accepted.txt"), []byte(accepted), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runIn(t, dir, "changes", "--fail-on=", "--accept", "accepted.txt", "--security", "security.conf", "--old-security", "", "old/routes.conf", "routes.conf")
	wantErr := `accepted.txt:2:21: a finding of security.conf or the app config is named by its key (security.session.sign_key), not by the file; SECURE_HEADER in this change is at security.http_header.rp, security.http_header.sts, security.http_header.xcto, security.http_header.xfo, security.http_header.xpcdp
accepted.txt:3:21: routegen compares no key security.http_header.xfoo of either version; SECURE_HEADER in this change is at security.http_header.rp, security.http_header.sts, security.http_header.xcto, security.http_header.xfo, security.http_header.xpcdp; did you mean security.http_header.xfo?
`
	if code != exitInput || !strings.HasSuffix(stderr, "\n"+wantErr) || !strings.Contains(stdout, "SECURE_HEADER/added security.http_header.xfo: accepted") || strings.Contains(stdout, "SECURE_HEADER/added security.http_header.xcto: accepted") {
		t.Errorf("--accept: exit %d, stderr:\n%s\nwant exit 1 and:\n%s\nstdout:\n%s", code, stderr, wantErr, stdout)
	}
}

// TestChangesOfAddedRoutesConf: a routes.conf the change adds has no
// version at --base: changes says so, in its own words rather than git's,
// and passes, as every route of it is new, but with --fail-on compatible.
func TestChangesOfAddedRoutesConf(t *testing.T) {
	const routes = `domains { site { host = "example.com"; routes { home { path = "/"; controller = "Pages"; action = "Home" } } } }`
	dir := gitRepo(t, map[string]string{"site/routes.conf": routes})
	if err := os.MkdirAll(filepath.Join(dir, "admin"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "admin", "routes.conf"), []byte(routes), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = "routegen: changes: HEAD:admin/routes.conf: not in HEAD: the change adds it, so every route of it is new (compatible)\n"
	if code, stdout, stderr := runIn(t, dir, "changes", "admin/routes.conf"); code != exitOK || stdout != "" || stderr != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 0 and %q", code, stdout, stderr, want)
	}
	if code, stdout, stderr := runIn(t, filepath.Join(dir, "admin"), "changes", "--format", "json", "--fail-on", "compatible", "routes.conf"); code != exitInput || stdout != "[]\n" || stderr != want {
		t.Errorf("--fail-on compatible, from admin: exit %d, stdout %q, stderr %q; want exit 1, [] and %q", code, stdout, stderr, want)
	}
}

// TestChangesFromSubfolder: run from a folder below the repository's
// root, changes names the old files by their path from the root, which
// `git show REV:PATH` reads there, for a finding's old position and for
// an error of the old side.
func TestChangesFromSubfolder(t *testing.T) {
	dir := gitRepo(t, map[string]string{"svc/routes.conf": changesBefore, "svc/api.conf": changesAPIBefore})
	sub := filepath.Join(dir, "svc")
	if err := os.WriteFile(filepath.Join(sub, "routes.conf"), []byte(changesAfter), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runIn(t, sub, "changes")
	const want = "HEAD:svc/routes.conf:9:7: ROUTE/removed"
	if code != exitInput || stderr != "" || !strings.Contains(stdout, want) {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant %q", code, stderr, stdout, want)
	}
	// The position's REV:PATH, without :LINE:COL, is what git show reads.
	at := strings.Fields(stdout[strings.Index(stdout, want):])[0]
	spec := strings.Join(strings.Split(at, ":")[:2], ":")
	show := exec.Command("git", "show", spec)
	show.Dir = sub
	if out, err := show.Output(); err != nil || string(out) != changesBefore {
		t.Errorf("git show %s in svc: %v\n%s", spec, err, out)
	}
	// An error of the old side is named so too.
	write := func(content string) {
		if err := os.WriteFile(filepath.Join(sub, "routes.conf"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(strings.Replace(changesBefore, `"/about"`, `"/about`, 1))
	for _, args := range [][]string{{"add", "."}, {"-c", "user.name=routegen", "-c", "user.email=routegen@example.com", "commit", "-q", "-m", "broken"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	write(changesAfter)
	if code, _, stderr := runIn(t, sub, "changes"); code != exitInput || !strings.HasPrefix(stderr, "HEAD:svc/routes.conf:") {
		t.Errorf("old side with an error: exit %d, stderr %q; want it named HEAD:svc/routes.conf", code, stderr)
	}
}

func TestChangesOfRemovedSecurity(t *testing.T) {
	const routes = `domains { site { host = "example.com"; routes { home { path = "/"; controller = "Pages"; action = "Home" } } } }`
	dir := gitRepo(t, map[string]string{"routes.conf": routes, "security.conf": `security { auth_schemes { basic_auth { scheme = "basic" } } }`})
	if err := os.Remove(filepath.Join(dir, "security.conf")); err != nil {
		t.Fatal(err)
	}
	// check's warning of the old side's routes without auth goes to stderr.
	code, stdout, stderr := runIn(t, dir, "changes", "--base", "HEAD", "--security", "security.conf")
	if want := "fail-closed turned off"; code != exitInput || strings.Contains(stderr, "no such file") || !strings.Contains(stdout, want) {
		t.Errorf("exit %d, stderr %q, stdout:\n%s\nwant exit 1 and %q", code, stderr, stdout, want)
	}
}

// TestChangesAcceptErrors: a line of an --accept file that names an
// unknown rule, an ID written as before the rules had directions, or a
// route neither version has is an error at its line and column, with
// the name to write, and fails the run even when no kind does; the
// lines that hold are accepted still. A line of a direction the route's
// finding did not go matches nothing, and names the one it went.
func TestChangesAcceptErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"old/routes.conf": changesBefore, "old/api.conf": changesAPIBefore, "new/routes.conf": changesAfter, "new/api.conf": changesAPIBefore,
		"bad.txt": "ROUTE_REMOVD about\nROUTE_REMOVED about\nFAIL_CLOSED/off items\nROUTE/removed abuot\n  AUTH/removed\nHOST_CHANGED domain:www\nROUTE about\nROUTE/removed about\nAUTH/added hotel\n"})
	code, stdout, stderr := runIn(t, dir, "changes", "--fail-on=", "--accept", "bad.txt", "old/routes.conf", "new/routes.conf")
	want := `bad.txt:1:1: unknown rule ROUTE_REMOVD; did you mean ROUTE/removed?
bad.txt:2:1: ROUTE_REMOVED is written ROUTE/removed now
bad.txt:3:17: no route is named items in either version; did you mean api.items? (a route of a domain other than the root is named KEY.name)
bad.txt:4:15: no route is named abuot in either version; did you mean about?
bad.txt:5:3: want RULE ROUTE, found "AUTH/removed"
bad.txt:6:14: no domain has the key www in either version
bad.txt:7:1: rule ROUTE takes a direction: ROUTE/added, ROUTE/removed
bad.txt:9:1: AUTH/added hotel matches no finding: the change it accepted is gone, or was changed again; hotel has AUTH/removed
`
	if code != exitInput || stderr != want || !strings.Contains(stdout, "ROUTE/removed about: accepted: GET /about") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and:\n%s\nstdout:\n%s", code, stderr, want, stdout)
	}
}

// TestUsageAcceptFile: the accept file docs/usage.md shows names rules
// and directions that changes knows.
func TestUsageAcceptFile(t *testing.T) {
	data, err := os.ReadFile("../../docs/usage.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(data), "```\n# routes-accepted.txt\n")
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatal("docs/usage.md shows no accept file routes-accepted.txt")
	}
	for _, line := range strings.Split(strings.TrimSpace(block), "\n") {
		id := strings.Fields(line)[0]
		if _, _, err := changes.LookupFinding(id); err != nil {
			t.Errorf("docs/usage.md's accept file: %v", err)
		}
	}
}
