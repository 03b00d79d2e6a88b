package fuzzsrc

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"time"

	"github.com/shortlex/shortlex/internal/record"
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
// replays it. If the property panics, Check logs the report and panics
// again: on the minimal example, run once more so that the crash's stack
// is the minimal example's, if it shrank; else with the original value (a
// string or an error, so that OSS-Fuzz reports it), on the original
// stack. If the property discards the input, Check calls t.Skip.
func Check(tb TB, data []byte, prop func(*T)) {
	tb.Helper()
	checkWith(tb, data, prop, plainGoTest())
}

// checkWith is Check, told whether a failure may be shrunk in this process
// (plainGoTest), so that a benchmark can take either path.
func checkWith(tb TB, data []byte, prop func(*T), shrinking bool) {
	tb.Helper()
	if r, ok := tb.(record.Recorder); ok {
		// internal/engine's handle: one recording run, and no verdict.
		if r.Explain() {
			r.Record(explainRun(data, prop))
		} else {
			r.Record(recordRun(data, prop))
		}
		return
	}
	if f, err := statsFile(); f != nil || err != nil {
		if err == nil {
			err = recordStats(f, data, prop)
		}
		if err != nil {
			tb.Fatalf("fuzzsrc: %s: %v", record.EnvStats, err)
		}
		return
	}
	if f := workerRecordFile(); f != nil {
		if inFuzzWorker() {
			checkInWorker(tb, data, prop, f)
			return
		}
		// The minimize tool replays a corpus entry as go test would, and
		// reads how it ended from the record rather than from the output.
		publishReplay(data, prop, f)
	}
	// Under plain go test a failure is shrunk in this process: this run
	// records what the reducer needs, and the reducer takes it as its
	// first run instead of running the input again.
	t := &T{data: data}
	var start time.Time
	if shrinking {
		t.rec = &recorder{open: -1}
		start = time.Now()
	}
	first := func() *firstRun {
		if !shrinking {
			return nil
		}
		return &firstRun{rec: t.record(), took: time.Since(start)}
	}
	var minimal []byte
	var value any
	t.execute(prop, func(v any) {
		// Still on the panicking stack: report, then panic again here, so
		// that the crash shows where the property really panicked, unless
		// there is a smaller example to crash on.
		report, min := failureReport(tb, data, prop, first())
		logReport(tb, report)
		if min == nil {
			panic(crashValue(v))
		}
		minimal, value = min, v
	})
	switch {
	case minimal != nil:
		crashOn(minimal, prop, value)
	case t.failure != nil:
		report, _ := failureReport(tb, data, prop, first())
		tb.Fatalf("%s", report)
	case t.skipped != "":
		tb.Skip("fuzzsrc: input discarded: " + t.skipped)
	}
}

// logReport logs a failure report. It calls Log where the handle has it:
// go-118-fuzz-build's testing shim prints Logf's format and its
// arguments on separate lines.
func logReport(tb TB, report string) {
	if l, ok := tb.(interface{ Log(args ...any) }); ok {
		l.Log(report)
		return
	}
	tb.Logf("%s", report)
}

// crashOn runs prop on input, a shrunk example of a panic with value v,
// and lets it panic: the crash then shows the shrunk example's stack. If
// it does not panic again (the property is not deterministic), Check
// panics with v.
func crashOn(input []byte, prop func(*T), v any) {
	defer func() {
		switch r := recover().(type) {
		case nil, stopTest, discardInput:
			panic(crashValue(v))
		default:
			// Raised again on top of its own stack, whose frames stay
			// below this one in the traceback.
			panic(crashValue(r))
		}
	}()
	prop(&T{data: input})
}

// failureReport describes a failure of prop on data: after shrinking it,
// when this process may. first is Check's run of data, recorded when
// this process may shrink, else nil. minimal is the shrunk example if it
// is smaller than data, else nil.
func failureReport(tb TB, data []byte, prop func(*T), first *firstRun) (report string, minimal []byte) {
	budget, err := shrinkBudget()
	if budget == 0 || first == nil {
		r := formatReport(explainRun(data, prop), data)
		if err != nil {
			r += "\n    not shrunk: " + err.Error()
		}
		return r, nil
	}
	sr := shrinkFailure(data, prop, budget, first)
	if m := sr.minimal; len(m) < len(data) || len(m) == len(data) && string(m) < string(data) {
		minimal = sr.minimal
	}
	return formatShrinkReport(fuzzTargetName(tb), sr, budget), minimal
}

// recordRun runs prop once on data with recording on and returns the
// run's structure, how many bytes it used and how it ended: what the
// reducer reads of each candidate.
func recordRun(data []byte, prop func(*T)) *record.Record {
	t := &T{data: data, rec: &recorder{open: -1}}
	t.execute(prop, nil)
	return t.record()
}

