package minimize

import (
	"bytes"
	"slices"
	"sort"
)

// This file holds the exhaustive tier, the last: passes that try every
// value of a small domain, within one run budget per reduction.

// runBudget bounds the runs of the exhaustive tier's passes over one
// reduction: as many as the reduction had made when the tier was first
// reached, or smallDomain if that is more, so that the tier at most
// doubles the cost of a reduction that is not short.
type runBudget struct {
	left    int
	started bool
}

// open reports whether any of the budget is left, starting it on first
// use.
func (b *runBudget) open(s *shrinker) bool {
	if !b.started {
		b.left, b.started = max(smallDomain, s.stats.Runs), true
	}
	return b.left > 0
}

// spend runs consider(cand) and charges its runs; it reports ok false,
// without running anything, once the budget is spent.
func (b *runBudget) spend(s *shrinker, cand []byte) (kept, ok bool) {
	if !b.open(s) {
		return false, false
	}
	before := s.stats.Runs
	kept, _ = s.consider(cand)
	b.left -= s.stats.Runs - before
	return kept, true
}

// exhaustiveStep is the plan of a step of the exhaustive tier that tries
// cands(0), cands(1), ... until one is kept, cands returns nil, or the
// budget is spent.
func exhaustiveStep(s *shrinker, cands func(k int) []byte) ([]byte, func(bool, *Outcome)) {
	first := cands(0)
	if first == nil || !s.exhaustive.open(s) {
		return nil, nil
	}
	return first, func(kept bool, out *Outcome) {
		if out != nil {
			s.exhaustive.left--
		}
		for k := 1; !kept; k++ {
			c := cands(k)
			if c == nil {
				return
			}
			var ok bool
			if kept, ok = s.exhaustive.spend(s, c); !ok {
				return
			}
		}
	}
}

// sweepLower tries every index below a choice of a small domain (fewer
// than smallDomain values: a byte, a character, a small enumeration),
// simplest first, and keeps the first that fails. In such a domain the
// values a property singles out are often categories rather than
// amounts (an opening bracket among characters, whitespace, an opcode
// among bytes, an upper-case letter in or past ASCII), and any number of
// values that pass can lie between two that fail, beyond the steps
// jumpLower takes. It costs up to one run per index below the value, so
// it runs in the exhaustive tier after every other pass is stuck, within
// that tier's budget (runBudget), once for a value at a place, the
// smallest values first (a needle at index j costs j runs to find, a
// value at m with none below it m runs to rule out). Candidates other
// passes already ran cost nothing (the gate's cache).
//
// A whole 64-bit word (a Uint64, a word of a math/rand source) is swept
// at its leading nonzero byte, the other bytes kept: such a word is
// often read through a coarse map (scaled by a bound, its bits a
// float's), so that one value spans a long run of indices and the
// values that fail lie that far apart, where steps and halves of the
// index stop at the first run of values that pass.
func sweepLower() *pass {
	tried := map[jumpKey]bool{}
	derive := func(s *shrinker) []int {
		var items []int
		for i, c := range s.choices[:s.choicesInInput()] {
			if (c.Max < smallDomain || wholeWord(c)) && c.Index(s.best) > 2 && !s.namesSimpler(i) {
				items = append(items, i)
			}
		}
		return items
	}
	p := stepPass("sweep lower", lastTier, derive, func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
		c := s.choices[i]
		m := c.Index(s.best)
		key := jumpKey{c.Offset, 1, m}
		if tried[key] {
			return nil, nil
		}
		tried[key] = true
		if wholeWord(c) {
			// The leading byte's lower values, the others kept.
			lead := c.Offset
			for s.best[lead] == 0 {
				lead++
			}
			top, old := s.best[lead], s.best
			return exhaustiveStep(s, func(j int) []byte {
				if j >= int(top) || !bytes.Equal(s.best, old) {
					return nil
				}
				cand := slices.Clone(old)
				cand[lead] = byte(j)
				return cand
			})
		}
		return exhaustiveStep(s, func(j int) []byte {
			if uint64(j) >= m {
				return nil
			}
			if _, ok := s.choiceAt(c.Offset, c.Width, c.Max); !ok {
				return nil
			}
			return s.setChoices([]int{c.Offset}, c.Width, c.Max, uint64(j))
		})
	})
	// Steps are choice positions in the best input (see stepPass's
	// derive); the cheapest to rule out go first.
	p.order = func(s *shrinker, queue []int) {
		items := derive(s)
		index := func(step int) uint64 { return s.choices[items[step]].Index(s.best) }
		sort.SliceStable(queue, func(a, b int) bool { return index(queue[a]) < index(queue[b]) })
	}
	return p
}

