package minimize

import (
	"bytes"
	"maps"
	"slices"
	"sort"
)

// This file holds the passes that change two or more values in one
// candidate: lowering them together, moving magnitude from one to
// another, and lowering a value while repairing what depends on it.
// Trades are in trade.go, sign flips and ratios in ratio.go.

// pairStep numbers the pairs (i, j), i < j, of n choices: step
// k*(k-1)/2 + i is the pair (i, k), so that near pairs come early in a
// sequential order and the numbering does not depend on n.
func pairStep(step int) (i, j int) {
	k := 1
	for k*(k+1)/2 <= step {
		k++
	}
	return step - k*(k-1)/2, k
}

// numericPair returns the choices of pair step in the best input if both
// lie inside it and order their values alike.
func (s *shrinker) numericPair(step int) (ci, cj Choice, ok bool) {
	i, j := pairStep(step)
	if j >= len(s.choices) {
		return ci, cj, false
	}
	ci, cj = s.choices[i], s.choices[j]
	if cj.Offset >= len(s.best) || ci.shape() != cj.shape() {
		return ci, cj, false
	}
	return ci, cj, true
}

// usedAsFlag reports whether c's shape holds only indices 0 and 1 in the
// best input, and 1 somewhere: a flag or a coin, which holds no amount. A
// shape that holds only 0 may be an amount at its least, and a signed
// draw (ordered around a shrink point) is a number, never a coin; nor is
// a draw of more values than a byte holds (two uint16 fields at 1 are
// amounts at their least nonzero value).
func (s *shrinker) usedAsFlag(c Choice) bool {
	if c.Below > 0 || c.Max >= smallDomain {
		return false
	}
	sh, one := c.shape(), false
	for _, o := range s.choices[:s.choicesInInput()] {
		if o.shape() != sh {
			continue
		}
		switch o.Index(s.best) {
		case 0:
		case 1:
			one = true
		default:
			return false
		}
	}
	return one
}

// flagLike reports whether c's shape is used as a flag (usedAsFlag) and
// occurs more than once in the best input: a shape that occurs once may
// hold an amount at 1 (a month, a list of one element 1) as well as a
// flag.
func (s *shrinker) flagLike(c Choice) bool {
	counts := s.shapes.get(s, func(s *shrinker) map[Choice]int {
		m := map[Choice]int{}
		for _, o := range s.choices[:s.choicesInInput()] {
			m[o.shape()]++
		}
		return m
	})
	return counts[c.shape()] > 1 && s.usedAsFlag(c)
}

// wholeDraw reports whether a span covers exactly choice c and lies at
// the top or has no sibling of its label: a value the target drew on its
// own. A collection's "one more?" flag is the first choice of a span
// inside the collection's that holds its element too, or, for an element
// that reads nothing, of a span with like siblings; a Repeat's steps,
// at the top, hold the action too.
func (s *shrinker) wholeDraw(c Choice) bool {
	regions := s.regions.get(s, func(s *shrinker) map[[2]int]bool {
		n := likeSiblingCounts(s.out.Spans)
		whole := map[[2]int]bool{}
		for _, sp := range s.out.Spans {
			if sp.Parent < 0 || n[siblingKey{sp.Parent, sp.Label}] == 1 {
				whole[[2]int{sp.Start, sp.End}] = true
			}
		}
		return whole
	})
	return regions[[2]int{c.Offset, c.End()}]
}

// isAmount reports whether the choice at position i of s.choices holds an
// amount that arithmetic on its index can lower or raise: it lies inside
// the best input, its range holds more than two values, its magnitude is
// not zero, it is no flag (usedAsFlag), and its draw names no simpler
// values (a float, whose index is a code).
func (s *shrinker) isAmount(i int) bool {
	c := s.choices[i]
	if c.End() > len(s.best) || c.Max < 2 || s.usedAsFlag(c) || s.namesSimpler(i) {
		return false
	}
	_, m := c.signed(c.Index(s.best))
	return m > 0
}