// explainRun is recordRun that also records the labeled draws and log
// lines, and the stack of a panic: everything a failure report shows.
func explainRun(data []byte, prop func(*T)) *record.Record {
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
// innermost frame outside the runtime and this package below the
// outermost panic on the stack: where the panic first happened, even if
// the property recovered it and panicked again. It runs in the deferred
// call that recovered the panic, so the panicking frames are still on the
// stack.
func panicFailure(v any, withStack bool) *record.Failure {
	f := &record.Failure{Kind: record.KindPanic, Message: panicText(v), Type: fmt.Sprintf("%T", v)}
	var pcs [128]uintptr
	n := runtime.Callers(2, pcs[:])
	var frames []runtime.Frame
	iter := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := iter.Next()
		frames = append(frames, fr)
		if !more {
			break
		}
	}
	for i := len(frames) - 1; i >= 0; i-- {
		if frames[i].Function == "runtime.gopanic" {
			frames = frames[i+1:]
			break
		}
	}
	for _, fr := range frames {
		if !isRuntime(fr) && !inPackage(fr) {
			f.Func, f.File, f.Line = fr.Function, fr.File, fr.Line
			break
		}
	}
	if withStack {
		f.Stack = string(debug.Stack())
	}
	return f
}

// panicText is a panic value as the runtime prints it when the panic
// crashes a program, as far as a signature's message class can tell: an
// error's Error, a Stringer's String, a named basic type with its name,
// any other value by its type alone (the runtime prints its address).
func panicText(v any) string {
	switch v := v.(type) {
	case error:
		return v.Error()
	case fmt.Stringer:
		return v.String()
	case string:
		return v
	case bool, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64, uintptr,
		float32, float64, complex64, complex128:
		return fmt.Sprint(v)
	}
	switch reflect.TypeOf(v).Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return fmt.Sprintf("%T(%v)", v, v)
	case reflect.String:
		return fmt.Sprintf("%T(%q)", v, v)
	}
	return fmt.Sprintf("(%T)", v)
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
func (t *T) record() *record.Record {
	r := &record.Record{
		Used:       min(t.pos, len(t.data)),
		Failure:    t.failure,
		Discarded:  t.skipped != "",
		SkipReason: t.skipped,
	}
	if rec := t.rec; rec != nil {
		for i := rec.open; i >= 0; i = rec.spans[i].Parent {
			rec.spans[i].End = t.pos
		}
		r.Choices, r.Spans, r.Simpler, r.Constants = rec.choices, rec.spans, rec.simpler, rec.constants
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

// inFuzzWorker reports whether this process is a Go fuzz worker
// (-test.fuzzworker), as the minimize tool runs candidates; a process
// with a record file that is not one is the tool's replay of an entry.
func inFuzzWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.String() == "true"
}

// toWire converts a run's record for the minimize tool.
func toWire(r *record.Record) *wire.Record {
	rec := &wire.Record{Used: r.Used, Failed: r.Failure != nil, Discarded: r.Discarded, Spans: r.Spans}
	rec.Choices, rec.Simpler, rec.Constants = r.Outcome().Choices, r.Simpler, r.Constants
	if f := r.Failure; f != nil {
		rec.Kind = "failed"
		if f.Kind == record.KindPanic {
			rec.Kind = "panic"
		}
		rec.Signature, rec.Message, rec.Location = f.Signature(), f.Message, f.Location()
	}
	for _, d := range r.Draws {
		rec.Draws = append(rec.Draws, "draw "+d.Label+": "+d.Value)
	}
	for _, l := range r.Logs {
		rec.Draws = append(rec.Draws, "log: "+l)
	}
	return rec
}

// publish writes rec into the record file f as the next record.
func publish(f *os.File, rec *wire.Record) error {
	worker.mu.Lock()
	defer worker.mu.Unlock()
	worker.seq++
	return wire.Publish(f, worker.seq, rec)
}

// publishReplay explains prop's run on data and publishes it, draws
// included, for the minimize tool's replay of a corpus entry. A run that
// kills the process publishes nothing; the tool reads the crash.
func publishReplay(data []byte, prop func(*T), f *os.File) {
	publish(f, toWire(explainRun(data, prop)))
}

// checkInWorker is Check in a minimize worker: it runs prop with
// recording on, publishes the record for the tool, and ends the run the
// way Check would, without the report (the tool reports the minimal
// input, not every candidate).
func checkInWorker(tb TB, data []byte, prop func(*T), f *os.File) {
	tb.Helper()
	r := recordRun(data, prop)
	err := publish(f, toWire(r))
	switch {
	case err != nil:
		tb.Fatalf("fuzzsrc: cannot report to the minimize tool: %v", err)
	case r.Failure != nil:
		tb.Fatalf("fuzzsrc: %s: %s", r.Failure.Signature(), r.Failure.Message)
	case r.Discarded:
		tb.Skip("fuzzsrc: input discarded: " + r.SkipReason)
	}
}
