package minimize

import (
	"bytes"
	"maps"
	"math/bits"
	"slices"
)

// This file holds the passes that lower values one shape at a time: a
// choice, the choices that hold one value, all the values of one shape.

// canonical returns base with every choice inside it rewritten to the
// smallest encoding of its index, and whether anything changed. Many
// encodings share an index (a coin is true from 0x80 to 0xff); the
// smallest is the same value in fewer or smaller bytes.
func canonical(base []byte, choices []Choice) ([]byte, bool) {
	var out []byte
	for _, c := range choices {
		if c.Offset >= len(base) {
			break
		}
		end := min(c.End(), len(base))
		enc := c.Encode(c.Index(base))
		if bytes.Equal(enc[:end-c.Offset], base[c.Offset:end]) && isZero(enc[end-c.Offset:]) {
			continue
		}
		if out == nil {
			out = slices.Clone(base)
		}
		out = padTo(out, c.End())
		copy(out[c.Offset:], enc)
	}
	return out, out != nil
}

// canonicalize rewrites every choice to the smallest encoding of the
// value it holds, all at once: the same values, so it almost always
// works, and it turns a fuzzer's random bytes into the ones the other
// passes write.
func canonicalize() *pass {
	return &pass{
		name: "canonicalize",
		count: func(s *shrinker) int {
			if _, changed := canonical(s.best, s.choices); changed {
				return 1
			}
			return 0
		},
		plan: func(s *shrinker, _ int) ([]byte, func(bool, *Outcome)) {
			cand, _ := canonical(s.best, s.choices)
			return cand, nil
		},
	}
}

// firstChoiceFrom returns the index in s.choices of the first choice
// that starts at or after offset, and whether one starts at offset.
func (s *shrinker) firstChoiceFrom(offset int) (int, bool) {
	return choiceFrom(s.choices, offset)
}

// choiceFrom returns the position in choices, in offset order, of the
// first choice at or after offset, and whether one starts there.
func choiceFrom(choices []Choice, offset int) (int, bool) {
	return slices.BinarySearchFunc(choices, offset, func(c Choice, off int) int { return c.Offset - off })
}

// choiceAt returns the index in s.choices of the choice that starts at
// offset with the given width and max, if the best input has one.
func (s *shrinker) choiceAt(offset, width int, maxIndex uint64) (int, bool) {
	i, found := s.firstChoiceFrom(offset)
	if !found || s.choices[i].Width != width || s.choices[i].Max != maxIndex {
		return 0, false
	}
	return i, true
}

// setChoices returns the best input with the choices at offsets (all of
// the given width and max) set to index v.
func (s *shrinker) setChoices(offsets []int, width int, maxIndex uint64, v uint64) []byte {
	c := Choice{Width: width, Max: maxIndex}
	enc := c.Encode(v)
	end := 0
	for _, off := range offsets {
		end = off + width
	}
	out := make([]byte, max(len(s.best), end))
	copy(out, s.best)
	for _, off := range offsets {
		copy(out[off:], enc)
	}
	return out
}

// lowerTogether lowers the choices at offsets, which share c's width,
// max and order and hold index cur > 0, to the simplest common value that
// still fails. The caller has tried index 0. First it goes down by the
// periods the value's earlier landings show (recallPeriod), and it notes
// where the value lands. Like Hypothesis's integer
// shrinker it works on the value's magnitude, keeping its sign: it tries
// one and two smaller (two skips a value a property may exclude, as
// |a-b| = 1 excludes 10 on the way from 11 to 9), binary-searches below
// whichever worked, and finally tries the positive value of a negative
// result's magnitude, or the negative values before a positive result
// (crossSign). It stops if a kept candidate moves the choices.
func lowerTogether(s *shrinker, offsets []int, c Choice, cur uint64) {
	place := landingPlace{offsets[0], len(offsets)}
	lowerFrom(s, offsets, c, recallPeriod(s, place, offsets, c, cur))
	if i, ok := s.choiceAt(offsets[0], c.Width, c.Max); ok {
		var l landing
		l.neg, l.mag = c.signed(s.choices[i].Index(s.best))
		if ls := s.landings[place]; len(ls) == 0 || ls[len(ls)-1] != l {
			s.landings[place] = append(ls[max(len(ls)-maxRecalled+1, 0):], l)
		}
	}
}

