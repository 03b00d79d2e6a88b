//go:build !(linux || freebsd)

package main

// The address-space limit needs RLIMIT_AS, which this platform's syscall
// package lacks (or, on macOS, does not enforce): -memlimit has no effect
// here, and a huge allocation is found only if the system refuses it.

const envRlimitAS = ""

const canLimitMemory = false

func execLimited() {}

// inheritedMemLimit returns 0: no limit this tool can read.
func inheritedMemLimit() int64 { return 0 }
