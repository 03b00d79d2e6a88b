package roundtrip

import (
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

func drawEntry(t *fuzzsrc.T) Entry { return entryGen.Draw(t, "entry") }

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact entry it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// Three crashers fail the go-cmp comparison and one fails Unmarshal
	// (a lone backslash swallows the separator after it), and the reducer
	// keeps each one's failure rather than slipping to the other. For the
	// first kind the backslash must escape something that is not a
	// separator, and '\t' is the simplest rune.
	cmpFailure := Entry{Key: "\\\t"}
	crashers.CheckMinimal(t, "FuzzRoundTrip", readsBack, drawEntry, []crashers.Case[Entry]{
		{Name: "6b12710370c0a9cc", Reason: "the key E\\J, as Go's fuzzer wrote it (the input is the text)", Want: cmpFailure},
		{Name: "34e55af8ce471fda", Reason: "found with -fuzzminimizetime=0: a 14-byte key with a backslash before '^'", Want: cmpFailure},
		{Name: "77a2992c223056b4", Reason: "found with -fuzzminimizetime=0: 1100 bytes, the backslash deep in a tag", Want: cmpFailure},
		{Name: "577e36abd20bf697", Reason: "the key \\ alone fails Unmarshal: already minimal", Want: Entry{Key: `\`}},
	})
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal entry and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzRoundTrip", filepath.Join("testdata", "crashers", "FuzzRoundTrip", "77a2992c223056b4"))
	if diff := cmp.Diff(Entry{Key: "\\\t"}, crashers.Decode(r.Minimal, drawEntry)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, readsBack)
}