// cutLastDraw cuts a draw that ends the input down to its first choice,
// which it sets to each larger value in turn (the choices after it then
// read zeros, past the input's end), and keeps the first that fails; a
// draw is a span whose first choice does not start a child span and is
// not a collection's "one more?" flag (see branchOpeners). Where
// a draw's first choice decides how many more bytes it reads (an
// escape to a wider encoding, a variant's tag), the value a property
// needs may be the first of a larger value's range, which reads nothing
// more at the end of the input: the input is shorter, so every value is
// simpler, however large. Lower values are collapseSpans' and the
// lowering passes'. A first choice of a small domain only, since every
// larger value may run, in the exhaustive tier (within its budget, see
// runBudget), once per input length.
func cutLastDraw() *pass {
	tried := map[[2]int]bool{} // the first choice's offset, the input's length
	derive := func(s *shrinker) []int {
		// A span whose first choice starts a child span is a collection
		// or a record (a string and its first character), not one draw.
		parentAtStart := map[int]bool{}
		for _, sp := range s.out.Spans {
			if sp.Parent >= 0 && sp.Start == s.out.Spans[sp.Parent].Start {
				parentAtStart[sp.Parent] = true
			}
		}
		// A collection's "one more?" flag that went on reads the same at
		// every larger value: cutting the element is a deletion.
		flags := s.branchOpeners()
		var heads []int
		for i, sp := range s.out.Spans {
			if sp.End < len(s.best) || parentAtStart[i] || flags[sp.Start] {
				continue
			}
			k, found := s.firstChoiceFrom(sp.Start)
			if found && k+1 < len(s.choices) && s.choices[k].Max < smallDomain &&
				s.choices[k+1].Offset < len(s.best) && !slices.Contains(heads, k) {
				heads = append(heads, k)
			}
		}
		return heads
	}
	return stepPass("cut last draw", lastTier, derive, func(s *shrinker, k int) ([]byte, func(bool, *Outcome)) {
		head, old := s.choices[k], s.best
		i, key := head.Index(old), [2]int{head.Offset, len(old)}
		if i >= head.Max || tried[key] {
			return nil, nil
		}
		tried[key] = true
		return exhaustiveStep(s, func(j int) []byte {
			v := i + 1 + uint64(j)
			if v > head.Max || !bytes.Equal(s.best, old) {
				return nil
			}
			return append(slices.Clone(old[:head.Offset]), head.Encode(v)...)
		})
	})
}

// wholeWord reports whether c is a whole 64-bit word read as it is: its
// index is its bytes.
func wholeWord(c Choice) bool { return c.Width == 8 && c.Below == 0 && c.Max == 1<<64-1 }

// maxSweptPair bounds the runs sweepPairs spends on one pair of values:
// the product of their indices.
const maxSweptPair = 3

// sweepPairs tries every pair of lower indices for two choices of small
// domains and different ranges at once (every value below each, the
// earlier choice's simplest first), and keeps the first pair that fails.
// Where two values must change together and each change alone passes,
// the values that fail together need not lie a common step apart or
// keep a sum, which is all lowerPairs and redistributePairs try; for
// values of two ranges, whose indices mean different things, nothing
// relates the two steps: a name where it is defined and where it is
// used, drawn from two alphabets; a count that drops the last row
// together with a cell of the row that stays; a bound and a request just
// over it, both lower. It costs the product of the two indices in runs,
// so only pairs whose product is at most maxSweptPair are tried, the
// cheapest first, in the exhaustive tier (after every other pass is
// stuck, within its budget, see runBudget), once for a pair of values at
// their places.
func sweepPairs() *pass {
	tried := map[[4]uint64]bool{}
	derive := func(s *shrinker) [][2]int {
		var small []int
		for i, c := range s.choices[:s.choicesInInput()] {
			if c.Max < smallDomain && c.Index(s.best) > 0 && !s.namesSimpler(i) {
				small = append(small, i)
			}
		}
		var items [][2]int
		for a, i := range small {
			for _, j := range small[a+1:] {
				ci, cj := s.choices[i], s.choices[j]
				if ci.shape() != cj.shape() && ci.Index(s.best)*cj.Index(s.best) <= maxSweptPair {
					items = append(items, [2]int{i, j})
				}
			}
		}
		return items
	}
	p := stepPass("sweep pairs", lastTier, derive, func(s *shrinker, item [2]int) ([]byte, func(bool, *Outcome)) {
		a, b, old := s.choices[item[0]], s.choices[item[1]], s.best
		ma, mb := a.Index(old), b.Index(old)
		key := [4]uint64{uint64(a.Offset), ma, uint64(b.Offset), mb}
		if tried[key] {
			return nil, nil
		}
		tried[key] = true
		return exhaustiveStep(s, func(k int) []byte {
			if uint64(k) >= ma*mb || !bytes.Equal(s.best, old) {
				return nil
			}
			return withIndices(old, a, uint64(k)/mb, b, uint64(k)%mb)
		})
	})
	p.order = func(s *shrinker, queue []int) {
		items := derive(s)
		cost := func(step int) uint64 {
			it := items[step]
			return s.choices[it[0]].Index(s.best) * s.choices[it[1]].Index(s.best)
		}
		sort.SliceStable(queue, func(a, b int) bool { return cost(queue[a]) < cost(queue[b]) })
	}
	return p
}
