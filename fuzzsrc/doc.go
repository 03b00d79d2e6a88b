// Package fuzzsrc reads a fuzz target's []byte as a choice sequence from
// which the target draws typed values, so that a failing input can be
// reduced, by package minimize, to the simplest one that fails the same
// way.
//
// # Writing a target
//
// [Check] runs a property on a fuzz input. The property receives a [*T],
// draws values from it with generators, and fails with [T.Fatalf] or
// [T.Errorf] (or [Equal], a go-cmp comparison), or discards the input with
// [T.Skip] or [T.Assume]:
//
//	func FuzzParse(f *testing.F) {
//		f.Fuzz(func(t *testing.T, data []byte) {
//			fuzzsrc.Check(t, data, func(t *fuzzsrc.T) {
//				src := fuzzsrc.String().Draw(t, "src")
//				n := fuzzsrc.IntRange(0, 10).Draw(t, "n")
//				...
//			})
//		})
//	}
//
// Check takes the target's t through [TB], so the same target runs under
// go test, go test -fuzz and OSS-Fuzz's builds. Under plain go test a
// failing seed input is shrunk in-process before it is reported
// ([EnvShrink], [EnvSave]).
//
// [AddSeeds] adds inputs that the property itself generates to the
// target's seed corpus, before f.Fuzz: values a property-based tester
// would try first (range ends, small numbers, repeated values, special
// floats, printable text, the literals of the code under test). Plain go
// test then runs the property on them,
// as a property-based test, and go test -fuzz starts from them
// ([EnvSeeds] writes them out for a libFuzzer build's seed corpus).
//
// # Generators
//
//   - integers: [Int], [IntRange], [Byte], [Integers], [IntegerRange],
//     [IntegerTowards] (every width, a range, a point to shrink towards)
//   - bools and floats: [Bool], [WeightedBool], [Float64], [Float64Finite],
//     [Float64Range], [Float32], [Float32Finite], [Float32Range]
//   - text and bytes: [Rune], [RuneFrom], [String], [StringN], [StringOf],
//     [StringOfN], [Bytes], [BytesN]
//   - collections: [SliceOf], [SliceOfN], [SliceOfSize], [MapOf], [MapOfN],
//     [MapOfSize], bounded by a [Size]; [SliceOfDistinct] and
//     [SliceOfDistinctBy] (distinct elements or keys); [Permutation]
//   - choice and structure: [Just], [SampledFrom], [OneOf], [Custom],
//     [Map], [Generator.Filter] (which fails a property whose predicate
//     keeps almost nothing), [Deferred], [Recursive]
//   - samples: [Generator.Example] draws a value from seeded random bytes
//   - stateful properties: [Repeat] runs a [Machine]'s [Action]s, with
//     preconditions and an invariant, and reports the calls that fail;
//     a [Pool] passes values one step creates to later steps
//   - whole values: [Make] and [MakeDepth] fill structs, slices, maps and
//     pointers by reflection
//   - existing code: [Rand] and [FromRand] give a math/rand/v2 generator
//     its randomness from the input; [Headers] and [HeadersSize] give a
//     go-fuzz-headers harness a ConsumeFuzzer over a drawn region
//
// # The encoding
//
// Every draw reads a fixed number of bytes decided by its constraints and
// maps them to an index in shrink order (see minimize.Choice): fewer and
// smaller bytes give simpler values, and bytes past the end of the input
// read as zeros, which give the simplest value of every draw. Integers
// zigzag outwards from the point they shrink towards; floats put small
// integers and short fractions first; a string's input is its text (a
// byte from '\t' to 0xDF stands for its own rune, a byte below '\t' ends
// the string, and the rest escape to other runes), so that the text a
// fuzzer inserts reads as that text and a corpus file shows it;
// collections put a "one more?" flag before each element, so that
// deleting an element deletes a contiguous region.
//
// # Statistics
//
// The stats tool (tools/stats) replays a target's corpus and prints
// histograms per label: values drawn, collection sizes, OneOf branches,
// Repeat actions, inputs discarded, and the events a property records
// with [T.Event].
//
// # Reduction
//
// What a reducer reads of a run (its choices, the labeled spans of every
// draw and collection element, the bytes it used, how it failed) is
// recorded by the engine behind this package, which Check, the minimize
// tool (tools/minimize) and package minimize use; a target does not call
// it. Recording is off in Check while fuzzing, the hot path.
package fuzzsrc