// amountsPair returns choices i and j of pair step if they hold amounts
// of different shapes, which a pair pass may change together though it
// cannot tell their units apart: two values whose sum or difference
// must stay (a month and a signed offset in months, a capacity and a
// request one over it, a base and a number above it). Each is an amount
// (isAmount), or a value at 1 of a shape that occurs once, which may be
// an amount at 1 (a base of 3 in a range from 2) as well as a flag;
// neither is a whole 64-bit word, whose unit is its draw's business (a
// word of a math/rand source).
func (s *shrinker) amountsPair(step int) (ci, cj Choice, ok bool) {
	i, j := pairStep(step)
	if j >= len(s.choices) || !s.pairedAmount(i) || !s.pairedAmount(j) {
		return ci, cj, false
	}
	ci, cj = s.choices[i], s.choices[j]
	return ci, cj, !wholeWord(ci) && !wholeWord(cj)
}

// nearPair returns the choices of pair step if they are of one shape
// (numericPair), or amounts of two shapes next to each other.
func (s *shrinker) nearPair(step int) (ci, cj Choice, ok bool) {
	if ci, cj, ok = s.numericPair(step); ok {
		return ci, cj, true
	}
	if i, j := pairStep(step); j != i+1 {
		return ci, cj, false
	}
	return s.amountsPair(step)
}

// farPair returns the choices of pair step if they are amounts of two
// shapes (amountsPair) that nearPair does not return, one of them at a
// magnitude of 2 or more: two values at 1 of two shapes are as often a
// flag and a count as two amounts, and a fixed point holds many such
// pairs.
func (s *shrinker) farPair(step int) (ci, cj Choice, ok bool) {
	if _, _, ok := s.nearPair(step); ok {
		return ci, cj, false
	}
	if ci, cj, ok = s.amountsPair(step); !ok {
		return ci, cj, false
	}
	_, mi := ci.signed(ci.Index(s.best))
	_, mj := cj.signed(cj.Index(s.best))
	return ci, cj, max(mi, mj) >= 2
}

// pairedAmount reports whether choice i may be an amount, for amountsPair.
func (s *shrinker) pairedAmount(i int) bool {
	c := s.choices[i]
	return s.isAmount(i) || c.End() <= len(s.best) && c.Max >= 2 && c.Index(s.best) == 1 && !s.flagLike(c) && !s.namesSimpler(i)
}

// withMoves returns base with choices a and b (holding indices ia and
// ib) each moved d toward its shrink point and, past it, on to the other
// sign, or nil if a value does not exist.
func withMoves(base []byte, a Choice, ia uint64, b Choice, ib uint64, d uint64) []byte {
	move := func(c Choice, i uint64) (uint64, bool) {
		neg, m := c.signed(i)
		if d <= m {
			return c.unsigned(neg, m-d)
		}
		return c.unsigned(!neg, d-m)
	}
	xa, oka := move(a, ia)
	xb, okb := move(b, ib)
	if !oka || !okb {
		return nil
	}
	return withIndices(base, a, xa, b, xb)
}

// withIndices returns base with choices a and b, b the later, set to
// indices xa and xb.
func withIndices(base []byte, a Choice, xa uint64, b Choice, xb uint64) []byte {
	out := make([]byte, max(len(base), b.End()))
	copy(out, base)
	copy(out[a.Offset:], a.Encode(xa))
	copy(out[b.Offset:], b.Encode(xb))
	return out
}

// withMagnitudes returns base with choices a and b (holding indices ia
// and ib) changed to magnitudes ma and mb, keeping their signs, or nil if
// a value does not exist.
func withMagnitudes(base []byte, a Choice, ia, ma uint64, b Choice, ib, mb uint64) []byte {
	na, _ := a.signed(ia)
	nb, _ := b.signed(ib)
	xa, oka := a.unsigned(na, ma)
	xb, okb := b.unsigned(nb, mb)
	if !oka || !okb {
		return nil
	}
	return withIndices(base, a, xa, b, xb)
}

