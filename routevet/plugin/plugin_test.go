package plugin

import (
	"testing"

	"github.com/routegen/routegen/routevet"
)

func TestSettings(t *testing.T) {
	p, err := New(map[string]any{"helpers": true})
	if err != nil {
		t.Fatal(err)
	}
	analyzers, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(analyzers) != 1 || analyzers[0] != routevet.Analyzer {
		t.Fatalf("analyzers = %v", analyzers)
	}
	if got := routevet.Analyzer.Flags.Lookup("helpers").Value.String(); got != "true" {
		t.Errorf("helpers = %s, want true", got)
	}
	if _, err := New(map[string]any{"helper": true}); err == nil {
		t.Error("an unknown setting was accepted")
	}
}
