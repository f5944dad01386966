// Package otelcheck is a module of its own that tests routegen's router
// under OpenTelemetry's HTTP instrumentation, which then stays out of the
// main module's dependencies.
package otelcheck
