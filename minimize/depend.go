package minimize

import (
	"bytes"
	"slices"
)

// This file holds what the gate does for targets whose later draws depend
// on earlier ones.

// keepLaterValues returns cand, a candidate that ran with outcome out and
// was not kept, with the choices after the region it changed re-encoded
// to hold the values they held in the best input, or nil if no choice
// needs it. A draw whose range depends on an earlier draw (the endpoints
// of edges drawn from IntRange(0, n-1) once n is drawn, the dependencies
// of a task drawn from the tasks before it) reads other values from the
// same bytes once the earlier draw is lowered or deleted, because a
// bounded draw scales its bytes to its range: the change the candidate
// meant is lost in changes to every later value. The candidate's own
// outcome shows the new ranges, so each later choice that kept its place
// (shifted by what the candidate removed) and width but changed range is
// re-encoded to hold its old value, its sign and distance from the shrink
// point, or the nearest the new range allows. Only narrowed ranges are
// re-encoded: a candidate under which some later range grew gets none.
// A range that narrows to one value reads no bytes, and one that grows
// from one value starts to: the outcomes' Constants show where, and the
// retry deletes the vanished choice's bytes, or puts zero bytes where a
// draw reads anew, so that the choices after it read what they read
// before. MacIver and Donaldson's Hypothesis keeps a later value where it
// still fits; Kuang et al.'s GReduce re-executes the generator aligned
// with the reduced trace. Targets without such dependencies never pay for
// a retry.
func (s *shrinker) keepLaterValues(cand []byte, out *Outcome) []byte {
	if out == nil || len(out.Choices) == 0 {
		return nil
	}
	old := s.best
	p := 0 // the common prefix
	for p < min(len(old), len(cand)) && old[p] == cand[p] {
		p++
	}
	q := 0 // the common suffix, not overlapping the prefix
	for q < min(len(old), len(cand))-p && old[len(old)-1-q] == cand[len(cand)-1-q] {
		q++
	}
	return s.realign(cand, out, len(old)-q, len(old)-len(cand))
}

// realign is keepLaterValues for a candidate whose change to the best
// input ends at changedEnd and moved the choices after it shift bytes
// earlier.
func (s *shrinker) realign(cand []byte, out *Outcome, changedEnd, shift int) []byte {
	old := s.best
	var res []byte
	for _, c := range s.choices {
		if c.Offset < changedEnd {
			continue
		}
		if c.Offset >= len(old) {
			break
		}
		off := c.Offset - shift
		switch before, now := count(s.out.Constants, c.Offset), count(out.Constants, off); {
		case now > before:
			// A range before c, or c's own, holds one value in the
			// candidate and reads nothing: take it to be c, gone, and
			// let the choices after it read their own bytes again.
			if res == nil {
				res = slices.Clone(cand)
			}
			return splice(res, off, min(off+c.Width, len(res)), nil)
		case now < before:
			// A draw that read nothing before c reads bytes now: give it
			// its simplest value, so c and the rest keep theirs.
			i, found := slices.BinarySearchFunc(out.Choices, off, func(x Choice, off int) int { return x.Offset - off })
			if !found {
				return nil
			}
			if res == nil {
				res = slices.Clone(cand)
			}
			return splice(padTo(res, off), off, off, make([]byte, out.Choices[i].Width))
		}
		i, found := slices.BinarySearchFunc(out.Choices, off, func(x Choice, off int) int { return x.Offset - off })
		if !found || out.Choices[i].Width != c.Width {
			break // misaligned from here on
		}
		to := out.Choices[i]
		if to.Max == c.Max && to.Below == c.Below {
			continue
		}
		if to.Max > c.Max {
			// A range that grew: the candidate raised a bound (a budget
			// left over), and the values it reads anew are no loss.
			// Retrying those cost 7% more runs on shrinkbench's
			// parser and reached no other minimum.
			return nil
		}
		neg, mag := c.signed(c.Index(old))
		idx, ok := to.unsigned(neg, mag)
		if !ok {
			idx = min(c.Index(old), to.Max)
		}
		if res == nil {
			res = slices.Clone(cand)
		}
		res = padTo(res, to.End())
		copy(res[off:], to.Encode(idx))
	}
	return res
}

// maxRealign is how many times settle retries a trial with its later
// values kept: each retry's run shows the next place where later
// choices read other values (a range narrowed, then a choice gone).
const maxRealign = 2