func pairCount(s *shrinker) int {
	n := s.choicesInInput()
	return n * (n - 1) / 2
}

// lowerPairs lowers the magnitudes of two values by the same amount:
// values that must stay close to each other (|a-b| = 1) zig-zag down one
// step at a time when lowered alone (MacIver, "Notes on test-case
// reduction", "Zig Zagging"). The two are of one shape, or amounts of two
// shapes next to each other (nearPair): a base and a number that must
// stay above it, a width and a column index; lowerAmountPairs pairs the
// amounts apart (a capacity and a request one over it). Where one step
// fails, the value nearer its shrink point goes on past it to the other
// sign as the other goes on down, which keeps their sum (of opposite
// signs: a month and an offset of -1 month, which becomes +1 as the
// month goes from 3 to 1) or their difference. Where that fails too for
// two positive values of signed draws, both go one index lower in their
// draws' order, each to the negative value of one less magnitude: two
// values that must stay in one order, both of one sign.
func lowerPairs() *pass { return lowerPairsOf("lower pair", 1, (*shrinker).nearPair) }

// lowerAmountPairs is lowerPairs for the amounts of two shapes that are
// not next to each other (farPair), which are many more pairs than
// those of one shape, and pay less often: it runs in tier 2, when the
// passes before it are stuck.
func lowerAmountPairs() *pass {
	return lowerPairsOf("lower amount pair", 2, (*shrinker).farPair)
}

// lowerPairsOf is lowerPairs over the pairs pick accepts.
func lowerPairsOf(name string, tier int, pick func(s *shrinker, step int) (ci, cj Choice, ok bool)) *pass {
	return &pass{
		name:  name,
		tier:  tier,
		count: pairCount,
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			ci, cj, ok := pick(s, step)
			if !ok {
				return nil, nil
			}
			vi, vj := ci.Index(s.best), cj.Index(s.best)
			_, mi := ci.signed(vi)
			_, mj := cj.signed(vj)
			// Two values at index 1 of a shape that holds nothing larger
			// (two "more" flags, two coins that came up) are equal values,
			// which lowerDuplicates lowers together.
			if mi == 0 || mj == 0 || vi == 1 && vj == 1 && s.usedAsFlag(ci) {
				return nil, nil
			}
			old := s.best
			lower := func(d uint64) []byte { return withMagnitudes(old, ci, vi, mi-d, cj, vj, mj-d) }
			return lower(1), func(kept bool, _ *Outcome) {
				if !kept {
					// Past the nearer one's shrink point: it goes on to
					// the other sign while the other goes on down, which
					// keeps their sum (of opposite signs) or difference.
					if d := min(mi, mj) + 1; d <= max(mi, mj) {
						cross := func(d uint64) []byte { return withMoves(old, ci, vi, cj, vj, d) }
						if c := cross(d); c != nil {
							if kept, _ := s.consider(c); kept {
								findInteger(func(n int) bool {
									c := cross(d + uint64(n))
									if c == nil {
										return false
									}
									kept, _ := s.consider(c)
									return kept
								})
								return
							}
						}
					}
					// Two positive values of signed draws one index lower
					// each: across to the other sign, magnitudes one lower
					// (2 and 10 become -1 and -9), which lowering each
					// alone, or both keeping their signs, never tries.
					ni, _ := ci.signed(vi)
					nj, _ := cj.signed(vj)
					if ci.Below > 0 && cj.Below > 0 && !ni && !nj && vi < 2*min(ci.Below, ci.Max-ci.Below) && vj < 2*min(cj.Below, cj.Max-cj.Below) {
						s.consider(withIndices(old, ci, vi-1, cj, vj-1))
					}
					return
				}
				findInteger(func(n int) bool {
					d := uint64(n) + 1
					if d > mi || d > mj {
						return false
					}
					kept, _ := s.consider(lower(d))
					return kept
				})
			}
		},
	}
}

