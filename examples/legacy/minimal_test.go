package legacy

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

func drawSet(t *fuzzsrc.T) Set { return setGen.Draw(t, "set") }

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact set it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// Two touching intervals, each one long. The reducer knows nothing of
	// Random: it shrinks the 64-bit words the Rand supplies, and zero
	// words are Random's simplest choices (IntN gives 0). Words past the
	// last nonzero one cost nothing, so the shortest input puts the zero
	// interval [0,1) last: a count word (IntN(8) reads its low bits: 2),
	// then the smallest word that IntN(100) maps to 1, then only zeros.
	// Hence [1,2) before [0,1), not the sorted order a person would write.
	//
	// All three crashers reach the same input: the count word 2, its high
	// bits cleared although IntN(8) never reads them (the Go minimizer's
	// crasher had 0x3030303030303032, from "00000002"), then the smallest
	// word IntN(100) maps to 1, 0x028f5c28f5c28f5d.
	want := Set{{1, 2}, {0, 1}}
	crashers.CheckMinimal(t, "FuzzNormalize", canonical, drawSet, []crashers.Case[Set]{
		{Name: "04d9d017490d55ea", Reason: "minimized by Go's byte-level minimizer", Want: want},
		{Name: "6d29e35756485efc", Reason: "found with -fuzzminimizetime=0: raw input", Want: want},
		{Name: "228522d7f36a87bf", Reason: "found with -fuzzminimizetime=0: raw input", Want: want},
	})
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal set and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzNormalize", filepath.Join("testdata", "crashers", "FuzzNormalize", "6d29e35756485efc"))
	if diff := cmp.Diff(Set{{1, 2}, {0, 1}}, crashers.Decode(r.Minimal, drawSet)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, canonical)
}
