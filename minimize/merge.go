package minimize

import (
	"bytes"
	"maps"
	"slices"
)

// This file holds mergeValues, the pass that makes two values of a shape
// one and deletes what that makes a duplicate.

// valueMerge replaces one value of a shape by another wherever it occurs
// and deletes the spans that became copies of a sibling.
type valueMerge struct {
	shape    Choice
	from, to uint64
	offsets  []int // the choices holding from
	deleted  []int // spans to delete, as indices into the best's spans
}

// replaceValue returns a copy of the best input with m.to written over
// m.from at each of m.offsets.
func (s *shrinker) replaceValue(m valueMerge) []byte {
	cand := slices.Clone(s.best)
	enc := m.shape.Encode(m.to)
	for _, off := range m.offsets {
		cand = padTo(cand, off+len(enc))
		copy(cand[off:], enc)
	}
	return cand
}

// mergeCandidate returns the best input with m applied.
func (s *shrinker) mergeCandidate(m valueMerge) []byte {
	cand := s.replaceValue(m)
	// Spans are in order of their start and do not overlap (duplicates
	// are siblings of a label with no descendants of it), so deleting from
	// the last keeps the earlier regions in place.
	for k := len(m.deleted) - 1; k >= 0; k-- {
		sp := s.out.Spans[m.deleted[k]]
		a, b := min(sp.Start, len(cand)), min(sp.End, len(cand))
		cand = splice(cand, a, b, nil)
	}
	return cand
}

// mergeValues replaces a value v of a shape by another value w of that
// shape the input holds, everywhere v occurs, and deletes in the same
// candidate every span that the replacement turned into a byte-for-byte
// copy of a sibling with its label: a step that puts key 1 after one that
// puts key 2 becomes a second put of 2, which goes, and a later delete of
// 1 deletes 2. The input is shorter even where w is larger than v, which
// is why no lowering pass makes the move, and the replacement alone
// (equal length, larger) is not smaller. Values are labels there: what
// matters is which of them are equal, and merging two keeps the
// relations between the rest. It tries every ordered pair of the first
// maxSwapValues values of every shape whose replacement makes a copy.
func mergeValues() *pass {
	derive := func(s *shrinker) []valueMerge {
		n := s.choicesInInput()
		byShape := map[Choice]map[uint64][]int{}
		var shapes []Choice
		for _, c := range s.choices[:n] {
			sh := c.shape()
			vals, ok := byShape[sh]
			if !ok {
				vals = map[uint64][]int{}
				byShape[sh] = vals
				shapes = append(shapes, sh)
			}
			v := c.Index(s.best)
			if _, ok := vals[v]; ok || len(vals) < maxSwapValues {
				vals[v] = append(vals[v], c.Offset)
			}
		}
		var out []valueMerge
		for _, sh := range shapes {
			vals := byShape[sh]
			if len(vals) < 2 {
				continue
			}
			keys := slices.Sorted(maps.Keys(vals))
			for _, from := range keys {
				for _, to := range keys {
					if from == to {
						continue
					}
					m := valueMerge{shape: sh, from: from, to: to, offsets: vals[from]}
					if m.deleted = s.copiesAfter(m); len(m.deleted) > 0 {
						out = append(out, m)
					}
				}
			}
		}
		return out
	}
	return stepPass("merge values", 1, derive, func(s *shrinker, m valueMerge) ([]byte, func(bool, *Outcome)) {
		cand := s.mergeCandidate(m)
		if !ShortlexLess(s.keyBound(s.normalize(cand)), s.bestKey) {
			return nil, nil
		}
		return cand, nil
	})
}

// copiesAfter returns the spans that replacing m.from by m.to at
// m.offsets makes equal, byte for byte, to an earlier sibling of their
// label, each holding a replaced choice and no span of its own label.
func (s *shrinker) copiesAfter(m valueMerge) []int {
	cand := s.replaceValue(m)
	bytesOf := func(sp Span) []byte {
		return cand[min(sp.Start, len(cand)):min(sp.End, len(cand))]
	}
	spans := s.out.Spans
	var out []int
	end := -1 // the last deleted span's end: deleted spans must not nest
	for i, sp := range spans {
		if sp.Start < end || sp.Start >= len(s.best) || sp.End <= sp.Start {
			continue
		}
		holds := slices.ContainsFunc(m.offsets, func(off int) bool { return off >= sp.Start && off < sp.End })
		if !holds || len(labelDescendants(spans, i)) > 0 {
			continue
		}
		for _, j := range sameLabelSiblings(spans, i) {
			if j == i || slices.Contains(out, j) {
				continue
			}
			if bytes.Equal(bytesOf(spans[j]), bytesOf(sp)) {
				out = append(out, i)
				end = sp.End
				break
			}
		}
	}
	return out
}