// A landingPlace is where lowerTogether lowers a value: the first
// choice's offset and how many choices hold it.
type landingPlace [2]int

// A landing is a magnitude, with its sign, that a value was lowered to.
type landing struct {
	neg bool
	mag uint64
}

// maxRecalled is how many of a value's last landings recallPeriod
// recalls.
const maxRecalled = 4

// recallPeriod goes down from index cur of the value at place by the
// distances from the last magnitude it was lowered to back to the ones
// before it (of the last maxRecalled, most recent first), and by their
// multiples, and returns the index it got to (cur if none failed).
//
// Where failing values recur at a period (0 or 1 modulo 9; two residues
// modulo 11, 5 apart) and the values just below a failing one pass, a
// lowering, or a jump past the values that pass (jumpLower), goes one
// period down at best, a round of the passes each. The distance between
// two landings is likely a multiple of the period, and its multiples
// take the value down the whole stretch in a few runs. The distances
// are between landings, not from cur: a jump lands a value on another
// residue than lowering does.
func recallPeriod(s *shrinker, place landingPlace, offsets []int, c Choice, cur uint64) uint64 {
	neg, m := c.signed(cur)
	ls := s.landings[place]
	var ds []uint64
	for k := len(ls) - 2; k >= 0; k-- {
		from, to := ls[k], ls[len(ls)-1]
		if from.neg != neg || to.neg != neg || from.mag <= to.mag {
			continue
		}
		if d := from.mag - to.mag; d < m && !slices.Contains(ds, d) {
			ds = append(ds, d)
		}
	}
	try := valueSetter(s, offsets, c)
	set := func(mag uint64) bool { return try(neg, mag) }
	for _, d := range ds {
		if set(m - d) {
			n := 1 + findInteger(func(n int) bool { return uint64(n+1) < m/d && set(m-uint64(n+1)*d) })
			i, _ := c.unsigned(neg, m-uint64(n)*d)
			return i
		}
	}
	return cur
}

// valueSetter returns a function that sets the choices at offsets, of
// c's shape, to the value of sign neg and magnitude mag and reports
// whether that was kept; it declines, running nothing, once a kept
// candidate has moved the choices.
func valueSetter(s *shrinker, offsets []int, c Choice) func(neg bool, mag uint64) bool {
	return func(neg bool, mag uint64) bool {
		i, ok := c.unsigned(neg, mag)
		if !ok {
			return false
		}
		for _, off := range offsets {
			if _, ok := s.choiceAt(off, c.Width, c.Max); !ok {
				return false
			}
		}
		kept, _ := s.consider(s.setChoices(offsets, c.Width, c.Max, i))
		return kept
	}
}

