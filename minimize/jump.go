package minimize

import (
	"math/bits"
	"slices"
	"sort"
)

// This file holds jumpLower, the pass for values whose lowering stopped
// because the next values below them pass although smaller ones fail.

// maxStride is the largest step jumpLower tries below a stuck value, and
// decimalStride the step beyond it that keeps a value's last decimal
// digit. A choice of a small domain (smallDomain values at most: a byte,
// a rune's byte) is tried by every step up to smallStride instead: there
// the values a property singles out (two characters of a set, "&" and
// "<", 22 apart in ASCII) can lie that far below the value it was drawn
// at, with only values that pass between them.
const (
	maxStride     = 8
	decimalStride = 10
	smallStride   = 32
	smallDomain   = 256
)

// jumpItem is one value jumpLower may lower: a choice, or the choices of
// one shape that hold one value, lowered together.
type jumpItem struct {
	offsets []int
	shape   Choice
	index   uint64
}

// jumpKey is a value at a place that jumpLower has tried: once is enough
// until the value or its place changes.
type jumpKey struct {
	offset, count int // the first choice's offset, how many choices
	index         uint64
}

// jumpTargets returns the magnitudes jumpLower tries below magnitude m
// of choice c, in order: half of m, then m-3 to m-maxStride and
// m-decimalStride, or m-3 to m-smallStride in a small domain, those above
// zero, then m less each of its set bits above those steps, highest
// first, then, where c's index is the value's own bit pattern (an
// unsigned draw over a whole word), values below m with as many set
// bits.
func jumpTargets(m uint64, c Choice) []uint64 {
	max := c.Max
	var ts []uint64
	if m >= 4 {
		ts = append(ts, m>>1)
	}
	last, strides := uint64(maxStride), []uint64{decimalStride}
	if max < smallDomain {
		last, strides = smallStride, nil
	}
	for d := last; d >= 3; d-- {
		strides = append([]uint64{d}, strides...)
	}
	for _, d := range strides {
		if d < m && m-d != m>>1 {
			ts = append(ts, m-d)
		}
	}
	// Then m with one of its set bits cleared, highest first, for bits
	// the steps above do not reach: a word of flags.
	for k := bits.Len64(m) - 1; k >= 0 && uint64(1)<<k > last && uint64(1)<<k > decimalStride; k-- {
		if b := uint64(1) << k; m&b != 0 && m-b != m>>1 {
			ts = append(ts, m-b)
		}
	}
	// Then values below m with as many set bits, for a property on how
	// many are set (a parity, a number of flags, one of them high):
	// clearing one breaks the count and steps change many low bits. They
	// are the least such values, with m's highest set bit and without it,
	// and m with its highest set bit moved into the highest clear bit
	// below it (repeated, it walks that bit down).
	word := c.Below == 0 && c.Max == 1<<(8*c.Width)-1 // 1<<64 wraps to 0
	if n := bits.OnesCount64(m); word && n > 1 && n < bits.Len64(m) {
		k := bits.Len64(m) - 1
		j := k - 1
		for m&(1<<j) != 0 {
			j--
		}
		top := uint64(1) << k
		for _, t := range []uint64{top | (1<<(n-1) - 1), 1<<n - 1, m - top + 1<<j} {
			// m-1 and m-2 are known to pass (see jumpLower).
			if t+2 < m && !slices.Contains(ts, t) {
				ts = append(ts, t)
			}
		}
	}
	return ts
}

