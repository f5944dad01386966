// Command routegen compiles a routes.conf into a Go package: a static
// matcher, controller interfaces, dispatch and typed URL helpers.
//
// Usage:
//
//	routegen [flags] [routes.conf]          generate the package
//	routegen check [flags] [routes.conf | folder]    parse and validate everything generation would; write nothing
//	routegen diff  [flags] [routes.conf | folder]    compare the generated file on disk with what routegen would write
//	routegen list  [flags] [routes.conf | folder]    print the resolved route table (table, json, openapi, caddy or gateway)
//	routegen fmt   [-l] [-w] [-d] [files | folders | ./...]   print routes.conf files in the canonical layout
//	routegen changes [flags] [routes.conf | OLD.conf NEW.conf]    review the route changes since a git revision
//	routegen match [flags] METHOD URL [routes.conf | folder]     which route serves a request, and why
//	routegen vet   [-fix] [packages]        check the Go code that uses the routes (see package routevet)
//	routegen version                        print routegen's version, which the first line of each generated file names
//
// Exit codes: 0 ok, 1 errors in the input (for diff: the generated file is
// missing or stale), 2 usage; vet exits as go vet does.
//
// Under go generate, either of
//
//	//go:generate go tool routegen
//	//go:generate go run github.com/routegen/routegen/cmd/routegen@VERSION
//
// writes routes_gen.go in the folder of the file holding the directive, in
// its package ($GOFILE, $GOPACKAGE); its messages name files from the
// module's root. Every command but fmt given a folder runs once for each
// such directive in the folder (with no argument, in the working folder
// and below it), as go generate would, with the directive's flags; a
// routes.conf there that no directive reads is read as itself.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/internal/suggest"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"

	// The generated code imports routegenimpl, and through it runtime and
	// its dependencies (github.com/rs/cors). The tool imports them too, so
	// that a module with the tool in go.mod (go get -tool, or go mod tidy)
	// requires and checksums all the generated code needs, and go build
	// works right after go generate.
	_ "github.com/routegen/routegen/runtime/routegenimpl"
)

const (
	exitOK    = 0
	exitInput = 1
	exitUsage = 2
)

func main() {
	tuneGC()
	if isVetTool() {
		vetTool()
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// tuneGC lets the heap grow four times between collections, as GOGC=400
// would, under a soft limit of 800 MiB, as GOMEMLIMIT would: a run builds
// its tables once and exits, and a large routes.conf (10 MB) spent about
// half its time in the collector. Either variable, when set, wins.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(800 << 20)
	}
}

// cli is one run of the command: its output streams and how it reports
// diagnostics.
type cli struct {
	stdout, stderr io.Writer
	diag           *reporter
	// directive is the //go:generate line ("web/doc.go:3") whose arguments
	// these are, when a command runs it: a usage error is there.
	directive string
	// folder is the directive's folder, named from where the command was
	// typed, so that messages name files from there too.
	folder string
	// flags is the command line as parsed; a flag it sets wins over a
	// directive's.
	flags *pflag.FlagSet
}

// run is the whole command, with its streams passed in so tests can call it.
func run(args []string, stdout, stderr io.Writer) int {
	return (&cli{stdout: stdout, stderr: stderr}).run(args)
}

// run runs the command with args: those of the command line, or of the
// directive c.directive names.
func (c *cli) run(args []string) int {
	cmd, named := "generate", true
	if len(args) > 0 {
		named = false
		switch {
		case slices.Contains(flagCommands, args[0]):
			cmd, args, named = args[0], args[1:], true
		case args[0] == "vet":
			return vet(args[1:], c.stdout, c.stderr)
		case args[0] == "help":
			return c.help(args[1:])
		case args[0] == "version":
			return c.printVersion(args[1:])
		}
	}
	fs, flags := newFlagSet(cmd)
	c.flags = fs
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprint(c.stdout, commandUsage(cmd, fs))
			return exitOK
		}
		return c.usageError(err.Error())
	}
	if !named {
		if msg := notACommand(fs.Arg(0)); msg != "" {
			return c.usageError(msg)
		}
	}
	src, gen, list, fmtf, changesf, matchf := flags.src, flags.gen, flags.list, flags.fmt, flags.changes, flags.match
	if cmd != "fmt" {
		if err := checkFlagValues(cmd, src, gen); err != nil {
			return c.usageError(err.Error())
		}
	}
	c.diag = newReporter(c.stderr, richDiagnostics(c.stderr, flags.noColor))
	switch cmd {
	case "fmt":
		return c.fmt(fs.Args(), fmtf)
	case "changes":
		changesf.oldSecuritySet, changesf.oldAppConfigSet = fs.Changed("old-security"), fs.Changed("old-app-config")
		return c.changes(fs.Args(), src, changesf, fs.Changed("base"))
	case "match":
		matchf.subjectGiven = fs.Changed("roles") || fs.Changed("permissions")
		return c.match(fs.Args(), src, matchf)
	}
	if fs.NArg() > 1 {
		return c.usageError(fmt.Sprintf("want one routes.conf, got %d arguments", fs.NArg()))
	}
	if cmd == "diff" && gen.output == "-" {
		return c.usageError("diff compares with the file on disk; -o - names none")
	}
	arg := fs.Arg(0)
	switch {
	case c.directive != "":
		// A directive run for the command line: names start where the
		// command was typed.
		c.diag.prefix = c.folder
	case os.Getenv("GOFILE") != "":
		// Under go generate, names start at the module's root, so that the
		// messages of several packages can be told apart.
		c.diag.prefix = moduleFolder()
	default:
		found, err := findSources(arg)
		if err != nil {
			return c.usageError(err.Error())
		}
		if cmd == "list" {
			return c.listSources(found, src, list)
		}
		code := c.runDirectives(cmd, found.directives, fs)
		if found.input == "" {
			return code
		}
		return max(code, c.runInput(cmd, found.input, src, gen, list))
	}
	input, err := findInput(arg)
	if err != nil {
		return c.usageError(err.Error())
	}
	return c.runInput(cmd, input, src, gen, list)
}

