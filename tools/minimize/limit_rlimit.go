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
		// The fields are uint64 on most systems and int64 on FreeBSD.
		for _, f := range []reflect.Value{reflect.ValueOf(&rl.Cur).Elem(), reflect.ValueOf(&rl.Max).Elem()} {
			if f.CanUint() {
				f.SetUint(uint64(limit))
			} else {
				f.SetInt(limit)
			}
		}
		err = syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
		if err == nil {
			err = syscall.Exec(os.Args[1], os.Args[1:], os.Environ())
		}
	}
	fmt.Fprintf(os.Stderr, "minimize: launching %q under a memory limit: %v\n", os.Args[1:], err)
	os.Exit(127)
}

// canLimitMemory reports whether execLimited works here.
const canLimitMemory = true
