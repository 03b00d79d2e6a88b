package minimize

import "slices"

// This file holds the passes that change two values while keeping how
// they relate: both signs flipped at once, both lowered along their
// ratio.

// flipSignPairs flips the signs of two values of one shape at once, the
// earlier negative, so that it becomes positive and the input smaller
// (positive values come first in a signed draw's order): a property on
// their ratio or their product (a quotient of 3, a slope of 2, a
// determinant's sign) rejects flipping either alone. Each keeps its
// magnitude, or takes the largest on the other side where that side is
// shorter (the least value of a two's-complement type has no mirror). It
// runs in the last tier.
func flipSignPairs() *pass {
	derive := func(s *shrinker) [][2]int {
		var pairs [][2]int
		n := s.choicesInInput()
		for i, c := range s.choices[:n] {
			if c.Below == 0 {
				continue
			}
			if neg, m := c.signed(c.Index(s.best)); !neg || m == 0 {
				continue
			}
			for j := i + 1; j < n; j++ {
				d := s.choices[j]
				if d.shape() != c.shape() || d.Index(s.best) == 0 {
					continue
				}
				pairs = append(pairs, [2]int{i, j})
			}
		}
		return pairs
	}
	return stepPass("flip sign pairs", 2, derive, func(s *shrinker, p [2]int) ([]byte, func(bool, *Outcome)) {
		cand := slices.Clone(s.best)
		for _, k := range p {
			c := s.choices[k]
			neg, m := c.signed(c.Index(s.best))
			side := c.Below // magnitudes on the side the value goes to
			if neg {
				side = c.Max - c.Below
			}
			i, ok := c.unsigned(!neg, min(m, side))
			if !ok || side == 0 {
				return nil, nil
			}
			copy(cand[c.Offset:], c.Encode(i))
		}
		return cand, nil
	})
}

// maxRatioTerm bounds the terms of the step lowerAlongRatio takes: a
// ratio of two values is rounded to the nearest p:q with p, q at most
// this.
const maxRatioTerm = 8

// ratioStep returns the step p:q, with p and q in 1..maxRatioTerm and
// at most a and b, whose ratio is nearest a:b (the smaller terms on a
// tie), or ok false if a or b is zero.
func ratioStep(a, b uint64) (p, q uint64, ok bool) {
	if a == 0 || b == 0 {
		return 0, 0, false
	}
	best := ^uint64(0)
	for x := uint64(1); x <= min(maxRatioTerm, a); x++ {
		for y := uint64(1); y <= min(maxRatioTerm, b); y++ {
			// |x/y - a/b| compared as |x*b - y*a| / (y*b), scaled by the
			// common b: |x*b - y*a| / y, compared by cross-multiplying.
			d := x*b - y*a
			if y*a > x*b {
				d = y*a - x*b
			}
			if best == ^uint64(0) || d*q < best*y {
				p, q, best = x, y, d
			}
		}
	}
	return p, q, true
}

// lowerAlongRatio lowers the magnitudes of two values in proportion to
// them, k steps of p and q where p:q is their ratio rounded to small
// terms (see ratioStep), keeping their signs: a property on a linear
// relation between two values (dy = 2*dx, a width three times a height)
// rejects lowering either alone and lowering both by the same amount.
// It takes pairs of any two values, of one shape or not, so it also
// lowers two equal values of different ranges together; a pair of one
// shape at 1:1 is lowerPairs' step, and flags hold no amount, nor does
// the index of a draw that names its simpler values (a float's code). It
// runs in the last tier.
func lowerAlongRatio() *pass {
	type ratioPair struct{ i, j int }
	derive := func(s *shrinker) []ratioPair {
		var amounts []int
		for i := range s.choicesInInput() {
			if s.isAmount(i) {
				amounts = append(amounts, i)
			}
		}
		var pairs []ratioPair
		for x, i := range amounts {
			for _, j := range amounts[x+1:] {
				pairs = append(pairs, ratioPair{i, j})
			}
		}
		return pairs
	}
	return stepPass("lower along ratio", 2, derive, func(s *shrinker, rp ratioPair) ([]byte, func(bool, *Outcome)) {
		ci, cj := s.choices[rp.i], s.choices[rp.j]
		vi, vj := ci.Index(s.best), cj.Index(s.best)
		_, mi := ci.signed(vi)
		_, mj := cj.signed(vj)
		p, q, ok := ratioStep(mi, mj)
		if !ok || p == 1 && q == 1 && ci.shape() == cj.shape() {
			return nil, nil
		}
		old := s.best
		lower := func(k uint64) []byte {
			if k*p > mi || k*q > mj {
				return nil
			}
			return withMagnitudes(old, ci, vi, mi-k*p, cj, vj, mj-k*q)
		}
		return lower(1), func(kept bool, _ *Outcome) {
			if !kept {
				return
			}
			findInteger(func(n int) bool {
				c := lower(uint64(n) + 1)
				if c == nil {
					return false
				}
				kept, _ := s.consider(c)
				return kept
			})
		}
	})
}