// flagCommands are the commands whose flags newFlagSet registers, and
// commands every word routegen takes before its flags.
var (
	flagCommands = []string{"generate", "check", "diff", "list", "fmt", "changes", "match"}
	commands     = append(slices.Clone(flagCommands), "vet", "help", "version")
)

// notACommand is the message for an argument of routegen without a command
// that names no file and has neither a dot nor a slash, as a misspelt
// command has ("routegen chek"), rather than stat's; "" for another.
func notACommand(arg string) string {
	if arg == "" || strings.ContainsAny(arg, "./"+string(filepath.Separator)) {
		return ""
	}
	if _, err := os.Lstat(arg); !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	msg := fmt.Sprintf("%q is neither a file nor a command", arg)
	if cmd := closestCommand(arg); cmd != "" {
		msg += fmt.Sprintf("; did you mean routegen %s?", cmd)
	}
	return msg
}

// closestCommand is the command that name misspells, or "".
func closestCommand(name string) string {
	typos := 1 // "foo" is no typo of "fmt"
	if len(name) > 4 {
		typos = 2
	}
	return suggest.Closest(name, commands, typos)
}

// commandFlags are the values of the flags of every command; a command's
// flag set registers those it takes.
type commandFlags struct {
	noColor bool
	src     sourceFlags
	gen     generateFlags
	list    listFlags
	fmt     fmtFlags
	changes changesFlags
	match   matchFlags
}

// newFlagSet is the flag set of cmd, which both parses its command line
// and lists its flags in its -help.
func newFlagSet(cmd string) (*pflag.FlagSet, *commandFlags) {
	fs := pflag.NewFlagSet("routegen "+cmd, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.SortFlags = false
	var f commandFlags
	switch cmd {
	case "match":
		f.src.register(fs)
		f.match.register(fs)
	case "changes":
		f.src.register(fs)
		f.changes.register(fs)
	case "fmt":
		f.fmt.register(fs)
	case "list":
		f.src.register(fs)
		f.list.register(fs)
	default: // generate, check, diff
		f.src.register(fs)
		f.gen.register(fs)
	}
	fs.BoolVar(&f.noColor, "no-color", false, "print diagnostics as plain FILE:LINE:COL: message; the default when standard error is not a terminal or NO_COLOR is set")
	return fs, &f
}

// help is routegen help [COMMAND]: the overview, or a command's -help.
func (c *cli) help(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(c.stdout, usage())
		return exitOK
	}
	switch {
	case args[0] == "help":
		fmt.Fprint(c.stdout, usage())
	case args[0] == "vet":
		fmt.Fprint(c.stdout, vetUsage)
	case args[0] == "version":
		fmt.Fprint(c.stdout, commandUsage("version", nil))
	case slices.Contains(flagCommands, args[0]):
		fs, _ := newFlagSet(args[0])
		fmt.Fprint(c.stdout, commandUsage(args[0], fs))
	default:
		msg := fmt.Sprintf("help %s: no such command", args[0])
		if cmd := closestCommand(args[0]); cmd != "" {
			msg += fmt.Sprintf("; did you mean routegen help %s?", cmd)
		}
		return c.usageError(msg)
	}
	return exitOK
}

