// Package examples holds realistic fuzz targets with planted bugs, one
// package each, that show the whole fuzz-minimize-replay loop.
//
// Each example is library code with a believable bug, a fuzz target
// written with fuzzsrc in fuzz_test.go, crashers that go test -fuzz
// really found in testdata/crashers/FuzzX (outside testdata/fuzz, so
// that go test ./... stays green), and minimal_test.go, which reduces
// each crasher in-process and asserts the exact value it reduces to.
//
//   - calc: SmartCheck's calculator (section 4.3 of MacIver and
//     Donaldson, "Test-Case Reduction via Test-Case Generation: Insights
//     from the Hypothesis Reducer"). Validate rejects only literal zero
//     divisors; FuzzEval reduces to (0 / (0 + 0)).
//   - heap: a binary min-heap whose heapsorting Sorted skips a right
//     child that is the last element; FuzzSorted reduces to the pushes
//     [0 -1 -1 0].
//   - tree: section 2.3 of the same paper, an AVL shape encoder that
//     panics on an unbalanced tree; FuzzEncode reduces to the three-node
//     chain.
//   - graph: the dependent generator of Ren et al., "Validity-Preserving
//     Delta Debugging via Generator" (GReduce), a task graph whose
//     dependencies refer to earlier tasks, and a Kahn ordering that
//     loses a task repeating a dependency; FuzzOrder reduces to the
//     dependency lists [] [] [0 1 0], and every candidate is a valid
//     graph.
//   - legacy: an interval set fuzzed through its existing math/rand
//     generator, unchanged, via fuzzsrc.FromRand; Normalize leaves
//     touching intervals apart, and FuzzNormalize reduces to
//     {[1,2) [0,1)}.
//   - roundtrip: a text entry codec that does not escape backslashes,
//     checked with fuzzsrc.Make and the go-cmp-based fuzzsrc.Equal;
//     FuzzRoundTrip reduces to Entry{Key: `\0`}.
//   - stateful: an LRU cache driven by fuzzsrc.Repeat (Put and Get
//     actions, compared with a model); Get forgets to mark a key used,
//     and FuzzCache reduces to the five calls c.Put(0, 0), c.Put(1, 0),
//     c.Get(0), c.Put(2, 0), c.Get(0).
//   - headers: a go-fuzz-headers harness moved onto fuzzsrc.Headers with
//     one line changed; the log-line formatter cuts UTF-8 in half.
//
// Every fuzz target's file uses only what go-118-fuzz-build's testing
// shim offers, so it also builds as an OSS-Fuzz libFuzzer binary
// (.ci/ossfuzz.sh does that for calc and tree).
package examples
