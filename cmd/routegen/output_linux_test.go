package main

import (
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteOutputWritesThroughAFIFO: a FIFO given as -o gets the content,
// as a shell's > would give it, and stays a FIFO.
func TestWriteOutputWritesThroughAFIFO(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	read := make(chan []byte)
	go func() {
		f, err := os.Open(fifo) // blocks until routegen opens it to write
		if err != nil {
			read <- nil
			return
		}
		data, _ := io.ReadAll(f)
		f.Close()
		read <- data
	}()
	if code, _, stderr := runIn(t, dir, "--package", "web", "-o", fifo, "routes.conf"); code != exitOK {
		t.Fatalf("routegen -o FIFO = %d, %s", code, stderr)
	}
	// A FIFO replaced would leave its reader waiting: look first.
	if info, err := os.Lstat(fifo); err != nil || info.Mode().Type() != fs.ModeNamedPipe {
		t.Fatalf("-o FIFO left %v (%v), want the FIFO", info.Mode(), err)
	}
	if data := <-read; !bytes.Contains(data, []byte("\npackage web\n")) {
		t.Errorf("the FIFO's reader got %.80q, want the package", data)
	}
}

// TestWriteOutputWritesThroughADevice: -o and --ts naming a device like
// /dev/null write into it and leave it a device. The device is made with
// mknod, which needs root (CAP_MKNOD); elsewhere the test says so and
// skips.
func TestWriteOutputWritesThroughADevice(t *testing.T) {
	dir := writeFiles(t, map[string]string{"routes.conf": validConf})
	null := filepath.Join(dir, "null")
	// The character device 1:3 is Linux's /dev/null.
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("cannot make a device here (mknod needs root): %v", err)
	}
	before, err := os.Lstat(null)
	if err != nil {
		t.Fatal(err)
	}
	if f, err := os.OpenFile(null, os.O_WRONLY, 0); err != nil {
		t.Skipf("cannot write the device made here (a nodev mount?): %v", err)
	} else {
		f.Close()
	}
	if code, _, stderr := runIn(t, dir, "--package", "web", "-o", null, "--ts", null, "routes.conf"); code != exitOK {
		t.Fatalf("routegen -o device --ts device = %d, %s", code, stderr)
	}
	after, err := os.Lstat(null)
	if err != nil || after.Mode() != before.Mode() || !sameDevice(before, after) {
		t.Errorf("-o device left %v (%v), want the device %v", after.Mode(), err, before.Mode())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the folder holds %d entries, want routes.conf and the device", len(entries))
	}
}

func sameDevice(a, b fs.FileInfo) bool {
	sa, okA := a.Sys().(*syscall.Stat_t)
	sb, okB := b.Sys().(*syscall.Stat_t)
	return okA && okB && sa.Rdev == sb.Rdev && sa.Ino == sb.Ino
}
