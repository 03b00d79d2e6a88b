package main

import (
	"os"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestMain registers stand-in targets, and serves one when the test binary
// is a runner's child.
func TestMain(m *testing.M) {
	targets = append(targets,
		target{Name: "standIn", Run: standIn},
		target{Name: "standInCrash", Run: standInCrash},
	)
	if name := os.Getenv(serveEnv); name != "" {
		serve(name)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// standInCrash overflows its stack on "o", which kills the process, never
// returns on "h", and otherwise behaves as standIn.
func standInCrash(b []byte) {
	switch string(b) {
	case "o":
		debug.SetMaxStack(1 << 20)
		depth = recurse(len(b))
	case "h":
		for {
			time.Sleep(time.Millisecond)
		}
	}
	standIn(b)
}

// depth keeps recurse's result, so that the call is not dropped.
var depth int

// recurse descends until n is negative, which it never is here: the stack
// overflows first.
func recurse(n int) int {
	if n < 0 {
		return 0
	}
	return recurse(n+1) + 1
}

func TestRunner(t *testing.T) {
	r := newRunner("standInCrash", time.Second)
	defer r.stop()
	inproc := runInProcess(standIn, []byte("aB"), probeLimit)
	for _, c := range []struct {
		in, want string
		why      string
	}{
		{"aB", inproc, "a panic is answered as in-process"},
		{"a", "", "a pass is empty"},
		{"o", "stack overflow in github.com/shortlex/shortlex/tools/realbench.recurse", "a crash is read from the child's stderr"},
		{"aB", inproc, "a new child serves after a crash"},
		{"h", sigHang, "a run past the limit is a hang"},
		{"aB", inproc, "a new child serves after a hang"},
	} {
		if got := r.run([]byte(c.in)); got != c.want {
			t.Errorf("run(%q) = %q, want %q: %s", c.in, got, c.want, c.why)
		}
	}
	if r.starts != 3 {
		t.Errorf("%d children started, want 3: one, then one after the crash and one after the hang", r.starts)
	}
	if !strings.HasPrefix(inproc, "panic: found B at ") {
		t.Errorf("stand-in signature %q", inproc)
	}
}
