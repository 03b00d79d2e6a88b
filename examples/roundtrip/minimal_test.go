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
	// All three crashers fail the go-cmp comparison (not Unmarshal), and
	// the reducer keeps that failure. A lone backslash key would be
	// shorter, but its line has a separator swallowed, so Unmarshal fails
	// instead: another failure, which the reducer does not follow. The
	// backslash must escape something that is not a separator, and '0'
	// is the simplest rune.
	want := Entry{Key: `\0`}
	crashers.CheckMinimal(t, "FuzzRoundTrip", readsBack, drawEntry, []crashers.Case[Entry]{
		{Name: "da90bb295ce99043", Reason: "minimized by Go's byte-level minimizer to three bytes, the same length as the result", Want: want},
		{Name: "534c26311e0ad37a", Reason: "found with -fuzzminimizetime=0: key \\\\\\\\UUU0, four backslashes", Want: want},
		{Name: "efe3f352cf60bbd6", Reason: "found with -fuzzminimizetime=0: the backslash is in a tag; the reducer deletes the tag and moves the failure into the key, which comes first", Want: want},
	})
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal entry and writes a
// corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzRoundTrip", filepath.Join("testdata", "crashers", "FuzzRoundTrip", "efe3f352cf60bbd6"))
	if diff := cmp.Diff(Entry{Key: `\0`}, crashers.Decode(r.Minimal, drawEntry)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, readsBack)
}