// jumpLower lowers a value that lowering left stuck at magnitude m > 2
// (m-1 and m-2 pass) past the values that pass: the property is not
// monotone there, as for a multiple of k, an odd sum, a power of two, a
// value that must differ from others. It tries half of m, then m-3 to
// m-maxStride, which below maxStride+1 is every smaller value, and
// m-decimalStride; in a small domain m-3 to m-smallStride. A halving
// that is kept is repeated (m>>n: a power of two, a pattern of low bits
// shifted down); a step d that is kept is followed by the smallest
// positive value of m's residue modulo d, and if that passes by as many
// steps of d as still fail (m-n*d: Hypothesis's integer shrinker's
// shrink_by_multiples, with d searched). Either way the value is then
// lowered on as lower choice does, from where it landed. Each choice is
// a step, and so is each set of choices of one shape holding one value
// (for two values that must be equal and a multiple of k).
//
// Most stuck values sit at a threshold, where every jump fails, so a
// value is tried once at a place until it changes, only once every other
// pass is stuck (tier 2, so that values on their way down are not
// tried), and a lone choice whose value another choice of its
// shape holds is left to its group: lowering it alone likely breaks the
// tie that makes the input fail. A choice whose draw names its simpler
// values (Outcome.Simpler: a float) is left to those: arithmetic on its
// index is not arithmetic on its value.
func jumpLower() *pass {
	tried := map[jumpKey]bool{}
	derive := func(s *shrinker) []jumpItem {
		type value struct {
			shape Choice
			index uint64
		}
		n := s.choicesInInput()
		groups := groupBy(n, func(i int) (value, bool) {
			c := s.choices[i]
			return value{c.shape(), c.Index(s.best)}, true
		})
		inGroup := map[int]bool{}
		for _, g := range groups {
			for _, i := range g {
				inGroup[i] = true
			}
		}
		var items []jumpItem
		for i, c := range s.choices[:n] {
			if !inGroup[i] && !s.namesSimpler(i) {
				items = append(items, jumpItem{offsets: []int{c.Offset}, shape: c.shape(), index: c.Index(s.best)})
			}
		}
		for _, g := range groups {
			if slices.ContainsFunc(g, s.namesSimpler) {
				continue
			}
			it := jumpItem{shape: s.choices[g[0]].shape(), index: s.choices[g[0]].Index(s.best)}
			for _, i := range g {
				it.offsets = append(it.offsets, s.choices[i].Offset)
			}
			items = append(items, it)
		}
		return items
	}
	return stepPass("jump lower", 2, derive, func(s *shrinker, it jumpItem) ([]byte, func(bool, *Outcome)) {
		c := it.shape
		neg, m := c.signed(it.index)
		key := jumpKey{it.offsets[0], len(it.offsets), it.index}
		if m < 3 || tried[key] {
			return nil, nil
		}
		targets := jumpTargets(m, c)
		if len(targets) == 0 {
			return nil, nil
		}
		cand := func(mag uint64) []byte {
			i, ok := c.unsigned(neg, mag)
			if !ok {
				return nil
			}
			return s.setChoices(it.offsets, c.Width, c.Max, i)
		}
		first := cand(targets[0])
		if first == nil {
			return nil, nil
		}
		tried[key] = true
		set := func(mag uint64) bool {
			for _, off := range it.offsets {
				if _, ok := s.choiceAt(off, c.Width, c.Max); !ok {
					return false
				}
			}
			cnd := cand(mag)
			if cnd == nil {
				return false
			}
			kept, _ := s.consider(cnd)
			return kept
		}
		// The first target is half of m (m >= 4 whenever there is one).
		return first, func(kept bool, _ *Outcome) {
			var to uint64
			if kept {
				n := 1 + findInteger(func(n int) bool { return n < 63 && m>>(n+1) > 0 && set(m>>(n+1)) })
				to = m >> n
			} else {
				for _, t := range targets[1:] {
					if !set(t) {
						continue
					}
					d := m - t
					if r := m % d; r != 0 && r < t && set(r) {
						to = r
						break
					}
					n := 1 + findInteger(func(n int) bool {
						return uint64(n+1) <= (m-1)/d && set(m-uint64(n+1)*d)
					})
					to = m - uint64(n)*d
					break
				}
			}
			if i, ok := c.unsigned(neg, to); to > 0 && ok && i > 1 {
				lowerTogether(s, it.offsets, c, i)
			}
		}
	})
}

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
func sweepLower() *pass {
	tried := map[jumpKey]bool{}
	derive := func(s *shrinker) []int {
		var items []int
		for i, c := range s.choices[:s.choicesInInput()] {
			if c.Max < smallDomain && c.Index(s.best) > 2 && !s.namesSimpler(i) {
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
		index := func(step int) uint64 { return s.choices[derive(s)[step]].Index(s.best) }
		sort.SliceStable(queue, func(a, b int) bool { return index(queue[a]) < index(queue[b]) })
	}
	return p
}
