package main

import (
	"path/filepath"

	"github.com/routegen/routegen/gen"
	"github.com/routegen/routegen/ir"
	"github.com/routegen/routegen/parser"
)

// typeScriptFile is the TypeScript module of --ts: the URL helpers of the
// table, the files it names named from the module's folder.
func typeScriptFile(table *ir.Table, input, file string) (outFile, parser.Diagnostics) {
	path := relativePath(file)
	outDir := filepath.Dir(absPath(path))
	fromOutput := func(name string) string {
		rel, err := filepath.Rel(outDir, absPath(name))
		if err != nil {
			return filepath.ToSlash(name)
		}
		return filepath.ToSlash(rel)
	}
	content, diags := gen.TypeScript(table, gen.Options{Source: fromOutput(input), SourcePath: fromOutput, Version: version})
	return outFile{path: path, content: content}, diags
}
