package minimize

import "slices"

// This file holds the trades: one value lowered, or one element deleted,
// while another value is raised by the least that keeps the failure, for
// totals that a unit of the first buys more of than a unit of the second
// (a product, a weighted sum, a length in bytes).

// minTradeReach is the least raise trade probes up to, whatever the
// values.
const minTradeReach = 16

// productRaise returns the raise of a later value of magnitude b that
// keeps its product with an earlier one of magnitude a when that goes one
// lower: b/(a-1) rounded up, or b itself for a <= 2.
func productRaise(a, b uint64) uint64 {
	if a <= 2 {
		return b
	}
	return (b + a - 2) / (a - 1)
}

// tradeReach returns how far trade probes a raise of the later value of
// the pair (i, j), magnitudes a and b, when the earlier goes one lower:
// twice the raise that keeps their product (see productRaise; twice, as
// magnitudes are indices a few apart from the values where a range
// starts at 1), at most b, and at least minTradeReach. A product, and any
// total that one unit of the first buys more of than one of the second,
// is then covered. A value whose draw names its simpler values (a float,
// whose index is a code) gets minTradeReach: arithmetic on its index is
// not arithmetic on its value.
func (s *shrinker) tradeReach(i, j int, a, b uint64) uint64 {
	if s.namesSimpler(i) || s.namesSimpler(j) {
		return minTradeReach
	}
	return max(minTradeReach, min(b, 2*productRaise(a, b)))
}

// trade runs cand(r), a candidate with one value lowered and a later one
// raised by r, for r = 2, 4, 8, ... up to the first power of two at or
// past reach (see tradeReach), starting at 1 where refused is 0. A raise
// past the later value's range is its largest instead, the last probe.
// On the first kept, it searches down to refused, the largest raise
// known not to be kept (1, a move of one, where redistributePairs tried
// it), for the least raise that is kept. Every candidate is
// shortlex-smaller than the input it comes from, whatever r, since the
// earlier value is lower.
func trade(s *shrinker, refused, reach uint64, cand func(r uint64) []byte) {
	lo, hi := refused, uint64(2)
	if refused == 0 {
		hi = 1 // no move of one was tried
	}
	for ; ; hi *= 2 {
		c := cand(hi)
		if c == nil {
			// Past the later value's range: its largest raise instead,
			// and the last probe.
			top := largestRaise(lo, hi, cand)
			if top <= lo {
				return
			}
			if kept, _ := s.consider(cand(top)); kept {
				searchDown(s, lo, top, cand)
			}
			return
		}
		if kept, _ := s.consider(c); kept {
			searchDown(s, lo, hi, cand)
			return
		}
		if hi >= reach || hi >= 1<<63 {
			return
		}
		lo = hi
	}
}

