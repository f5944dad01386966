// Package edgecheck checks routegen's edge exports (routegen list --format
// caddy and gateway) on what runs them, in a module of its own so that
// their dependencies stay out of routegen's go.mod: the Caddy export of
// random tables loaded into Caddy v2, with random requests sent through
// it; the Gateway exports validated against Gateway API's HTTPRoute CRD as
// the API server validates a resource; and the Gateway exports of the
// golden and random tables translated by Envoy Gateway's egctl (built from
// the module egctl/ beside this one on the first run) and followed as
// Envoy routes, against the router.
//
//	go test ./...    8 random tables of 400 requests through Caddy, the golden and random Gateway exports, Envoy Gateway's translation of the golden ones and 2 random ones
//	go test -run TestCaddyRoutesAsRouter -edge.tables 200 -edge.requests 2000 -v    the long run
package edgecheck
