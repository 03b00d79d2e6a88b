package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFixturesFail checks that every fixture still fails on its pinned
// library with its recorded signature: in-process for a panic, in a
// runner's child for a fixture that hangs or kills the process.
func TestFixturesFail(t *testing.T) {
	fs, err := loadFixtures(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) == 0 {
		t.Fatal("no fixtures in testdata/signatures.txt")
	}
	runs := newCheckers()
	defer runs.stop()
	for _, f := range fs {
		t.Run(f.Target.Name+"/"+f.Name(), func(t *testing.T) {
			if got := runs.fails(f.Target, f.Sig)(f.Input); got != f.Sig {
				t.Errorf("%s fails with\n\t%s\nwant\n\t%s", f.Path, got, f.Sig)
			}
		})
	}
}

// checkers runs targets the way their signatures need: in-process, or in
// one runner's child per target for the kinds that hang or kill the
// process (isFatalKind).
type checkers map[string]*runner

func newCheckers() checkers { return checkers{} }

func (c checkers) fails(tg target, sig string) func([]byte) string {
	if !isFatalKind(sig) {
		return fails(tg)
	}
	r := c[tg.Name]
	if r == nil {
		r = newRunner(tg.Name, probeLimit)
		c[tg.Name] = r
	}
	return r.run
}

func (c checkers) stop() {
	for _, r := range c {
		r.stop()
	}
}

// TestSmallestKnown checks that each target's smallest known input fails
// the way its fixtures do and that the greedy probe finds nothing smaller.
func TestSmallestKnown(t *testing.T) {
	fs, err := loadFixtures(".")
	if err != nil {
		t.Fatal(err)
	}
	sigs := map[string]string{}
	for _, f := range fs {
		sigs[f.Target.Name] = f.Sig
	}
	runs := newCheckers()
	defer runs.stop()
	n := 0
	for _, tg := range targets {
		if tg.Smallest == "" {
			continue
		}
		n++
		t.Run(tg.Name, func(t *testing.T) {
			run := runs.fails(tg, sigs[tg.Name])
			if got := run([]byte(tg.Smallest)); got != sigs[tg.Name] {
				t.Fatalf("%q fails with %q, want the fixtures' %q", tg.Smallest, got, sigs[tg.Name])
			}
			if p := probe([]byte(tg.Smallest), sigs[tg.Name], run, 1, 0); p.Moves != 0 {
				t.Errorf("the probe finds %q, smaller than %q", p.Input, tg.Smallest)
			}
		})
	}
	if n == 0 {
		t.Error("no target has a smallest known input")
	}
}

// TestFixturesReplay checks that go test -run=^FuzzX$/^name$ replays every
// fixture with its recorded signature, as a user would replay it.
func TestFixturesReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the fuzz targets' test binary")
	}
	fs, err := loadFixtures(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		t.Run(f.Target.Name+"/"+f.Name(), func(t *testing.T) {
			out, err := replayCommand(context.Background(), ".", f, f.Name()).CombinedOutput()
			if err == nil {
				t.Fatalf("%s passes under go test", f.Path)
			}
			got := outputSignature(string(out))
			if got == sigHang && isHang(f.Sig) {
				t.Logf("go test's timeout dump of %s does not show the target's goroutine: a hang, not located", f.Path)
				return
			}
			if got != f.Sig {
				t.Errorf("go test replays %s with\n\t%s\nwant\n\t%s\noutput:\n%s", f.Path, got, f.Sig, out)
			}
		})
	}
}

// The probe's tests use a stand-in target: it panics when the input is at
// least two bytes long and some byte after the first is 'B' or more.
func standIn(b []byte) {
	if len(b) >= 2 && bytes.IndexFunc(b[1:], func(r rune) bool { return r >= 'B' }) >= 0 {
		panic("found B")
	}
}

func standInSig(t *testing.T) string {
	t.Helper()
	s := runInProcess(standIn, []byte("aB"), probeLimit)
	if !strings.HasPrefix(s, "panic: found B at ") || !strings.Contains(s, "check_test.go:") {
		t.Fatalf("stand-in's signature %q", s)
	}
	return s
}

func TestProbe(t *testing.T) {
	sig := standInSig(t)
	run := func(b []byte) string { return runInProcess(standIn, b, probeLimit) }
	for _, c := range []struct {
		name, in, want string
		moves          int
		why            string
	}{
		{"deletes and lowers", "aBc", "\x00B", 3,
			"deleting a gives Bc; lowering B to \\x00 keeps c; lowering c jumps to B, the first smaller value that fails"},
		{"already minimal", "\x00B", "\x00B", 0, "no deletion keeps two bytes, and every smaller second byte passes"},
		{"longer start", "xyBzz", "\x00B", 5,
			"three single deletions reach zz; lowering then gives \x00z and \x00B"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := probe([]byte(c.in), sig, run, 0, 0)
			if string(p.Input) != c.want || p.Moves != c.moves || p.Capped {
				t.Errorf("probe(%q) = %q in %d moves (capped %v), want %q in %d moves: %s",
					c.in, p.Input, p.Moves, p.Capped, c.want, c.moves, c.why)
			}
		})
	}
}

// evenB panics when the input has an even length and contains 'B': no
// single deletion of a failing input fails, only pairs do.
func evenB(b []byte) {
	if len(b)%2 == 0 && bytes.IndexByte(b, 'B') >= 0 {
		panic("even B")
	}
}

