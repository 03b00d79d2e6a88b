package fuzzsrc

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"

	"github.com/shortlex/shortlex/internal/wire"
)

// Check runs the property prop on the fuzz input data. Call it from a
// fuzz target:
//
//	func FuzzParse(f *testing.F) {
//		f.Fuzz(func(t *testing.T, data []byte) {
//			fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
//				s := fuzzsrc.String().Draw(t, "s")
//				...
//			})
//		})
//	}
//
// If the property fails, Check fails t with t.Fatalf and a report: every
// labeled draw, the failure and where it happened. Under plain go test
// (not go test -fuzz, not an OSS-Fuzz build) it first shrinks the input
// in-process for up to DefaultShrinkTime (see EnvShrink and EnvSave), so
// the report shows the minimal failing example and the corpus entry that
// replays it. If the property panics, Check logs the report with t.Logf
// and panics again with the original value (a string or an error, so
// that OSS-Fuzz reports it), on the original stack. If the property
// discards the input, Check calls t.Skip.
func Check(tb TB, data []byte, prop func(*T)) {
	tb.Helper()
	if f := workerRecordFile(); f != nil {
		checkInWorker(tb, data, prop, f)
		return
	}
	t := &T{data: data}
	t.execute(prop, func(v any) {
		// Still on the panicking stack: report, then panic again here so the
		// crash shows where the property really panicked.
		tb.Logf("%s", failureReport(tb, data, prop))
		panic(crashValue(v))
	})
	switch {
	case t.failure != nil:
		tb.Fatalf("%s", failureReport(tb, data, prop))
	case t.skipped != "":
		tb.Skip("fuzzsrc: input discarded: " + t.skipped)
	}
}

// failureReport describes a failure of prop on data: after shrinking it,
// when this process may.
func failureReport(tb TB, data []byte, prop func(*T)) string {
	budget, err := shrinkBudget()
	if budget == 0 {
		r := formatReport(Explain(data, prop), data)
		if err != nil {
			r += "\n    not shrunk: " + err.Error()
		}
		return r
	}
	return formatShrinkReport(fuzzTargetName(tb), shrinkFailure(data, prop, budget), budget)
}

// Run runs prop once on data with recording on and returns the run's
// structure, how many bytes it used and how it ended. It is what a
// reducer calls for each candidate.
func Run(data []byte, prop func(*T)) *Record {
	t := &T{data: data, rec: &recorder{open: -1}}
	t.execute(prop, nil)
	return t.record()
}

// Explain is Run that also records the labeled draws and log lines, and
// the stack of a panic: everything a failure report shows.
func Explain(data []byte, prop func(*T)) *Record {
	t := &T{data: data, rec: &recorder{open: -1}, log: &drawLog{}}
	t.execute(prop, nil)
	r := t.record()
	r.Draws, r.Logs = t.log.draws, t.log.logs
	return r
}

// execute runs prop on t. It is the one place that recovers the panics
// that end a property: Fatalf's, Skip's and the property's own. A panic
// of the property's own is recorded as t's failure and then handed to
// onPanic, if set, while the panicking stack is still there.
func (t *T) execute(prop func(*T), onPanic func(v any)) {
	defer func() {
		v := recover()
		switch v := v.(type) {
		case nil:
			// Returned normally, or runtime.Goexit (panic(nil) is a
			// *runtime.PanicNilError since Go 1.21).
		case stopTest:
			// Fatalf recorded the failure.
		case discardInput:
			if t.failure == nil {
				t.skipped = v.reason
				if t.skipped == "" {
					t.skipped = "skipped"
				}
			}
		default:
			t.failure = panicFailure(v, t.log != nil)
			if onPanic != nil {
				onPanic(v)
			}
		}
	}()
	prop(t)
}

// panicFailure describes a panic of the property, located at the
// innermost frame outside the runtime and this package. It runs in the
// deferred call that recovered the panic, so the panicking frames are
// still on the stack.
func panicFailure(v any, withStack bool) *Failure {
	f := &Failure{Kind: KindPanic, Message: fmt.Sprint(v), Type: fmt.Sprintf("%T", v)}
	var pcs [64]uintptr
	n := runtime.Callers(2, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := frames.Next()
		if !isRuntime(fr) && !inPackage(fr) {
			f.Func, f.File, f.Line = fr.Function, fr.File, fr.Line
			break
		}
		if !more {
			break
		}
	}
	if withStack {
		f.Stack = string(debug.Stack())
	}
	return f
}

func isRuntime(fr runtime.Frame) bool {
	fn := fr.Function
	return len(fn) > 8 && fn[:8] == "runtime." || fn == ""
}

// crashValue is the value Check panics with again: the original if it is
// a string or an error, as OSS-Fuzz's harness expects, else its text.
func crashValue(v any) any {
	switch v := v.(type) {
	case string, error:
		return v
	default:
		return fmt.Errorf("panic: %#v", v)
	}
}

// record ends a recording run: it closes spans a panic left open and
// collects what the run recorded.
func (t *T) record() *Record {
	r := &Record{
		Used:       min(t.pos, len(t.data)),
		Failure:    t.failure,
		Discarded:  t.skipped != "",
		SkipReason: t.skipped,
	}
	if rec := t.rec; rec != nil {
		for i := rec.open; i >= 0; i = rec.spans[i].Parent {
			rec.spans[i].End = t.pos
		}
		r.Choices, r.Spans = rec.choices, rec.spans
	}
	return r
}

// worker is the state of a process that runs candidates for the minimize
// tool: the record file the tool named in the environment, if any.
var worker struct {
	once sync.Once
	file *os.File
	mu   sync.Mutex
	seq  uint64
}

// workerRecordFile returns the record file of a minimize worker process,
// or nil in any other process. It reads the environment once.
func workerRecordFile() *os.File {
	worker.once.Do(func() {
		if fd, err := strconv.Atoi(os.Getenv(wire.EnvRecordFD)); err == nil && fd > 2 {
			worker.file = os.NewFile(uintptr(fd), "shortlex-record")
		}
	})
	return worker.file
}

// checkInWorker is Check in a minimize worker: it runs prop with
// recording on, publishes the record for the tool, and ends the run the
// way Check would, without the report (the tool reports the minimal
// input, not every candidate).
func checkInWorker(tb TB, data []byte, prop func(*T), f *os.File) {
	tb.Helper()
	r := Run(data, prop)
	rec := &wire.Record{Used: r.Used, Failed: r.Failure != nil, Discarded: r.Discarded, Spans: r.Spans}
	rec.Choices = r.Outcome().Choices
	if r.Failure != nil {
		rec.Signature, rec.Message, rec.Location = r.Failure.Signature(), r.Failure.Message, r.Failure.Location()
	}
	worker.mu.Lock()
	worker.seq++
	err := wire.Publish(f, worker.seq, rec)
	worker.mu.Unlock()
	switch {
	case err != nil:
		tb.Fatalf("fuzzsrc: cannot report to the minimize tool: %v", err)
	case r.Failure != nil:
		tb.Fatalf("fuzzsrc: %s: %s", r.Failure.Signature(), r.Failure.Message)
	case r.Discarded:
		tb.Skip("fuzzsrc: input discarded: " + r.SkipReason)
	}
}
