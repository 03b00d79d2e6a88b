// Package record holds what one run of a fuzzsrc property records: its
// choices and spans, the bytes it used, how it ended (a [Failure] and its
// signature) and, when a report needs them, its labeled draws and log
// lines. These are the engine's types, for the reducer's callers and the
// tools and tests that look inside a run; a fuzz target needs none of
// them, so they live here rather than in fuzzsrc's API.
//
// fuzzsrc fills a Record; package internal/engine runs a property once
// and returns it.
package record

import (
	"fmt"
	"path"

	"github.com/shortlex/shortlex/internal/wire"
	"github.com/shortlex/shortlex/minimize"
)

// Kind says what sort of draw made a choice.
type Kind uint8

// The kinds of choice.
const (
	KindInteger Kind = iota + 1 // an integer, in zigzag order around its shrink point
	KindBool                    // a coin; the byte is compared with a threshold
	KindMore                    // a collection's "one more element?" flag
	KindFloat                   // a float, in the simple-first order of fuzzsrc/floats.go
	KindRune                    // a character, in the simple-first order of fuzzsrc/strings.go
	KindByte                    // a byte of a []byte or of raw randomness
	KindIndex                   // a pick among alternatives: one-of, sampled-from
)

var kindNames = [...]string{
	KindInteger: "integer",
	KindBool:    "bool",
	KindMore:    "more",
	KindFloat:   "float",
	KindRune:    "rune",
	KindByte:    "byte",
	KindIndex:   "index",
}

// String names the kind: "integer", "more".
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Choice is one recorded choice: where its bytes are and what index in
// shrink order they encode (see [minimize.Choice] for the encoding).
type Choice struct {
	minimize.Choice
	Kind  Kind
	Index uint64 // index in shrink order, 0 the simplest, at most Max
}

// Draw is one labeled value the property drew, for the report.
type Draw struct {
	Label string
	Value string // formatted with %#v
}

// FailureKind says how a property failed.
type FailureKind uint8

// The ways a property fails.
const (
	KindPanic FailureKind = iota + 1 // the property panicked
	KindFatal                        // T.Fatalf
	KindError                        // T.Errorf
)

// String names the kind: "panic", "fatal", "error".
func (k FailureKind) String() string {
	switch k {
	case KindPanic:
		return "panic"
	case KindFatal:
		return "fatal"
	case KindError:
		return "error"
	}
	return fmt.Sprintf("FailureKind(%d)", k)
}

// Failure describes how and where a property failed.
type Failure struct {
	Kind    FailureKind
	Message string // the Fatalf/Errorf message, or the panic value as the runtime prints it
	Type    string // the panic value's type, for panics

	// The failure's location: for Fatalf and Errorf, their caller (skipping
	// helpers); for a panic, the innermost frame outside the runtime and
	// fuzzsrc below the outermost panic on the stack (where a panic
	// recovered and raised again first happened).
	Func string
	File string
	Line int

	// Stack is the goroutine's stack when it panicked; recorded only
	// when the run explains itself (see Recorder).
	Stack string
}

// Signature identifies the failure for the reducer, which keeps only
// candidates that fail the same way. It follows the one rule the minimize
// tool applies to any fuzz target's failure, so that a panic has the same
// signature in a fuzzsrc property as in a plain target: for a panic, the
// class of the panic value's text (without quoted text and digits, which
// often quote the very values being reduced) and where it first
// happened; for Fatalf and Errorf, the call's location.
func (f *Failure) Signature() string {
	if f == nil {
		return ""
	}
	if f.Kind == KindPanic {
		return wire.PanicSignature(f.Message, f.Location())
	}
	return wire.FailSignature(f.Location())
}

// Location is the failure's file and line, as go test prints them.
func (f *Failure) Location() string {
	return fmt.Sprintf("%s:%d", path.Base(f.File), f.Line)
}

// Record is what one run of a property recorded.
type Record struct {
	// Used is how many bytes of the input the run consumed. Bytes past
	// Used did not influence it.
	Used int

	// Choices and Spans are the run's structure, in the order drawn and
	// opened. Each Draw is a span labeled with its generator; collection
	// elements and user spans are spans too.
	Choices []Choice
	Spans   []minimize.Span

	// Simpler are values the draws name as simpler than the ones they
	// drew (see [minimize.Outcome]).
	Simpler []minimize.Simpler

	// Constants are the offsets of draws from ranges of one value (see
	// [minimize.Outcome]).
	Constants []int

	// Failure is how the property failed, or nil if it did not.
	Failure *Failure

	// Discarded reports that the property discarded its input (Skip or
	// Assume), with the reason in SkipReason.
	Discarded  bool
	SkipReason string

	// Draws and Logs are the labeled top-level draws and the T.Logf lines,
	// in order, recorded only when the run explains itself (see
	// Recorder).
	Draws []Draw
	Logs  []string
}

// Outcome converts the record to what the reducer reads.
func (r *Record) Outcome() minimize.Outcome {
	o := minimize.Outcome{
		Failed:    r.Failure != nil,
		Signature: r.Failure.Signature(),
		Used:      r.Used,
		Spans:     r.Spans,
		Choices:   make([]minimize.Choice, len(r.Choices)),
		Simpler:   r.Simpler,
		Constants: r.Constants,
	}
	for i, c := range r.Choices {
		o.Choices[i] = c.Choice
	}
	return o
}

// Recorder is implemented by the test handle that internal/engine passes
// to fuzzsrc.Check to run a property once with recording on: Check then
// hands the run's Record to Record, and neither reports, shrinks, nor
// fails or skips the handle. It is how the engine reaches a recording run
// through fuzzsrc's one entry point, without fuzzsrc exporting one.
type Recorder interface {
	// Explain reports whether the run is to record, besides its
	// structure, everything a failure report shows: the labeled draws,
	// the log lines and a panic's stack.
	Explain() bool

	// Record receives the run's record.
	Record(r *Record)
}
