package runtime

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// SessionStore keeps sessions on the server, as aah's session.Storer
// did: the cookie then carries the session's ID alone (signed and
// encrypted), and the store the session, as the codec writes it. Ending
// a session (SignOut, or a sign-in that replaces it) deletes it from the
// store, so that a copy of its cookie opens nothing afterwards.
type SessionStore interface {
	// Read is the value saved for id; "" with a nil error when there is
	// none, or its time has passed.
	Read(id string) (string, error)
	// Save keeps value for id until expires, in place of any value before.
	Save(id, value string, expires time.Time) error
	// Delete forgets id; it is no error that there is nothing to forget.
	Delete(id string) error
}

// WithSessionStore keeps the sessions of WithSessions in store instead of
// the one its SessionConfig names (Store and StorePath): a store of the
// application's, for a Store other than "cookie" and "file", or in place
// of either.
func WithSessionStore(store SessionStore) Option {
	return func(rt *Router) error {
		if isNil(store) {
			return &ConfigError{Msg: "WithSessionStore: nil store"}
		}
		rt.sessionStore = store
		return nil
	}
}

// setSessionStore gives the sessions their store: WithSessionStore's, a
// FileSessionStore for Store "file", none for "cookie"; and reports the
// options that need WithSessions without it.
func (rt *Router) setSessionStore() error {
	s := rt.sessions
	if s == nil {
		var without []string
		if rt.sessionStore != nil {
			without = append(without, "WithSessionStore")
		}
		if rt.postAuth != nil {
			without = append(without, "WithPostAuth")
		}
		if without != nil {
			return &ConfigError{Msg: strings.Join(without, " and ") + " need WithSessions"}
		}
		return nil
	}
	switch store := strings.ToLower(s.cfg.Store); {
	case rt.sessionStore != nil:
		s.store = rt.sessionStore
	case store == "" || store == "cookie":
	case store == "file":
		files, err := FileSessionStore(s.cfg.StorePath)
		if err != nil {
			return &ConfigError{Msg: "WithSessions: " + err.Error()}
		}
		s.store = files
	default:
		return &ConfigError{Msg: fmt.Sprintf("WithSessions: the session's store %q is not built in (cookie and file are): give WithSessionStore", s.cfg.Store)}
	}
	return nil
}

// fileSessions is the SessionStore of FileSessionStore.
type fileSessions struct {
	dir string
	// swept is when the files of ended sessions were last removed.
	mu    sync.Mutex
	swept time.Time
}

// sweepEvery is how often saving a session also removes the files of
// sessions that ended without a sign-out.
const sweepEvery = time.Hour

// FileSessionStore keeps each session in a file of dir, aah's store.type
// "file" at its store.filepath: dir is made (readable by its owner only)
// when missing, relative to the working folder. A file's modification
// time is when its session ends; it is removed then, when read, and by
// a sweep at most hourly as sessions are saved.
func FileSessionStore(dir string) (SessionStore, error) {
	if dir == "" {
		return nil, errors.New("FileSessionStore: no folder")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("FileSessionStore: %w", err)
	}
	return &fileSessions{dir: dir, swept: time.Now()}, nil
}

// path is the file of the session id; "" for an ID newSessionID did not
// make, which names no file of the store.
func (f *fileSessions) path(id string) string {
	if len(id) != sessionIDLength || strings.ContainsFunc(id, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_')
	}) {
		return ""
	}
	return filepath.Join(f.dir, id)
}

func (f *fileSessions) Read(id string) (string, error) {
	p := f.path(id)
	if p == "" {
		return "", nil
	}
	info, err := os.Stat(p)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", nil
	case err != nil:
		return "", err
	case !time.Now().Before(info.ModTime()):
		return "", removeFile(p)
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil
	}
	return string(b), err
}

func (f *fileSessions) Save(id, value string, expires time.Time) error {
	p := f.path(id)
	if p == "" {
		return fmt.Errorf("FileSessionStore: %q is not a session ID", id)
	}
	// Written aside, then renamed: a request never reads half a session.
	tmp, err := os.CreateTemp(f.dir, ".saving-*")
	if err != nil {
		return err
	}
	_, err = tmp.WriteString(value)
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Chtimes(tmp.Name(), expires, expires)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		return errors.Join(err, removeFile(tmp.Name()))
	}
	f.sweepIfDue()
	return nil
}

func (f *fileSessions) Delete(id string) error {
	if p := f.path(id); p != "" {
		return removeFile(p)
	}
	return nil
}

// sweepIfDue removes, in the background, the files of the sessions that
// have ended, once sweepEvery has passed since the last sweep.
func (f *fileSessions) sweepIfDue() {
	f.mu.Lock()
	now := time.Now()
	due := now.Sub(f.swept) >= sweepEvery
	if due {
		f.swept = now
	}
	f.mu.Unlock()
	if due {
		go f.sweep(now)
	}
}

// sweep removes the files of the sessions that ended before now, and
// the files of a save that failed half-way an hour before it.
func (f *fileSessions) sweep(now time.Time) {
	entries, err := os.ReadDir(f.dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && info.ModTime().Before(now) &&
			(f.path(e.Name()) != "" || strings.HasPrefix(e.Name(), ".saving-") && info.ModTime().Before(now.Add(-sweepEvery))) {
			_ = removeFile(filepath.Join(f.dir, e.Name()))
		}
	}
}

// removeFile removes a file, which may be gone already.
func removeFile(p string) error {
	if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
