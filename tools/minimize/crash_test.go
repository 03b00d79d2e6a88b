package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The samples below have the shapes Go 1.26 prints (taken from real runs,
// with addresses shortened); FIX stands for the fixture's directory, so
// that hangs and stack overflows can be placed in its source.

func fixturePath(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("testdata", "fixture"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestFromTestOutput(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		text         string
		want         string
	}{
		{"panic in a worker", "testing reports a recovered panic as an Errorf line with the stack after it",
			"--- FAIL: FuzzIndex (0.00s)\n" +
				"    testing.go:1927: panic: runtime error: index out of range [5] with length 0\n" +
				"        goroutine 24 [running]:\n" +
				"        runtime/debug.Stack()\n" +
				"        \t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e\n" +
				"        testing.tRunner.func1()\n" +
				"        \t/usr/local/go/src/testing/testing.go:1927 +0x1d0\n" +
				"        panic({0x5fc8a0?, 0xf9737b8e000?})\n" +
				"        \t/usr/local/go/src/runtime/panic.go:860 +0x13a\n" +
				"        fixture.Lookup(...)\n" +
				"        \tFIX/fixture.go:49\n" +
				"        fixture.FuzzIndex.func1(0x0?, {0xf9737b02497?, 0x0?}, 0x489433?)\n" +
				"        \tFIX/fixture_test.go:57 +0x16\n" +
				"        reflect.Value.call({0x5d5580?, 0x622558?, 0x13?}, {0x610c0e, 0x4}, {0xf9737b1e480, 0x3, 0x4?})\n" +
				"        \t/usr/local/go/src/reflect/value.go:586 +0xf0c\n" +
				"        testing.tRunner(0xf9737b86008, 0xf9737b68090)\n" +
				"        \t/usr/local/go/src/testing/testing.go:2036 +0xea\n",
			"panic: runtime error: index out of range [] with length at fixture.go:49"},
		{"fatal after log", "t.Fatal ends the test, so it is the last message; the log line before it is not the failure",
			"--- FAIL: FuzzFatal (0.00s)\n    fixture_test.go:25: checking \"xxx\"\n    fixture_test.go:27: too many x in \"xxx\"\n        second line\n",
			"failed at fixture_test.go:27"},
		{"error before log", "a t.Log after t.Error is recognized from the source line and skipped",
			"--- FAIL: FuzzError (0.00s)\n    fixture_test.go:36: n = 1001 is too big for \"\\x00\"\n    fixture_test.go:38: done\n",
			"failed at fixture_test.go:36"},
		{"nested go test output", "in go test's own output messages are indented deeper; continuation lines deeper still",
			"=== RUN   FuzzFatal/x\n    fixture_test.go:25: checking\n    fixture_test.go:27: too many\n        x.go:1: quoted in the message\n--- FAIL: FuzzFatal (0.00s)\n    --- FAIL: FuzzFatal/x (0.00s)\nFAIL\n",
			"failed at fixture_test.go:27"},
		{"fail without message", "t.Fail() prints nothing but the FAIL line",
			"--- FAIL: FuzzX (0.00s)\n", "failed (no message)"},
		{"passing output", "no failure",
			"=== RUN   FuzzX/a\n--- PASS: FuzzX/a (0.00s)\nPASS\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnalyzer("/usr/local/go")
			text := strings.ReplaceAll(tc.text, "FIX", fixturePath(t))
			f, ok := a.fromTestOutput(text, fixturePath(t))
			if got := f.Signature; got != tc.want || ok != (tc.want != "") {
				t.Errorf("signature %q (ok %v), want %q: %s", got, ok, tc.want, tc.reason)
			}
		})
	}
}

func TestFromCrash(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		crash        crash
		want         string
	}{
		{"concurrent map writes", "a fatal error: kind, message and the first user frame of the crashing goroutine",
			crash{ExitCode: 2, Stderr: "fatal error: concurrent map writes\n\n" +
				"goroutine 13 [running]:\n" +
				"internal/runtime/maps.fatal({0x61605c?, 0x7dbbe0?})\n\t/usr/local/go/src/runtime/panic.go:1181 +0x18\n" +
				"fixture.Tally.func1()\n\tFIX/fixture.go:66 +0x35\n" +
				"created by fixture.Tally in goroutine 12\n\tFIX/fixture.go:64 +0x45\n\n" +
				"goroutine 1 [chan receive]:\n" +
				"testing.runFuzzing({0x62bcd8, 0x7dbbe0}, {0x7b5d40, 0x6, 0x7fe6b46c5108?})\n\t/usr/local/go/src/testing/fuzz.go:624 +0x7ec\n"},
			"fatal error: concurrent map writes at fixture.go:66"},
		{"stack overflow", "the runtime stack section is skipped; the frame is moved to the function's first line",
			crash{ExitCode: 2, Stderr: "runtime: goroutine stack exceeds 1000000000-byte limit\n" +
				"runtime: sp=0x3a76b5660388 stack=[0x3a76b5660000, 0x3a76d5660000]\n" +
				"fatal error: stack overflow\n\nruntime stack:\n" +
				"runtime.throw({0x6136d2?, 0x3a76954d1680?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48 fp=0x3 sp=0x3 pc=0x4\n" +
				"runtime.newstack()\n\t/usr/local/go/src/runtime/stack.go:1207 +0x5fd fp=0x3 sp=0x3 pc=0x4\n\n" +
				"goroutine 12 gp=0x3a7695590780 m=4 mp=0x3a769550b808 [running]:\n" +
				"fixture.Depth({0x2aaa9b1?, 0x1?}, 0x0?)\n\tFIX/fixture.go:78 +0x2b fp=0x3 sp=0x3 pc=0x5\n" +
				"fixture.Depth(...)\n\tFIX/fixture.go:83\n"},
			"stack overflow at fixture.go:78"},
		{"out of memory under a limit", "the runtime's message under RLIMIT_AS",
			crash{ExitCode: 2, Stderr: "runtime: out of memory: cannot allocate 1099511627776-byte block (8093696 in use)\n" +
				"fatal error: out of memory\n\n" +
				"goroutine 19 gp=0x2 m=0 mp=0x7 [running]:\n" +
				"runtime.throw({0x613041?, 0x0?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\n" +
				"runtime.makeslice(0x5b8a60?, 0x0?, 0x0?)\n\t/usr/local/go/src/runtime/slice.go:116 +0x49\n" +
				"fixture.Table(0x80)\n\tFIX/fixture.go:108 +0x4b\n"},
			"out of memory at fixture.go:108"},
		{"out of memory without a limit", "the runtime's message when the kernel refuses the mapping",
			crash{ExitCode: 2, Stderr: "fatal error: runtime: out of memory\n\nruntime stack:\n" +
				"runtime.sysMapOS(0x2e0a3b400000, 0x10000000000, {0x610b26, 0x4})\n\t/usr/local/go/src/runtime/mem_linux.go:175 +0x13b\n\n" +
				"goroutine 21 gp=0x2 m=2 mp=0x2 [running]:\n" +
				"runtime.systemstack_switch()\n\t/usr/local/go/src/runtime/asm_amd64.s:516 +0x8\n" +
				"fixture.Table(0x80)\n\tFIX/fixture.go:108 +0x4b\n"},
			"out of memory at fixture.go:108"},
		{"hang in a loop", "a busy goroutine is placed at the loop statement around the sampled line",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\nPC=0x5cbb41 m=3 sigcode=0\n\n" +
				"goroutine 7 gp=0x1 m=3 mp=0x1 [running]:\n" +
				"strings.HasPrefix(...)\n\t/usr/local/go/src/strings/strings.go:521\n" +
				"fixture.Scan({0xc00001a0d8, 0x2})\n\tFIX/fixture.go:92 +0x41\n" +
				"fixture.FuzzHang.func1(0x0?, {0xc00001a0d8?, 0x0?})\n\tFIX/fixture_test.go:82 +0x1e\n" +
				"testing.tRunner(0xc000003340, 0xc0000c2000)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n\n" +
				"goroutine 1 gp=0x2 m=nil [chan receive]:\n" +
				"testing.runFuzzing({0x62bcd8, 0x7dbbe0}, {0x7b5d40, 0x6, 0x7fe6b46c5108?})\n\t/usr/local/go/src/testing/fuzz.go:624 +0x7ec\n"},
			"hang at fixture.go:91"},
		{"blocked forever", "a goroutine parked on a channel is a deadlock, placed where it waits",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\n\n" +
				"goroutine 7 [chan receive]:\n" +
				"fixture.Tally(0x3)\n\tFIX/fixture.go:72 +0x41\n" +
				"testing.tRunner(0xc000003340, 0xc0000c2000)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"},
			"deadlock at fixture.go:72"},
		{"runaway recursion at the timeout", "a timed-out stack deeper than the traceback is a stack overflow in the making",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\n\ngoroutine 3 gp=0x1 m=nil [copystack]:\n" +
				strings.Repeat("fixture.Depth({0x3745a86bc3d1?, 0xa?}, 0x1?)\n\tFIX/fixture.go:82 +0x65\n", 50) +
				"...3011648 frames elided...\n" +
				strings.Repeat("fixture.Depth({0x3745a86bc3d1?, 0xa?}, 0x1?)\n\tFIX/fixture.go:82 +0x65\n", 48) +
				"fixture.FuzzStackOverflow.func1(0x0?, {0xc00001a0d8?, 0x0?})\n\tFIX/fixture_test.go:66 +0x1e\n" +
				"testing.tRunner(0xc000003340, 0xc0000c2000)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"},
			"stack overflow at fixture.go:78"},
		{"stack unavailable", "a dump that shows the target only as running on another thread has no location",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\n\ngoroutine 7 [running]:\n" +
				"\tgoroutine running on other thread; stack unavailable\n" +
				"created by testing.(*F).Fuzz.func1 in goroutine 6\n\t/usr/local/go/src/testing/fuzz.go:328 +0x668\n\n" +
				"goroutine 6 [chan receive]:\n" +
				"testing.(*F).Fuzz(0x1, {0x5d0800, 0x622598})\n\t/usr/local/go/src/testing/fuzz.go:408 +0xab8\n" +
				"fixture.FuzzHang(0x1?)\n\tFIX/fixture_test.go:81 +0x25\n"},
			"hang"},
		{"deadlocked timer", "Go's worker panics after 10s: a hang",
			crash{ExitCode: 2, Stderr: "panic: deadlocked!\n\ngoroutine 23 [running]:\n" +
				"internal/fuzz.RunFuzzWorker.func1.1()\n\t/usr/local/go/src/internal/fuzz/worker.go:493 +0x25\n\n" +
				"goroutine 7 [runnable]:\n" +
				"fixture.Scan(...)\n\tFIX/fixture.go:95\n" +
				"testing.tRunner(0xc000003340, 0xc0000c2000)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"},
			"hang at fixture.go:91"},
		{"panic in a goroutine", "a panic the worker cannot recover kills it; the runtime prints the panicking goroutine first",
			crash{ExitCode: 2, Stderr: "panic: boom 42 \"quoted 7\"\n\ngoroutine 9 [running]:\n" +
				"fixture.worker()\n\tFIX/fixture.go:20 +0x25\ncreated by fixture.Record in goroutine 7\n\tFIX/fixture.go:17 +0x45\n"},
			`panic: boom "" at fixture.go:20`},
		{"os.Exit", "no output and an exit status",
			crash{ExitCode: 3}, "os.Exit(3)"},
		{"killed", "a signal the runtime did not catch, such as the OOM killer's",
			crash{ExitCode: -1, Signal: "killed"}, "killed by signal: killed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnalyzer("/usr/local/go")
			c := tc.crash
			c.Stderr = strings.ReplaceAll(c.Stderr, "FIX", fixturePath(t))
			if got := a.fromCrash(&c).Signature; got != tc.want {
				t.Errorf("signature %q, want %q: %s", got, tc.want, tc.reason)
			}
		})
	}
}