func TestProbePairs(t *testing.T) {
	run := func(b []byte) string { return runInProcess(evenB, b, probeLimit) }
	sig := run([]byte("aaBa"))
	p := probe([]byte("aaBa"), sig, run, 0, 0)
	// Deleting aa gives Ba; lowering B loses the B, lowering a to \x00 keeps it.
	if string(p.Input) != "B\x00" || p.Moves != 2 {
		t.Errorf("probe(aaBa) = %q in %d moves, want \"B\\x00\" in 2 moves", p.Input, p.Moves)
	}
}

func TestProbeBudget(t *testing.T) {
	sig := standInSig(t)
	run := func(b []byte) string { return runInProcess(standIn, b, probeLimit) }
	p := probe([]byte("xyBzz"), sig, run, 0, 3)
	if !p.Capped || p.Runs > 3 {
		t.Errorf("probe with 3 runs: capped %v after %d runs, want capped after at most 3", p.Capped, p.Runs)
	}
}

// TestEmptyInputNotNil checks that an empty input reaches the target as
// an empty slice, not nil, as under go test: a target that treats nil as
// "no data" (msgpack's Unmarshal) must still fail on it.
func TestEmptyInputNotNil(t *testing.T) {
	firstByte := func(b []byte) {
		if b == nil {
			return
		}
		_ = b[0]
	}
	for _, in := range [][]byte{nil, {}} {
		if s := runInProcess(firstByte, in, probeLimit); !strings.HasPrefix(s, "panic: runtime error: index out of range") {
			t.Errorf("input %#v: signature %q, want the index panic of an empty, non-nil slice", in, s)
		}
	}
}

// repanic recovers a panic and panics again with the same value, as
// libraries that turn panics into errors do for the ones they do not own.
func repanic() {
	if r := recover(); r != nil {
		panic(r)
	}
}

// indexLine is the line of indexPastEnd's indexing, which a signature of
// its panic must name.
var indexLine int

func indexPastEnd(s []int, i int) int {
	defer repanic()
	_, _, line, _ := runtime.Caller(0)
	indexLine = line + 2
	return s[i]
}

func TestSignaturePlacesOrigin(t *testing.T) {
	got := runInProcess(func(b []byte) { indexPastEnd([]int{1}, len(b)) }, []byte("xx"), probeLimit)
	want := fmt.Sprintf("panic: runtime error: index out of range [] with length at check_test.go:%d", indexLine)
	if !strings.HasPrefix(got, "panic: runtime error: index out of range [] with length at ") || !strings.HasSuffix(got, fmt.Sprintf("/check_test.go:%d", indexLine)) {
		t.Errorf("signature %q, want %q: the index expression, not the handler that re-panicked", got, want)
	}
}

func TestOutputSignature(t *testing.T) {
	out := "--- FAIL: FuzzX (0.00s)\n    --- FAIL: FuzzX/abc (0.00s)\n" +
		"panic: runtime error: index out of range [5] with length 3 [recovered, repanicked]\n\n" +
		"goroutine 7 [running]:\n" +
		"testing.tRunner.func1.2({0x1, 0x2})\n\t/usr/local/go/src/testing/testing.go:1872 +0x237\n" +
		"panic({0x1?, 0x2?})\n\t/usr/local/go/src/runtime/panic.go:783 +0x132\n" +
		"example.com/lib.handle()\n\t/root/go/pkg/mod/example.com/lib@v1.0.0/lib.go:20 +0x85\n" +
		"panic({0x1?, 0x2?})\n\t/usr/local/go/src/runtime/panic.go:783 +0x132\n" +
		"example.com/lib.parse(...)\n\t/root/go/pkg/mod/example.com/lib@v1.0.0/parse.go:42\n" +
		"example.com/lib.Parse({0xc000, 0x3})\n\t/root/go/pkg/mod/example.com/lib@v1.0.0/lib.go:10 +0x1f\n"
	want := "panic: runtime error: index out of range [] with length at example.com/lib@v1.0.0/parse.go:42"
	if got := outputSignature(out); got != want {
		t.Errorf("outputSignature = %q, want %q", got, want)
	}
}

func TestLoadFixturesErrors(t *testing.T) {
	for _, c := range []struct {
		name, line, want, why string
	}{
		{"columns", "FuzzTOMLDecode/x\tgo\tsig", "signatures.txt:2: want FuzzX/name", "three columns instead of four"},
		{"kind", "FuzzTOMLDecode/x\tmin\t-\tsig", "signatures.txt:2: want FuzzX/name", "neither go nor raw"},
		{"target", "FuzzNope/x\tgo\t-\tsig", "signatures.txt:2: no target FuzzNope", "a target fuzz_test.go does not have"},
		{"file", "FuzzTOMLDecode/missing\tgo\t-\tsig", "signatures.txt:2: corpus: open", "a fixture that is not there"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "testdata"), 0o755); err != nil {
				t.Fatal(err)
			}
			data := "# header\n" + c.line + "\n"
			if err := os.WriteFile(filepath.Join(dir, "testdata", "signatures.txt"), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := loadFixtures(dir)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("loadFixtures: %v, want an error containing %q (%s)", err, c.want, c.why)
			}
		})
	}
}