// redistributePairs moves magnitude from an earlier value to a later one:
// lexicographically smaller, and what a property on a sum or a total
// needs. It first moves all it can, the common case of a total that one
// value can carry alone, then grows a move of one. Where no move is kept
// and the later value is the next of its shape (two fields of one
// record, two digits of a number with a string's flags between them), it
// trades: the earlier value one lower and the later one raised by the
// least that keeps the failure, for a property on a product or any
// other total that a unit of the first buys more than a unit of the
// second of (see trade). The two are of one shape; redistributeAmountPairs
// pairs amounts of two shapes apart.
func redistributePairs() *pass {
	return redistributePairsOf("redistribute pair", 1, (*shrinker).numericPair)
}

// redistributeAmountPairs is redistributePairs for the amounts of two
// shapes apart (farPair), in tier 2, as lowerAmountPairs.
func redistributeAmountPairs() *pass {
	return redistributePairsOf("redistribute amount pair", 2, (*shrinker).farPair)
}

// redistributePairsOf is redistributePairs over the pairs pick accepts.
func redistributePairsOf(name string, tier int, pick func(s *shrinker, step int) (ci, cj Choice, ok bool)) *pass {
	return &pass{
		name:  name,
		tier:  tier,
		count: pairCount,
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			ci, cj, ok := pick(s, step)
			if !ok {
				return nil, nil
			}
			vi, vj := ci.Index(s.best), cj.Index(s.best)
			_, mi := ci.signed(vi)
			_, mj := cj.signed(vj)
			// Moving 1 from a value at index 1 into another at index 1 (two
			// "more" flags) changes nothing but the first's value, unless
			// both are values drawn whole (two durations of 2).
			if mi == 0 || vi == 1 && vj == 1 && !(s.wholeDraw(ci) && s.wholeDraw(cj)) {
				return nil, nil
			}
			// A code (a value its draw names simpler values for) holds no
			// amount: a unit of one index is not a unit of another's.
			if i, j := pairStep(step); s.namesSimpler(i) || s.namesSimpler(j) {
				return nil, nil
			}
			old := s.best
			move := func(d uint64) []byte { return withMagnitudes(old, ci, vi, mi-d, cj, vj, mj+d) }
			// The most that can move: all of it, or as much as the later
			// value's range can take (found without running anything).
			all := mi
			if move(all) == nil {
				lo, hi := uint64(0), all // move(lo) exists, move(hi) does not
				for lo+1 < hi {
					if mid := lo + (hi-lo)/2; move(mid) != nil {
						lo = mid
					} else {
						hi = mid
					}
				}
				all = lo
			}
			if all == 0 {
				return nil, nil
			}
			return move(all), func(kept bool, _ *Outcome) {
				if kept {
					return
				}
				// Part of a value moved into one at the shrink point makes
				// two values of one, which a total does not need: the
				// partial moves are for values that are both above it. A
				// move of one into it is the trade's first raise, for
				// values that must stay in order (a key and its left
				// child's).
				moved, refused := false, uint64(0)
				if vj != 0 {
					refused = 1
					findInteger(func(n int) bool {
						d := uint64(n)
						if d >= all {
							return false
						}
						kept, _ := s.consider(move(d))
						moved = moved || kept
						return kept
					})
				}
				// Whole 64-bit words are often read through maps of their
				// own (see sweepLower), and a raise doubles up to 64 times.
				if i, j := pairStep(step); !moved && s.nextOfShape(i, j) && !wholeWord(ci) {
					// Neither move kept: the next value may need to rise by
					// more than the first falls (a product, not a sum, or a
					// digit that carries into the next).
					trade(s, refused, s.tradeReach(i, j, mi, mj), func(r uint64) []byte {
						if mj+r < mj {
							return nil // past every magnitude
						}
						return withMagnitudes(old, ci, vi, mi-1, cj, vj, mj+r)
					})
				}
			}
		},
	}
}

