package minimize

import "slices"

// This file holds helpers on byte regions and on the span tree that the
// passes share.

// padTo returns b extended with zero bytes to at least n bytes: the
// bytes a run reads past the end of its input.
func padTo(b []byte, n int) []byte {
	return append(b, make([]byte, max(0, n-len(b)))...)
}

// splice returns a new slice: b with b[start:end] replaced by repl.
func splice(b []byte, start, end int, repl []byte) []byte {
	out := make([]byte, 0, len(b)-(end-start)+len(repl))
	out = append(out, b[:start]...)
	out = append(out, repl...)
	return append(out, b[end:]...)
}

// spliceWith returns a new slice: b with choice c set to index i and
// b[start:end], a region before c or after it, deleted.
func spliceWith(b []byte, c Choice, i uint64, start, end int) []byte {
	set := slices.Clone(b)
	copy(set[c.Offset:], c.Encode(i))
	return splice(set, start, end, nil)
}

// clip limits the region [start, end) to the best input: bytes past its
// end are zeros that are not there.
func (s *shrinker) clip(start, end int) (int, int) {
	n := len(s.best)
	return min(max(start, 0), n), min(max(end, 0), n)
}

// emptySlot reports whether span i, the region [a, b) of old, is an empty
// slot: its bytes are all zero and no span of its label lies inside it.
func emptySlot(old []byte, spans []Span, i, a, b int) bool {
	return isZero(old[a:b]) && len(labelDescendants(spans, i)) == 0
}

// sameLabelSiblings returns the indices of the spans sharing span i's
// parent and label, i among them, in order.
func sameLabelSiblings(spans []Span, i int) []int {
	var same []int
	for _, j := range siblings(spans, i) {
		if spans[j].Label == spans[i].Label {
			same = append(same, j)
		}
	}
	return same
}

// labelChildren returns the indices of span j's children that have its
// label and cover some bytes, in order.
func labelChildren(spans []Span, j int) []int {
	var kids []int
	for k, sp := range spans {
		if sp.Parent == j && sp.Label == spans[j].Label && sp.Start < sp.End {
			kids = append(kids, k)
		}
	}
	return kids
}

// labelDescendants returns the indices of the spans inside span i that
// have its label. Spans are recorded in the order they start, parents
// first, so they follow i.
func labelDescendants(spans []Span, i int) []int {
	var in []int
	for k := i + 1; k < len(spans) && spans[k].Start < spans[i].End; k++ {
		if spans[k].Label == spans[i].Label {
			in = append(in, k)
		}
	}
	return in
}

// reverseSpans returns base with the spans g (in order, not overlapping,
// inside base) in reverse order.
func reverseSpans(base []byte, spans []Span, g []int) []byte {
	contents := make([][]byte, len(g))
	for m, k := range g {
		contents[len(g)-1-m] = base[spans[k].Start:spans[k].End]
	}
	return arrangeSpans(base, spans, g, contents)
}

// arrangeSpans returns base with the spans g (in order, not overlapping,
// inside base) holding contents instead, in order.
func arrangeSpans(base []byte, spans []Span, g []int, contents [][]byte) []byte {
	var out []byte
	at := 0
	for k, i := range g {
		out = append(out, base[at:spans[i].Start]...)
		out = append(out, contents[k]...)
		at = spans[i].End
	}
	return append(out, base[at:]...)
}

// siblings returns the indices of the spans sharing span i's parent, in
// order.
func siblings(spans []Span, i int) []int {
	var sib []int
	for j, sp := range spans {
		if sp.Parent == spans[i].Parent {
			sib = append(sib, j)
		}
	}
	return sib
}

// spanRegion returns span i of the best input's outcome and the region of
// the best input it covers, or ok false if there is no such span or it
// covers none of the input.
func (s *shrinker) spanRegion(i int) (sp Span, a, b int, ok bool) {
	if i >= len(s.out.Spans) {
		return sp, 0, 0, false
	}
	sp = s.out.Spans[i]
	a, b = s.clip(sp.Start, sp.End)
	return sp, a, b, a < b
}

func isZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// choicesInInput returns how many choices start inside the best input;
// choices are in offset order, so they are its first ones.
func (s *shrinker) choicesInInput() int {
	n := 0
	for n < len(s.choices) && s.choices[n].Offset < len(s.best) {
		n++
	}
	return n
}

// spanRegions returns the regions [Start, End) that spans cover.
func spanRegions(spans []Span) map[[2]int]bool {
	regions := make(map[[2]int]bool, len(spans))
	for _, sp := range spans {
		regions[[2]int{sp.Start, sp.End}] = true
	}
	return regions
}

// siblingKey is a span's parent and label: the spans that share one are
// siblings of one label (the elements of a collection, the steps of a
// Repeat, the operands of an expression).
type siblingKey struct {
	parent int
	label  string
}

// likeSiblingCounts counts the spans of each parent and label.
func likeSiblingCounts(spans []Span) map[siblingKey]int {
	n := make(map[siblingKey]int, len(spans))
	for _, sp := range spans {
		n[siblingKey{sp.Parent, sp.Label}]++
	}
	return n
}