// settle judges a trial that ran and, if it was not kept, retries it
// with the later values kept (keepLaterValues, again on the retry's own
// run), then, for a lowered count, with an element of its loop deleted
// (dropLoopUnits), then with its change made
// in lockstep in identical spans (mirrorIntoTwins). It reports whether the
// trial or its retry became the new best.
func (s *shrinker) settle(t *trial) bool {
	if s.judge(t) {
		return true
	}
	if !t.ran || s.retrying {
		return false
	}
	s.retrying = true
	defer func() { s.retrying = false }()
	cand, out := t.input, &t.out
	for range maxRealign {
		if cand = s.keepLaterValues(cand, out); cand == nil {
			break
		}
		kept, o := s.consider(cand)
		if kept {
			return true
		}
		if o == nil {
			break
		}
		out = o
	}
	for _, re := range s.dropLoopUnits(t.input, &t.out) {
		if kept, _ := s.consider(re); kept {
			return true
		}
	}
	for _, re := range s.mirrorIntoTwins(t.input) {
		if kept, _ := s.consider(re); kept {
			return true
		}
	}
	return false
}

// count returns how many times x occurs in the sorted offsets.
func count(offsets []int, x int) int {
	i, _ := slices.BinarySearch(offsets, x)
	n := 0
	for i+n < len(offsets) && offsets[i+n] == x {
		n++
	}
	return n
}

// maxLoopUnit bounds how many choices fewer a run with one value lowered
// may draw for dropLoopUnits to take the value for a loop's count: a few
// elements of a few values each.
const maxLoopUnit = 8

// maxLoopUnitTries is how many places dropLoopUnits tries for the
// elements it deletes.
const maxLoopUnitTries = 3

// dropLoopUnits returns retries of cand, a candidate that lowered one
// value of the best input and ran with outcome out, not kept, drawing d
// choices fewer than the best input's run, 0 < d <= maxLoopUnit: cand
// with d consecutive choices that are all at their simplest deleted,
// from the nearest such places after the value (at most
// maxLoopUnitTries). The lowered value is taken to be the count of a
// loop that the target writes by hand (a number of rows, then the rows'
// cells in two loops; a number of records, then their fields), whose
// elements no span groups, so the structural passes see no element to
// delete: lowering the count alone drops the last element and re-reads
// what follows it, and deleting an element alone leaves the loop one
// element short, reading on into what follows. Lowering the count and
// deleting an element that reduction has already made simplest, in one
// candidate, drops that element instead. The run of the lowered count
// shows how many choices an element holds.
func (s *shrinker) dropLoopUnits(cand []byte, out *Outcome) [][]byte {
	d := len(s.choices) - len(out.Choices)
	if d <= 0 || d > maxLoopUnit || len(cand) == 0 {
		return nil
	}
	old := s.best
	p := 0 // the first byte that differs
	for p < min(len(old), len(cand)) && old[p] == cand[p] {
		p++
	}
	k, ok := s.firstChoiceFrom(p)
	if !ok || s.choices[k].Offset > p {
		k--
	}
	if k < 0 || k >= len(s.choices) {
		return nil
	}
	c := s.choices[k]
	n := max(len(old), len(cand), c.End())
	if c.Offset > p || c.End() <= p || c.Index(cand) >= c.Index(old) || !bytes.Equal(padTo(slices.Clone(cand), n)[c.End():], padTo(slices.Clone(old), n)[c.End():]) {
		return nil // not one value lowered
	}
	var retries [][]byte
	for _, w := range s.simplestRuns(k+1, d) {
		if w[0] >= len(cand) {
			break // zeros to the end: the candidate already reads them so
		}
		retries = append(retries, splice(cand, w[0], min(w[1], len(cand)), nil))
	}
	return retries
}

// simplestRuns returns the regions of the best input, at most
// maxLoopUnitTries of them, nearest first, that hold d consecutive
// choices at index 0 from choice k on, without overlapping: the
// elements of a loop that reduction has made simplest.
func (s *shrinker) simplestRuns(k, d int) [][2]int {
	var runs [][2]int
	zeros := 0 // simplest choices in a row, ending at j
	for j := k; j < len(s.choices) && len(runs) < maxLoopUnitTries; j++ {
		if s.choices[j].Offset >= len(s.best) {
			break
		}
		if s.choices[j].Index(s.best) != 0 {
			zeros = 0
			continue
		}
		if zeros++; zeros == d {
			runs = append(runs, [2]int{s.choices[j-d+1].Offset, s.choices[j].End()})
			zeros = 0
		}
	}
	return runs
}
