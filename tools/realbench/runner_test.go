package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// returns on "h" or "n", and otherwise behaves as standIn.
func standInCrash(b []byte) {
	switch string(b) {
	case "o":
		debug.SetMaxStack(1 << 20)
		depth = recurse(len(b))
	case "h":
		for { // the loop of "h"
			time.Sleep(time.Millisecond)
		}
	case "n":
		spin(b)
	}
	standIn(b)
}

// spin never returns: each turn of its loop calls scan, whose own loop
// ends, so a dump catches it in either loop.
func spin(b []byte) {
	for i := 0; i < len(b); { // the loop of "n"
		i += scan(b[i:])
	}
}

// scan returns 0 after a loop of its own.
func scan(b []byte) int {
	for j := 0; j < 1000; j++ {
		depth += int(b[0])
	}
	return 0
}

// depth keeps recurse's result, so that the call is not dropped.
var depth int

// recurse descends until n is negative, which it never is here: the stack
// overflows first.
func recurse(n int) int { // recurse's declaration
	if n < 0 {
		return 0
	}
	return recurse(n+1) + 1
}

// lineOf returns the line of this file that contains marker.
func lineOf(t *testing.T, marker string) int {
	t.Helper()
	data, err := os.ReadFile("runner_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, marker) && !strings.Contains(l, "lineOf") {
			return i + 1
		}
	}
	t.Fatalf("no line with %q", marker)
	return 0
}

func TestRunner(t *testing.T) {
	r := newRunner("standInCrash", time.Second)
	defer r.stop()
	inproc := runInProcess(standIn, []byte("aB"), probeLimit)
	overflow := fmt.Sprintf("/runner_test.go:%d", lineOf(t, "// recurse's declaration"))
	hang := fmt.Sprintf("/runner_test.go:%d", lineOf(t, "// the loop of \"h\""))
	for _, c := range []struct {
		in, prefix, suffix string
		why                string
	}{
		{"aB", inproc, "", "a panic is answered as in-process"},
		{"a", "", "", "a pass is empty"},
		{"o", "stack overflow at ", overflow, "a crash is read from the child's stderr"},
		{"aB", inproc, "", "a new child serves after a crash"},
		{"h", "hang at ", hang, "a run past the limit is a hang, at the loop it is in"},
		{"aB", inproc, "", "a new child serves after a hang"},
	} {
		got := r.run([]byte(c.in))
		if c.suffix == "" && got != c.prefix || c.suffix != "" && (!strings.HasPrefix(got, c.prefix) || !strings.HasSuffix(got, c.suffix)) {
			t.Errorf("run(%q) = %q, want %q...%q: %s", c.in, got, c.prefix, c.suffix, c.why)
		}
	}
	if r.starts != 3 {
		t.Errorf("%d children started, want 3: one, then one after the crash and one after the hang", r.starts)
	}
	if !strings.HasPrefix(inproc, "panic: found B at ") {
		t.Errorf("stand-in signature %q", inproc)
	}
}

// TestHangOutermostLoop checks that a hang is placed at the loop that does
// not end, not at the loop of a function it calls, which is where a dump
// catches it most of the time.
func TestHangOutermostLoop(t *testing.T) {
	r := newRunner("standInCrash", time.Second)
	defer r.stop()
	want := fmt.Sprintf("/runner_test.go:%d", lineOf(t, "// the loop of \"n\""))
	for i := 0; i < 2; i++ {
		if got := r.run([]byte("n")); !strings.HasPrefix(got, "hang at ") || !strings.HasSuffix(got, want) {
			t.Errorf("run(n) = %q, want hang at ...%s, spin's loop", got, want)
		}
	}
}

func TestOutputSignatureHang(t *testing.T) {
	// go test -timeout's dump: the target's goroutine is the one in the
	// module cache, not TestMain's or the fuzz function's.
	out := "panic: test timed out after 10s\n\trunning tests:\n\t\tFuzzX (10s)\n\n" +
		"goroutine 7 [running]:\ntesting.(*M).startAlarm.func1()\n\t" + goroot + "/src/testing/testing.go:2802 +0x354\n\n" +
		"goroutine 1 [chan receive]:\ngithub.com/shortlex/shortlex/tools/realbench.TestMain(0x1)\n\t/w/tools/realbench/runner_test.go:22 +0x245\n\n" +
		"goroutine 6 [runnable]:\n" +
		"github.com/buger/jsonparser.blockEnd({0x1, 0x2, 0x3}, 0x5b, 0x5d)\n\t/root/go/pkg/mod/github.com/buger/jsonparser@v0.0.0-20191204142016-1a29609e0929/parser.go:187 +0x5\n" +
		"github.com/buger/jsonparser.findKeyStart({0x1, 0x2, 0x3}, {0x4, 0x5})\n\t/root/go/pkg/mod/github.com/buger/jsonparser@v0.0.0-20191204142016-1a29609e0929/parser.go:99 +0x5\n" +
		"github.com/buger/jsonparser.Delete({0x1, 0x2, 0x3}, {0x4, 0x1, 0x1})\n\t/root/go/pkg/mod/github.com/buger/jsonparser@v0.0.0-20191204142016-1a29609e0929/parser.go:659 +0x5\n" +
		"github.com/shortlex/shortlex/tools/realbench.jsonRedact(...)\n\t/w/tools/realbench/libs.go:140\n" +
		"testing.tRunner(0x1, 0x2)\n\t" + goroot + "/src/testing/testing.go:2036 +0xea\n"
	// The place is read from jsonparser's source in the module cache.
	cache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	out = strings.ReplaceAll(out, "/root/go/pkg/mod/", filepath.Join(strings.TrimSpace(string(cache)))+"/")
	// findKeyStart's loop (line 64) encloses line 99 and is the outermost
	// loop on the stack; blockEnd's (187) is where the dump caught it.
	want := "hang at github.com/buger/jsonparser@v0.0.0-20191204142016-1a29609e0929/parser.go:64"
	if got := outputSignature(out); got != want {
		t.Errorf("outputSignature = %q, want %q", got, want)
	}
}
