// Package routes is generated from config/routes.conf, with
// config/security.conf and config/aah.conf, by go generate.
package routes

// routegen runs from the main module, so that its own dependencies stay out
// of the examples' module; an application of its own writes
//
//	//go:generate go tool routegen --security ../../config/security.conf --app-config ../../config/aah.conf ../../config/routes.conf
//
//go:generate go run -C ../../../.. ./cmd/routegen --security examples/aahport/config/security.conf --app-config examples/aahport/config/aah.conf --package routes -o examples/aahport/app/routes/routes_gen.go examples/aahport/config/routes.conf