// siblingMerge is a span deleted with one value of an earlier like
// sibling raised by what the span held there.
type siblingMerge struct {
	span   int    // the span deleted, an index into the best's spans
	choice int    // the choice raised, an index into the best's choices
	index  uint64 // its new index
}

// maxMergeTargets bounds the earlier siblings mergeSiblings tries to merge
// one span into, nearest first.
const maxMergeTargets = 2

// mergeSiblings deletes a span and adds what it held into an earlier
// sibling of the same label and layout (the same shapes of choices in
// order) that differs from it in at most one value, or into the nearest
// later such sibling that other siblings separate from it (a step's
// amount moved past the steps after it): the two become one
// part holding their sum there, as two runs of one letter become one run
// of their total length, or two moves in one direction one longer move.
// Where they differ in one value, that value takes the sum; where they
// are equal, each value in turn but a flag's or a coin's (usedAsFlag:
// equal parts hold the same flags, which hold no amount). A value of
// index a merged with one of index b takes index a+b+1 (values counted
// from 1, as a length or a count is) and then a+b (values counted from
// 0). A property on a total
// rejects deleting either part alone and lowering either alone, so no
// other pass makes this move. It runs in the last tier.
func mergeSiblings() *pass {
	derive := func(s *shrinker) []siblingMerge {
		spans := s.out.Spans
		n := len(s.choices) // those past the input's end read zeros
		// The choices inside each span, by index range.
		inside := func(sp Span) []int {
			lo, _ := s.firstChoiceFrom(sp.Start)
			var cs []int
			for k := lo; k < n && s.choices[k].End() <= sp.End; k++ {
				cs = append(cs, k)
			}
			return cs
		}
		var merges []siblingMerge
		for i, sp := range spans {
			if sp.Start >= len(s.best) || sp.End <= sp.Start {
				continue
			}
			ci := inside(sp)
			if len(ci) == 0 {
				continue
			}
			// tryTarget adds the merges of span i into sibling j and
			// reports whether there are any.
			tryTarget := func(j int) bool {
				o := spans[j]
				if o.Parent != sp.Parent || o.Label != sp.Label || o.End > sp.Start && o.Start < sp.End {
					return false
				}
				cj := inside(o)
				if len(cj) != len(ci) || !slices.EqualFunc(cj, ci, func(a, b int) bool { return s.choices[a].shape() == s.choices[b].shape() }) {
					return false
				}
				var differ []int
				for k := range ci {
					if s.choices[ci[k]].Index(s.best) != s.choices[cj[k]].Index(s.best) {
						differ = append(differ, k)
					}
				}
				if len(differ) > 1 {
					return false
				}
				at := differ
				if len(at) == 0 {
					at = make([]int, len(ci))
					for k := range at {
						at[k] = k
					}
				}
				found := false
				for _, k := range at {
					c := s.choices[cj[k]]
					if len(differ) == 0 && s.usedAsFlag(c) {
						continue // a flag or a coin holds no amount
					}
					a, b := c.Index(s.best), s.choices[ci[k]].Index(s.best)
					for _, sum := range []uint64{a + b + 1, a + b} {
						if sum > a && sum <= c.Max {
							merges = append(merges, siblingMerge{span: i, choice: cj[k], index: sum})
							found = true
						}
					}
				}
				return found
			}
			for j, targets := i-1, 0; j >= 0 && targets < maxMergeTargets; j-- {
				if tryTarget(j) {
					targets++
				}
			}
			// And the nearest later one with other siblings between them
			// (next to it, the merge is the one into the earlier sibling):
			// an amount moved past the steps after it.
			between := false
			for j := i + 1; j < len(spans) && spans[j].Start < len(s.best); j++ {
				if spans[j].Parent != sp.Parent {
					continue
				}
				if between && tryTarget(j) {
					break
				}
				between = true
			}
		}
		return merges
	}
	return stepPass("merge siblings", 2, derive, func(s *shrinker, m siblingMerge) ([]byte, func(bool, *Outcome)) {
		_, a, b, ok := s.spanRegion(m.span)
		if !ok {
			return nil, nil
		}
		c := s.choices[m.choice]
		cand := padTo(slices.Clone(s.best), c.End())
		copy(cand[c.Offset:c.End()], c.Encode(m.index))
		return splice(cand, a, b, nil), nil
	})
}