// largestRaise returns the largest r in [lo, hi) for which cand(r) is a
// candidate, given that cand(lo) is one and cand(hi) is not (a raise past
// the later value's range), found without running anything.
func largestRaise(lo, hi uint64, cand func(uint64) []byte) uint64 {
	for lo+1 < hi {
		if mid := lo + (hi-lo)/2; cand(mid) != nil {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// searchDown binary-searches between lo, whose candidate is known not to
// be kept, and hi, whose candidate was just kept, for the least whose
// candidate is kept, running the candidates in between.
func searchDown(s *shrinker, lo, hi uint64, cand func(uint64) []byte) {
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if kept, _ := s.consider(cand(mid)); kept {
			hi = mid
		} else {
			lo = mid
		}
	}
}

// nextOfShape reports whether choice j is the first after choice i with
// i's shape.
func (s *shrinker) nextOfShape(i, j int) bool {
	sh := s.choices[i].shape()
	for k := i + 1; k < j; k++ {
		if s.choices[k].shape() == sh {
			return false
		}
	}
	return true
}

// maxTradeGap is how many choices after a value tradeAcross looks for the
// next amount to raise.
const maxTradeGap = 4

// maxWeightRaise is the largest range of a value that tradeAcross
// raises by doubling when the magnitudes give no raise to try: weights
// up to a few thousand to one, at twelve runs a pair at most.
const maxWeightRaise = 1 << 12

// tradeAcross trades between a value and each amount of another shape
// in the maxTradeGap choices after it (flags skipped; a shape seen once
// may be an amount at 1 or a flag, and is tried): the value one lower and
// the other raised by one, then by the raise that keeps their product
// and twice it (see productRaise), then by its own magnitude, doubling
// it (a count of doublings or a shift traded against the value it
// scales), then by the least below the first that was kept. If none is
// kept and the other's range is at most
// maxWeightRaise, the raise doubles on through it (trade): a weighted
// sum of values whose weights the magnitudes do not tell (hours and
// minutes, a version's minor and patch). Values of one shape trade in
// redistributePairs; this is for a total over values drawn from
// different ranges, a count times a size, a signed factor times an
// unsigned one; not for a draw that names its simpler values (a float's
// code). It runs in tier 2, when the passes before it are stuck.
func tradeAcross() *pass {
	derive := func(s *shrinker) [][2]int {
		n := s.choicesInInput()
		var pairs [][2]int
		for i, c := range s.choices[:n] {
			if !s.isAmount(i) {
				continue
			}
			for j := i + 1; j < min(n, i+1+maxTradeGap); j++ {
				d := s.choices[j]
				if d.Max < 2 || s.flagLike(d) || s.namesSimpler(j) {
					continue
				}
				if d.shape() != c.shape() {
					pairs = append(pairs, [2]int{i, j})
				}
			}
		}
		return pairs
	}
	return stepPass("trade across shapes", 2, derive, func(s *shrinker, p [2]int) ([]byte, func(bool, *Outcome)) {
		ci, cj := s.choices[p[0]], s.choices[p[1]]
		vi, vj := ci.Index(s.best), cj.Index(s.best)
		_, mi := ci.signed(vi)
		_, mj := cj.signed(vj)
		old := s.best
		raise := func(r uint64) []byte {
			if mj+r < mj {
				return nil
			}
			return withMagnitudes(old, ci, vi, mi-1, cj, vj, mj+r)
		}
		first := raise(1)
		if first == nil {
			return nil, nil
		}
		return first, func(kept bool, _ *Outcome) {
			if kept {
				return
			}
			// The raise that keeps their product, twice it (the magnitudes
			// are indices, a few apart from the values), and the later
			// value doubled, or the later value's largest if that is less;
			// then down to the least that is kept.
			keep := productRaise(mi, mj)
			lo := uint64(1)
			for _, r := range []uint64{keep, 2 * keep, mj} {
				if r <= lo {
					continue
				}
				c := raise(r)
				if c == nil {
					r = largestRaise(lo, r, raise)
					c = raise(r)
					if r <= lo {
						return
					}
				}
				if kept, _ := s.consider(c); kept {
					searchDown(s, lo, r, raise)
					return
				}
				lo = r
			}
			// A weighted sum whose weights are far apart (hours and
			// minutes, a version's minor and patch) needs a raise the
			// magnitudes do not tell: the raise doubles on through a
			// later value's bounded range (an unbounded integer's raise
			// would double 64 times).
			if cj.Max <= maxWeightRaise && lo < cj.Max {
				trade(s, lo, cj.Max, raise)
			}
		}
	})
}

// minRaiseDomain is the least largest index of a choice deleteAndRaise
// raises.
const minRaiseDomain = 64

// raiseItem is one step of deleteAndRaise: a span holding one choice to
// delete, and the choice of its shape to raise in its place.
type raiseItem struct {
	start, end int // the span, within the input
	raise      int // index in s.choices of the choice to raise
}

// deleteAndRaise deletes an element that holds one choice (a character
// of a string, a byte of a list) and raises the nearest other choice of
// its shape, the one before it or else the one after it, by the least
// that keeps the failure, found by doubling and a binary search (trade).
// What the element added to a total moves into that one value: a length
// in bytes that a wider character keeps with one character fewer, a sum
// of bounded terms. The input is shorter, so every raise is smaller.
// deleteAndAdjust raises for elements of two or more choices, straight
// to the largest value; a one-choice element's largest value is often of
// another kind (a character's escape to a wider encoding), and there are
// many such elements, so this runs in the last tier but one, and only
// for choices of a byte's domain, from minRaiseDomain to smallDomain
// values: a raise of a wide one doubles up to 64 times, which an element
// of a list of integers cannot repay, and a flag or a small enumeration
// has no room to carry what an element added.
func deleteAndRaise() *pass {
	derive := func(s *shrinker) []raiseItem {
		n := s.choicesInInput()
		var items []raiseItem
		for _, sp := range s.out.Spans {
			if sp.Parent < 0 || sp.Start >= len(s.best) || sp.End > len(s.best) {
				continue
			}
			k, found := s.firstChoiceFrom(sp.Start)
			if !found || s.choices[k].End() != sp.End {
				continue
			}
			sh, j := s.choices[k].shape(), -1
			for i := k - 1; i >= 0 && j < 0; i-- {
				if s.choices[i].shape() == sh {
					j = i
				}
			}
			for i := k + 1; i < n && j < 0; i++ {
				if s.choices[i].shape() == sh {
					j = i
				}
			}
			if j >= 0 && sh.Max >= minRaiseDomain && sh.Max < smallDomain && s.choices[j].End() <= len(s.best) && s.choices[j].Index(s.best) < sh.Max {
				items = append(items, raiseItem{sp.Start, sp.End, j})
			}
		}
		return items
	}
	return stepPass("delete and raise", 2, derive, func(s *shrinker, it raiseItem) ([]byte, func(bool, *Outcome)) {
		old, c := s.best, s.choices[it.raise]
		from := c.Index(old)
		cand := func(r uint64) []byte {
			if r > c.Max-from {
				return nil
			}
			raised := slices.Clone(old)
			copy(raised[c.Offset:], c.Encode(from+r))
			return splice(raised, it.start, it.end, nil)
		}
		return cand(1), func(kept bool, _ *Outcome) {
			if !kept {
				trade(s, 1, c.Max-from, cand)
			}
		}
	})
}

// maxRaisedLater bounds how many values after a lowered one
// lowerRaisingLater raises.
const maxRaisedLater = 8

// lowerRaisingLater lowers a value's magnitude by one and raises values
// after it to their largest magnitudes, keeping their signs. Whatever the
// bytes after a lowered one, the candidate comes first in shortlex order,
// so the later values are free; a total that they must make up together
// keeps failing where a trade with any one of them (tradeAcross,
// redistributePairs) cannot, because one unit of the lowered value is
// worth more than a later value's whole range: a date and a number of
// days that must reach a given day (a year lower needs a later month and
// more days), a time of day and a duration that must cross midnight. The
// step raises the next two values that can go higher first, then, if that
// is not kept, every one up to maxRaisedLater choices on within the
// input; the passes that lower values then bring the raised ones down.
// Only values of the parts that hold the lowered one are raised (the
// fields of its record, or of a record that holds that one): a value of
// a later step or element is not what it adds up with.
// Flags, coins and codes (a float's) are left as they are: raising them
// changes structure or lands on arbitrary values. It runs in tier 2,
// when the passes before it are stuck.
func lowerRaisingLater() *pass {
	// raisable returns the choices after i, up to maxRaisedLater on, that
	// hold amounts below their largest magnitude, with those magnitudes'
	// indices.
	raisable := func(s *shrinker, i int) (at []int, to []uint64) {
		n := s.choicesInInput()
		holders := s.holders(s.choices[i])
		for j := i + 1; j < min(n, i+1+maxRaisedLater); j++ {
			c := s.choices[j]
			if c.End() > len(s.best) || c.Max < 2 || s.flagLike(c) || s.namesSimpler(j) {
				continue
			}
			if h := s.holders(c); len(h) > 0 && !slices.Contains(holders, h[0]) {
				continue // in a part that does not hold i: another step, another element
			}
			v := c.Index(s.best)
			neg, mag := c.signed(v)
			top := c.Max - c.Below
			if neg {
				top = c.Below
			}
			if mag >= top {
				continue
			}
			x, ok := c.unsigned(neg, top)
			if !ok || x == v {
				continue
			}
			at, to = append(at, j), append(to, x)
		}
		return at, to
	}
	derive := func(s *shrinker) []int {
		var items []int
		for i := range s.choicesInInput() {
			if s.isAmount(i) {
				if at, _ := raisable(s, i); len(at) >= 2 {
					items = append(items, i)
				}
			}
		}
		return items
	}
	return stepPass("lower with later raised", 2, derive, func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
		c := s.choices[i]
		neg, mag := c.signed(c.Index(s.best))
		lowered, ok := c.unsigned(neg, mag-1)
		if !ok {
			return nil, nil
		}
		at, to := raisable(s, i)
		old := s.best
		cand := func(k int) []byte {
			out := slices.Clone(old)
			copy(out[c.Offset:], c.Encode(lowered))
			for m, j := range at[:k] {
				copy(out[s.choices[j].Offset:], s.choices[j].Encode(to[m]))
			}
			return out
		}
		return cand(2), func(kept bool, _ *Outcome) {
			if !kept && len(at) > 2 {
				s.consider(cand(len(at)))
			}
		}
	})
}

// holders returns the spans that hold choice c and more than c, innermost
// first: the parts c belongs to, without the span of c's own draw.
func (s *shrinker) holders(c Choice) []int {
	var hs []int
	for k, sp := range s.out.Spans {
		if sp.Start <= c.Offset && c.End() <= sp.End && (sp.Start != c.Offset || sp.End != c.End()) {
			hs = append(hs, k)
		}
	}
	slices.Reverse(hs) // spans are recorded parents first
	return hs
}
