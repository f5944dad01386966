package runtime

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestFileSessionSweep: a sweep removes the files of the sessions that
// have ended, and of saves that failed an hour before, and nothing else.
func TestFileSessionSweep(t *testing.T) {
	dir := t.TempDir()
	store, err := FileSessionStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	files := map[string]time.Time{
		strings.Repeat("a", sessionIDLength): now.Add(time.Hour),    // live
		strings.Repeat("b", sessionIDLength): now.Add(-time.Second), // ended
		".saving-1":                          now.Add(-2 * time.Hour),
		".saving-2":                          now.Add(-time.Minute), // may be a save under way
		"notes.txt":                          now.Add(-48 * time.Hour),
	}
	for name, at := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	store.(*fileSessions).sweep(now)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	if want := []string{".saving-2", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "notes.txt"}; !slices.Equal(left, want) {
		t.Errorf("left %q, want %q", left, want)
	}
}
