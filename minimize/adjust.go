package minimize

import (
	"bytes"
	"slices"
	"sort"
)

// This file holds deleteAndAdjust: a deletion or a cut made together
// with the changes to the values around it that it needs, and the
// helpers that find those values.

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
