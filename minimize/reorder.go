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
// in the most zeros last (zeroTailLast); if neither is kept it swaps
// adjacent out-of-order pairs.
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
		v := s.version
		return cands[0], func(kept bool, _ *Outcome) {
			if kept {
				return
			}
			for _, cand := range cands[1:] {
				if kept, _ = s.consider(cand); kept {
					return
				}
			}
			for k := 0; k+1 < len(g) && s.version == v; k++ {
				if concatOrder(cs[k+1], cs[k]) < 0 {
					swapped := slices.Clone(cs)
					swapped[k], swapped[k+1] = swapped[k+1], swapped[k]
					s.consider(arrangeSpans(b, s.out.Spans, g, swapped))
				}
			}
		}
	})
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
