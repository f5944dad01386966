package main

import (
	"cmp"
	"fmt"
	"runtime/debug"
)

// version is the version of this routegen, which generated files name in
// their first line: the module's version as the go command stamped it
// ("v0.1.0" for go install …@v0.1.0 or a tool of a module that requires
// it), "(devel)" for a build of a checkout or of the folder a replace
// directive names.
var version = moduleVersion()

func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	if r := info.Main.Replace; r != nil {
		return cmp.Or(r.Version, "(devel)") // a folder's has none
	}
	return cmp.Or(info.Main.Version, "(devel)")
}

// printVersion is routegen version.
func (c *cli) printVersion(args []string) int {
	if len(args) > 0 {
		return c.usageError(fmt.Sprintf("version takes no argument, got %q", args[0]))
	}
	fmt.Fprintln(c.stdout, "routegen", version)
	return exitOK
}
