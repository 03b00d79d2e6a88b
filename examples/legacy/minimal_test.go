package legacy

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/minimize"
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
	// The value is the shortlex minimum, but the count word keeps the high
	// bits the crasher had (0x3030303030303032 from "00000002"): IntN(8)
	// ignores them, and the reducer lowers a choice by trying one and two
	// less and bisecting, which never lands on another word that is 2
	// modulo 8. Clearing a wide choice's high bytes would reach 2.
	want := Set{{1, 2}, {0, 1}}
	tests := []struct {
		name   string
		reason string
	}{
		{"04d9d017490d55ea", "minimized by Go's byte-level minimizer"},
		{"6d29e35756485efc", "found with -fuzzminimizetime=0: raw input"},
		{"228522d7f36a87bf", "found with -fuzzminimizetime=0: raw input"},
	}
	if got := len(crashers.Paths(t, "FuzzNormalize")); got != len(tests) {
		t.Fatalf("%d crashers shipped, %d in the table", got, len(tests))
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := crashers.Reduce(t, filepath.Join("testdata", "crashers", "FuzzNormalize", tt.name), canonical, minimize.Options{})
			got := crashers.Decode(c.Minimal, drawSet)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("%s: reduced to input %q (-want +got):\n%s", tt.reason, c.Minimal, diff)
			}
		})
	}
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