// lowerFrom lowers the value at offsets from index cur as lowerTogether
// says, once recallPeriod is done.
func lowerFrom(s *shrinker, offsets []int, c Choice, cur uint64) {
	if cur == 0 {
		return
	}
	set := valueSetter(s, offsets, c)
	// Index 1, the simplest value after 0 (a coin's true, a flag's "one
	// more", an integer's +1), is where many choices end; Hypothesis's
	// integer shrinker tries 0 then 1 for the same reason.
	if cur > 1 {
		if n1, m1 := c.signed(1); set(n1, m1) {
			return
		}
	}
	neg, mag := c.signed(cur)
	// Bits a draw ignores cost nothing to clear: rand's IntN(8) reads a
	// word's low three bits, a hash its low bits. One probe keeps the low
	// half; only if that works is the number of bits kept searched.
	if k := bits.Len64(mag) / 2; k >= 4 && set(neg, mag&(1<<k-1)) {
		lo, hi := 0, k // keeping lo bits fails (0 did), keeping hi works
		for lo+1 < hi {
			mid := (lo + hi) / 2
			if set(neg, mag&(1<<mid-1)) {
				hi = mid
			} else {
				lo = mid
			}
		}
		mag &= 1<<hi - 1
		if mag <= 1 {
			return
		}
	}
	var hi uint64 // smallest kept magnitude so far
	switch {
	case mag > 1 && set(neg, mag-1):
		hi = mag - 1
	case mag > 2 && set(neg, mag-2):
		hi = mag - 2
	default:
		crossSign(neg, mag, set)
		return
	}
	// Far or near? Halving tells: if half the magnitude still fails,
	// binary-search below it; if not, the floor is close, so walk down
	// with growing steps instead of probing all the way from 0.
	lo := uint64(0) // magnitude 0 is index 0, which failed
	// A floor that another value sets (a heap's key is at least its
	// parent's) would take a search of a step or two per bit to find; when
	// that is more than trying the other values, try them first.
	if hi >= 1<<otherValueBits {
		if m, ok := lowerToOtherValue(s, offsets, c, neg, hi, set); ok {
			hi = m
			if !set(neg, hi-1) {
				crossSign(neg, hi, set)
				return
			}
			hi--
		}
	}
	if hi >= 4 {
		if set(neg, hi/2) {
			hi /= 2
		} else {
			top, half := hi, hi/2
			hi = top - uint64(findInteger(func(n int) bool {
				return uint64(n) < top-half && set(neg, top-uint64(n))
			}))
			lo = hi - 1 // the walk stopped because one lower failed
		}
	}
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if set(neg, mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	crossSign(neg, hi, set)
}

// crossSign continues a lowering that found m the smallest magnitude of
// its sign that still fails, in the draw's own index order: the values of
// the other sign that come before it (+m before -m; -(m-1) before +m) are
// tried from the nearest down, with a binary search once one fails. A
// property that fails outside an asymmetric range, x < -3 or x > 4, is
// at its minimum at -4, which comes before 5; keeping the sign would
// stop at 5.
func crossSign(neg bool, m uint64, set func(neg bool, mag uint64) bool) {
	top := m
	if !neg {
		top = m - 1
	}
	if top == 0 || !set(!neg, top) {
		return
	}
	lo, hi := uint64(0), top // magnitude 0 is index 0, which the caller tried
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if set(!neg, mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
}

// maxOtherValues is how many other values lowerToOtherValue tries, and
// otherValueBits how large a magnitude must be for that to pay.
const (
	maxOtherValues = 3
	otherValueBits = 16
)

// lowerToOtherValue tries the magnitudes below hi that other choices of
// c's shape hold with sign neg, smallest first, and returns the one it
// kept.
func lowerToOtherValue(s *shrinker, offsets []int, c Choice, neg bool, hi uint64, set func(neg bool, mag uint64) bool) (uint64, bool) {
	var mags []uint64
	for _, o := range s.choices {
		if o.Offset >= len(s.best) {
			break
		}
		if o.shape() != c || slices.Contains(offsets, o.Offset) {
			continue
		}
		if n, m := c.signed(o.Index(s.best)); n == neg && m > 1 && m < hi {
			mags = append(mags, m)
		}
	}
	slices.Sort(mags)
	mags = slices.Compact(mags)
	for _, m := range mags[:min(len(mags), maxOtherValues)] {
		if set(neg, m) {
			return m, true
		}
	}
	return 0, false
}

// lowerChoices lowers each choice to the smallest index that still fails,
// trying the simplest value first.
func lowerChoices() *pass {
	return &pass{
		name:  "lower choice",
		count: func(s *shrinker) int { return len(s.choices) },
		plan: func(s *shrinker, j int) ([]byte, func(bool, *Outcome)) {
			if j >= len(s.choices) {
				return nil, nil
			}
			c := s.choices[j]
			if c.Offset >= len(s.best) {
				return nil, nil
			}
			cur := c.Index(s.best)
			if cur == 0 {
				return nil, nil
			}
			offs := []int{c.Offset}
			return s.setChoices(offs, c.Width, c.Max, 0), func(kept bool, _ *Outcome) {
				if kept {
					return
				}
				// The same value in its smallest encoding, if this one is
				// not: canonicalize does all choices at once, but a choice
				// can be left behind when that is not kept as a whole.
				if cand := s.setChoices(offs, c.Width, c.Max, cur); ShortlexLess(s.normalize(cand), s.bestKey) {
					s.consider(cand)
				}
				if i, ok := s.choiceAt(c.Offset, c.Width, c.Max); ok && s.choices[i].Index(s.best) == cur {
					lowerTogether(s, offs, c.shape(), cur)
				}
			}
		},
	}
}

// maxSwapValues bounds how many distinct values of one shape swapValues
// pairs up, in order of first appearance, to keep it from going quadratic
// on inputs with many different values.
const maxSwapValues = 16

// valueSwap exchanges two values wherever choices of one shape hold them.
type valueSwap struct {
	shape    Choice
	hi, lo   uint64 // hi appears first; after the swap lo does
	offsets  []int  // the choices holding hi or lo
	original []uint64
}

// swapValues exchanges two values everywhere they occur, when the larger
// appears first, or when the input ends in the larger and the smaller is
// the simplest value (trailing zeros are free, so the swap is shorter): a
// relabeling, which lowering one value at a time cannot reach when the
// property needs the values distinct and in a pattern (a graph [1 0 1]
// whose labels only matter up to renaming becomes [0 1 0]; keys put as 0
// then 2 and deleted as 0 then 2 become 2 then 0, ending in the 0).
func swapValues() *pass {
	derive := func(s *shrinker) []valueSwap {
		type occ struct {
			offsets []int
			first   int
		}
		byShape := map[Choice]map[uint64]*occ{}
		var shapes []Choice
		for _, c := range s.choices {
			if c.Offset >= len(s.best) {
				break
			}
			sh := c.shape()
			vals, ok := byShape[sh]
			if !ok {
				vals = map[uint64]*occ{}
				byShape[sh] = vals
				shapes = append(shapes, sh)
			}
			v := c.Index(s.best)
			o, ok := vals[v]
			if !ok {
				if len(vals) == maxSwapValues {
					continue
				}
				o = &occ{first: c.Offset}
				vals[v] = o
			}
			o.offsets = append(o.offsets, c.Offset)
		}
		var out []valueSwap
		for _, sh := range shapes {
			vals := byShape[sh]
			keys := slices.Sorted(maps.Keys(vals))
			for _, hi := range keys {
				for _, lo := range keys {
					// A swap that puts lo first is smaller; one that puts
					// hi first is smaller only if it ends the input in
					// zeros (the last choices held hi and lo is 0), which
					// plan checks.
					if lo < hi && (vals[hi].first < vals[lo].first || lo == 0) {
						w := valueSwap{shape: sh, hi: hi, lo: lo}
						for _, off := range vals[hi].offsets {
							w.offsets, w.original = append(w.offsets, off), append(w.original, hi)
						}
						for _, off := range vals[lo].offsets {
							w.offsets, w.original = append(w.offsets, off), append(w.original, lo)
						}
						out = append(out, w)
					}
				}
			}
		}
		return out
	}
	return stepPass("swap values", 1, derive, func(s *shrinker, w valueSwap) ([]byte, func(bool, *Outcome)) {
		cand := slices.Clone(s.best)
		for k, off := range w.offsets {
			v := w.lo
			if w.original[k] == w.lo {
				v = w.hi
			}
			enc := w.shape.Encode(v)
			cand = padTo(cand, off+len(enc))
			copy(cand[off:], enc)
		}
		if !ShortlexLess(s.keyBound(s.normalize(cand)), s.bestKey) {
			return nil, nil
		}
		return cand, nil
	})
}

// rankValues replaces the values of one shape by the smallest values in
// the same order: negatives become -k..-1, positives 1..m, zero stays.
// Where only the order of values matters (heap keys, sorted runs,
// comparisons) that is the whole of value lowering in one run, and it
// is made before structure is moved at an equal length, where large
// values would decide which shape is smaller. It first tries every value
// at index 1, the simplest nonzero one, for values that only say "not
// empty" (a heap node's branch pick). Where exact values matter it costs
// a run or two per shape.
func rankValues() *pass {
	nonzero := func(s *shrinker, c Choice) bool { return c.Index(s.best) != 0 }
	return stepPass("rank values", 0, shapeGroups(nonzero), func(s *shrinker, g []int) ([]byte, func(bool, *Outcome)) {
		ranked := rankedValues(s, g, false)
		collapsed := rankedValues(s, g, true)
		if collapsed == nil || bytes.Equal(collapsed, ranked) {
			return ranked, nil
		}
		return collapsed, func(kept bool, _ *Outcome) {
			if !kept && ranked != nil {
				s.consider(ranked)
			}
		}
	})
}

// shapeGroups derives the groups of two or more choices in the best input
// that share a shape and that keep accepts, as indices into s.choices.
func shapeGroups(keep func(s *shrinker, c Choice) bool) func(*shrinker) [][]int {
	return func(s *shrinker) [][]int {
		return groupBy(len(s.choices), func(i int) (Choice, bool) {
			c := s.choices[i]
			return c.shape(), c.Offset < len(s.best) && keep(s, c)
		})
	}
}

// rankedValues returns the best input with the choices g (of one shape,
// all nonzero) holding the smallest values in the same order, or if
// collapse holding the simplest nonzero value (index 1) each, or nil if
// that changes nothing.
func rankedValues(s *shrinker, g []int, collapse bool) []byte {
	shape := s.choices[g[0]].shape()
	var negs, poss []uint64 // distinct magnitudes, by sign
	for _, i := range g {
		neg, mag := shape.signed(s.choices[i].Index(s.best))
		if neg {
			negs = append(negs, mag)
		} else {
			poss = append(poss, mag)
		}
	}
	slices.Sort(negs)
	negs = slices.Compact(negs)
	slices.Sort(poss)
	poss = slices.Compact(poss)
	cand := slices.Clone(s.best)
	changed := false
	for _, i := range g {
		c := s.choices[i]
		cur := c.Index(s.best)
		idx := uint64(1)
		if !collapse {
			neg, mag := shape.signed(cur)
			rank := poss
			if neg {
				rank = negs
			}
			r, _ := slices.BinarySearch(rank, mag)
			var ok bool
			if idx, ok = shape.unsigned(neg, uint64(r)+1); !ok {
				return nil
			}
		}
		if idx != cur {
			changed = true
		}
		cand = padTo(cand, c.End())
		copy(cand[c.Offset:], c.Encode(idx))
	}
	if !changed {
		return nil
	}
	return cand
}

// shiftBy returns the index of the value d below index i's value, or d
// above it if up (in value order, not shrink order: crossing the shrink
// point), if c has it.
func (c Choice) shiftBy(i, d uint64, up bool) (uint64, bool) {
	neg, mag := c.signed(i)
	away := neg != up // moving away from zero, or through it
	switch {
	case away:
		return c.unsigned(neg, mag+d)
	case mag >= d:
		return c.unsigned(neg, mag-d)
	default:
		return c.unsigned(!neg, d-mag)
	}
}

// shiftValues subtracts the same amount from every value of one signed
// shape, crossing zero: keys (0, 0, 0, 1) of a heap become (-1, -1, -1,
// 0), where the last key, now zero, costs no bytes. Lowering magnitudes
// one value at a time cannot make that move, because each step on its own
// breaks the order between the values. If a step of one is not kept it
// tries the shift that zeroes the last value: (0, -1, -2) becomes (2, 1,
// 0), and (0, 1, 0, 2) becomes (-2, -1, -2, 0). The nonzero values of an
// unsigned shape shift down alike, keeping their differences: keys (1, 3)
// that must collide modulo 2 become (0, 2), where ranking them would give
// (1, 2).
func shiftValues() *pass {
	shifts := func(s *shrinker, c Choice) bool { return c.Below != 0 || c.Index(s.best) != 0 }
	return stepPass("shift values", 1, shapeGroups(shifts), func(s *shrinker, g []int) ([]byte, func(bool, *Outcome)) {
		old, choices := s.best, s.choices
		shift := func(d uint64, up bool) []byte {
			cand := slices.Clone(old)
			for _, i := range g {
				c := choices[i]
				j, ok := c.shiftBy(c.Index(old), d, up)
				if !ok {
					return nil
				}
				cand = padTo(cand, c.End())
				copy(cand[c.Offset:], c.Encode(j))
			}
			return cand
		}
		last := choices[g[len(g)-1]]
		return shift(1, false), func(kept bool, _ *Outcome) {
			if !kept {
				// One step may be larger (it moved a value away from
				// zero) where the step that zeroes the last value, free
				// as trailing bytes, is shorter.
				if neg, mag := last.signed(last.Index(old)); mag > 1 || neg {
					if cand := shift(mag, neg); cand != nil {
						s.consider(cand)
					}
				}
				return
			}
			findInteger(func(n int) bool {
				cand := shift(uint64(n)+1, false)
				if cand == nil {
					return false
				}
				kept, _ := s.consider(cand)
				return kept
			})
		}
	})
}

// maxSimplerRounds bounds how many times in a row lowerToSimpler follows
// the simpler values the new best names for the same choice.
const maxSimplerRounds = 8

// simplerHints returns the values the best run named for the draw
// that starts at the choice at position ci of s.choices
// (Outcome.Simpler), as indices for that choice and the ones after it,
// below theirs in the best input, distinct and simplest first. Single
// indices 0 and 1, which lowering a choice tries first, are left to
// lowerChoices.
func simplerHints(s *shrinker, ci int) [][]uint64 {
	c := s.choices[ci]
	if c.Offset >= len(s.best) {
		return nil
	}
	var out [][]uint64
	for _, h := range s.out.Simpler {
		if h.Choice != ci || len(h.Then) == 0 && h.Index <= 1 || ci+len(h.Then) >= len(s.choices) {
			continue
		}
		hint := append([]uint64{h.Index}, h.Then...)
		cur := make([]uint64, len(hint))
		fits := true
		for k := range hint {
			cur[k] = s.choices[ci+k].Index(s.best)
			fits = fits && hint[k] <= s.choices[ci+k].Max
		}
		if fits && slices.Compare(hint, cur) < 0 {
			out = append(out, hint)
		}
	}
	slices.SortFunc(out, slices.Compare)
	return slices.CompactFunc(out, slices.Equal)
}

// withHint returns the best input with the choices from position ci of
// s.choices set to the indices of hint.
func (s *shrinker) withHint(ci int, hint []uint64) []byte {
	last := s.choices[ci+len(hint)-1]
	out := make([]byte, max(len(s.best), last.End()))
	copy(out, s.best)
	for k, i := range hint {
		c := s.choices[ci+k]
		copy(out[c.Offset:], c.Encode(i))
	}
	return out
}

// namesSimpler reports whether the draw of the choice at position ci of
// s.choices named simpler values for it alone in the best run (a
// float): its index is a code, and arithmetic on it is not arithmetic on
// its value.
func (s *shrinker) namesSimpler(ci int) bool {
	return slices.ContainsFunc(s.out.Simpler, func(h Simpler) bool { return h.Choice == ci && len(h.Then) == 0 })
}

// lowerToSimpler lowers a choice to the simpler values its draw names
// (Outcome.Simpler), simplest first, and keeps the first that still
// fails; a value of a draw of several choices sets them all in one
// candidate. Where a draw's order is not the order a property's passing
// region follows (a float's code orders 1.5078125 before 0.5078125, and
// every value between may pass; the Greek letters lie far apart among
// the characters), lowering the index by steps and halves stops at the
// boundary of that region; the draw knows values that lie beyond it.
// After a kept value it follows the values the new best names for the
// same choice, then lowers the choice on from there by its index. It
// comes before lowerChoices: a named value far below (a float below 1
// moved to [1, 2)) saves the long walk down the index that lowering
// would make first. A target whose draws name nothing gives the pass no
// steps.
func lowerToSimpler() *pass {
	derive := func(s *shrinker) []int {
		var cs []int
		for ci := range s.choices {
			if len(simplerHints(s, ci)) > 0 {
				cs = append(cs, ci)
			}
		}
		return cs
	}
	return stepPass("lower to simpler", 0, derive, func(s *shrinker, ci int) ([]byte, func(bool, *Outcome)) {
		c := s.choices[ci]
		hints := simplerHints(s, ci)
		if len(hints) == 0 {
			return nil, nil
		}
		try := func(ci int, hint []uint64) bool {
			kept, _ := s.consider(s.withHint(ci, hint))
			return kept
		}
		return s.withHint(ci, hints[0]), func(kept bool, _ *Outcome) {
			for _, h := range hints[1:] {
				if kept {
					break
				}
				kept = try(ci, h)
			}
			if !kept {
				return
			}
			for range maxSimplerRounds {
				j, ok := s.choiceAt(c.Offset, c.Width, c.Max)
				if !ok {
					return
				}
				more := false
				for _, h := range simplerHints(s, j) {
					if try(j, h) {
						more = true
						break
					}
				}
				if !more {
					break
				}
			}
			if j, ok := s.choiceAt(c.Offset, c.Width, c.Max); ok {
				if cur := s.choices[j].Index(s.best); cur > 0 {
					lowerTogether(s, []int{c.Offset}, c.shape(), cur)
				}
			}
		}
	})
}
