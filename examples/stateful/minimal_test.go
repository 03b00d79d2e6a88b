package stateful

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
)

// minimalCalls is the shortest failing program, as the report lists it.
// Get must see the eviction the bug got wrong, so the cache must be full
// (two Puts of different keys), the older key used (a Get), a third key
// added (a Put) and a Get of the key evicted wrongly or kept wrongly:
// five calls. Put is the first action, so every step that can be a Put
// is one; values shrink to 0. The last Get's key costs no bytes when it
// is 0 (missing bytes read as zeros), and so does a first key of 0, which
// makes the older key 0 and the other two 1 and 2.
var minimalCalls = []string{"c.Put(0, 0)", "c.Put(1, 0)", "c.Get(0)", "c.Put(2, 0)", "c.Get(0)"}

// callsOf returns the calls the report shows for input.
func callsOf(input []byte) []string {
	var out []string
	for _, d := range engine.Explain(input, cacheAgrees).Draws {
		out = append(out, d.Value)
	}
	return out
}

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact program it reduces to.
func TestCrashersMinimal(t *testing.T) {
	cases := []struct{ name, reason string }{
		// tools/minimize stops this one short of minimalCalls: the
		// minimal entry's escaped zero bytes make a larger corpus file
		// than this ASCII one, and the tool does not grow files.
		{"ea5cac94d0a50a7c", "found by go test -fuzz after 1336 executions (starting from 23 cached entries of earlier runs) and minimized by Go's byte-level minimizer"},
		{"f3bd9b9552007b8b", "found with -fuzzminimizetime=0: a raw input"},
		{"865b19991d7aad3c", "found with -fuzzminimizetime=0: a second raw input"},
	}
	if got := len(crashers.Paths(t, "FuzzCache")); got != len(cases) {
		t.Fatalf("%d crashers shipped, %d in the table", got, len(cases))
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := crashers.Reduce(t, filepath.Join("testdata", "crashers", "FuzzCache", tc.name), cacheAgrees, minimize.Options{})
			if diff := cmp.Diff(minimalCalls, callsOf(c.Minimal)); diff != "" {
				t.Errorf("%s: reduced to input %q (-want +got):\n%s", tc.reason, c.Minimal, diff)
			}
		})
	}
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the minimal program and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzCache", filepath.Join("testdata", "crashers", "FuzzCache", "f3bd9b9552007b8b"))
	if diff := cmp.Diff(minimalCalls, callsOf(r.Minimal)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, cacheAgrees)
}
