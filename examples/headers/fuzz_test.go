package headers

import (
	"testing"
	"unicode/utf8"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// validLine is the property. Its body is the go-fuzz-headers harness as
// it was, with one line changed: the ConsumeFuzzer comes from
// fuzzsrc.Headers instead of fuzz.NewConsumer(data). Returning early on
// a decode error still counts as a pass; t.Fatalf is fuzzsrc's, with the
// same signature as testing's.
func validLine(t *fuzzsrc.T) {
	c := fuzzsrc.Headers().Draw(t, "consumer") // was: c := fuzz.NewConsumer(data)
	var f Field
	if err := c.GenerateStruct(&f); err != nil {
		return
	}
	limit, err := c.GetInt()
	if err != nil {
		return
	}
	if !utf8.ValidString(f.Name) || !utf8.ValidString(f.Value) {
		return
	}
	if line := Line([]Field{f}, limit); !utf8.ValidString(line) {
		t.Fatalf("Line(%q, %d) = %q: not valid UTF-8", f, limit, line)
	}
}

func FuzzLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, validLine)
	})
}
