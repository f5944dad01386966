package runtime_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/routegen/routegen/runtime"
)

// TestFileSessionStore: a session's file holds its value until it ends,
// when it is read as none and removed; an ID the router does not make
// names no file.
func TestFileSessionStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions")
	store, err := runtime.FileSessionStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o700 {
		t.Fatalf("the store's folder: %v %v", info, err)
	}
	live, ended := strings.Repeat("a", 43), strings.Repeat("b", 43)
	if err := store.Save(live, "live value", time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := store.Save(ended, "ended value", time.Now().Add(-time.Second)); err != nil {
		t.Fatal(err)
	}
	if v, err := store.Read(live); v != "live value" || err != nil {
		t.Errorf("Read(live) = %q, %v", v, err)
	}
	if v, err := store.Read(ended); v != "" || err != nil {
		t.Errorf("Read(ended) = %q, %v", v, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ended)); !os.IsNotExist(err) {
		t.Errorf("the ended session's file is still there: %v", err)
	}
	for _, id := range []string{"../" + live, "", strings.Repeat("a", 42), strings.Repeat(".", 43)} {
		if v, err := store.Read(id); v != "" || err != nil {
			t.Errorf("Read(%q) = %q, %v", id, v, err)
		}
		if err := store.Save(id, "x", time.Now().Add(time.Hour)); err == nil {
			t.Errorf("Save(%q) saved", id)
		}
	}
	if err := store.Delete(live); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete(live); err != nil {
		t.Errorf("a second Delete: %v", err)
	}
	if v, _ := store.Read(live); v != "" {
		t.Errorf("Read after Delete = %q", v)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left: %v", entries)
	}
}
