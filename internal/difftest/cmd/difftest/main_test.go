package main

import (
	"testing"
	"time"
)

// TestRun builds the driver against one small table and compares it with
// the reference, then its router with routegen match: the long runs of the command depend on the driver's
// source, which no other test compiles.
func TestRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	// A duration of 1ns still checks one table.
	if err := run(time.Nanosecond, 200, 20, 1, compare); err != nil {
		t.Fatal(err)
	}
	if err := run(time.Nanosecond, 200, 20, 1, compareMatch); err != nil {
		t.Fatal(err)
	}
}
