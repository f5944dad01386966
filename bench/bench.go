// Package bench compares routegen with the fastest Go routers on the route
// sets of the standard Go HTTP routing benchmark, and measures how
// routegen scales with the number of routes. It is a module of its own, so
// that routegen's users never download the routers it is compared with.
// See README.md.
package bench

//go:generate go run ./cmd/gensets
