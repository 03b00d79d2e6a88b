package fuzzsrc

import (
	"fmt"
	"path"
	"runtime"
	"strings"

	"github.com/shortlex/shortlex/internal/record"
)

// TB is the part of a test handle that [Check] uses. Every way Go fuzz
// targets run provides it: the standard *testing.T under go test and
// go test -fuzz, and the *T of go-118-fuzz-build's testing shim under
// OSS-Fuzz, which cannot satisfy testing.TB. Check calls nothing else,
// so it works where Failed, Skipped, Run and Cleanup misbehave.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	Skip(args ...any)
}

// T is the handle a property receives. It draws values from the input
// (through [Generator.Draw]) and ends the property: [T.Fatalf] and
// [T.Errorf] fail it, [T.Skip] and [T.Assume] discard the input.
//
// A T is used by one goroutine, the one running the property.
type T struct {
	data []byte
	pos  int // position in the choice sequence; may pass len(data)

	arena     []byte // the rest of the allocation drawn values come from while fuzzing (arena.go)
	arenaSize int    // the size of the last arena

	rec   *recorder   // nil unless recording structure
	gen   *generation // nil unless generating the input as it draws (generate.go)
	log   *drawLog    // nil unless logging draws for a report
	depth int         // nesting of Draw calls; only depth 0 draws are logged
	steps int         // nesting of Repeat's steps, in which an empty Pool rejects the step

	helpers map[string]bool // functions that called Helper
	failure *record.Failure // first failure, from Errorf or Fatalf
	skipped string          // why the input was discarded, if it was
}

// drawLog collects a run's labeled draws and log lines for a report.
type drawLog struct {
	draws []record.Draw
	logs  []string
}

// stopTest is panicked by Fatalf and recovered by the run boundary.
type stopTest struct{}

// discardInput is panicked by Skip and Assume and recovered by the run
// boundary.
type discardInput struct{ reason string }

// Helper marks the calling function as a test helper: a failure reported
// from inside it is attributed to its caller, as with testing.T.Helper.
func (t *T) Helper() {
	pc, _, _, ok := runtime.Caller(1)
	if !ok {
		return
	}
	if t.helpers == nil {
		t.helpers = make(map[string]bool)
	}
	t.helpers[runtime.FuncForPC(pc).Name()] = true
}

// Logf records a line for the failure report. Lines are kept only when
// the failing input is re-run to explain it, never while fuzzing.
func (t *T) Logf(format string, args ...any) {
	if t.log != nil {
		t.log.logs = append(t.log.logs, fmt.Sprintf(format, args...))
	}
}

// Errorf fails the property and lets it continue, like testing.T.Errorf.
// The failure's location is the first Errorf or Fatalf call.
func (t *T) Errorf(format string, args ...any) {
	t.fail(record.KindError, fmt.Sprintf(format, args...))
}

// Fatalf fails the property and stops it, like testing.T.Fatalf.
func (t *T) Fatalf(format string, args ...any) {
	t.fail(record.KindFatal, fmt.Sprintf(format, args...))
	panic(stopTest{})
}

// Skip discards the input: it is neither a pass nor a failure, and the
// fuzz target reports it with its own Skip. Use it when the drawn values
// do not meet a precondition.
func (t *T) Skip(args ...any) {
	panic(discardInput{reason: fmt.Sprint(args...)})
}

// Assume discards the input unless cond holds.
func (t *T) Assume(cond bool) {
	if !cond {
		panic(discardInput{reason: "assumption failed"})
	}
}

// Failed reports whether the property has failed so far.
func (t *T) Failed() bool { return t.failure != nil }

func (t *T) fail(kind record.FailureKind, msg string) {
	if t.failure != nil {
		return
	}
	f := &record.Failure{Kind: kind, Message: msg}
	f.Func, f.File, f.Line = t.caller()
	t.failure = f
}

// caller finds the frame that called Errorf or Fatalf, skipping frames of
// this package and of functions marked with Helper.
func (t *T) caller() (fn, file string, line int) {
	var pcs [32]uintptr
	n := runtime.Callers(3, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := frames.Next()
		if !inPackage(fr) && !t.helpers[fr.Function] {
			return fr.Function, fr.File, fr.Line
		}
		if !more {
			return fr.Function, fr.File, fr.Line
		}
	}
}

// packagePrefix is the import path of this package, as it appears at the
// start of its functions' names.
const packagePrefix = "github.com/shortlex/shortlex/fuzzsrc."

// packageDir is the directory of this package's source files, as frames
// name them.
var packageDir = func() string {
	_, file, _, _ := runtime.Caller(0)
	return path.Dir(file)
}()

// inPackage reports whether a frame belongs to this package's own code
// (not its tests, whose properties are user code like any other). A
// function literal of this package inlined into a caller is named after
// the caller, so its file tells.
func inPackage(fr runtime.Frame) bool {
	return (strings.HasPrefix(fr.Function, packagePrefix) || path.Dir(fr.File) == packageDir) &&
		!strings.HasSuffix(fr.File, "_test.go")
}
