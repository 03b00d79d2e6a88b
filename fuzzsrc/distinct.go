package fuzzsrc

import (
	"fmt"
	"math/rand/v2"

	"github.com/shortlex/shortlex/internal/record"
)

// SliceOfDistinct draws a slice of distinct elements from elem, whose
// length is bounded by size, shrinking towards the shortest slice of the
// simplest elements. An element equal to one already drawn is rejected
// and marked discarded, as [MapOfSize] does with keys; after a run of
// rejections the slice ends, and if it has fewer than size.Min elements
// the input is discarded.
func SliceOfDistinct[E comparable](elem Generator[E], size Size) Generator[[]E] {
	return SliceOfDistinctBy(elem, func(e E) E { return e }, size)
}

// SliceOfDistinctBy draws a slice of elements from elem whose keys, by
// key, are distinct: records with distinct IDs, say. It is otherwise
// [SliceOfDistinct].
func SliceOfDistinctBy[E any, K comparable](elem Generator[E], key func(E) K, size Size) Generator[[]E] {
	return newGenerator(
		func() string { return "SliceOfDistinct(" + elem.String() + ", " + size.String() + ")" },
		func(t *T) []E {
			var s []E
			seen := make(map[K]bool)
			e := newElements(t, size)
			rejects := 0
			for e.more("element") {
				v := elem.value(t)
				k := key(v)
				if seen[k] {
					e.reject()
					if rejects++; rejects == maxDuplicateRejects {
						break
					}
					continue
				}
				rejects = 0
				seen[k] = true
				s = append(s, v)
			}
			if len(s) < max(size.Min, 0) {
				t.Skip("SliceOfDistinct: too few distinct elements")
			}
			return s
		})
}

// Permutation draws an ordering of values, shrinking towards values in
// their given order. It is drawn as a Fisher-Yates shuffle: for each
// position i but the last, an index j in [0, len(values)-1-i] swaps the
// element j places further on into position i. Index 0 leaves an element
// where it is, so smaller indices leave the order closer to the given
// one, and an exhausted input gives it unchanged. values is not modified.
func Permutation[V any](values []V) Generator[[]V] {
	vals := append([]V(nil), values...)
	return newGenerator(
		func() string { return fmt.Sprintf("Permutation(%d %T)", len(vals), vals) },
		func(t *T) []V {
			p := append([]V(nil), vals...)
			for i := 0; i+1 < len(p); i++ {
				if j := int(t.choose(record.KindIndex, uint64(len(p)-1-i))); j > 0 {
					p[i], p[i+j] = p[i+j], p[i]
				}
			}
			return p
		})
}

// maxExampleTries bounds how many inputs Example tries before it gives up
// on a generator that discards them all.
const maxExampleTries = 1000

// Example draws a value from g with random bytes from a generator seeded
// with seed: sample values for documentation and tests, the same for the
// same seed. It retries with other bytes if the draw discards its input
// (a Filter, a MapOfSize that cannot find enough keys), and panics if
// many tries in a row discard, or if the draw fails.
func (g Generator[V]) Example(seed uint64) V {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	for range maxExampleTries {
		data := make([]byte, 256)
		for {
			for i := range data {
				data[i] = byte(r.Uint32())
			}
			var v V
			t := &T{data: data}
			t.execute(func(t *T) { v = g.value(t) }, nil)
			switch {
			case t.failure != nil:
				panic(fmt.Sprintf("fuzzsrc: Example of %s failed: %s", g.String(), t.failure.Message))
			case t.pos > len(data) && len(data) < 1<<20:
				// The draw read past the end, where it sees zeros: draw
				// again from more random bytes, so that the example is
				// not cut short.
				data = make([]byte, 2*len(data))
				continue
			case t.skipped == "":
				return v
			}
			break
		}
	}
	panic(fmt.Sprintf("fuzzsrc: Example of %s: %d inputs in a row were discarded", g.String(), maxExampleTries))
}
