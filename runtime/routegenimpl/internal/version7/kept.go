package version7

// This package is what routegen wrote for version 7 of routegenimpl's
// API, kept as it was written: it is not generated again. routegenimpl's
// TestPreviousVersionServes builds it and serves requests through it, so
// that a change to routegenimpl that breaks the files of version 7 fails
// while MinVersion is 7 or less. When MinVersion passes 7, the package of
// the oldest version then supported replaces it (routegen --package
// versionN routes.conf, run here by the routegen of that version).
