package bench

import (
	"slices"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// lruCache is a cache of two keys that evicts the least recently used;
// its planted bug: a get does not make its key the most recent.
type lruCache struct {
	keys  []int // oldest first
	model []int // the same, kept correctly
}

// touch makes k the most recent of keys, adding it if absent and
// evicting the oldest beyond two.
func touch(keys []int, k int) []int {
	keys = slices.DeleteFunc(keys, func(x int) bool { return x == k })
	keys = append(keys, k)
	if len(keys) > 2 {
		keys = keys[1:]
	}
	return keys
}

// lru is a stateful problem whose minimum ends on a step that is all
// zeros (get of key 0) and whose keys are labels: a run that ends on
// another key, or uses the labels in another order, needs its keys
// exchanged everywhere to reach it.
func lru() Benchmark {
	m := newMachine(func() *lruCache { return &lruCache{} },
		func(*lruCache) verdict { return pass },
		sop[lruCache]{name: "put", args: []sarg{{lo: 0, hi: 3}}, run: func(c *lruCache, a []int) verdict {
			c.keys = touch(c.keys, a[0])
			c.model = touch(c.model, a[0])
			return pass
		}},
		sop[lruCache]{name: "get", args: []sarg{{lo: 0, hi: 3}}, run: func(c *lruCache, a []int) verdict {
			hit := slices.Contains(c.keys, a[0])
			if hit != slices.Contains(c.model, a[0]) {
				return failedA
			}
			if hit {
				c.model = touch(c.model, a[0]) // the bug: c.keys is left alone
			}
			return pass
		}},
	)
	e := stepEnc{n: 2}
	k := func(v int) byte { return intByte(fuzzsrc.IntRange(0, 3), v) }
	return m.fill(Benchmark{
		Name:       "sm-lru",
		Hypothesis: "not measured (our own problem)",
		About:      "a two-key LRU cache: put a key 0..3, get a key; a get does not refresh its key, so a later put evicts it",
		MinValue:   "[put(0); put(1); get(0); put(2); get(0)]",
		MinInput:   trimZeros(cat(e.step(1, 0), e.step(1, k(1)), e.step(0, 0), e.step(1, k(2)), e.step(0, 0))),
		Why: "a get must refresh a key (two puts and a get of the first), a third key must evict, and a " +
			"get of the refreshed key must miss: five steps, three distinct keys. get sorts first (action 0), " +
			"so the last step get(0) costs only its flag, which makes 0 the refreshed key; then 1 and 2 in order",
		Space: Space{MaxLen: 14, Cands: stateCands(2)},
		Passing: []Example{
			{"no refresh", cat(e.step(1, 0), e.step(1, k(1)), e.step(1, k(2)), e.step(0, 0)), "0 was evicted, rightly: it was the oldest"},
			{"same key", cat(e.step(1, 0), e.step(1, k(1)), e.step(0, 0), e.step(1, k(1)), e.step(0, 0)), "putting a cached key evicts nothing"},
		},
	})
}

// minStack is a stack that keeps its minimum; its planted bug: a pop
// does not restore the minimum the popped value replaced.
type minStack struct {
	vals []int
	min  int // -1: empty
}

// minStackProblem is a stateful problem whose two pushes must hold their
// values in one order (the larger first), so a run that reaches them the
// other way round, or with the values spread over other pushes, needs
// values exchanged between steps.
func minStackProblem() Benchmark {
	m := newMachine(func() *minStack { return &minStack{min: -1} },
		func(*minStack) verdict { return pass },
		sop[minStack]{name: "push", args: []sarg{{lo: 0, hi: 9}}, run: func(st *minStack, a []int) verdict {
			st.vals = append(st.vals, a[0])
			if st.min < 0 || a[0] < st.min {
				st.min = a[0]
			}
			return pass
		}},
		sop[minStack]{name: "pop", pre: func(st *minStack) bool { return len(st.vals) > 0 }, run: func(st *minStack, _ []int) verdict {
			st.vals = st.vals[:len(st.vals)-1]
			if len(st.vals) == 0 {
				st.min = -1
			}
			return pass // the bug: min stays what it was
		}},
		sop[minStack]{name: "min", pre: func(st *minStack) bool { return len(st.vals) > 0 }, run: func(st *minStack, _ []int) verdict {
			if st.min != slices.Min(st.vals) {
				return failedA
			}
			return pass
		}},
	)
	e := stepEnc{n: 3}
	one := intByte(fuzzsrc.IntRange(0, 9), 1)
	return m.fill(Benchmark{
		Name:       "sm-minstack",
		Hypothesis: "not measured (our own problem)",
		About:      "a stack of digits that keeps its minimum: push, pop when not empty, min when not empty; a pop does not restore the minimum",
		MinValue:   "[push(1); push(0); pop(); min()]",
		MinInput:   trimZeros(cat(e.step(2, one), e.step(2, 0), e.step(1), e.step(0))),
		Why: "the minimum goes stale when a pop removes a value below the one under it: push a larger value, " +
			"a smaller one, pop, and ask; min sorts first (action 0), so the last step costs only its flag, " +
			"and the values are the smallest in that order, 1 then 0",
		Space: Space{MaxLen: 11, Cands: stateCands(2)},
		Passing: []Example{
			{"smaller first", cat(e.step(2, 0), e.step(2, one), e.step(1), e.step(0)), "popping the larger value keeps the minimum"},
			{"no pop", cat(e.step(2, one), e.step(2, 0), e.step(0)), "the minimum is right until a pop"},
		},
	})
}
