package aahoauth2

import (
	"testing"
	"time"
)

// TestUsedStates: a state is accepted once; the set forgets a state once
// it has expired, and the oldest when full, so that its memory is
// bounded.
func TestUsedStates(t *testing.T) {
	now := time.Now()
	u := &usedStates{max: 3}
	for _, c := range []struct {
		state string
		sent  time.Time
		fresh bool
	}{
		{"a", now, true}, {"a", now, false}, {"b", now, true}, {"c", now, true}, {"b", now, false},
		{"d", now, true}, // full: a, the oldest, is forgotten
		{"a", now, true}, // and b
		{"old", now.Add(-stateTTL - time.Minute), true},
		{"e", now, true},
		{"old", now.Add(-stateTTL - time.Minute), true}, // a is forgotten for room, then old, expired
		{"e", now, false},
	} {
		if got := u.use(c.state, c.sent); got != c.fresh {
			t.Errorf("use(%q) = %v, want %v", c.state, got, c.fresh)
		}
		if len(u.order) > u.max || len(u.seen) != len(u.order) {
			t.Fatalf("after %q: %d states in order, %d seen; at most %d", c.state, len(u.order), len(u.seen), u.max)
		}
	}
}
