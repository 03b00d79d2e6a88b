package minimize

import "slices"

// This file holds the gate's second retry: a change that must be made in
// several identical places at once.

// mirrorIntoTwins returns cand, a candidate that ran and was not kept,
// with the change it made to the best input made also in every twin of
// the largest span around the change: a span with the same label and
// the same bytes (zeros past the input's end included), disjoint from it.
// A property that compares two parts of its input (two equal strings, a
// list and its copy, the same subtree twice) rejects every change made to
// one copy alone, so no single edit shrinks them; made in lockstep, each
// edit the passes plan for one copy (delete a rune, lower a value,
// replace a subtree) shrinks them all. The largest span is the one whose
// twins are the likeliest counterparts: inside two equal strings every
// rune '0' has many twins, but the strings have one each, and the change
// lands at the same place in each. It returns nil if no span around the
// change has a twin. MacIver and Donaldson's Hypothesis reducer lowers
// duplicated values together; this does it for any change to duplicated
// spans.
func (s *shrinker) mirrorIntoTwins(cand []byte) [][]byte {
	var cands [][]byte
	if c := s.mirrorSwap(cand); c != nil {
		cands = append(cands, c)
	}
	if c := s.mirrorChange(cand); c != nil {
		cands = append(cands, c)
	}
	return cands
}

// mirrorChange makes the change cand made in every identical twin of the
// largest span around it that has one.
func (s *shrinker) mirrorChange(cand []byte) []byte {
	spans := s.out.Spans
	if len(spans) < 2 {
		return nil
	}
	old := s.bestWithSpans()
	nb := padTo(slices.Clone(cand), len(cand)+len(old)-len(s.best))
	// The change: old[p:oldEnd] became nb[p:newEnd].
	p := 0
	for p < min(len(old), len(nb)) && old[p] == nb[p] {
		p++
	}
	q := 0
	for q < min(len(old), len(nb))-p && old[len(old)-1-q] == nb[len(nb)-1-q] {
		q++
	}
	oldEnd, newEnd := len(old)-q, len(nb)-q
	if p == oldEnd && p == newEnd {
		return nil
	}
	for _, a := range spansAround(spans, p, oldEnd) {
		twins := twinsOf(old, spans, a, true)
		if len(twins) == 0 {
			continue
		}
		at := spans[a]
		repl := nb[p:newEnd]
		from, to := p-at.Start, oldEnd-at.Start
		starts := append(twins, at.Start)
		slices.Sort(starts)
		res := old
		for k := len(starts) - 1; k >= 0; k-- {
			res = splice(res, starts[k]+from, starts[k]+to, repl)
		}
		return s.normalize(res)
	}
	return nil
}

// mirrorSwap makes the exchange of two bytes that cand made in every span
// of the same label and length as the largest span around it that has
// one, whatever their bytes: an exchange is a move, not a value (the same
// column moved in every row of a table). Trailing zeros are free, so a
// candidate shorter than the best may be a swap with a zero that
// normalizing cut off.
func (s *shrinker) mirrorSwap(cand []byte) []byte {
	spans := s.out.Spans
	old := s.bestWithSpans()
	if len(cand) > len(old) {
		return nil
	}
	nb := padTo(slices.Clone(cand), len(old))
	i, j := -1, -1 // the two bytes exchanged
	for k := range old {
		if old[k] == nb[k] {
			continue
		}
		if i < 0 {
			i = k
		} else if j < 0 {
			j = k
		} else {
			return nil
		}
	}
	if j < 0 || old[i] != nb[j] || old[j] != nb[i] {
		return nil
	}
	for _, a := range spansAround(spans, i, j+1) {
		twins := twinsOf(old, spans, a, false)
		if len(twins) == 0 {
			continue
		}
		at := spans[a]
		res := nb
		for _, t := range twins {
			ti, tj := t+i-at.Start, t+j-at.Start
			res[ti], res[tj] = res[tj], res[ti]
		}
		return s.normalize(res)
	}
	return nil
}

// twinsOf returns the starts of the spans with span a's label and length,
// and if same also its bytes in old, disjoint from a and from each other.
func twinsOf(old []byte, spans []Span, a int, same bool) []int {
	at := spans[a]
	body := old[at.Start:at.End]
	var starts []int
	last := -1 // the end of the last twin taken
	for i, sp := range spans {
		if i == a || sp.Label != at.Label || sp.End-sp.Start != len(body) || sp.Start < last {
			continue
		}
		if sp.Start < at.End && at.Start < sp.End {
			continue // overlaps a
		}
		if same && string(old[sp.Start:sp.End]) != string(body) {
			continue
		}
		starts = append(starts, sp.Start)
		last = sp.End
	}
	return starts
}

// bestWithSpans returns a copy of the best input with the zeros its spans
// read past its end.
func (s *shrinker) bestWithSpans() []byte {
	end := len(s.best)
	for _, sp := range s.out.Spans {
		end = max(end, sp.End)
	}
	return padTo(slices.Clone(s.best), end)
}

// spansAround returns the indices of the nonempty spans that hold the
// region [a, b), largest first.
func spansAround(spans []Span, a, b int) []int {
	var around []int
	for i, sp := range spans {
		if sp.Start <= a && b <= sp.End && sp.Start < sp.End {
			around = append(around, i)
		}
	}
	slices.SortStableFunc(around, func(x, y int) int {
		return (spans[y].End - spans[y].Start) - (spans[x].End - spans[x].Start)
	})
	return around
}
