package difftest_test

import (
	"flag"
	"testing"

	"github.com/routegen/routegen/internal/difftest"
)

var (
	changesEdits = flag.Int("changes.edits", 150, "edits of TestChangesAgreeWithRouters")
	changesSeed  = flag.Uint64("changes.seed", 1, "seed of TestChangesAgreeWithRouters")
)

// TestChangesAgreeWithRouters holds routegen changes to the routers on
// random edits of random tables (difftest.CheckChanges).
//
//	go test ./internal/difftest -run TestChangesAgreeWithRouters -changes.edits 5000 -changes.seed 7 -v
//
// is a long run.
func TestChangesAgreeWithRouters(t *testing.T) {
	var stats difftest.ChangesStats
	difftest.CheckChanges(*changesSeed, *changesEdits, 100, &stats)
	for _, e := range stats.Examples {
		t.Error(e)
	}
	t.Log(stats)
}
