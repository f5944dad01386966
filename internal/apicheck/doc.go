// Package apicheck is a module of its own that holds routegen's stable
// packages to their API as last released: its test compares each with the
// baseline in testdata/api.bundle (golang.org/x/exp/apidiff) and fails on
// an incompatible change. apidiff's dependencies stay out of the main
// module.
//
// After a change to a stable package's API made on purpose, and named in
// CHANGELOG.md, record the new baseline:
//
//	cd internal/apicheck && go test -update
//
// which writes testdata/api.bundle and testdata/api.txt, the same API as
// text, which a review reads.
package apicheck
