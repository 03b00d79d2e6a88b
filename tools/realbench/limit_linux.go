package main

import "syscall"

// memoryLimit is the serving child's address-space limit, as
// tools/minimize's default -memlimit.
const memoryLimit = 4 << 30

// limitMemory caps the serving child's address space at memoryLimit, so
// that an input asking for a huge allocation fails fast as out of memory
// instead of taking the machine's memory.
func limitMemory() {
	lim := &syscall.Rlimit{Cur: memoryLimit, Max: memoryLimit}
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, lim)
}
