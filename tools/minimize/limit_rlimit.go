//go:build linux || freebsd

package main

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"syscall"
)

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
	limit, err := strconv.ParseInt(v, 10, 64)
	if err == nil && len(os.Args) > 1 {
		var rl syscall.Rlimit
		if err = syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil {
			// Lowering is always allowed; raising above the inherited
			// hard limit is not (EPERM), and the tool never asks to.
			if hard := rlimitValue(reflect.ValueOf(&rl.Max).Elem()); hard >= 0 && limit > hard {
				limit = hard
			}
			// The fields are uint64 on most systems and int64 on FreeBSD.
			for _, f := range []reflect.Value{reflect.ValueOf(&rl.Cur).Elem(), reflect.ValueOf(&rl.Max).Elem()} {
				if f.CanUint() {
					f.SetUint(uint64(limit))
				} else {
					f.SetInt(limit)
				}
			}
			err = syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
		}
		if err == nil {
			err = syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
		}
	}
	fmt.Fprintf(os.Stderr, "minimize: launching %q under a memory limit: %v\n", os.Args[1:], err)
	os.Exit(127)
}

// canLimitMemory reports whether execLimited works here.
const canLimitMemory = true

// inheritedMemLimit returns the address-space limit (RLIMIT_AS, what
// ulimit -v sets) this process runs under, in bytes, or 0 if there is
// none. Workers inherit it: a -memlimit above it cannot be set, and
// need not be.
func inheritedMemLimit() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil {
		return 0
	}
	return max(rlimitValue(reflect.ValueOf(&rl.Cur).Elem()), 0)
}

// rlimitValue reads an Rlimit field: -1 for RLIM_INFINITY (all ones as
// uint64, or -1 as int64 on FreeBSD) or a value beyond int64.
func rlimitValue(f reflect.Value) int64 {
	if f.CanUint() {
		u := f.Uint()
		if u > 1<<62 {
			return -1
		}
		return int64(u)
	}
	if i := f.Int(); i >= 0 && i <= 1<<62 {
		return i
	}
	return -1
}