// noteChanges records which choices a same-length shrink from old to new
// changed, for lowerCommonOffset; a shrink that changes the length
// starts afresh.
func (s *shrinker) noteChanges(old, new []byte, choices []Choice) {
	if len(old) != len(new) {
		clear(s.changed)
		s.zigzag = false
		return
	}
	var now []Choice
	for _, c := range choices {
		if c.Offset >= len(new) {
			break
		}
		end := min(c.End(), len(new))
		if !bytes.Equal(old[c.Offset:end], new[c.Offset:end]) {
			now = append(now, c)
		}
	}
	for _, c := range now {
		// A value changing again after others did is the zig-zag that
		// lowerCommonOffset is for; one shrink changing two values at once
		// (a redistribution) is not.
		if _, seen := s.changed[c.Offset]; seen && len(s.changed) > 1 {
			s.zigzag = true
		}
		s.changed[c.Offset] = c.shape()
	}
}

// lowerCommonOffset lowers the magnitudes of all the values recent
// same-length shrinks changed by one common amount. Values that must move
// together (|m-n| <= 1) otherwise zig-zag down a step at a time, each
// lowering unlocking the next, at a cost that grows with the values
// rather than their logarithm (MacIver, "Notes on test-case reduction",
// "Zig Zagging"). It tries one lower, then the whole way (the least of
// them to zero), then searches the amount. It runs right after a shrink,
// when noteChanges saw a value change again after another did.
func lowerCommonOffset() *pass {
	type value struct {
		c        Choice
		neg      bool
		mag, idx uint64
	}
	return &pass{
		name:        "lower common offset",
		afterShrink: true,
		count: func(s *shrinker) int {
			if len(s.changed) < 2 || !s.zigzag {
				return 0
			}
			return 1
		},
		plan: func(s *shrinker, _ int) ([]byte, func(bool, *Outcome)) {
			s.zigzag = false
			var vals []value
			least := ^uint64(0)
			for _, off := range slices.Sorted(maps.Keys(s.changed)) {
				shape := s.changed[off]
				i, ok := s.choiceAt(off, shape.Width, shape.Max)
				if !ok || s.choices[i].shape() != shape {
					continue
				}
				c := s.choices[i]
				idx := c.Index(s.best)
				neg, mag := c.signed(idx)
				if mag == 0 {
					continue
				}
				vals = append(vals, value{c, neg, mag, idx})
				least = min(least, mag)
			}
			clear(s.changed)
			if len(vals) < 2 {
				return nil, nil
			}
			old := s.best
			lower := func(d uint64) []byte {
				cand := slices.Clone(old)
				for _, v := range vals {
					i, _ := v.c.unsigned(v.neg, v.mag-d)
					copy(cand[v.c.Offset:min(v.c.End(), len(cand))], v.c.Encode(i))
				}
				return cand
			}
			return lower(1), func(kept bool, _ *Outcome) {
				// Where every amount fails (values a coordinated change
				// raised to their largest), the search would take two
				// runs per bit of the least value.
				if kept && least > 1 {
					if all, _ := s.consider(lower(least)); all {
						return
					}
				}
				findInteger(func(n int) bool {
					if n == 1 {
						return kept
					}
					if uint64(n) > least {
						return false
					}
					kept, _ := s.consider(lower(uint64(n)))
					return kept
				})
			}
		},
	}
}

