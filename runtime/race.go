//go:build race

package runtime

// raceEnabled: the race detector is on. Its Contexts go through the pool
// alone (contexts.go).
const raceEnabled = true
