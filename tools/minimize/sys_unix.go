//go:build darwin || freebsd || linux || openbsd

package main

import (
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// This file holds what the worker needs from a Unix system: shared memory
// (as Go's own fuzz worker maps it), process groups, signals and the
// address-space limit. The platforms are those of Go's sys_posix.go.

// mmap maps size bytes of f for reading and writing, shared with the
// worker process that maps the same file.
func mmap(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_FILE|syscall.MAP_SHARED)
}

func munmap(b []byte) error { return syscall.Munmap(b) }

// envRlimitAS names the variable that turns a run of this tool's own
// binary into a launcher: it sets RLIMIT_AS to the value and executes
// os.Args[1:]. A launcher rather than a prlimit(2) call on the started
// child, because the limit must be in place before the child runs any
// code: the verifying replay runs the target at once.
const envRlimitAS = "SHORTLEX_MINIMIZE_RLIMIT_AS"

// execLimited is the launcher: main calls it first. In an ordinary run
// the variable is unset and it returns at once.
func execLimited() {
	v, ok := os.LookupEnv(envRlimitAS)
	if !ok {
		return
	}
	os.Unsetenv(envRlimitAS)
	limit, err := strconv.ParseUint(v, 10, 64)
	if err == nil && len(os.Args) > 1 {
		err = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: limit, Max: limit})
		if err == nil {
			err = syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
		}
	}
	fmt.Fprintf(os.Stderr, "minimize: launching %q under a memory limit: %v\n", os.Args[1:], err)
	os.Exit(127)
}

// canLimitMemory reports whether execLimited works here.
const canLimitMemory = true
