package headers

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/examples/internal/crashers"
	"github.com/shortlex/shortlex/fuzzsrc"
)

// lineCase is what validLine decodes from its ConsumeFuzzer.
type lineCase struct {
	Field Field
	Limit int
}

// drawCase decodes an input as validLine does.
func drawCase(t *fuzzsrc.T) lineCase {
	c := fuzzsrc.Headers().Draw(t, "consumer")
	var lc lineCase
	c.GenerateStruct(&lc.Field)
	lc.Limit, _ = c.GetInt()
	return lc
}

// TestCrashersMinimal reduces each crasher go test -fuzz found and checks
// the exact field and limit it reduces to.
func TestCrashersMinimal(t *testing.T) {
	// The reducer sees only the bytes of the ConsumeFuzzer's region, each
	// behind a "one more?" flag, not go-fuzz-headers' format. It zeroes
	// every byte that does not matter and drops every byte past the last
	// one read, but go-fuzz-headers prefixes a string with its length, so
	// deleting a byte inside the value also needs the length lowered by
	// one at the same time, a move no pass makes. Each value therefore
	// keeps the length it had once the reducer cleared what it could:
	// the shortest possible failure, an empty name, U+0080 (C2 80) and a
	// limit of 1, is reached only from a crasher whose value already had
	// two bytes. Drawing the field with fuzzsrc.String instead removes
	// the length prefix, and the limit.
	crashers.CheckMinimal(t, "FuzzLine", validLine, drawCase, []crashers.Case[lineCase]{
		{Name: "6c50474215f667ee", Reason: "found in 50 s from an empty corpus and minimized by Go's byte-level minimizer; " +
			"its three-byte U+FDED ends where the next crasher does, at U+0080 and a zero byte (three bytes, cut inside U+0080), " +
			"smaller than U+1000, the simplest three-byte character",
			Want: lineCase{Field{Name: "", Value: "\u0080\x00"}, 1}},
		{Name: "55a40acee3447864", Reason: "found with -fuzzminimizetime=0: name \"0\" and a three-byte value holding U+011C; " +
			"the name empties, the character lowers to U+0080 and the third byte to zero",
			Want: lineCase{Field{Name: "", Value: "\u0080\x00"}, 1}},
		{Name: "b23cdb0b9f17df02", Reason: "found with -fuzzminimizetime=0: a 73-byte value cut at 44 bytes inside U+072D; " +
			"the other bytes zero, but the character cannot move to the front, so the limit stays",
			Want: lineCase{Field{Name: "", Value: strings.Repeat("\x00", 43) + "\u0080" + strings.Repeat("\x00", 28)}, 44}},
	})
}

// TestToolEndToEnd runs tools/minimize on a raw crasher, as a user
// would, and checks that it reports the same minimal field and limit and
// writes a corpus file that plain go test replays.
func TestToolEndToEnd(t *testing.T) {
	r := crashers.RunTool(t, "fuzz_test.go", "FuzzLine", filepath.Join("testdata", "crashers", "FuzzLine", "55a40acee3447864"))
	want := lineCase{Field{Name: "", Value: "\u0080\x00"}, 1}
	if diff := cmp.Diff(want, crashers.Decode(r.Minimal, drawCase)); diff != "" {
		t.Errorf("the tool wrote %q (-want +got):\n%s", r.Minimal, diff)
	}
	crashers.CheckDraws(t, r, validLine)
}
