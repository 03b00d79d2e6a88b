//go:build darwin || freebsd || linux || openbsd

package main

import (
	"errors"
	"os"
	"syscall"
)

// This file maps the worker's shared memory as Go's own fuzz worker does
// (sys_posix.go in internal/fuzz), on the same platforms. Process
// attributes and signals are in sys_linux.go and sys_bsd.go, the
// address-space limit in limit_*.go.

// mmap maps size bytes of f for reading and writing, shared with the
// worker process that maps the same file.
func mmap(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_FILE|syscall.MAP_SHARED)
}

func munmap(b []byte) error { return syscall.Munmap(b) }

// processAlive reports whether a process with this id exists: signal 0
// checks without sending anything, and EPERM means it exists under
// another user.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