// deleteAndAdjust makes a later part of the input simpler together with
// a change of the values around it that the simplification needs, the
// coordinated changes that no single pass makes because each half on its
// own passes. The part made simpler is either a span of two or more
// choices inside another span, deleted, or the input's last nonzero
// choice, cut off with everything after it (the run then reads zeros
// there, a value's simplest encoding). Both make the input shorter, so a
// candidate may raise an earlier value and still be smaller:
//
//   - raise an earlier choice to its largest value: what the removed
//     part contributed moves into an earlier value ((250000, [4]) becomes
//     (1000000, []) for a product that must reach a bound; (2, 9) becomes
//     (9, 0) for a sum). For a deleted span that is the choice just
//     before it, binary-searched down while it still fails; for a cut
//     choice, the nearest earlier choice of its shape (the one value the
//     cut part can move into whose candidate is smallest), left to the
//     kind-aware lowering passes to bring down, as a binary search over
//     its index costs a call per bit of a wide draw;
//   - for the cut choice, each of the nearest few earlier values at
//     index 0 raised to 1: what the cut value did, done by a value
//     before it switched on (a sign flag for a value of -1, a voucher
//     for an amount typed in);
//   - for a deleted span, lower by one every later nonzero value of a
//     shape the span holds (but not at index 1, see below): values that
//     refer to positions after the span (indices into the list the span
//     is an element of) keep referring to the same elements once it is
//     gone; then each of the first few later nonzero values alone
//     (a reference that counts back past the span to the value it names,
//     as a back-reference's distance does, without the kinds of the later
//     steps around it); and each of the two nearest earlier values above
//     index 1 of the span's own shapes (its choices past the input's end
//     included, flags left out) lowered by one: what the span added to a
//     total taken back from a like value before it (a step back deleted
//     with the step forward before it made one shorter); and the values
//     drawn just before the first part of the label of each part that
//     holds the span, lowered by one: a bound drawn before the content it
//     bounds (a width, a capacity, a grid's height) that the property
//     needs in step with the content's size.
func deleteAndAdjust() *pass {
	// cutLast is the item that stands for the last nonzero choice.
	const cutLast = -1
	derive := func(s *shrinker) []int {
		var ids []int
		rootLabels := map[string]int{}
		for _, sp := range s.out.Spans {
			if sp.Parent < 0 {
				rootLabels[sp.Label]++
			}
		}
		for i, sp := range s.out.Spans {
			// A part inside another, or one of a sequence of parts at the
			// top (the steps of a Repeat): a lone top-level span is the
			// whole of a draw.
			if sp.Start >= len(s.best) || sp.End <= sp.Start || sp.Parent < 0 && rootLabels[sp.Label] < 2 {
				continue
			}
			// A span of one draw is a value, not a part to delete.
			k, _ := s.firstChoiceFrom(sp.Start)
			if k+1 >= len(s.choices) || s.choices[k+1].Offset >= sp.End {
				continue
			}
			ids = append(ids, i)
		}
		if last, _ := lastAndEarlier(s.best, s.choices); last >= 0 {
			ids = append(ids, cutLast)
		}
		return ids
	}
	return stepPass("delete and adjust", 1, derive, func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
		old, choices := s.best, s.choices
		var a, b, k int
		last := -1 // the cut choice
		if i == cutLast {
			var to int
			if last, to = lastAndEarlier(old, choices); last < 0 {
				return nil, nil
			}
			a, b, k = choices[last].Offset, len(old), to+1 // no earlier choice of its shape: k is 0
		} else {
			_, a, b, _ = s.spanRegion(i)
			k, _ = slices.BinarySearchFunc(choices, a, func(c Choice, off int) int { return c.Offset - off })
		}
		var cands [][]byte
		// The choice k-1, raised.
		var raise func(v uint64) []byte
		var from uint64
		if k > 0 && choices[k-1].End() <= a {
			c := choices[k-1]
			from = c.Index(old)
			if from < c.Max {
				raise = func(v uint64) []byte {
					cand := splice(old, a, b, nil)
					copy(cand[c.Offset:c.End()], c.Encode(v))
					return cand
				}
				cands = append(cands, raise(c.Max))
			}
		}
		// The later values of the span's shapes, lowered by one. A shape
		// the span holds at index 1 is left out: that is a flag's or a
		// coin's usual value, and lowering every later flag ends the
		// collection they continue.
		var shapes []Choice // in order of first appearance in the span
		for _, c := range choices {
			if c.Offset >= a && c.End() <= b && c.Index(old) != 1 && !slices.Contains(shapes, c.shape()) {
				shapes = append(shapes, c.shape())
			}
		}
		// lowerLater lowers by one every later nonzero value of the shapes.
		lowerLater := func(shapes []Choice) []byte {
			var lowered []byte
			for _, c := range choices {
				if c.Offset < b || c.End() > len(old) || !slices.Contains(shapes, c.shape()) {
					continue
				}
				if v := c.Index(old); v > 0 {
					if lowered == nil {
						lowered = slices.Clone(old)
					}
					copy(lowered[c.Offset:], c.Encode(v-1))
				}
			}
			if lowered == nil {
				return nil
			}
			return splice(lowered, a, b, nil)
		}
		if all := lowerLater(shapes); all != nil {
			cands = append(cands, all)
		}
		// The cut choice with each of the nearest few earlier values at
		// their simplest one step up: what it did, switched on earlier (a
		// sign flag on for a value of -1, a voucher for an amount typed
		// in).
		for j, on := last-1, 0; i == cutLast && j >= max(0, last-maxSwitchDistance) && on < maxSwitchedOn; j-- {
			if c := choices[j]; c.Index(old) == 0 {
				cands = append(cands, spliceWith(old, c, 1, a, len(old)))
				on++
			}
		}
		// Then each of the first few later values alone, of any shape: a
		// reference that counts back past the span (to the k-th value
		// before it) names the same value once the span is gone only if
		// it is one lower, while lowering the values around it (the kind
		// of a later step) changes what the input does. Values at index
		// 1 come after the others and fewer of them are tried: most are
		// flags and coins, which lowering turns off.
		if i != cutLast {
			// lowered returns the best input with c one lower and the
			// span deleted.
			lowered := func(c Choice, v uint64) []byte { return spliceWith(old, c, v-1, a, b) }
			var above, atOne [][]byte
			for _, c := range choices {
				if len(above) == maxAdjustedLater && len(atOne) == maxAdjustedAtOne {
					break
				}
				v := c.Index(old)
				if c.Offset < b || c.End() > len(old) || v == 0 || (v == 1 && len(atOne) == maxAdjustedAtOne) || (v > 1 && len(above) == maxAdjustedLater) {
					continue
				}
				one := lowered(c, v)
				if v == 1 {
					atOne = append(atOne, one)
				} else {
					above = append(above, one)
				}
			}
			// And each of the nearest few earlier values above 1 of the
			// span's own shapes alone: what the span added to a total, taken
			// back from a like value before it (a step back undone with
			// the step forward it followed made shorter).
			// The span's shapes here count its choices past the input's end,
			// which read zeros, and leave out flags.
			var own []Choice
			for _, c := range choices {
				if c.Offset >= a && c.End() <= s.out.Spans[i].End && !s.usedAsFlag(c) && !slices.Contains(own, c.shape()) {
					own = append(own, c.shape())
				}
			}
			var before [][]byte
			for k := len(choices) - 1; k >= 0 && len(before) < maxAdjustedEarlier; k-- {
				c := choices[k]
				if c.End() > a || !slices.Contains(own, c.shape()) {
					continue
				}
				if v := c.Index(old); v > 1 {
					before = append(before, lowered(c, v))
				}
			}
			// And the bounds drawn before the parts that hold the span.
			for _, k := range s.boundsBefore(i, maxBounds, own) {
				before = append(before, lowered(choices[k], choices[k].Index(old)))
			}
			for _, one := range slices.Concat(above, atOne, before) {
				if !slices.ContainsFunc(cands, func(c []byte) bool { return bytes.Equal(c, one) }) {
					cands = append(cands, one)
				}
			}
		}
		if len(cands) == 0 {
			return nil, nil
		}
		return cands[0], func(kept bool, _ *Outcome) {
			if kept && raise != nil && i == cutLast {
				// The raised value is lowered by the passes that lower
				// values, which know its kind: a binary search over its
				// index costs a call per bit.
				return
			}
			if kept && raise != nil {
				// The raise worked at the top: search down for the least,
				// after one probe just below, since what a deletion needs
				// moved is often all the earlier value can hold.
				lo, hi := from, choices[k-1].Max
				if ok, _ := s.consider(raise(hi - 1)); !ok {
					return
				}
				searchDown(s, lo, hi-1, raise)
				return
			}
			for _, cand := range cands[1:] {
				if kept {
					return
				}
				kept, _ = s.consider(cand)
			}
		}
	})
}