func TestFromReplay(t *testing.T) {
	for _, tc := range []struct {
		name, reason string
		out          string
		code         int
		want         string
	}{
		{"repanicked", "go test lets a panic crash the binary; the [recovered, repanicked] note is dropped",
			"=== RUN   FuzzIndex/x\n--- FAIL: FuzzIndex (0.00s)\n    --- FAIL: FuzzIndex/x (0.00s)\n" +
				"panic: runtime error: index out of range [1] with length 1 [recovered, repanicked]\n\n" +
				"goroutine 7 [running]:\n" +
				"testing.tRunner.func1.2({0x5fc8a0, 0x206f7cec40a8})\n\t/usr/local/go/src/testing/testing.go:1974 +0x232\n" +
				"panic({0x5fc8a0?, 0x206f7cec40a8?})\n\t/usr/local/go/src/runtime/panic.go:860 +0x13a\n" +
				"fixture.Lookup(...)\n\tFIX/fixture.go:49\n",
			2, "panic: runtime error: index out of range [] with length at fixture.go:49"},
		{"os.Exit", "an exit without any failure message",
			"=== RUN   FuzzExit\n=== RUN   FuzzExit/x\n", 3, "os.Exit(3)"},
		{"pass", "a passing replay has no failure",
			"=== RUN   FuzzExit/x\n--- PASS: FuzzExit/x (0.00s)\nPASS\n", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnalyzer("/usr/local/go")
			out := strings.ReplaceAll(tc.out, "FIX", fixturePath(t))
			f, ok := a.fromReplay(out, fixturePath(t), tc.code, "")
			if f.Signature != tc.want || ok != (tc.want != "") {
				t.Errorf("signature %q (ok %v), want %q: %s", f.Signature, ok, tc.want, tc.reason)
			}
		})
	}
}

