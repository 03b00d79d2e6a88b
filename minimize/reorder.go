package minimize

import (
	"bytes"
	"slices"
)

// This file holds the pass that reorders sibling spans into the order
// that makes the input smallest.

// sortSiblings sorts runs of sibling spans with the same label into the
// order that makes the input smallest (concatOrder), and, where only
// zeros follow them, also tries the sorted order with the sibling ending
// in the most zeros last (zeroTailLast); if neither is kept it sorts the
// regions it can (sortRegions).
func sortSiblings() *pass {
	derive := func(s *shrinker) [][]int {
		type key struct {
			parent int
			label  string
		}
		return groupBy(len(s.out.Spans), func(i int) (key, bool) {
			sp := s.out.Spans[i]
			// A sibling may read past the end of the input (zeros).
			return key{sp.Parent, sp.Label}, sp.Start < len(s.best) && sp.Start < sp.End
		})
	}
	// base is the best input with the zeros its group reads past its end.
	base := func(s *shrinker, g []int) []byte {
		return padTo(slices.Clone(s.best), s.out.Spans[g[len(g)-1]].End)
	}
	contentsOf := func(b []byte, s *shrinker, g []int) [][]byte {
		cs := make([][]byte, len(g))
		for k, i := range g {
			cs[k] = b[s.out.Spans[i].Start:s.out.Spans[i].End]
		}
		return cs
	}
	return stepPass("sort siblings", 0, derive, func(s *shrinker, g []int) ([]byte, func(bool, *Outcome)) {
		b := base(s, g)
		cs := contentsOf(b, s, g)
		sorted := slices.Clone(cs)
		slices.SortStableFunc(sorted, concatOrder)
		var cands [][]byte
		if !slices.EqualFunc(cs, sorted, bytes.Equal) {
			cands = append(cands, arrangeSpans(b, s.out.Spans, g, sorted))
		}
		// Only zeros follow the group: the last sibling's trailing zeros
		// cost nothing there.
		// Where order matters (the steps of a program) the sibling moves
		// from where it is; where it does not, from the sorted order.
		if end := s.out.Spans[g[len(g)-1]].End; end >= len(s.best) || isZero(s.best[end:]) {
			add := func(order [][]byte) {
				if cand := arrangeSpans(b, s.out.Spans, g, order); !slices.ContainsFunc(cands, func(c []byte) bool { return bytes.Equal(c, cand) }) {
					cands = append(cands, cand)
				}
			}
			if last := zeroTailLast(cs); last != nil {
				add(last)
			}
			if last := zeroTailLast(sorted); last != nil {
				add(last)
				// Where order matters only as a direction (a chain, a
				// monotone run), the sorted order reversed keeps it and
				// puts the smallest sibling last.
				rev := slices.Clone(sorted)
				slices.Reverse(rev)
				add(rev)
			}
		}
		if len(cands) == 0 {
			return nil, nil
		}
		spans := s.out.Spans // of b: a kept candidate replaces s.out
		return cands[0], func(kept bool, _ *Outcome) {
			if kept {
				return
			}
			for _, cand := range cands[1:] {
				if kept, _ = s.consider(cand); kept {
					return
				}
			}
			sortRegions(s, b, spans, g, cs)
		}
	})
}

// sortRegions sorts regions of the siblings g of b, whose contents are
// cs, where sorting them all is not kept: from each sibling on, the
// longest run of siblings it finds whose sorting is kept (Hypothesis's
// sort_regions), then on after it. One sibling out of place (the ends of
// a string that must match) then costs a few searches, where swapping
// adjacent pairs, a shrink a round, took a round per inversion.
func sortRegions(s *shrinker, b []byte, spans []Span, g []int, cs [][]byte) {
	cur := slices.Clone(cs)
	for i := 0; i+1 < len(cur); {
		n := findInteger(func(n int) bool { // sort n+1 siblings from i
			if i+n+1 > len(cur) {
				return false
			}
			w := slices.Clone(cur)
			slices.SortStableFunc(w[i:i+n+1], concatOrder)
			if slices.EqualFunc(w, cur, bytes.Equal) {
				return true
			}
			cand := arrangeSpans(b, spans, g, w)
			kept, _ := s.consider(cand)
			if !kept && n == 1 && i+2 < len(g) {
				// The best input holds cur: where its slots k lie, each
				// moved by what the contents before it changed in length.
				at := func(k int) int {
					off := spans[g[k]].Start
					for j := range k {
						off += len(cur[j]) - len(cs[j])
					}
					return off
				}
				// cand holds the pair exchanged: the sibling after it is
				// where it was.
				kept = s.swapReferences(cand, [2]int{at(i + 2), at(i+2) + len(cur[i+2])})
			}
			if kept {
				cur = w
				return true
			}
			return false
		})
		i += n + 1
	}
}

// swapReferences retries cand, two adjacent siblings of the best input
// exchanged, with the values 0 and 1 exchanged in the choices of one
// shape (of more than two values) in the sibling after them, next (a
// region of the best input and of cand), after the choice that opens it,
// for each such shape in turn. It reports whether a retry was kept.
// Where siblings create values that later siblings refer to by their
// order (the handles of a program's steps, counted back from the
// newest), the exchange makes each reference after them name the other
// value unless the references are exchanged too: Insert("aa"),
// Insert("a"), Delete(the older) becomes Insert("a"), Insert("aa"),
// Delete(the newer).
func (s *shrinker) swapReferences(cand []byte, next [2]int) bool {
	// The choices of next after its first, those past the input's end
	// reading zeros.
	var in []Choice
	var shapes []Choice
	for _, c := range s.choices {
		if c.Offset > next[0] && c.End() <= next[1] && c.Max >= 2 {
			in = append(in, c)
			if c.Index(cand) <= 1 && !slices.Contains(shapes, c.shape()) {
				shapes = append(shapes, c.shape())
			}
		}
	}
	for _, sh := range shapes {
		re := padTo(slices.Clone(cand), next[1])
		for _, c := range in {
			if i := c.Index(re); c.shape() == sh && i <= 1 {
				copy(re[c.Offset:], c.Encode(1-i))
			}
		}
		if kept, _ := s.consider(re); kept {
			return true
		}
	}
	return false
}

// zeroTailLast returns the contents cs with the one that ends in the most
// zero bytes moved last, or nil if none ends in a zero or it is last
// already. Trailing zeros of the input are free (missing bytes read as
// zeros), so at the end of the input the sibling ending in zeros is the
// shorter choice: [1 9 0] is shorter than the sorted [0 1 9].
func zeroTailLast(cs [][]byte) [][]byte {
	best, most := -1, 0
	for k, c := range cs {
		z := len(c) - len(bytes.TrimRight(c, "\x00"))
		if z > most {
			best, most = k, z
		}
	}
	if best < 0 || best == len(cs)-1 {
		return nil
	}
	out := slices.Delete(slices.Clone(cs), best, best+1)
	return append(out, cs[best])
}

// concatOrder orders the contents of spans so that, laid out in order,
// they make the lexicographically smallest input: a before b when a+b is
// smaller than b+a. Sorting by length first would put a short leaf before
// a subtree whose first value is smaller.
func concatOrder(a, b []byte) int {
	ab := append(slices.Clip(a), b...)
	ba := append(slices.Clip(b), a...)
	return bytes.Compare(ab, ba)
}