// lastAndEarlier returns the index of the last choice that reads a
// nonzero byte of input, and of the nearest choice before it of the same
// shape that is below its largest value; -1 for either that is missing.
func lastAndEarlier(input []byte, choices []Choice) (last, earlier int) {
	last, earlier = -1, -1
	for j := len(choices) - 1; j >= 0; j-- {
		c := choices[j]
		if c.Offset >= len(input) {
			continue
		}
		if slices.ContainsFunc(input[c.Offset:min(c.End(), len(input))], func(x byte) bool { return x != 0 }) {
			last = j
			break
		}
	}
	if last < 0 {
		return -1, -1
	}
	shape := choices[last].shape()
	for j := last - 1; j >= 0; j-- {
		c := choices[j]
		if c.shape() == shape && c.End() <= len(input) && c.Index(input) < c.Max {
			return last, j
		}
	}
	return last, -1
}

// maxSwitchedOn is how many earlier values at their simplest
// deleteAndAdjust raises by one with the last value cut, among the
// maxSwitchDistance choices before it.
const (
	maxSwitchedOn     = 3
	maxSwitchDistance = 8
)

// maxAdjustedLater and maxAdjustedAtOne are how many later values, above
// index 1 and at index 1, deleteAndAdjust lowers one at a time with a
// deleted span.
const (
	maxAdjustedLater = 4
	maxAdjustedAtOne = 3
)

