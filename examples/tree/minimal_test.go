package tree

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

func drawTree(t *fuzzsrc.T) *Node { return treeGen.Draw(t, "tree") }

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact tree it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// The smallest unbalanced tree has three nodes in a chain. Its
	// shortlex-minimal choice sequence is three heads and nothing more:
	// missing coins read as tails, so the chain leans left, the mirror of
	// figure 3 of MacIver and Donaldson, "Test-Case Reduction via
	// Test-Case Generation", whose bits were all explicit.
	want := &Node{Left: &Node{Left: &Node{}}}
	crashers.CheckMinimal(t, "FuzzEncode", roundTrip, drawTree, []crashers.Case[*Node]{
		{Name: "5ac5165eac689fcb", Reason: "minimized by Go's own byte-level minimizer: already three bytes, but not the simplest ones", Want: want},
		{Name: "f5c8bed1a69d77a9", Reason: "found with -fuzzminimizetime=0: raw input with a non-ASCII byte pair", Want: want},
		{Name: "356dfccb42a37df8", Reason: "found with -fuzzminimizetime=0: raw input", Want: want},
	})
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal tree and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzEncode", filepath.Join("testdata", "crashers", "FuzzEncode", "f5c8bed1a69d77a9"))
	want := &Node{Left: &Node{Left: &Node{}}}
	if diff := cmp.Diff(want, crashers.Decode(r.Minimal, drawTree)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, roundTrip)
}
