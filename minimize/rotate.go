package minimize

import (
	"bytes"
	"slices"
)

// This file holds the rotations: a span's opening moved past its first
// part, and a node's first child pulled up with its key (a tree
// rotation), so that the smaller parts of a tree come first.

// rotateSpans moves the choice that opens a span past the span that
// follows it inside: a node's bytes c C1 rest become C1 c rest, where c
// decided the node's kind and C1 is its first child. In a tree that is a
// rotation: a parent p(L, R) with L = c(C1, C2) reads as p(C1, c(C2, R)),
// the child pulled up and the node pushed down to the right, where
// shortlex order wants the larger parts; in a list of flagged elements
// it moves a flag past an element. Where more than one choice opens the
// node (its kind, then an operator), all of them move past its first
// part of the node's own label. A swap of the two children would be
// longer, and lowering the choice alone drops the child. The candidate
// is tried only where it is smaller.
//
// Where a node's opening holds more than its kind (a key, an operator),
// the rotation above keeps every opening where it was; a tree rotation
// moves them with their nodes: p's bytes P L A B R, with L = l(A, B) the
// first part of p's label inside it and A the first inside L, become
// L A P B R, l(A, p(B, R)), L's key pulled up. B changes parents, so a
// rotation that is not kept is retried with B at its simplest (zeros).
func rotateSpans() *pass {
	type rotation struct {
		at, child int // span indices
		// inner, for a tree rotation, is child's first part, which child
		// is pulled up over; -1 for a rotation of openings in place.
		inner int
	}
	derive := func(s *shrinker) []rotation {
		var rs []rotation
		spans := s.out.Spans
		for i, sp := range spans {
			if sp.Start >= len(s.best) {
				continue
			}
			k, found := s.firstChoiceFrom(sp.Start)
			if !found {
				continue
			}
			from := sp.Start + s.choices[k].Width
			// The largest span inside sp that starts right after c and
			// leaves something after it: the first of two or more parts.
			best := -1
			for j := i + 1; j < len(spans) && spans[j].Start < sp.End; j++ {
				if c := spans[j]; c.Start == from && c.End < sp.End && c.End > c.Start && (best < 0 || c.End > spans[best].End) {
					best = j
				}
			}
			// Spans that start together (a draw and the value it
			// wraps) give the same rotation once.
			add := func(child int) {
				if child >= 0 && !slices.ContainsFunc(rs, func(r rotation) bool {
					return r.inner < 0 && spans[r.at].Start == sp.Start && spans[r.child].End == spans[child].End
				}) {
					rs = append(rs, rotation{at: i, child: child, inner: -1})
				}
			}
			add(best)
			// And the first part of sp's own label inside it, after more
			// than one choice (a node's kind and its operator before its
			// first subtree): all of them move past it.
			l := firstOfLabel(spans, i)
			if l < 0 || spans[l].Start <= from || spans[l].End == spans[l].Start {
				continue
			}
			if spans[l].End < sp.End {
				add(l)
			}
			// A tree rotation: l and its own first part of the label,
			// after an opening of more than one choice too.
			if a := firstOfLabel(spans, l); a >= 0 && spans[a].Start > spans[l].Start && spans[a].End > spans[a].Start {
				rs = append(rs, rotation{at: i, child: l, inner: a})
			}
		}
		return rs
	}
	return stepPass("rotate spans", 2, derive, func(s *shrinker, r rotation) ([]byte, func(bool, *Outcome)) {
		sp, child := s.out.Spans[r.at], s.out.Spans[r.child]
		old := s.bestWithSpans()
		if r.inner >= 0 {
			a := s.out.Spans[r.inner]
			rotated := func(b []byte) []byte {
				return slices.Concat(old[child.Start:a.Start], old[a.Start:a.End], old[sp.Start:child.Start], b)
			}
			middle := old[a.End:child.End]
			moved := rotated(middle)
			if bytes.Compare(moved, old[sp.Start:child.End]) >= 0 {
				return nil, nil
			}
			return s.normalize(splice(old, sp.Start, child.End, moved)), func(kept bool, _ *Outcome) {
				if !kept && !isZero(middle) {
					s.consider(s.normalize(splice(old, sp.Start, child.End, rotated(make([]byte, len(middle))))))
				}
			}
		}
		head := old[sp.Start:child.Start]
		moved := slices.Concat(old[child.Start:child.End], head)
		if bytes.Compare(moved, old[sp.Start:child.End]) >= 0 {
			return nil, nil
		}
		return s.normalize(splice(old, sp.Start, child.End, moved)), nil
	})
}

// firstOfLabel returns the index of the first span inside spans[i] with
// its label, or -1.
func firstOfLabel(spans []Span, i int) int {
	for j := i + 1; j < len(spans) && spans[j].Start < spans[i].End; j++ {
		if spans[j].Label == spans[i].Label {
			return j
		}
	}
	return -1
}
