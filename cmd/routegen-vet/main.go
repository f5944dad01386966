// Command routegen-vet is the routevet analyzer as a vet tool, which
// checks the Go code that uses routegen-generated routes:
//
//	go install github.com/routegen/routegen/cmd/routegen-vet@latest
//	go vet -vettool=$(go env GOPATH)/bin/routegen-vet ./...
//
// (under $GOBIN when that is set). The flags of the analyzer take its
// name: -routevet.helpers.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/routegen/routegen/routevet"
)

func main() { unitchecker.Main(routevet.Analyzer) }
