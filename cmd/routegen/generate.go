package main

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// generateFlags are the flags of generate, check and diff.
type generateFlags struct {
	output, pkg, matcher string
	typeScript           string // --ts: the TypeScript module of the URL helpers, "" for none
}

func (g *generateFlags) register(fs *pflag.FlagSet) {
	fs.StringVarP(&g.output, "output", "o", "", "write the package to `FILE`, - for standard output (default routes_gen.go beside the input, or in $GOFILE's folder under go generate)")
	fs.StringVar(&g.pkg, "package", "", "the package's `NAME` (default $GOPACKAGE for an output in the working folder, else the package of the Go files in the output folder, else the folder's name)")
	fs.StringVar(&g.matcher, "matcher", "auto", "build Lookup's matchers as `HOW`: code, which matches fastest, or data, built when the program starts, which costs the compiler nothing; auto is code up to 512 routes, data above")
	fs.StringVar(&g.typeScript, "ts", "", "also write the URL helpers as a TypeScript module to `FILE` (an ES module without dependencies, for a front end: see \"Front end\" in docs/usage.md)")
}

// checkFlagValues reports a flag value that is wrong whatever the input,
// before any //go:generate directive runs with the flags of the command
// line: the message then names the command line, not the directive.
func checkFlagValues(cmd string, src sourceFlags, flags generateFlags) error {
	if src.maxBodySize != "" {
		if _, err := ir.ParseSize(src.maxBodySize); err != nil {
			return fmt.Errorf("--max-body-size: %v", err)
		}
	}
	if cmd != "generate" && cmd != "check" && cmd != "diff" {
		return nil // list, match and changes generate nothing
	}
	if _, err := gen.ParseMatcher(flags.matcher); err != nil {
		return fmt.Errorf("--matcher: %v", err)
	}
	if flags.typeScript == "-" {
		return fmt.Errorf("--ts: name the file to write")
	}
	if flags.pkg != "" && !isPackageName(flags.pkg) {
		return fmt.Errorf("--package: %q is not a Go identifier", flags.pkg)
	}
	return nil
}

// outFile is a generated file and where it goes.
type outFile struct {
	path    string // relative to the working folder when inside it; "-" for standard output
	content []byte
}

// compile is what generate, check and diff share, so that they agree on
// every error and every byte: it loads and checks routes.conf, settles the
// output path and package by the same rules, and generates the package in
// memory — unless render is false (check), which stops after the checks
// generation makes. It prints the diagnostics; the files are nil unless
// the exit code is exitOK.
func (c *cli) compile(input string, src sourceFlags, flags generateFlags, render bool) ([]outFile, int) {
	table := c.load(input, src)
	if table == nil {
		return nil, exitInput
	}
	output := outputPath(input, flags.output)
	pkg, err := packageName(flags.pkg, output)
	if err != nil {
		return nil, c.usageError(err.Error())
	}
	matcher, _ := gen.ParseMatcher(flags.matcher) // checked by checkFlagValues
	outDir := filepath.Dir(absPath(output))
	fromOutput := func(file string) string {
		rel, err := filepath.Rel(outDir, absPath(file))
		if err != nil {
			return filepath.ToSlash(file)
		}
		return filepath.ToSlash(rel)
	}
	if !render {
		diags := gen.Check(table)
		if flags.typeScript != "" && !diags.HasErrors() {
			_, diags = typeScriptFile(table, input, flags.typeScript)
		}
		diags = slices.Concat(table.Unapplied, diags)
		c.diag.print(diags)
		if diags.HasErrors() {
			return nil, exitInput
		}
		return nil, exitOK
	}
	files, diags := gen.Generate(table, gen.Options{
		Package:             pkg,
		Source:              fromOutput(input),
		Output:              filepath.Base(output),
		SourcePath:          fromOutput,
		Version:             version,
		Matcher:             matcher,
		PackageDocElsewhere: hasPackageDoc(filepath.Dir(output), filepath.Base(output), pkg),
	})
	c.diag.print(diags)
	if diags.HasErrors() {
		return nil, exitInput
	}
	out := make([]outFile, len(files))
	for i, f := range files {
		out[i] = outFile{path: filepath.Join(filepath.Dir(output), f.Name), content: f.Content}
		if flags.output == "-" {
			out[i].path = "-"
		}
	}
	if flags.typeScript != "" {
		ts, diags := typeScriptFile(table, input, flags.typeScript)
		c.diag.print(diags)
		if diags.HasErrors() {
			return nil, exitInput
		}
		out = append(out, ts)
	}
	return out, exitOK
}

// outputPath is where the generated file goes: the -o flag; else
// routes_gen.go in the working folder under go generate ($GOFILE's folder),
// else beside the input. For "-" it is the file the package would be
// written to, which names the package and the paths the code gives.
func outputPath(input, flag string) string {
	output := flag
	switch {
	case output == "-":
		output = filepath.Join(filepath.Dir(input), "routes_gen.go")
	case output == "" && os.Getenv("GOFILE") != "":
		output = "routes_gen.go"
	case output == "":
		output = filepath.Join(filepath.Dir(input), "routes_gen.go")
	}
	return relativePath(output)
}

// write writes the generated files, or prints them for -o -.
func (c *cli) write(files []outFile) int {
	for _, f := range files {
		if f.path == "-" {
			c.stdout.Write(f.content)
			continue
		}
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			return c.failf("%v", err)
		}
		if err := writeOutput(f.path, f.content); err != nil {
			return c.failf("%v", err)
		}
	}
	return exitOK
}

// packageName is the --package flag, else $GOPACKAGE when the output is in
// the working folder (go generate's: $GOPACKAGE is the package there, not
// that of another folder -o names), else the package of the Go files
// already in the output folder, else the folder's name made into a Go
// identifier.
func packageName(flag, output string) (string, error) {
	name := flag
	if wd, err := os.Getwd(); name == "" && err == nil && filepath.Dir(absPath(output)) == wd {
		name = os.Getenv("GOPACKAGE")
	}
	if name == "" {
		name = folderPackage(filepath.Dir(output))
	}
	if name == "" {
		name = sanitizePackage(filepath.Base(filepath.Dir(absPath(output))))
	}
	if !isPackageName(name) {
		return "", fmt.Errorf("package name %q is not a Go identifier; set --package", name)
	}
	return name, nil
}

// folderPackage returns the package clause of the first Go file of dir (by
// name; test files aside), or "".
func folderPackage(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	names := []string{}
	for _, e := range entries {
		if n := e.Name(); !e.IsDir() && strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, n), nil, parser.PackageClauseOnly)
		if err == nil && f.Name.Name != "documentation" {
			return f.Name.Name
		}
	}
	return ""
}

// hasPackageDoc reports whether a Go file of dir other than output (test
// files aside) has a package comment for package pkg, as a doc.go beside
// routes.conf often does; a directive alone above the package clause
// (//go:generate) is none.
func hasPackageDoc(dir, output, pkg string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || n == output || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, n), nil, parser.PackageClauseOnly|parser.ParseComments)
		if err == nil && f.Name.Name == pkg && f.Doc != nil && strings.TrimSpace(f.Doc.Text()) != "" {
			return true
		}
	}
	return false
}

func sanitizePackage(dir string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(dir) {
		if r >= 'a' && r <= 'z' || r == '_' || b.Len() > 0 && r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "routes"
	}
	return b.String()
}

func absPath(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return p
}

// isPackageName reports whether name can be a package clause's.
func isPackageName(name string) bool {
	return token.IsIdentifier(name) && !token.IsKeyword(name)
}
