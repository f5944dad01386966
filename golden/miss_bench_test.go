package golden_test

import (
	"testing"

	"github.com/routegen/routegen/golden/github"
	"github.com/routegen/routegen/runtime"
)

// BenchmarkLookupGitHubMisses requests a path below every route of the
// GitHub API set, which no route matches: the 404s a scanner sends.
func BenchmarkLookupGitHubMisses(b *testing.B) {
	routes := github.Routes()
	paths := make([]string, len(routes))
	for i := range routes {
		paths[i] = routes[i].Path + "/x/y"
	}
	var m runtime.Match
	b.ReportAllocs()
	for b.Loop() {
		for i, p := range paths {
			github.Lookup(&m, routes[i].Method, "localhost", p)
		}
	}
	if m.Status() != 404 {
		b.Fatalf("status %d, want 404", m.Status())
	}
}