func TestMessageClass(t *testing.T) {
	for _, tc := range []struct{ in, want, reason string }{
		{"runtime error: index out of range [5] with length 3", "runtime error: index out of range [] with length", "digits go"},
		{`bad record "zz\"ab" (count 4711)`, `bad record "" (count )`, "quoted text goes, escapes included"},
		{"boom [recovered, repanicked]", "boom", "go test's re-panic note goes"},
		{"first line\nsecond line", "first line", "only the first line"},
		{"rune 'x' and `raw 1`", `rune "" and ""`, "all quote styles"},
	} {
		if got := messageClass(tc.in); got != tc.want {
			t.Errorf("messageClass(%q) = %q, want %q (%s)", tc.in, got, tc.want, tc.reason)
		}
	}
}

// TestSignatureRules checks the rules that keep a signature from matching
// every failure (a log or skip line printed on every run, a helper's line
// shared by its callers) and from differing between a worker and a plain
// replay of the same failure. @name stands for the fixture's line marked
// "// at:name" (FILE:LINE).
func TestSignatureRules(t *testing.T) {
	at := allMarkers(t)
	subst := func(s string) string {
		return regexp.MustCompile(`@(\w+)`).ReplaceAllStringFunc(s, func(m string) string {
			v, ok := at[m[1:]]
			if !ok {
				t.Fatalf("no marker %s", m)
			}
			return v
		})
	}
	for _, tc := range []struct {
		name, reason string
		text         string
		want         string
	}{
		{"log through a helper", "note calls t.Helper and t.Logf: its caller's line is a log, printed on every run",
			"--- FAIL: FuzzLogged (0.00s)\n    @logged: too long: 12 bytes\n    @note: checked 12 bytes\n",
			"failed at @logged"},
		{"first failure", "of two t.Errorf calls the first one failed the test",
			"--- FAIL: FuzzLogged (0.00s)\n    @loggednul: NUL byte\n    @logged: too long: 12 bytes\n    @note: checked 12 bytes\n",
			"failed at @loggednul"},
		{"skip after the failure", "t.Skip after t.Errorf: the test failed, and the skip line is not the failure",
			"--- FAIL: FuzzSkipped (0.00s)\n    @skipped: too long: 12 bytes\n    @skip: the rest is not implemented\n",
			"failed at @skipped"},
		{"only logs", "t.Fail after logs: no message is the failure",
			"--- FAIL: FuzzLogged (0.00s)\n    @note: checked 12 bytes\n",
			"failed (no message)"},
		{"helper without t.Helper", "expect's line is the same for every caller; its message class tells them apart",
			"--- FAIL: FuzzHelper (0.00s)\n    @expect: expectation failed: short\n",
			"failed at @expect: expectation failed: short"},
		{"runtime.Goexit in a worker", "testing reports it from testing.go with a stack; go test crashes with it as a panic",
			"--- FAIL: FuzzGoexit (0.00s)\n    testing.go:1927: test executed panic(nil) or runtime.Goexit\n" +
				"        goroutine 7 [running]:\n" +
				"        runtime/debug.Stack()\n        \t/usr/local/go/src/runtime/debug/stack.go:26 +0x5e\n" +
				"        testing.tRunner.func1()\n        \t/usr/local/go/src/testing/testing.go:1927 +0x1d0\n" +
				"        runtime.Goexit()\n        \t/usr/local/go/src/runtime/panic.go:694 +0x5e\n" +
				"        fixture.FuzzGoexit.func1(0x0?, {0x26f51a0f47b1?, 0x0?})\n        \tFIX/@goexit +0x1a\n" +
				"        testing.tRunner(0xf9737b86008, 0xf9737b68090)\n        \t/usr/local/go/src/testing/testing.go:2036 +0xea\n",
			"panic: test executed panic(nil) or runtime.Goexit at @goexit"},
		{"testing's own message", "a message of testing without a stack is known by its text, not testing.go's line",
			"--- FAIL: FuzzX (0.00s)\n    testing.go:1490: race detected during execution of test\n",
			"failed: race detected during execution of test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnalyzer("/usr/local/go")
			dir := fixturePath(t)
			text := strings.ReplaceAll(subst(tc.text), "FIX/", dir+"/")
			f, ok := a.fromTestOutput(text, dir)
			if want := subst(tc.want); !ok || f.Signature != want {
				t.Errorf("signature %q (ok %v), want %q: %s", f.Signature, ok, want, tc.reason)
			}
		})
	}
	for _, tc := range []struct {
		name, reason string
		crash        crash
		want         string
	}{
		{"deadlock in go test", "all goroutines asleep: located where the target goroutine waits",
			crash{ExitCode: 2, Stderr: "fatal error: all goroutines are asleep - deadlock!\n\n" +
				"goroutine 1 [chan receive]:\ntesting.(*T).Run(0x1, {0x2, 0x3}, 0x4)\n\t/usr/local/go/src/testing/testing.go:2101 +0x4f1\n\n" +
				"goroutine 7 [chan receive]:\nfixture.FuzzBlocked.func1(0x0?, {0x1?, 0x0?})\n\tFIX/@blocked +0x1a\n" +
				"reflect.Value.call({0x607620?, 0x6672e8?, 0x13?}, {0x654854, 0x4}, {0x26f51a0f7080, 0x2, 0x2?})\n\t/usr/local/go/src/reflect/value.go:586 +0xf0c\n" +
				"testing.tRunner(0x1, 0x2)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"},
			"deadlock at @blocked"},
		{"blocked in a worker", "a worker's own goroutines still run, so the runtime sees no deadlock: the timeout's dump shows the wait",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\n\n" +
				"goroutine 7 gp=0x1 m=nil [chan receive, 1 minutes]:\nruntime.gopark(0x1, 0x2, 0x3, 0x4, 0x5)\n\t/usr/local/go/src/runtime/proc.go:461 +0xce\n" +
				"fixture.FuzzBlocked.func1(0x0?, {0x1?, 0x0?})\n\tFIX/@blocked +0x1a\n" +
				"testing.tRunner(0x1, 0x2)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"},
			"deadlock at @blocked"},
		{"stack overflow as the timeout strikes", "on a loaded machine the recursion reaches the limit late: the runtime's report, cut short by the kill, wins over the dump",
			crash{TimedOut: true, ExitCode: -1, Signal: "killed", Stderr: "runtime: goroutine stack exceeds 1000000000-byte limit\n" +
				"runtime: sp=0x3a76b5660388 stack=[0x3a76b5660000, 0x3a76d5660000]\nfatal error: stack overflow\n\nruntime stack:\n" +
				"runtime.throw({0x6136d2?, 0x3a76954d1680?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48 fp=0x3 sp=0x3 pc=0x4\n" +
				"SIGQUIT: quit\nPC=0x5cbb41 m=3 sigcode=0\n\ngoroutine 7 [running]:\n\tgoroutine running on other thread; stack unavailable\n"},
			"stack overflow"},
		{"stack overflow located after the timeout", "the report got as far as the recursing goroutine",
			crash{TimedOut: true, ExitCode: 2, Stderr: "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\n" +
				"goroutine 12 gp=0x3a7695590780 m=4 mp=0x3a769550b808 [running]:\n" +
				"fixture.Depth({0x2aaa9b1?, 0x1?}, 0x0?)\n\tFIX/fixture.go:82 +0x2b fp=0x3 sp=0x3 pc=0x5\n" +
				"SIGQUIT: quit\n\ngoroutine 7 [running]:\n\tgoroutine running on other thread; stack unavailable\n"},
			"stack overflow at @stack"},
		{"recovered and raised again", "a target that recovers a panic and panics again: located where it first happened, below the outermost panic",
			crash{ExitCode: 2, Stderr: "panic: runtime error: index out of range [5] with length 1 [recovered, repanicked]\n\n" +
				"goroutine 7 [running]:\n" +
				"fixture.FuzzIndex.func1.1()\n\tFIX/fixture_test.go:55 +0x25\n" +
				"panic({0x5fc8a0?, 0x206f7cec40a8?})\n\t/usr/local/go/src/runtime/panic.go:860 +0x13a\n" +
				"fixture.Lookup(...)\n\tFIX/fixture.go:49\n" +
				"fixture.FuzzIndex.func1(0x0?, {0x1?, 0x0?}, 0x5)\n\tFIX/fixture_test.go:57 +0x16\n"},
			"panic: runtime error: index out of range [] with length at @index"},
		{"growing stack at the timeout", "a dump that catches the recursion copying its stack to grow it is a stack overflow in the making",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\n\ngoroutine 3 gp=0x1 m=nil [copystack]:\n" +
				strings.Repeat("fixture.Depth({0x3745a86bc3d1?, 0xa?}, 0x1?)\n\tFIX/fixture.go:82 +0x65\n", 12) +
				"fixture.FuzzStackOverflow.func1(0x0?, {0xc00001a0d8?, 0x0?})\n\tFIX/fixture_test.go:66 +0x1e\n" +
				"testing.tRunner(0xc000003340, 0xc0000c2000)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"},
			"stack overflow at @stack"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnalyzer("/usr/local/go")
			c := tc.crash
			c.Stderr = strings.ReplaceAll(subst(c.Stderr), "FIX/", fixturePath(t)+"/")
			if got, want := a.fromCrash(&c).Signature, subst(tc.want); got != want {
				t.Errorf("signature %q, want %q: %s", got, want, tc.reason)
			}
		})
	}
}

