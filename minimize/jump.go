package minimize

import (
	"math/bits"
	"slices"
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
	maxShift      = 8
)

// maxRoundedPrime is the largest odd prime jumpLower divides a value by
// when it does not divide it, to a quotient of at least
// decimalStride^2.
const maxRoundedPrime = 13

// oddPrimes are the odd primes below 100, which jumpLower divides a
// value by.
var oddPrimes = []uint64{3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97}

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
// of choice c, in order: half of m; then m-3 to m-maxStride,
// m-decimalStride and, unless c's index is the value's own bit pattern
// (an unsigned draw over a whole word), m less each higher power of ten,
// or in a small domain m-3 to m-smallStride, those above zero; then, for
// a power of two outside a small domain, m shifted right by 2 to
// maxShift bits; then m less each of its set bits above those steps,
// highest first; then, where c's index is a bit pattern, values below m
// with as many set bits; last, m divided by each odd prime below 100 that
// divides it and by each up to maxRoundedPrime that does not, rounded
// down to at least 100, below the steps, and a multiple of ten by ten unless c's index
// is a bit pattern. A value at the end of its range gets no
// powers of ten, shifts or divisions.
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
	// Beyond the steps, each higher power of ten, for a value that is
	// not a whole word's bit pattern: a number read or written in
	// decimal (a numeral, a field's width in digits) fails on one digit,
	// which a step of that digit's power keeps while the values between
	// pass (2900 and 1900 for a nine in the hundreds).
	word := c.Below == 0 && c.Max == 1<<(8*c.Width)-1 // 1<<64 wraps to 0
	// A value at the end of its draw's range (an overflow, a clamp at the
	// bound) sits at a threshold lowering already found: it gets the half,
	// the steps and the set bits only, as the families below are for
	// values inside the range that fail again further down.
	inside := m != c.Max-c.Below && m != c.Below
	for d := uint64(decimalStride * decimalStride); d < m && max >= smallDomain && !word && inside; d *= decimalStride {
		strides = append(strides, d)
	}
	for _, d := range strides {
		if d < m && m-d != m>>1 {
			ts = append(ts, m-d)
		}
	}
	// Then, for a power of two, m shifted right by 2 to maxShift bits: a
	// value that fails by how many groups of bits it spans (a varint's
	// 7-bit groups, a number's hexadecimal digits) is lowered to a power
	// of two, and fails again a group lower, which halving once never
	// reaches.
	for k := 2; k <= maxShift && k <= bits.TrailingZeros64(m) && max >= smallDomain && m&(m-1) == 0 && inside; k++ {
		if t := m >> k; !slices.Contains(ts, t) {
			ts = append(ts, t)
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
	// Last, m divided by each odd prime below 100 that divides it, to a
	// base of at least decimalStride that the steps do not reach (a small
	// value's many small factors cost more runs than they pay): a value
	// that fails at the odd multiples of
	// a base (a heading normalized into (-180, 180] fails at 180, 540 and
	// 900 degrees) is never halved onto one; a kept division is followed
	// by the next, down to the base.
	// The least odd primes divide a value they do not divide too,
	// rounded down, to a quotient of at least 100: a value that fails in
	// a window just below each multiple of a period (a duration whose
	// seconds round up to 60, an angle just under a full turn), k periods
	// up, fails again at a k-th of itself, for a prime k, and a kept
	// division is followed by the next (a small value's quotients cost
	// more runs than they pay).
	for _, p := range oddPrimes {
		if d := m / p; inside && (m%p == 0 || p <= maxRoundedPrime && d >= decimalStride*decimalStride) && d >= decimalStride && d+last < m && !slices.Contains(ts, d) {
			ts = append(ts, d)
		}
	}
	// And a multiple of ten divided by ten, for a value that is not a
	// word's bit pattern: a number that fails by its leading decimal
	// digits (its text sorts or matches by them) keeps them with its
	// last digit dropped, and a kept division is followed by the next.
	if d := m / decimalStride; inside && !word && m%decimalStride == 0 && d >= decimalStride && d+last < m && !slices.Contains(ts, d) {
		ts = append(ts, d)
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
		try := valueSetter(s, it.offsets, c)
		set := func(mag uint64) bool { return try(neg, mag) }
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
