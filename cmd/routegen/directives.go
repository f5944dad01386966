package main

import (
	"bufio"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// directive is a //go:generate line that runs routegen.
type directive struct {
	dir  string   // where it runs: the folder of the file holding it (or its go run -C folder)
	file string   // the file's name ($GOFILE)
	pkg  string   // its package ($GOPACKAGE)
	args []string // routegen's arguments
	pos  string   // the file and line of the directive, as found: "web/doc.go:3"
}

// findDirectives lists the //go:generate lines running routegen in the Go
// files of dir, and with below, of the folders under it too (less testdata,
// vendor, folders whose name begins with "." or "_", and nested modules,
// which go generate ./... skips as well).
func findDirectives(dir string, below bool) ([]directive, error) {
	var found []directive
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != dir && (!below || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || isModule(p)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		ds, err := fileDirectives(p)
		found = append(found, ds...)
		return err
	})
	return found, err
}

// fileDirectives reads the directives of one Go file.
func fileDirectives(file string) ([]directive, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var found []directive
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, ok := strings.CutPrefix(sc.Text(), "//go:generate ")
		if !ok {
			continue
		}
		if args, chdir, ok := routegenArgs(line); ok {
			found = append(found, directive{
				dir: filepath.Join(filepath.Dir(file), filepath.FromSlash(chdir)), file: filepath.Base(file), args: args,
				pos: fmt.Sprintf("%s:%d", filepath.ToSlash(file), n),
			})
		}
	}
	if err := sc.Err(); err != nil || len(found) == 0 {
		return nil, err
	}
	clause, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.PackageClauseOnly)
	if err != nil {
		return nil, err
	}
	for i := range found {
		found[i].pkg = clause.Name.Name
	}
	return found, nil
}

// routegenArgs returns routegen's arguments when a directive's command
// runs it: `go tool routegen …`, or `go run [flags] PKG[@VERSION] …` where
// PKG ends in routegen (a module path or a relative folder); chdir is the
// folder go run's -C flag moves to, relative to the directive's, or "".
func routegenArgs(line string) (args []string, chdir string, ok bool) {
	words, ok := splitDirective(line)
	if !ok || len(words) < 3 || words[0] != "go" {
		return nil, "", false
	}
	rest := words[2:]
	switch words[1] {
	case "tool":
	case "run":
		for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
			switch flag := rest[0]; {
			case flag == "-C" && len(rest) > 1:
				chdir, rest = rest[1], rest[1:]
			case strings.HasPrefix(flag, "-C="):
				chdir = flag[len("-C="):]
			}
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return nil, "", false
		}
		rest[0], _, _ = strings.Cut(rest[0], "@")
	default:
		return nil, "", false
	}
	if path.Base(rest[0]) != "routegen" {
		return nil, "", false
	}
	args = rest[1:]
	if len(args) > 0 && args[0] == "generate" {
		args = args[1:]
	}
	return args, chdir, true
}

// isModule reports whether dir holds a go.mod.
func isModule(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "go.mod"))
	return err == nil
}

// splitDirective splits a directive's command into words as go generate
// does: at blanks, a double-quoted string being one word.
func splitDirective(line string) ([]string, bool) {
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' {
			quoted, err := strconv.QuotedPrefix(line)
			if err != nil {
				return nil, false
			}
			word, _ := strconv.Unquote(quoted)
			words = append(words, word)
			line = line[len(quoted):]
			continue
		}
		end := strings.IndexAny(line, " \t")
		if end < 0 {
			end = len(line)
		}
		words = append(words, line[:end])
		line = line[end:]
	}
	return words, true
}

// sources is what a command reads, as findSources finds it.
type sources struct {
	directives []directive // run as go generate runs them
	input      string      // a routes.conf no directive reads, or ""
}

// findSources finds what every command but fmt reads for its argument
// arg, in one way:
//
//   - a file is the routes.conf;
//   - a folder is the //go:generate directives running routegen in its
//     Go files (with no argument, those of the working folder and of the
//     folders below it, as go generate ./... finds them);
//   - and the folder's routes.conf (or config/routes.conf), unless one of
//     these directives reads it: then the directive, with its flags, says
//     how it is read.
//
// So at the root of a module, or of an aah application (config/routes.conf
// at the root, the directive in a package below), routegen reads each
// routes.conf as go generate does.
func findSources(arg string) (sources, error) {
	dir := "."
	if arg != "" {
		info, err := os.Stat(arg)
		if err != nil {
			return sources{}, err
		}
		if !info.IsDir() {
			return sources{input: relativePath(arg)}, nil
		}
		dir = arg
	}
	directives, err := findDirectives(dir, arg == "")
	if err != nil {
		return sources{}, err
	}
	input, err := findInput(arg)
	if err != nil {
		if len(directives) == 0 {
			return sources{}, err
		}
		return sources{directives: directives}, nil
	}
	if slices.ContainsFunc(directives, func(d directive) bool { return sameFile(directiveInput(d), input) }) {
		input = ""
	}
	return sources{directives: directives, input: input}, nil
}

// sameFile reports whether the names a and b, from the working folder,
// are of one file.
func sameFile(a, b string) bool {
	return absPath(a) == absPath(b)
}

// oneSource is the one routes.conf that match and changes read for arg,
// found as findSources finds it, with the source flags that read it: a
// directive's, under those of the command line (src), which win; the
// files a directive's flags name are named from the working folder. A
// usage error is reported, at the directive when it is in its arguments.
func (c *cli) oneSource(arg string, src sourceFlags) (string, sourceFlags, int) {
	found, err := findSources(arg)
	if err != nil {
		return "", src, c.usageError(err.Error())
	}
	if len(found.directives) == 0 {
		return found.input, src, exitOK
	}
	if inputs := found.names(); len(inputs) > 1 {
		return "", src, c.usageError(fmt.Sprintf("%d routes.conf files are read here: %s; name one", len(inputs), strings.Join(inputs, ", ")))
	}
	return c.directiveSources(found.directives[0], src)
}

