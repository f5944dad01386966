package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/routegen/routegen/routevet"
)

// vetToolEnv is set in the environment of the go vet that `routegen vet`
// runs, so that this executable, run again by go vet, is its vet tool.
const vetToolEnv = "ROUTEGEN_VET_TOOL"

// isVetTool reports whether go vet runs this executable as its vet tool.
func isVetTool() bool { return os.Getenv(vetToolEnv) == "1" }

// vetTool is the routevet analyzer as go vet's vet tool; it exits.
func vetTool() { unitchecker.Main(routevet.Analyzer) }

// vet is `routegen vet [flags] [packages]`: go vet with this executable as
// its vet tool, so that go vet's build cache keeps the analysis of every
// package (facts included) from one run to the next.
func vet(args []string, stdout, stderr io.Writer) int {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "routegen vet: %v\n", err)
		return exitInput
	}
	goArgs, help := vetCommand(exe, args)
	if help {
		fmt.Fprint(stdout, vetUsage)
		return exitOK
	}
	if code := runGoVet(goArgs, stdout, stderr); code != exitOK || !slices.Contains(goArgs, "-fix") || slices.Contains(goArgs, "-diff") {
		return code
	}
	// go vet -fix applies the fixes and reports nothing: what is left, the
	// findings without a fix, is reported by a run without it, which exits
	// 1 as go vet does for findings.
	return runGoVet(slices.DeleteFunc(slices.Clone(goArgs), func(a string) bool { return a == "-fix" }), stdout, stderr)
}

// runGoVet runs the go command with args, with this executable as its vet
// tool, and returns its exit code.
func runGoVet(args []string, stdout, stderr io.Writer) int {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), vetToolEnv+"=1")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, stdout, stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return exit.ExitCode()
		}
		fmt.Fprintf(stderr, "routegen vet: %v\n", err)
		return exitInput
	}
	return exitOK
}

// valueFlags are the flags of go vet that may take their value as the
// next argument.
var valueFlags = map[string]bool{
	"C": true, "c": true, "tags": true, "mod": true, "modfile": true, "overlay": true,
	"pgo": true, "toolexec": true, "gcflags": true, "ldflags": true, "asmflags": true,
}

// vetCommand is the go command that vets with the executable exe for the
// arguments of routegen vet: its flags (the analyzer's -helpers under the
// name unitchecker gives it), -vettool, the packages. help is set when
// they ask for the usage.
func vetCommand(exe string, args []string) (goArgs []string, help bool) {
	goArgs = []string{"vet"}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case name == "h" || name == "help":
			return nil, true
		case (name == "fix" || name == "diff") && (!hasValue || value == "true"):
			a = "-" + name // as vet and the lines below look for it
		case name == "helpers":
			a = "-routevet." + strings.TrimLeft(a, "-")
		case valueFlags[name] && !hasValue && len(args) > 0:
			goArgs = append(goArgs, a)
			a, args = args[0], args[1:]
		}
		goArgs = append(goArgs, a)
	}
	if i := slices.Index(goArgs, "-diff"); i >= 0 && !slices.Contains(goArgs, "-fix") {
		// go vet takes -diff only with -fix: alone, it shows the changes
		// the fixes would make, and applies none.
		goArgs = slices.Insert(goArgs, i, "-fix")
	}
	goArgs = append(goArgs, "-vettool="+exe)
	return append(goArgs, args...), false
}

// vetUsage takes the list of checks from the analyzer's doc, past its
// first line.
var vetUsage = `routegen vet checks the Go code that uses routegen-generated routes.

Usage:
  routegen vet [flags] [packages]

` + strings.TrimSpace(routevet.Analyzer.Doc[strings.Index(routevet.Analyzer.Doc, "\n"):]) + `

It runs go vet with routegen as the vet tool, so go vet's build flags
(-tags…) and flags apply:
  -fix        apply the suggested fixes (go vet -fix, Go 1.26 or later), then report
              the findings left, which have no fix, and exit 1 when there are any
  -diff       print the changes the fixes would make as a diff, and apply none
  -json       print the findings as JSON
  -c N        show N lines of context around each finding
  -helpers    also report literal paths that a typed URL helper builds, with a
              fix that calls the helper

Exit codes are go vet's: 0 nothing found, 1 findings or errors.
`
