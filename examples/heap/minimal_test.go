package heap

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

func drawValues(t *fuzzsrc.T) []int { return valuesGen.Draw(t, "pushed") }

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact values it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// Heaps of up to three elements sort right, and so do all-equal
	// values, so a failure needs four values. Int shrinks towards 0 in
	// zigzag order (0, 1, -1, 2, ...), and a last element of 0 costs no
	// bytes at all, since missing bytes read as zeros: [0 -1 -1 0]
	// (indices 0 2 2 0, the last one free) is therefore shortlex-smaller
	// than [0 1 0 1], which also fails. An exhaustive search over four
	// values in [-2, 2] confirms that nothing smaller fails.
	want := []int{0, -1, -1, 0}
	crashers.CheckMinimal(t, "FuzzSorted", sortedAgrees, drawValues, []crashers.Case[[]int]{
		{Name: "75f370a1312cc20c", Reason: "minimized by Go's byte-level minimizer to ASCII zeros and one 1, still 28 bytes", Want: want},
		{Name: "710b5422d1d8e483", Reason: "found with -fuzzminimizetime=0: raw input", Want: want},
		{Name: "e0efa4740d13ae9f", Reason: "found with -fuzzminimizetime=0: raw input", Want: want},
	})
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal pushes and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzSorted", filepath.Join("testdata", "crashers", "FuzzSorted", "e0efa4740d13ae9f"))
	if diff := cmp.Diff([]int{0, -1, -1, 0}, crashers.Decode(r.Minimal, drawValues)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, sortedAgrees)
}
