//go:build !race

package runtime

// raceEnabled: the race detector is on.
const raceEnabled = false
