package roundtrip

import (
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// entryGen fills every field of an Entry, as Make does for any struct.
var entryGen = fuzzsrc.Make[Entry]()

// readsBack is the property: every entry reads back as written, compared
// field by field with go-cmp.
func readsBack(t *fuzzsrc.T) {
	e := entryGen.Draw(t, "entry")
	line := Marshal(e)
	got, err := Unmarshal(line)
	if err != nil {
		t.Fatalf("Unmarshal(%q): %v", line, err)
	}
	fuzzsrc.Equal(t, e, got)
}

func FuzzRoundTrip(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, readsBack)
	})
}
