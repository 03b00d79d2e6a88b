package main

import "syscall"

// limitMemory caps the serving child's address space at 4 GiB, so that an
// input asking for a huge allocation fails fast as out of memory instead of
// taking the machine's memory.
func limitMemory() {
	lim := &syscall.Rlimit{Cur: 4 << 30, Max: 4 << 30}
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, lim)
}
