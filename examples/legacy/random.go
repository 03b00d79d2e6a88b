package legacy

import "math/rand/v2"

// Random returns a random set of up to seven intervals in [0, 110), for
// tests and benchmarks. Intervals are short and often overlap, which is
// the interesting case for Normalize.
func Random(r *rand.Rand) Set {
	s := make(Set, r.IntN(8))
	for i := range s {
		lo := r.IntN(100)
		s[i] = Interval{Lo: lo, Hi: lo + 1 + r.IntN(10)}
	}
	return s
}
