package legacy

import (
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// setGen is the package's existing math/rand generator, unchanged: its
// *rand.Rand draws every word from the fuzz input.
var setGen = fuzzsrc.FromRand(Random)

// canonical is the property: Normalize keeps exactly the same integers
// and leaves no two intervals overlapping or touching.
func canonical(t *fuzzsrc.T) {
	s := setGen.Draw(t, "set")
	n := Normalize(s)
	for x := -1; x <= 111; x++ {
		if s.Contains(x) != n.Contains(x) {
			t.Fatalf("Normalize(%v) = %v: membership of %d changed", s, n, x)
		}
	}
	for i := 1; i < len(n); i++ {
		if n[i].Lo <= n[i-1].Hi {
			t.Fatalf("Normalize(%v) = %v: %v and %v overlap or touch", s, n, n[i-1], n[i])
		}
	}
}

func FuzzNormalize(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, canonical)
	})
}
