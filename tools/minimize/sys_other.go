//go:build !(darwin || freebsd || linux || openbsd)

package main

import (
	"errors"
	"os"
	"syscall"
)

// Go's fuzz worker protocol needs shared memory and inherited file
// descriptors, which this tool implements for the platforms of Go's
// sys_posix.go only.
var errUnsupported = errors.New("minimize: this platform is not supported (Go's fuzz worker protocol is implemented for darwin, freebsd, linux and openbsd)")

func mmap(f *os.File, size int) ([]byte, error) { return nil, errUnsupported }
func munmap(b []byte) error                     { return errUnsupported }
func signalQuit(p *os.Process) error            { return p.Kill() }
func workerSysProcAttr() *syscall.SysProcAttr   { return nil }

// processAlive cannot tell here, so a directory is never taken for a dead
// process's.
func processAlive(pid int) bool { return true }
