package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A guideStep is a file the guide writes (a fenced block whose info
// string names it, "go file=app/app.go") or a command it runs (a line
// "$ command" of a console block) with the output shown below it.
type guideStep struct {
	file, content string
	command       string
	output        string
	// first and last are the lines of the guide that hold the output.
	first, last int
}

// guideSteps returns the steps of the guide, in its order.
func guideSteps(t *testing.T, markdown string) []guideStep {
	t.Helper()
	var steps []guideStep
	lines := strings.SplitAfter(markdown, "\n")
	for i := 0; i < len(lines); i++ {
		info, ok := strings.CutPrefix(strings.TrimSpace(lines[i]), "```")
		if !ok || info == "" {
			continue
		}
		end := i + 1
		for end < len(lines) && strings.TrimSpace(lines[end]) != "```" {
			end++
		}
		if end == len(lines) {
			t.Fatalf("docs/guide.md:%d: the block does not end", i+1)
		}
		body := lines[i+1 : end]
		fields := strings.Fields(info)
		switch {
		case fields[0] == "console":
			for j := 0; j < len(body); j++ {
				command, ok := strings.CutPrefix(body[j], "$ ")
				if !ok {
					t.Fatalf("docs/guide.md:%d: a console block's output follows a command", i+2+j)
				}
				step := guideStep{command: strings.TrimSpace(command), first: i + 2 + j, last: i + 2 + j}
				for j+1 < len(body) && !strings.HasPrefix(body[j+1], "$ ") {
					j++
					step.output += body[j]
					step.last = i + 2 + j
				}
				steps = append(steps, step)
			}
		case len(fields) > 1 && strings.HasPrefix(fields[1], "file="):
			steps = append(steps, guideStep{file: strings.TrimPrefix(fields[1], "file="), content: strings.Join(body, "")})
		default:
			t.Fatalf("docs/guide.md:%d: a block is a console or names its file (```go file=app/app.go)", i+1)
		}
		i = end
	}
	return steps
}

// goTestTimes are the durations go test prints, which change from run to run.
var goTestTimes = regexp.MustCompile(`(?m)^(ok  \t\S+\t)[0-9.]+s`)

// TestGuide follows docs/guide.md in a fresh module: it writes each file
// the guide shows and runs each command, and requires the output the guide
// shows under it (go test's times aside). The guide's go get -tool needs
// a published routegen; README's steps for a local checkout stand for it,
// with the checkout for /path/to/routegen. With -update, the guide's
// outputs are rewritten with what the commands print.
func TestGuide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with the go command; skipped with -short")
	}
	for _, tool := range []string{"go", "git", "sh"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s command: %v", tool, err)
		}
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	guidePath := filepath.Join(root, "docs", "guide.md")
	data, err := os.ReadFile(guidePath)
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	localSteps := readmeSteps(string(readme), "go mod edit -replace github.com/routegen/routegen=/path/to/routegen")
	dir := t.TempDir()
	env := append(withoutGoGenerateVars(os.Environ()), "GOFLAGS="+os.Getenv("GOFLAGS"), "GOWORK=off", "GOTOOLCHAIN=local",
		"GOPROXY=off", "GOSUMDB=off", "NO_COLOR=1",
		"GIT_AUTHOR_NAME=guide", "GIT_AUTHOR_EMAIL=guide@example.com", "GIT_COMMITTER_NAME=guide", "GIT_COMMITTER_EMAIL=guide@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=init.defaultBranch", "GIT_CONFIG_VALUE_0=main")
	lines := strings.SplitAfter(string(data), "\n")
	var rewritten []string // with -update: the guide's lines, outputs replaced
	copied := 0
	for _, step := range guideSteps(t, string(data)) {
		if step.file != "" {
			p := filepath.Join(dir, filepath.FromSlash(step.file))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(step.content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if step.command == "go get -tool github.com/routegen/routegen/cmd/routegen" {
			if len(localSteps) < 3 {
				t.Fatalf("README.md's steps for a local checkout: %q", localSteps)
			}
			for _, local := range localSteps {
				args := strings.Fields(strings.ReplaceAll(local, "/path/to/routegen", filepath.ToSlash(root)))
				if out, err := goCommand(t, "go", dir, env, args[1:]...); err != nil {
					t.Fatalf("README.md's step %q: %v\n%s", local, err, out)
				}
			}
			if step.output != "" {
				t.Errorf("docs/guide.md:%d: %s shows an output, which a local checkout cannot", step.first, step.command)
			}
			continue
		}
		cmd := exec.Command("sh", "-c", step.command)
		cmd.Dir = dir
		cmd.Env = env
		out, _ := cmd.CombinedOutput() // an exit status shows in what the command prints
		if len(out) > 0 && out[len(out)-1] != '\n' {
			out = append(out, '\n')
		}
		got := goTestTimes.ReplaceAllString(string(out), "${1}0.000s")
		want := goTestTimes.ReplaceAllString(step.output, "${1}0.000s")
		if *update {
			rewritten = append(rewritten, lines[copied:step.first]...)
			rewritten = append(rewritten, string(out))
			copied = step.last
			continue
		}
		if got != want {
			t.Errorf("docs/guide.md:%d: $ %s\nprints:\n%s\nthe guide shows:\n%s", step.first, step.command, out, step.output)
		}
	}
	if *update {
		rewritten = append(rewritten, lines[copied:]...)
		if err := os.WriteFile(guidePath, []byte(strings.Join(rewritten, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