// collectionJoin is one step of joinCollections: spans a and b, like
// siblings, the collections ca and cb inside them, ca's last element and
// cb's first and last.
type collectionJoin struct {
	a, b, ca, cb, lastA, firstB, lastB int // indices into the best's spans
}

// collectionIn returns the first span inside span p (p itself included)
// that holds one or more child spans of a single label, its elements,
// and ends after its last element (the stop), with its first and last
// element, or ok false if there is none.
func collectionIn(spans []Span, p int) (c, first, last int, ok bool) {
	for c = p; c < len(spans); c++ {
		if c != p && !within(spans, c, p) {
			if spans[c].Start >= spans[p].End {
				break // past p's subtree (spans are in preorder)
			}
			continue
		}
		first, last = -1, -1
		for k := c + 1; k < len(spans) && within(spans, k, c); k++ {
			if spans[k].Parent != c {
				continue
			}
			if first >= 0 && spans[k].Label != spans[first].Label {
				first = -1
				break
			}
			if first < 0 {
				first = k
			}
			last = k
		}
		if first >= 0 && spans[last].End < spans[c].End {
			return c, first, last, true
		}
	}
	return 0, 0, 0, false
}

// within reports whether span k lies inside span p (preorder: p before k).
func within(spans []Span, k, p int) bool {
	for q := spans[k].Parent; q >= 0; q = spans[q].Parent {
		if q == p {
			return true
		}
	}
	return false
}

// joinCollections joins two like siblings that differ only in the
// elements of one collection inside them into the first, holding both
// collections' elements, and deletes the second: Type("a"), Type("b")
// becomes Type("ab"), two writes of a buffer one write, two appends one.
// A property on what the steps did in all takes the one step as it took
// the two, where deleting either step or element alone passes. The joined
// collection is the first's elements, then the second's (with any choice
// before its first element), then the first's stop; where the second has
// no choice before its first element, it is tried with the first's stop
// set to its largest value between them (the "one more?" of a collection
// whose first element needs none) and with nothing between them (text,
// whose characters go on until a stop). It runs in the last tier.
func joinCollections() *pass {
	derive := func(s *shrinker) []collectionJoin {
		spans := s.out.Spans
		var joins []collectionJoin
		for i, sp := range spans {
			if sp.Start >= len(s.best) {
				continue
			}
			// The next sibling, if it has the same label.
			j := i + 1
			for j < len(spans) && (spans[j].Parent != sp.Parent || spans[j].Start < sp.End) {
				j++
			}
			if j >= len(spans) || spans[j].Label != sp.Label || spans[j].Start >= len(s.best) {
				continue
			}
			ca, _, la, okA := collectionIn(spans, i)
			cb, fb, lb, okB := collectionIn(spans, j)
			if !okA || !okB || spans[ca].Label != spans[cb].Label {
				continue
			}
			b := padTo(slices.Clone(s.best), spans[j].End)
			// Alike outside the collections.
			if !bytes.Equal(b[sp.Start:spans[ca].Start], b[spans[j].Start:spans[cb].Start]) ||
				!bytes.Equal(b[spans[ca].End:sp.End], b[spans[cb].End:spans[j].End]) {
				continue
			}
			joins = append(joins, collectionJoin{a: i, b: j, ca: ca, cb: cb, lastA: la, firstB: fb, lastB: lb})
		}
		return joins
	}
	return stepPass("join collections", 2, derive, func(s *shrinker, m collectionJoin) ([]byte, func(bool, *Outcome)) {
		spans := s.out.Spans
		la, fb, lb := m.lastA, m.firstB, m.lastB
		b := padTo(slices.Clone(s.best), spans[m.b].End)
		ca, cb := spans[m.ca], spans[m.cb]
		join := func(between []byte) []byte {
			elems := slices.Concat(b[ca.Start:spans[la].End], between, b[cb.Start:spans[lb].End], b[spans[la].End:ca.End])
			cand := splice(b, spans[m.b].Start, spans[m.b].End, nil)
			return splice(cand, ca.Start, ca.End, elems)
		}
		if cb.Start < spans[fb].Start {
			return join(nil), nil // the second's first element has its own "one more?"
		}
		// The first's stop at its largest, then nothing between.
		k, found := s.firstChoiceFrom(spans[la].End)
		if !found {
			return join(nil), nil
		}
		stop := s.choices[k]
		more := join(stop.Encode(stop.Max))
		return more, func(kept bool, _ *Outcome) {
			if !kept {
				s.consider(join(nil))
			}
		}
	})
}
