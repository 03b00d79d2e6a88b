//go:build !linux

package main

// memoryLimit is 0: no address-space limit is set here.
const memoryLimit = 0

// limitMemory does nothing where RLIMIT_AS is not set portably.
func limitMemory() {}