// names are the routes.conf files of s, each directive's with the
// directive: "web/routes.conf (directive web/doc.go:3)".
func (s sources) names() []string {
	var inputs []string
	for _, d := range s.directives {
		inputs = append(inputs, fmt.Sprintf("%s (directive %s)", directiveInput(d), d.pos))
	}
	if s.input != "" {
		inputs = append(inputs, s.input)
	}
	return inputs
}

// directiveSources is the routes.conf directive d reads, and the source
// flags that read it: d's, under those of the command line (src), which
// win, every file named from the working folder, as messages and outputs
// name it. A usage error in d's arguments is reported at d.
func (c *cli) directiveSources(d directive, src sourceFlags) (string, sourceFlags, int) {
	input, dsrc, err := directiveSources(d)
	if err != nil {
		return "", src, (&cli{stderr: c.stderr, directive: d.pos}).usageError(err.Error())
	}
	return input, src.over(dsrc, c.flags), exitOK
}

// listSources lists the route table of each directive of found and of its
// input, reading each as match and changes read theirs (directiveSources),
// so that every command names a file the same way: from the working
// folder.
func (c *cli) listSources(found sources, src sourceFlags, list listFlags) int {
	// The documents of two tables would go to the same files, the domains
	// of one key the second's alone.
	if inputs := found.names(); list.splitDir != "" && len(inputs) > 1 {
		return c.usageError(fmt.Sprintf("--split-dir writes the documents of one routes.conf, and %d are read here: %s; name one", len(inputs), strings.Join(inputs, ", ")))
	}
	// Tables for people say whose they are when there are several, as ls
	// names each folder it lists.
	headed, listed := list.format == "table" && len(found.names()) > 1, 0
	listOne := func(input string, src sourceFlags) int {
		if headed {
			if listed > 0 {
				fmt.Fprintln(c.stdout)
			}
			fmt.Fprintf(c.stdout, "%s:\n", input)
			listed++
		}
		return c.list(input, src, list)
	}
	code := exitOK
	for _, d := range found.directives {
		input, dsrc, dcode := c.directiveSources(d, src)
		if dcode == exitOK {
			dcode = listOne(input, dsrc)
		}
		code = max(code, dcode)
	}
	if found.input != "" {
		code = max(code, listOne(found.input, src))
	}
	return code
}

// directiveSources parses a directive's arguments as routegen would under
// go generate, checks them as it would, and returns its input and source
// flags, with the files they name named from the working folder.
func directiveSources(d directive) (string, sourceFlags, error) {
	fs, src, gen, err := directiveFlags(d)
	if err != nil {
		return "", src, err
	}
	if fs.NArg() > 1 {
		return "", src, fmt.Errorf("want one routes.conf, got %d arguments", fs.NArg())
	}
	if err := checkFlagValues("generate", src, gen); err != nil {
		return "", src, err
	}
	for _, file := range []*string{&src.security, &src.appConfig} {
		if *file != "" && !filepath.IsAbs(*file) {
			*file = filepath.Join(d.dir, *file)
		}
	}
	return directiveInput(d), src, nil
}

// directiveFlags parses a directive's arguments as routegen's flags.
func directiveFlags(d directive) (*pflag.FlagSet, sourceFlags, generateFlags, error) {
	fs := pflag.NewFlagSet("directive", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var src sourceFlags
	var gen generateFlags
	src.register(fs)
	gen.register(fs)
	fs.Bool("no-color", false, "")
	err := fs.Parse(d.args)
	return fs, src, gen, err
}

// runDirectives runs cmd (generate, check, diff or list) once for each
// directive, as go generate would run routegen: in the directive's folder,
// with $GOFILE and $GOPACKAGE set. The directive's arguments come first,
// then the flags of this command line (fs), which so win. The exit code
// is the worst.
func (c *cli) runDirectives(cmd string, directives []directive, fs *pflag.FlagSet) int {
	code := exitOK
	for _, d := range directives {
		args := append(append([]string{cmd}, d.args...), forwardedFlags(fs, d.dir)...)
		folder := filepath.ToSlash(filepath.Clean(d.dir))
		if folder == "." {
			folder = ""
		}
		run := &cli{stdout: c.stdout, stderr: c.stderr, directive: d.pos, folder: folder}
		code = max(code, inFolder(d, func() int { return run.run(args) }))
	}
	return code
}

// inFolder calls f in the folder of d with go generate's variables set,
// and restores the working folder and the environment after.
func inFolder(d directive, f func() int) int {
	wd, err := os.Getwd()
	if err != nil {
		return exitInput
	}
	defer os.Chdir(wd)
	for name, value := range map[string]string{"GOFILE": d.file, "GOPACKAGE": d.pkg} {
		saved, was := os.LookupEnv(name)
		os.Setenv(name, value)
		if was {
			defer os.Setenv(name, saved)
		} else {
			defer os.Unsetenv(name)
		}
	}
	if err := os.Chdir(d.dir); err != nil {
		return exitInput
	}
	return f()
}

// moduleFolder is the working folder relative to the root of its module
// (the nearest folder up with a go.mod), slash-separated; "" at the root or
// outside a module.
func moduleFolder() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return ""
			}
			return filepath.ToSlash(rel)
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

var errNoInput = errors.New("no routes.conf here or in ./config, and no //go:generate directive running routegen below this folder; name the file or the package folder")
