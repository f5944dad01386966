// Command routegen compiles a routes.conf into a Go package: a static
// matcher, controller interfaces, dispatch and typed URL helpers.
//
// Usage:
//
//	routegen [flags] [routes.conf]          generate the package
//	routegen check [flags] [routes.conf]    parse and validate only
//	routegen list  [flags] [routes.conf]    print the resolved route table
//
// Exit codes: 0 ok, 1 errors in the input, 2 usage.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

const (
	exitOK    = 0
	exitInput = 1
	exitUsage = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole command, with its streams passed in so tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	cmd := "generate"
	if len(args) > 0 {
		switch args[0] {
		case "check", "list":
			cmd, args = args[0], args[1:]
		case "help":
			fmt.Fprint(stdout, usage)
			return exitOK
		}
	}
	fs := pflag.NewFlagSet("routegen "+cmd, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var src sourceFlags
	src.register(fs)
	var gen generateFlags
	format := "table"
	switch cmd {
	case "list":
		fs.StringVar(&format, "format", format, "output format: table or json")
	case "generate":
		gen.register(fs)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
		return usageError(stderr, err.Error())
	}
	if fs.NArg() > 1 {
		return usageError(stderr, fmt.Sprintf("want one routes.conf, got %d arguments", fs.NArg()))
	}
	input, err := findInput(fs.Arg(0))
	if err != nil {
		return usageError(stderr, err.Error())
	}
	table, diags := ir.Load(osFS{}, src.sources(input))
	printDiagnostics(stderr, diags)
	if table == nil {
		return exitInput
	}
	switch cmd {
	case "list":
		if err := writeList(stdout, table, format); err != nil {
			return usageError(stderr, err.Error())
		}
	case "generate":
		return generate(table, input, gen, stdout, stderr)
	}
	return exitOK
}

const usage = `routegen compiles routes.conf into a Go package.

Usage:
  routegen [flags] [routes.conf]          generate the package
  routegen check [flags] [routes.conf]    parse and validate only
  routegen list  [flags] [routes.conf]    print the resolved route table

The input defaults to ./routes.conf, else ./config/routes.conf.

Flags:
  -o, --output FILE         generated file, - for standard output (default routes_gen.go beside the input,
                            or in $GOFILE's folder under go generate)
      --package NAME        package name (default $GOPACKAGE, else the output folder's name)
      --security FILE       security.conf, whose auth scheme names auth must use
      --app-config FILE     aah.conf: server.port, request.max_body_size, env profiles
      --profile NAME        env profile of --app-config merged onto routes.conf
      --max-body-size SIZE  application body limit (default 5mb)
      --format FORMAT       list output: table or json

Exit codes: 0 ok, 1 errors in the input, 2 usage.
`

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "routegen: %s\nRun 'routegen help' for usage.\n", msg)
	return exitUsage
}

// sourceFlags are the flags every command reads its inputs by.
type sourceFlags struct {
	security, appConfig, profile, maxBodySize string
}

func (s *sourceFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.security, "security", "", "security.conf with the auth scheme names")
	fs.StringVar(&s.appConfig, "app-config", "", "application config (aah.conf)")
	fs.StringVar(&s.profile, "profile", "", "env profile of the application config")
	fs.StringVar(&s.maxBodySize, "max-body-size", "", "application body limit (default 5mb)")
}

func (s *sourceFlags) sources(routes string) ir.Sources {
	return ir.Sources{
		Routes:      routes,
		Security:    relativePath(s.security),
		AppConfig:   relativePath(s.appConfig),
		Profile:     s.profile,
		MaxBodySize: s.maxBodySize,
	}
}

// findInput returns the routes.conf to read: the argument, else
// ./routes.conf, else ./config/routes.conf.
func findInput(arg string) (string, error) {
	if arg != "" {
		if _, err := os.Stat(arg); err != nil {
			return "", err
		}
		return relativePath(arg), nil
	}
	for _, candidate := range []string{"routes.conf", filepath.Join("config", "routes.conf")} {
		if _, err := os.Stat(candidate); err == nil {
			return candidate, nil
		}
	}
	return "", errors.New("no routes.conf here or in ./config; name the file")
}

// relativePath makes a path relative to the working folder when it lies
// inside it, so that messages read FILE:LINE:COL with short names.
func relativePath(p string) string {
	if p == "" || !filepath.IsAbs(p) {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(wd, p)
	if err != nil || rel == ".." || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator) {
		return p
	}
	return rel
}

func printDiagnostics(w io.Writer, diags parser.Diagnostics) {
	for _, d := range diags {
		fmt.Fprintln(w, d.Error())
	}
}

// osFS reads the configuration files from disk.
type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error)  { return os.ReadFile(name) }
func (osFS) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }
