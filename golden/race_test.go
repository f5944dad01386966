//go:build race

package golden_test

// raceEnabled: the race detector makes sync.Pool drop what it is given at
// random, so the router's pooled Contexts allocate and the allocation
// promises cannot be checked.
const raceEnabled = true
