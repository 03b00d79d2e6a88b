//go:build !linux

package main

// limitMemory does nothing where RLIMIT_AS is not set portably.
func limitMemory() {}
