// Package bench defines shrinkbench's reduction problems: those of the
// ECOOP 2020 artifact (mc-imperial/hypothesis-ecoop-2020-artifact,
// smartcheck-benchmarks/: SmartCheck's five and five more) as it wrote them
// for Hypothesis, the rest of the public shrinking challenge
// (jlink/shrinking-challenge), the unbalanced tree of MacIver and
// Donaldson, "Test-Case Reduction via Test-Case Generation" §2.3, and our
// own: three with dependent generators, six of other shapes, and seven of
// floats and strings whose minimum lies beyond a region of passing values.
//
// Each problem is written once as a value type with a verdict function,
// and drawn twice: by a fuzzsrc generator, whose input our reducer and the
// byte-level baselines reduce, and by a rapid generator, which rapid's own
// shrinker reduces. Both properties share the verdict, so they fail on the
// same values at the same source lines.
package bench

import (
	"slices"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"pgregory.net/rapid"
)

// Benchmark is one reduction problem.
type Benchmark struct {
	// Name is the benchmark's name, as -bench matches it.
	Name string

	// About says in a line what is generated and when it fails.
	About string

	// MinValue is the formatted shortlex-minimal failing value in fuzzsrc's
	// encoding, MinInput its input (pruned, trailing zeros dropped), and
	// Why the reasoning that makes it minimal.
	MinValue string
	MinInput []byte
	Why      string

	// Prop is the fuzzsrc property: it draws a value and fails (Fatalf, at
	// one line per assertion of the original test) or discards it (Skip,
	// for the original's assume) as the artifact's test does.
	Prop func(t *fuzzsrc.T)

	// Decode draws the value from input with the fuzzsrc generator and
	// returns it formatted, with its size in the artifact's size metric.
	Decode func(input []byte) (value string, size int)

	// Rapid returns the property written with rapid's generators. Each
	// time the property fails, it calls failed with the failing value's
	// formatting and size, so the last call describes rapid's final value.
	Rapid func(failed func(value string, size int)) func(*rapid.T)

	// Hypothesis is what the ECOOP 2020 paper and its artifact report for
	// Hypothesis on this benchmark, for comparison.
	Hypothesis string

	// HypothesisMedian is the median number of calls in Hypothesis's
	// runs of the same problem (the source Hypothesis names), for the
	// summary; zero where none was measured.
	HypothesisMedian float64

	// Mutate makes shrinkbench's random starting inputs go through a few
	// of Go's fuzzing mutations (copy a chunk of bytes over another
	// place, add a small number to a byte) within the bytes the property
	// reads, so that equal and nearly equal values occur: a problem that
	// fails only on duplicates or neighbours (deletion, the difference
	// tests) has no failing input among uniform random bytes. False keeps
	// the inputs uniform.
	Mutate bool

	// Space bounds the brute-force search that confirms MinInput.
	Space Space

	// Passing are simple inputs that must not fail, for tests.
	Passing []Example
}

// Example is an input with the reason it is there.
type Example struct {
	Name   string
	Input  []byte
	Reason string
}

// All returns the benchmarks in a fixed order.
func All() []Benchmark {
	all := []Benchmark{
		reverse(), bound5(), calculator(), binheap(), parser(), tree(),
		coupling(), deletion(), distinct(), nestedlists(), replacement(),
		largeUnionList(), lengthlist(), differenceZero(), differenceSmall(), differenceOne(),
		graphReach(), picks(), straightline(),
		truncate(), cents(), invert(), recordRoundTrip(), islands(), queueOps(),
		queue2(), mapDelete(), ringBuffer(), allocator(), tableSort(), lru(), minStackProblem(),
		floatFrac(), floatAbove(), floatSum(), floatStruct(), stringSet(), stringRepeat(), stringKeys(),
		multiple(), sumMod3(),
	}
	all = append(all, holdout()...)
	return append(append(all, probes()...), probes2()...)
}

// verdict is what a property decides about a value.
type verdict int

const (
	pass    verdict = iota
	discard         // a precondition failed (Hypothesis's assume)
	failedA         // the first (or only) assertion failed
	failedB         // the second assertion failed
)

// problem ties a value type to its generators, verdict, formatting and
// size, and builds a Benchmark's functions from them.
type problem[V any] struct {
	gen     fuzzsrc.Generator[V]
	rgen    *rapid.Generator[V]
	verdict func(V) verdict
	format  func(V) string
	size    func(V) int
}

// fuzzsrcProp is the fuzzsrc property.
func (p problem[V]) fuzzsrcProp(t *fuzzsrc.T) {
	enforce(t, p.verdict(p.gen.Draw(t, "value")))
}

// enforce acts on a verdict, for fuzzsrc's T and rapid's alike. Each
// failure has a line of its own, so the reducers tell the two assertions
// of binheap apart (fuzzsrc by the Fatalf's line, rapid by its
// traceback), as Hypothesis does, independently of the value.
func enforce(t interface {
	Skip(args ...any)
	Fatalf(format string, args ...any)
}, v verdict) {
	switch v {
	case discard:
		t.Skip("precondition")
	case failedA:
		t.Fatalf("assertion A failed")
	case failedB:
		t.Fatalf("assertion B failed")
	}
}

// decode draws the value from input.
func (p problem[V]) decode(input []byte) (string, int) {
	var v V
	engine.Run(input, func(t *fuzzsrc.T) { v = p.gen.Draw(t, "value") })
	return p.format(v), p.size(v)
}

// rapidProp is the rapid property, reporting each failing value.
func (p problem[V]) rapidProp(failed func(string, int)) func(*rapid.T) {
	return func(t *rapid.T) {
		v := p.rgen.Draw(t, "value")
		vd := p.verdict(v)
		if vd == failedA || vd == failedB {
			failed(p.format(v), p.size(v))
		}
		enforce(t, vd)
	}
}

// fill sets b's property functions from p.
func (p problem[V]) fill(b Benchmark) Benchmark {
	b.Prop = p.fuzzsrcProp
	b.Decode = p.decode
	b.Rapid = p.rapidProp
	return b
}

// zeros returns n zero bytes followed by tail, for MinInputs with long
// runs of zeros.
func zeros(n int, tail ...byte) []byte {
	return append(make([]byte, n), tail...)
}

// cat concatenates byte slices.
func cat(parts ...[]byte) []byte { return slices.Concat(parts...) }
