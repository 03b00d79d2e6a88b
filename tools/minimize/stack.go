package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// This file makes a stack overflow cheap to reproduce while reducing. Go
// lets a goroutine's stack grow to 1 GB before it reports an overflow,
// and a worker takes seconds to grow and copy a stack that large, on
// every failing candidate: a recursion crasher used to spend its whole
// time budget on a few hundred of them. Workers reducing one therefore
// run with a fraction of the binary's limit (the runtime's, or what the
// package set itself), set by a file the tool adds to the test binary (a
// build overlay; the package's own files are not touched) on a word
// from the environment. Every input that overflows the larger limit
// overflows the smaller one, so the reducer loses no candidate; a
// recursion that is deep but not endless can overflow the smaller limit
// only, so the result is run again at the binary's own limit, and if it
// does not overflow there the reduction starts over at that limit
// (tighten.go).

// envStackDivisor names the variable that tells a worker process to
// divide its stack limit; unset, the limit is the binary's own.
const envStackDivisor = "SHORTLEX_STACK_DIVISOR"

// stackDivisor is what the workers that reduce a stack overflow divide
// their limit by: the runtime's 1 GB becomes 32 MB.
const stackDivisor = 32

// stackHookFile is the name of the file the overlay adds to the package
// being built: a test file, whose init runs after those of the package's
// own files, and late in its name's order among the test files.
const stackHookFile = "zz_shortlex_minimize_stack_test.go"

// stackHook is the file's source: an init that divides the stack limit
// when envStackDivisor says so, with imports named so that they cannot
// clash with the package's own names.
const stackHook = `package %s

import (
	shortlexminimizeos "os"
	shortlexminimizedebug "runtime/debug"
	shortlexminimizestrconv "strconv"
)

// Added to the test binary by the minimize tool (never written to the
// package's directory): workers reducing a stack overflow run with a
// smaller stack limit, so that each overflow is found quickly.
func init() {
	if d, err := shortlexminimizestrconv.Atoi(shortlexminimizeos.Getenv(%q)); err == nil && d > 1 {
		limit := shortlexminimizedebug.SetMaxStack(1 << 30)
		shortlexminimizedebug.SetMaxStack(limit / d)
	}
}
`

// writeStackOverlay writes, in dir, the stack hook for package p and an
// overlay file that adds it to p's directory for go build's -overlay, and
// returns the overlay file's path.
func writeStackOverlay(dir string, n int, p *pkg) (string, error) {
	if p.Name == "" {
		return "", fmt.Errorf("package %s has no name", p.ImportPath)
	}
	hook := filepath.Join(dir, strconv.Itoa(n)+"-"+stackHookFile)
	if err := os.WriteFile(hook, fmt.Appendf(nil, stackHook, p.Name, envStackDivisor), 0o666); err != nil {
		return "", err
	}
	overlay, err := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(p.Dir, stackHookFile): hook},
	})
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, strconv.Itoa(n)+"-overlay.json")
	return path, os.WriteFile(path, overlay, 0o666)
}
