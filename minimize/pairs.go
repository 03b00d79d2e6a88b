package minimize

import (
	"bytes"
	"maps"
	"slices"
)

// This file holds the passes that change two or more values in one
// candidate: lowering them together, moving magnitude from one to
// another, and lowering the values recently changed by one offset.
// Deleting a part while repairing what depends on it is in adjust.go,
// trades in trade.go, sign flips and ratios in ratio.go.

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
// an amount at 1 (a base of 3 in a range from 2) as well as a flag.
func (s *shrinker) amountsPair(step int) (ci, cj Choice, ok bool) {
	i, j := pairStep(step)
	if j >= len(s.choices) || !s.pairedAmount(i) || !s.pairedAmount(j) {
		return ci, cj, false
	}
	return s.choices[i], s.choices[j], true
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
// pairs. Neither is a whole 64-bit word, whose unit is its draw's
// business (a word of a math/rand source).
func (s *shrinker) farPair(step int) (ci, cj Choice, ok bool) {
	if _, _, ok := s.nearPair(step); ok {
		return ci, cj, false
	}
	if ci, cj, ok = s.amountsPair(step); !ok || wholeWord(ci) || wholeWord(cj) {
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
