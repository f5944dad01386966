package gen

import (
	_ "embed"
	"strings"
)

// runtimeFile is typescript_runtime.ts: declarations that let tsc check it
// on its own, then the code every generated module ends with.
//
//go:embed typescript_runtime.ts
var runtimeFile string

// tsRuntime is the code every generated TypeScript module ends with: the
// part of typescript_runtime.ts from its line "What follows is the same in
// every generated module." It writes the URLs from the tables above it,
// and checks and escapes the values as the Go runtime does
// (runtime/urls.go, constraint.go, validate.go, match.go's IsCleanTail).
var tsRuntime = func() string {
	const start = "\n// What follows is the same in every generated module.\n"
	i := strings.Index(runtimeFile, start)
	if i < 0 {
		panic("gen: typescript_runtime.ts lacks the line " + start[1:])
	}
	return runtimeFile[i:]
}()
