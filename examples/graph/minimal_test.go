package graph

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
)

func drawDeps(t *fuzzsrc.T) [][]int { return depsGen.Draw(t, "graph") }

// The shortlex-minimal failing graph. A repeat that Compact keeps needs
// another dependency in between, so it has three tasks, the third listing
// 0, 1, 0. Task 0 can have no dependencies and task 1 needs none, so
// their lists are nil; [0 1 0] is the simplest list with a non-adjacent
// repeat.
var minimalGraph = [][]int{nil, nil, {0, 1, 0}}

// crasherTable is every shipped crasher, with what it shows and the
// exact graph the reducer turns it into.
var crasherTable = []crashers.Case[[][]int]{
	{Name: "f23264eb0e56285f", Reason: "minimized by Go's byte-level minimizer to seven bytes, already the minimal graph", Want: minimalGraph},
	{Name: "05c785d66cf28261", Reason: "found with -fuzzminimizetime=0 (nine tasks); it passes through [1 0 1], from which " +
		"lowering one or two dependencies, or sorting them, leaves an adjacent repeat that Compact drops: " +
		"only swapping 1 and 0 everywhere reaches [0 1 0], and deleting the tasks before it must keep the " +
		"dependencies' values although their ranges shrink", Want: minimalGraph},
	{Name: "081ad1d8bd364af5", Reason: "found with -fuzzminimizetime=0 (seven tasks, the third listing 0 1 0 0)", Want: minimalGraph},
}

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact graph it reduces to.
func TestCrashersMinimal(t *testing.T) {
	crashers.CheckMinimal(t, "FuzzOrder", orderComplete, drawDeps, crasherTable)
}

// TestEveryCandidateValid checks GReduce's concern on this reducer:
// every input the reducer accepts while reducing a crasher, not only
// the last, decodes to a valid graph, in which each task depends only on
// earlier tasks. The generator guarantees it by construction, so the
// reducer never has to know what a graph is. Candidates it tried and
// rejected are valid too: the property fails at its own line on an
// invalid graph, which would show up as a slip (another failure).
func TestEveryCandidateValid(t *testing.T) {
	for _, tt := range crasherTable {
		t.Run(tt.Name, func(t *testing.T) {
			accepted := 0
			onShrink := func(input []byte, _ minimize.Outcome) {
				accepted++
				deps := crashers.Decode(input, drawDeps)
				var g Graph
				for i, ds := range deps {
					if _, err := g.Add(ds...); err != nil {
						t.Errorf("accepted input %q: task %d: %v", input, i, err)
					}
				}
			}
			c := crashers.Reduce(t, filepath.Join("testdata", "crashers", "FuzzOrder", tt.Name), orderComplete, minimize.Options{OnShrink: onShrink})
			if accepted == 0 && len(c.Minimal) < len(c.Original) {
				t.Errorf("the input shrank but OnShrink saw no accepted input")
			}
			for _, s := range c.Result.Slips {
				t.Errorf("a candidate failed another way, %s, on %q", s.Signature, s.Input)
			}
			t.Logf("%d runs, %d accepted inputs, all valid graphs", c.Result.Stats.Runs, accepted)
		})
	}
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal graph and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzOrder", filepath.Join("testdata", "crashers", "FuzzOrder", "081ad1d8bd364af5"))
	if diff := cmp.Diff(minimalGraph, crashers.Decode(r.Minimal, drawDeps)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, orderComplete)
}
