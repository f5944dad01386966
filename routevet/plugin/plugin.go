// Package plugin registers the routevet analyzer as a golangci-lint module
// plugin named "routevet". It is a module of its own so that the main
// module does not depend on golangci-lint's plugin-module-register.
package plugin

import (
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/routegen/routegen/routevet"
)

func init() {
	register.Plugin("routevet", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Helpers also reports literal paths that a typed URL helper builds,
	// as the analyzer's -helpers flag does.
	Helpers bool `json:"helpers"`
}

// New returns the plugin for its settings.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](raw)
	if err != nil {
		return nil, err
	}
	return linter{s}, nil
}

type linter struct{ settings Settings }

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	if err := routevet.Analyzer.Flags.Set("helpers", strconv.FormatBool(l.settings.Helpers)); err != nil {
		return nil, err
	}
	return []*analysis.Analyzer{routevet.Analyzer}, nil
}

// GetLoadMode is types info: routevet reads the typed syntax of the
// packages it checks and of the routegen packages they import.
func (linter) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
