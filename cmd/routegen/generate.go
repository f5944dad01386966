package main

import (
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
)

// generateFlags are the flags of the generate command.
type generateFlags struct {
	output, pkg string
}

func (g *generateFlags) register(fs *pflag.FlagSet) {
	fs.StringVarP(&g.output, "output", "o", "", "generated file, - for standard output (default routes_gen.go beside the input, or in $GOFILE's folder under go generate)")
	fs.StringVar(&g.pkg, "package", "", "package name (default $GOPACKAGE, else the output folder's name)")
}

// generate writes the package of table. Nothing is written unless the whole
// file could be generated.
func generate(table *ir.Table, input string, flags generateFlags, stdout, stderr io.Writer) int {
	output := flags.output
	toStdout := output == "-"
	if toStdout {
		output = filepath.Join(filepath.Dir(input), "routes_gen.go")
	}
	if output == "" {
		dir := filepath.Dir(input)
		if os.Getenv("GOFILE") != "" {
			dir = "."
		}
		output = filepath.Join(dir, "routes_gen.go")
	}
	output = relativePath(output)
	pkg, err := packageName(flags.pkg, output)
	if err != nil {
		return usageError(stderr, err.Error())
	}
	outDir := filepath.Dir(absPath(output))
	fromOutput := func(file string) string {
		rel, err := filepath.Rel(outDir, absPath(file))
		if err != nil {
			return filepath.ToSlash(file)
		}
		return filepath.ToSlash(rel)
	}
	files, diags := gen.Generate(table, gen.Options{
		Package:    pkg,
		Source:     fromOutput(input),
		Output:     filepath.Base(output),
		SourcePath: fromOutput,
	})
	printDiagnostics(stderr, diags)
	if diags.HasErrors() {
		return exitInput
	}
	if toStdout {
		for _, f := range files {
			stdout.Write(f.Content)
		}
		return exitOK
	}
	if err := os.MkdirAll(filepath.Dir(output), 0o755); err != nil {
		fmt.Fprintf(stderr, "routegen: %v\n", err)
		return exitInput
	}
	for _, f := range files {
		if err := writeFileAtomic(filepath.Join(filepath.Dir(output), f.Name), f.Content); err != nil {
			fmt.Fprintf(stderr, "routegen: %v\n", err)
			return exitInput
		}
	}
	return exitOK
}

// packageName is the --package flag, else $GOPACKAGE, else the output
// folder's name made into a Go identifier.
func packageName(flag, output string) (string, error) {
	name := flag
	if name == "" {
		name = os.Getenv("GOPACKAGE")
	}
	if name == "" {
		name = sanitizePackage(filepath.Base(filepath.Dir(absPath(output))))
	}
	if !token.IsIdentifier(name) || token.IsKeyword(name) {
		return "", fmt.Errorf("package name %q is not a Go identifier; set --package", name)
	}
	return name, nil
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

// writeFileAtomic writes through a temporary file, so that a failed write
// never leaves a half-written file behind.
func writeFileAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), ".routegen-*.go")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), name)
}
