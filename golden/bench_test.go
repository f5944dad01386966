package golden_test

import (
	"testing"

	"github.com/routegen/routegen/golden/github"
	"github.com/routegen/routegen/runtime"
)

// BenchmarkLookupGitHubAll requests every route of the GitHub API set once
// per operation, with the pattern text as the path, as the standard router
// benchmark does.
func BenchmarkLookupGitHubAll(b *testing.B) {
	var m runtime.Match
	routes := github.Routes()
	b.ReportAllocs()
	for b.Loop() {
		for i := range routes {
			r := &routes[i]
			github.Lookup(&m, r.Method, "localhost", r.Path)
		}
	}
}

// BenchmarkURLHelper builds the URL of a GitHub route of two parameters
// with its typed helper.
func BenchmarkURLHelper(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = github.URL.GetReposByOwnerByRepo("golang", "go")
	}
}
