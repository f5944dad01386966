package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// writeOutput writes data to the file name as gofmt -w and go generate
// tools do, and is how every command that writes (generate, --ts, fmt -w)
// writes:
//   - a symlink is followed: its target gets the content, the link stays;
//   - what is not a regular file (a device, a FIFO) is written through,
//     never replaced: -o /dev/null leaves the device as it was;
//   - a regular file is replaced through a temporary file in its folder,
//     so that a failed write never leaves half a file, and keeps its mode;
//     a new file is 0644.
//
// routegen vet -fix is written by go vet itself (os.WriteFile), which
// writes in place, so the same three rules hold for it.
func writeOutput(name string, data []byte) error {
	target, err := filepath.EvalSymlinks(name)
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Lstat(name); lerr == nil {
			// A link to a file yet to be made: create its target
			// through it, as os.WriteFile would.
			return writeThrough(name, data, os.O_CREATE)
		}
		return writeAtomic(name, data, 0o644)
	}
	if err != nil {
		return err
	}
	info, err := os.Stat(target)
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return writeThrough(target, data, 0)
	}
	return writeAtomic(target, data, info.Mode().Perm())
}

// writeThrough opens name for writing, truncated, and writes data into it:
// the file stays the one it was (a device, a FIFO, a link's target).
func writeThrough(name string, data []byte, flag int) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_TRUNC|flag, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writeAtomic writes through a temporary file in the same folder and
// renames it over name, with mode perm.
func writeAtomic(name string, data []byte, perm os.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".routegen-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