// TestRunawayPlaces checks that a hang and a runaway recursion get one
// signature however the dump catches them: replays of one input, and the
// reducer's candidates, stop the target at different depths of the same
// loop or recursion, and a signature that moves with the depth makes the
// input look flaky (tools/realbench: a jsonparser hang was placed at
// three lines in five replays, a gqlparser recursion at its lexer's peek
// or at its parser).
func TestRunawayPlaces(t *testing.T) {
	at := allMarkers(t)
	fix := fixturePath(t)
	subst := func(s string) string {
		s = strings.ReplaceAll(s, "FIX", fix)
		return regexp.MustCompile(`@(\w+)`).ReplaceAllStringFunc(s, func(m string) string { return at[m[1:]] })
	}
	tRunner := "testing.tRunner(0xc000003340, 0xc0000c2000)\n\t/usr/local/go/src/testing/testing.go:2036 +0xea\n"
	words := func(inner string) string {
		return "SIGQUIT: quit\n\ngoroutine 7 gp=0x1 m=3 mp=0x1 [running]:\n" + inner +
			"fixture.FuzzWords.func1(0x0?, {0xc00001a0d8?, 0x0?})\n\tFIX/fixture_test.go:82 +0x1e\n" + tRunner
	}
	nest := func(n int) string {
		return strings.Repeat("fixture.Nest({0x3745a86bc3d1?, 0xa?}, 0x1?)\n\tFIX/fixture.go:157 +0x65\n", n)
	}
	peek := "fixture.peek(...)\n\tFIX/fixture.go:164\n"
	for _, tc := range []struct {
		name, reason string
		crash        crash
		want         string
	}{
		{"hang caught in the inner loop", "the outermost loop of the code under test, not the innermost",
			crash{TimedOut: true, ExitCode: 2, Stderr: words("fixture.skipWord(...)\n\tFIX/fixture.go:146\n" +
				"fixture.Words({0xc00001a0d8, 0x2})\n\tFIX/fixture.go:134 +0x41\n")},
			"hang at @words"},
		{"hang caught in the outer loop", "the same hang, the dump taken between the calls",
			crash{TimedOut: true, ExitCode: 2, Stderr: words("fixture.Words({0xc00001a0d8, 0x2})\n\tFIX/fixture.go:135 +0x41\n")},
			"hang at @words"},
		{"recursion caught in a helper", "a timed-out stack deeper than the traceback, whose innermost frame is not the recursing function",
			crash{TimedOut: true, ExitCode: 2, Stderr: "SIGQUIT: quit\n\ngoroutine 3 gp=0x1 m=nil [running]:\n" + peek + nest(49) +
				"...3011648 frames elided...\n" + nest(48) +
				"fixture.FuzzNest.func1(0x0?, {0xc00001a0d8?, 0x0?})\n\tFIX/fixture_test.go:66 +0x1e\n" + tRunner},
			"stack overflow at @nest"},
		{"overflow in a helper's prologue", "the runtime reports the frame whose prologue overflowed; the recursion entered at Nest",
			crash{ExitCode: 2, Stderr: "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\n" +
				"runtime stack:\nruntime.throw({0x6136d2?, 0x3a76954d1680?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\n\n" +
				"goroutine 12 gp=0x3a7695590780 m=4 mp=0x3a769550b808 [running]:\n" + peek + nest(49) +
				"...additional frames elided...\n" + nest(50)},
			"stack overflow at @nest"},
		{"overflow in the recursing prologue", "the same overflow, caught one call later",
			crash{ExitCode: 2, Stderr: "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\n" +
				"runtime stack:\nruntime.throw({0x6136d2?, 0x3a76954d1680?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\n\n" +
				"goroutine 12 gp=0x3a7695590780 m=4 mp=0x3a769550b808 [running]:\n" +
				"fixture.Nest({0x3745a86bc3d1?, 0xa?}, 0x1?)\n\tFIX/fixture.go:155 +0x2b\n" + nest(49) +
				"...additional frames elided...\n" + nest(50)},
			"stack overflow at @nest"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newAnalyzer("/usr/local/go")
			c := tc.crash
			c.Stderr = subst(c.Stderr)
			if got, want := a.fromCrash(&c).Signature, subst(tc.want); got != want {
				t.Errorf("signature %q, want %q: %s", got, want, tc.reason)
			}
		})
	}
}
