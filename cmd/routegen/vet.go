package main

import (
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/routegen/routegen/routevet"
)

// vet runs the routevet analyzer over Go packages, as `routegen vet [-fix]
// [packages]`, and exits. singlechecker parses the command line itself, so
// it is handed the arguments after "vet" under the name "routegen vet".
func vet(args []string) {
	os.Args = append([]string{"routegen vet"}, args...)
	singlechecker.Main(routevet.Analyzer)
}