// runInput runs generate, check, diff or list on the routes.conf input.
func (c *cli) runInput(cmd, input string, src sourceFlags, gen generateFlags, list listFlags) int {
	if cmd == "list" {
		return c.list(input, src, list)
	}
	files, code := c.compile(input, src, gen, cmd != "check")
	if code != exitOK {
		return code
	}
	switch cmd {
	case "generate":
		return c.write(files)
	case "diff":
		return c.diff(files)
	}
	return exitOK // check
}

// commandUsages are the commands' usage lines and what each does: the
// overview lists them all, a command's -help its own, then its flags.
var commandUsages = []struct{ name, text string }{
	{"generate", `routegen [flags] [routes.conf]          generate the package`},
	{"check", `routegen check [flags] [routes.conf | folder]
                                          parse and validate everything generation would; write nothing`},
	{"diff", `routegen diff  [flags] [routes.conf | folder]
                                          print how the generated file on disk differs from what
                                          routegen would write; exit 1 when it is stale or missing`},
	{"list", `routegen list  [flags] [routes.conf | folder]
                                          print the resolved route table`},
	{"fmt", `routegen fmt   [-l] [-w] [-d] [files | folders | ./...]
                                          print routes.conf files in the canonical layout (a folder:
                                          the routes.conf of its directives, as check; folder/...:
                                          every one below; no argument: the default input, else
                                          ./...; - for standard input)`},
	{"changes", `routegen changes [flags] [routes.conf | folder]
  routegen changes [flags] OLD.conf NEW.conf
                                          review the route changes since --base (or from OLD to NEW)
                                          by the requests they answer otherwise: breaking,
                                          security, source (the generated helpers) and compatible`},
	{"match", `routegen match [flags] METHOD URL [routes.conf | folder]
                                          which route serves a request, and why (exit 0 when an
                                          action would run, 1 for any other outcome)`},
	{"vet", `routegen vet   [-fix] [packages]        check the Go code that uses the routes: route names given to
                                          RouteURL, and paths given to http.Redirect, NewRequest…`},
	{"version", `routegen version                        print routegen's version, which generated files name`},
}

// usage is the overview of every command, for routegen help.
func usage() string {
	var b strings.Builder
	b.WriteString("routegen compiles routes.conf into a Go package.\n\nUsage:\n")
	for _, c := range commandUsages {
		b.WriteString("  " + c.text + "\n")
	}
	b.WriteString(usageNotes)
	return b.String()
}

// commandUsage is a command's -help: its usage lines, then its flags as
// its flag set has them, so that a flag added to a command is listed (fs
// is nil for a command of no flags).
func commandUsage(cmd string, fs *pflag.FlagSet) string {
	var b strings.Builder
	b.WriteString("Usage:\n")
	for _, c := range commandUsages {
		if c.name == cmd {
			b.WriteString("  " + c.text + "\n")
		}
	}
	if fs != nil {
		b.WriteString("\nFlags:\n" + fs.FlagUsagesWrapped(100))
	}
	b.WriteString("\n" + exitCodes + "Run 'routegen help' for every command.\n")
	return b.String()
}

const usageNotes = `
The input defaults to ./routes.conf, else ./config/routes.conf. Every
command but fmt given a package folder runs as each //go:generate directive
running routegen in its Go files says (in its folder, with its arguments and
then the command line's flags), and reads the folder's routes.conf (or
config/routes.conf) unless such a directive reads it; with no argument, the
directives of the working folder and below it count. match and changes read
one routes.conf. Under go generate, messages name files from the module's
root.

'routegen COMMAND -help' (or 'routegen help COMMAND') lists the flags of a
command; 'routegen -help' those of generate.

` + exitCodes

const exitCodes = `Exit codes: 0 ok, 1 errors in the input (diff: the generated file is stale; changes: a
change of a kind --fail-on names), 2 usage; vet exits as go vet does.
`

func (c *cli) usageError(msg string) int {
	at := "routegen"
	if c.directive != "" {
		at = c.directive
	}
	fmt.Fprintf(c.stderr, "%s: %s\nRun 'routegen help' for usage.\n", at, msg)
	return exitUsage
}

// failf reports an error that is not a diagnostic of the input (a file that
// cannot be written…).
func (c *cli) failf(format string, args ...any) int {
	fmt.Fprintf(c.stderr, "routegen: "+format+"\n", args...)
	return exitInput
}

// sourceFlags are the flags every command reads its inputs by.
type sourceFlags struct {
	security, appConfig, profile, maxBodySize string
}

