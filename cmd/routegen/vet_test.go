package main

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestVetCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{nil, []string{"vet", "-vettool=/bin/rg"}},
		{[]string{"./..."}, []string{"vet", "-vettool=/bin/rg", "./..."}},
		{[]string{"-fix", "-diff", "./a", "./b"}, []string{"vet", "-fix", "-diff", "-vettool=/bin/rg", "./a", "./b"}},
		{[]string{"-diff", "./..."}, []string{"vet", "-fix", "-diff", "-vettool=/bin/rg", "./..."}},
		{[]string{"--diff", "--fix=true"}, []string{"vet", "-diff", "-fix", "-vettool=/bin/rg"}},
		{[]string{"-diff=false"}, []string{"vet", "-diff=false", "-vettool=/bin/rg"}},
		{[]string{"-C", "dir", "-tags", "x", "-c", "2", "./..."}, []string{"vet", "-C", "dir", "-tags", "x", "-c", "2", "-vettool=/bin/rg", "./..."}},
		{[]string{"-helpers", "--json", "./..."}, []string{"vet", "-routevet.helpers", "--json", "-vettool=/bin/rg", "./..."}},
		{[]string{"-helpers=false", "--", "./a"}, []string{"vet", "-routevet.helpers=false", "-vettool=/bin/rg", "./a"}},
	} {
		got, help := vetCommand("/bin/rg", c.args)
		if help || !slices.Equal(got, c.want) {
			t.Errorf("vetCommand(%q) = %q, %v; want %q", c.args, got, help, c.want)
		}
	}
	for _, h := range []string{"-h", "-help", "--help"} {
		if _, help := vetCommand("/bin/rg", []string{h}); !help {
			t.Errorf("%s: no usage", h)
		}
	}
}

// TestVetFixReportsWhatIsLeft: routegen vet -fix applies the fixes it
// can, then reports the findings without a fix and exits 1, as without
// -fix.
func TestVetFixReportsWhatIsLeft(t *testing.T) {
	if testing.Short() {
		t.Skip("builds routegen and runs go vet")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(t.TempDir(), "routegen")
	build := exec.Command("go", "build", "-o", exe, "./cmd/routegen")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	dir := writeFiles(t, map[string]string{
		"go.mod":  "module example.com/fixme\n\ngo 1.25.0\n",
		"go.work": "go 1.25.0\n\nuse (\n\t.\n\t" + filepath.Join(root, "routevet", "testdata") + "\n\t" + root + "\n)\n",
		"handlers.go": `package fixme

import (
	"net/http"

	"example.com/hotels/routes"
)

var table = routes.Routes()

func handler(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, "/hotels/", http.StatusFound)
	http.Redirect(w, r, "/nowhere", http.StatusFound)
}
`,
	})
	// The fix is written as routegen writes its outputs: handlers.go is a
	// link whose target gets the fix and keeps its mode.
	if err := os.Rename(filepath.Join(dir, "handlers.go"), filepath.Join(dir, "handlers.txt")); err != nil {
		t.Fatal(err)
	}
	chmod(t, filepath.Join(dir, "handlers.txt"), 0o640)
	symlink(t, "handlers.txt", filepath.Join(dir, "handlers.go"))
	// -diff alone shows the fix and applies it not.
	cmd := exec.Command(exe, "vet", "-diff", "./...")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if !strings.Contains(string(out), "+\thttp.Redirect(w, r, routes.URL.Hotels(), http.StatusFound)") {
		t.Errorf("routegen vet -diff: %v\n%s\nwant the fix as a diff", err, out)
	}
	if src, _ := os.ReadFile(filepath.Join(dir, "handlers.go")); strings.Contains(string(src), "routes.URL.Hotels()") {
		t.Error("routegen vet -diff changed handlers.go")
	}

	cmd = exec.Command(exe, "vet", "-fix", "./...")
	cmd.Dir = dir
	out, err = cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 || !strings.Contains(string(out), "no route serves GET /nowhere") || strings.Contains(string(out), "/hotels/ is served only") {
		t.Errorf("routegen vet -fix: %v\n%s\nwant exit 1 with the finding left, and the fixed one gone", err, out)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "handlers.txt"))
	if err != nil || !strings.Contains(string(fixed), "http.Redirect(w, r, routes.URL.Hotels(), http.StatusFound)") {
		t.Errorf("handlers.go's target after -fix:\n%s", fixed)
	}
	if info, err := os.Lstat(filepath.Join(dir, "handlers.go")); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("vet -fix replaced the link handlers.go (%v)", err)
	}
	if info, err := os.Stat(filepath.Join(dir, "handlers.txt")); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("vet -fix left handlers.go's target %v (%v), want mode 0640 kept", info.Mode(), err)
	}
}
