package heap

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
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
	tests := []struct {
		name   string
		reason string
	}{
		{"75f370a1312cc20c", "minimized by Go's byte-level minimizer to ASCII zeros and one 1, still 28 bytes"},
		{"710b5422d1d8e483", "found with -fuzzminimizetime=0: raw input"},
		{"e0efa4740d13ae9f", "found with -fuzzminimizetime=0: raw input"},
	}
	if got := len(crashers.Paths(t, "FuzzSorted")); got != len(tests) {
		t.Fatalf("%d crashers shipped, %d in the table", got, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := crashers.Reduce(t, filepath.Join("testdata", "crashers", "FuzzSorted", tt.name), sortedAgrees, minimize.Options{})
			got := crashers.Decode(c.Minimal, drawValues)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: reduced to input %q (-want +got):\n%s", tt.reason, c.Minimal, diff)
			}
		})
	}
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