// maxAdjustedEarlier is how many earlier values of a deleted span's
// shapes deleteAndAdjust lowers one at a time with it.
const maxAdjustedEarlier = 2

// maxBounds is how many bounds drawn before the parts that hold a
// deleted span deleteAndAdjust lowers one at a time with it.
const maxBounds = 4

// boundsBefore returns, for span i and each part that holds it (up to
// levels parts, i's own level first), the values drawn just before the
// first part of its label in its parent
// (at most maxCountDistance choices back, maxBounds in all, as indices
// into s.choices): a bound drawn before the content it bounds (a width
// before the words wrapped at it, a capacity before the items, the
// height of a grid before its rows, the count of a loop's steps), which
// a property may need exactly one below what the content fills, so that
// neither the bound nor the content shrinks alone. Values at zero, of the
// shapes own (the deleted content's), and flags are left out, but a shape
// drawn once may be a bound at 1 as well as a flag, and is kept.
func (s *shrinker) boundsBefore(i, levels int, own []Choice) []int {
	var ks []int
	choices := s.choices
	for at := i; at >= 0 && len(ks) < maxBounds && levels > 0; at, levels = s.out.Spans[at].Parent, levels-1 {
		part := s.out.Spans[at]
		from := 0
		if part.Parent >= 0 {
			from = s.out.Spans[part.Parent].Start
		}
		first := part.Start
		for _, o := range s.out.Spans {
			if o.Parent == part.Parent && o.Label == part.Label && o.Start < first && o.Start >= from {
				first = o.Start
			}
		}
		k := sort.Search(len(choices), func(k int) bool { return choices[k].End() > first }) - 1
		for n := 0; n < maxCountDistance && k >= 0 && choices[k].Offset >= from && len(ks) < maxBounds; n, k = n+1, k-1 {
			c := choices[k]
			if c.Index(s.best) == 0 || slices.Contains(own, c.shape()) || s.usedAsFlag(c) && s.shapeCount(c) > 1 {
				continue
			}
			ks = append(ks, k)
		}
	}
	return ks
}

// shapeCount returns how many choices inside the best input have c's
// shape.
func (s *shrinker) shapeCount(c Choice) int {
	n, sh := 0, c.shape()
	for _, o := range s.choices[:s.choicesInInput()] {
		if o.shape() == sh {
			n++
		}
	}
	return n
}
