package tree

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
)

func drawTree(t *fuzzsrc.T) *Node { return treeGen.Draw(t, "tree") }

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact tree it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// The smallest unbalanced tree has three nodes in a chain. Its
	// shortlex-minimal choice sequence is three heads and nothing more:
	// missing coins read as tails, so the chain leans left, the mirror of
	// seed 000's figure 3, whose bits were all explicit.
	want := &Node{Left: &Node{Left: &Node{}}}
	tests := []struct {
		name   string
		reason string
	}{
		{"5ac5165eac689fcb", "minimized by Go's own byte-level minimizer: already three bytes, but not the simplest ones"},
		{"f5c8bed1a69d77a9", "found with -fuzzminimizetime=0: raw input with a non-ASCII byte pair"},
		{"356dfccb42a37df8", "found with -fuzzminimizetime=0: raw input"},
	}
	if got := len(crashers.Paths(t, "FuzzEncode")); got != len(tests) {
		t.Fatalf("%d crashers shipped, %d in the table", got, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := crashers.Reduce(t, filepath.Join("testdata", "crashers", "FuzzEncode", tt.name), roundTrip, minimize.Options{})
			got := crashers.Decode(c.Minimal, drawTree)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: reduced to input %q (-want +got):\n%s", tt.reason, c.Minimal, diff)
			}
		})
	}
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