func (s *sourceFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&s.security, "security", "", "read security.conf from `FILE`: the auth scheme names auth must use (default: the security.conf beside routes.conf)")
	fs.StringVar(&s.appConfig, "app-config", "", "read aah.conf from `FILE`: server.port, request.max_body_size, type, env profiles, cache.static")
	fs.StringVar(&s.profile, "profile", "", "merge the env profile `NAME` of --app-config onto routes.conf")
	fs.StringVar(&s.maxBodySize, "max-body-size", "", "the application's body limit, a `SIZE` (default 5mb)")
}

func (s *sourceFlags) sources(routes string) ir.Sources {
	return ir.Sources{
		Routes:      routes,
		Security:    relativePath(s.security),
		AppConfig:   relativePath(s.appConfig),
		Profile:     s.profile,
		MaxBodySize: s.maxBodySize,
		// As aah did, and so that a forgotten --security is not read as
		// no auth schemes at all.
		FindSecurity: true,
	}
}

// over is s, the source flags of the command line, over those of a
// directive: a flag the command line sets wins.
func (s sourceFlags) over(directive sourceFlags, cmdline *pflag.FlagSet) sourceFlags {
	out := directive
	for name, flag := range map[string][2]*string{
		"security":      {&out.security, &s.security},
		"app-config":    {&out.appConfig, &s.appConfig},
		"profile":       {&out.profile, &s.profile},
		"max-body-size": {&out.maxBodySize, &s.maxBodySize},
	} {
		if cmdline.Changed(name) {
			*flag[0] = *flag[1]
		}
	}
	return out
}

// load reads and checks the route table, and prints its diagnostics, the
// controller names that look misspelt among them. The table is nil on errors.
func (c *cli) load(input string, src sourceFlags) *ir.Table {
	table, diags := ir.Load(osFS{}, src.sources(input))
	if table != nil {
		diags = append(diags, ir.ControllerTypos(table)...)
		diags.Sort()
		diags = diags.Capped()
	}
	c.diag.print(diags)
	return table
}

// forwardedFlags are the flags of this command line for a directive run in
// dir: a file a flag names was typed from the working folder, so it is
// named from dir.
func forwardedFlags(fs *pflag.FlagSet, dir string) []string {
	var flags []string
	fs.Visit(func(f *pflag.Flag) {
		value := f.Value.String()
		switch f.Name {
		case "output", "security", "app-config", "ts":
			if value != "-" && value != "" {
				value = fromFolder(dir, value)
			}
		}
		flags = append(flags, "--"+f.Name+"="+value)
	})
	return flags
}

// fromFolder names the file p, relative to the working folder, from dir.
func fromFolder(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	absDir, err := filepath.Abs(dir)
	if err != nil {
		return p
	}
	absP, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(absDir, absP); err == nil {
		return rel
	}
	return absP
}

// findInput returns the routes.conf to read: the argument (a file, or a
// folder holding routes.conf or config/routes.conf), else ./routes.conf,
// else ./config/routes.conf.
func findInput(arg string) (string, error) {
	dir := "."
	if arg != "" {
		info, err := os.Stat(arg)
		if err != nil {
			return "", err
		}
		if !info.IsDir() {
			return relativePath(arg), nil
		}
		dir = arg
	}
	for _, candidate := range []string{"routes.conf", filepath.Join("config", "routes.conf")} {
		if _, err := os.Stat(filepath.Join(dir, candidate)); err == nil {
			return relativePath(filepath.Join(dir, candidate)), nil
		}
	}
	if arg != "" {
		return "", fmt.Errorf("no routes.conf in %s or %s, and no //go:generate directive running routegen in it", arg, filepath.Join(arg, "config"))
	}
	return "", errNoInput
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

// osFS reads the configuration files from disk: regular files of at most
// parser.MaxFileSize bytes, so that an include of /dev/zero or a FIFO is
// an error rather than a read without end.
type osFS struct{}

func (osFS) ReadFile(name string) ([]byte, error) {
	info, err := os.Stat(name)
	switch {
	case err != nil:
		return nil, err
	// As the os package's errors, a *fs.PathError, whose name a message
	// at the file itself leaves out.
	case !info.Mode().IsRegular():
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("not a regular file")}
	case info.Size() > parser.MaxFileSize:
		return nil, &fs.PathError{Op: "read", Path: name, Err: fmt.Errorf("larger than %d MiB", parser.MaxFileSize>>20)}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The file may have grown since: read no more than the limit.
	data, err := io.ReadAll(io.LimitReader(f, parser.MaxFileSize+1))
	if err == nil && len(data) > parser.MaxFileSize {
		err = fmt.Errorf("%s is larger than %d MiB", name, parser.MaxFileSize>>20)
	}
	return data, err
}
func (osFS) Glob(pattern string) ([]string, error) { return filepath.Glob(pattern) }
