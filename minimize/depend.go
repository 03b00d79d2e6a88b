package minimize

import (
	"bytes"
	"slices"
	"sort"
)

// This file holds what the reducer does for targets whose later draws
// depend on earlier ones: the gate's retries, and the retries of
// deletions and lifts whose later draws a count or a depth sized.

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
	re, _ := s.keepLaterValuesGrown(cand, out, skipGrown)
	return re
}

// growth says what realignGrown does with a choice whose range grew.
type growth int

const (
	skipGrown   growth = iota // give up on the candidate
	keepFromTop               // keep its distance from the range's top: the range grew at its bottom
)

// keepLaterValuesGrown is keepLaterValues that re-encodes the choices
// whose ranges grew as grow says; with skipGrown it reports whether it
// gave up on such a range.
func (s *shrinker) keepLaterValuesGrown(cand []byte, out *Outcome, grow growth) (re []byte, grew bool) {
	if out == nil || len(out.Choices) == 0 {
		return nil, false
	}
	e := editOf(s.best, cand)
	return s.realignGrown(cand, out, e.end, -e.shift, grow)
}

// edit describes how one input differs from another in one place: from's
// bytes [start, end) became the candidate's [start, end+shift), and the
// bytes before and after are the same.
type edit struct{ start, end, shift int }

// editOf returns the edit that makes to from from: their common prefix
// and suffix kept, the rest replaced.
func editOf(from, to []byte) edit {
	p := 0
	for p < min(len(from), len(to)) && from[p] == to[p] {
		p++
	}
	q := 0 // not overlapping the prefix
	for q < min(len(from), len(to))-p && from[len(from)-1-q] == to[len(to)-1-q] {
		q++
	}
	return edit{p, len(from) - q, len(to) - len(from)}
}

// realign is keepLaterValues for a candidate whose change to the best
// input ends at changedEnd and moved the choices after it shift bytes
// earlier.
func (s *shrinker) realign(cand []byte, out *Outcome, changedEnd, shift int) []byte {
	re, _ := s.realignGrown(cand, out, changedEnd, shift, skipGrown)
	return re
}

// realignGrown is realign that re-encodes the choices whose ranges grew
// as grow says; with skipGrown it reports whether it gave up on such a
// range.
func (s *shrinker) realignGrown(cand []byte, out *Outcome, changedEnd, shift int, grow growth) (_ []byte, grew bool) {
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
			return splice(res, off, min(off+c.Width, len(res)), nil), false
		case now < before:
			// A draw that read nothing before c reads bytes now: give it
			// its simplest value, so c and the rest keep theirs.
			i, found := choiceFrom(out.Choices, off)
			if !found {
				return nil, false
			}
			if res == nil {
				res = slices.Clone(cand)
			}
			return splice(padTo(res, off), off, off, make([]byte, out.Choices[i].Width)), false
		}
		i, found := choiceFrom(out.Choices, off)
		if !found || out.Choices[i].Width != c.Width {
			break // misaligned from here on
		}
		to := out.Choices[i]
		if to.Max == c.Max && to.Below == c.Below {
			continue
		}
		if to.Max > c.Max && grow == skipGrown {
			// A range that grew: the candidate raised a bound (a budget
			// left over), and the values it reads anew are most often
			// no loss. Retrying those at once cost 7% more runs on
			// shrinkbench's parser and reached no other minimum; they
			// wait for keepGrownValues, once the other passes are stuck.
			return nil, true
		}
		neg, mag := c.signed(c.Index(old))
		idx, ok := to.unsigned(neg, mag)
		if !ok {
			idx = min(c.Index(old), to.Max)
		}
		if to.Max > c.Max {
			if c.Below > 0 || to.Below > 0 {
				return nil, false
			}
			// A range from a lowered bound up to a fixed top (a
			// range's high end drawn from its low end): the same value
			// lies as far from the new top as from the old.
			idx = to.Max - (c.Max - c.Index(old))
		}
		if res == nil {
			res = slices.Clone(cand)
		}
		res = padTo(res, to.End())
		copy(res[off:], to.Encode(idx))
	}
	return res, false
}

// maxRealign is how many times settle retries a trial with its later
// values kept: each retry's run shows the next place where later
// choices read other values (a range narrowed, then a choice gone).
const maxRealign = 2

// settle judges a trial that ran and, if it was not kept, retries it:
// for plain bytes, with the checksums of the regions it changed
// recomputed (repairChecksums); then with the later values kept
// (keepLaterValues, again on the retry's own run), then, for a lowered
// count, with an element of its loop deleted (dropLoopUnits), then with
// its change made in lockstep in identical spans (mirrorIntoTwins). It
// reports whether the trial or its retry became the new best.
func (s *shrinker) settle(t *trial) bool {
	if s.judge(t) {
		return true
	}
	if !t.ran || s.retrying {
		return false
	}
	s.retrying = true
	defer func() { s.retrying = false }()
	if re := s.repairChecksums(t.input); re != nil {
		if kept, _ := s.consider(re); kept {
			return true
		}
	}
	cand, out := t.input, &t.out
	for k := range maxRealign {
		re, grew := s.keepLaterValuesGrown(cand, out, skipGrown)
		if grew && k == 0 {
			s.noteGrown(cand, out)
		}
		if cand = re; cand == nil {
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

// deleteWithLoopUnits retries the deletion of spans[i], the region
// [a, b) of old, whose run (out) drew d choices fewer than the region
// holds, 0 < d <= maxLoopUnit, where the span is an element of a
// collection (it has a sibling of its label) and the collection's other
// elements read as before, with d more choices deleted after the
// collection: the deleted element sized a later loop that
// the target writes by hand, a choice or a few for each element (a
// string, then a choice for each of its characters; names, then a flag
// for each), which then ran one element short and read on into what
// follows it. It tries the loop's element at the deleted element's place
// among its siblings, counting from the end of their collection, then
// the nearest runs of d choices at their simplest from there
// (simplestRuns), as dropLoopUnits does for a lowered count.
func (s *shrinker) deleteWithLoopUnits(old []byte, spans []Span, choices []Choice, i, a, b int, out *Outcome) bool {
	if out == nil || !bytes.Equal(old, s.best) {
		return false
	}
	after := func(off int) int {
		return sort.Search(len(choices), func(k int) bool { return choices[k].Offset >= off })
	}
	d := len(choices) - len(out.Choices) - (after(b) - after(a))
	if d <= 0 || d > maxLoopUnit {
		return false
	}
	// An element of a collection: a span with a parent and a sibling of
	// its label.
	p, like := spans[i].Parent, sameLabelSiblings(spans, i)
	if p < 0 || len(like) < 2 {
		return false
	}
	place := slices.Index(like, i)
	from := spans[p].End
	// The rest of the collection must have read as before: a deletion
	// that misaligned it drew another number of choices for that.
	for _, c := range choices[after(b):after(from)] {
		j, found := choiceFrom(out.Choices, c.Offset-(b-a))
		if !found || out.Choices[j].shape() != c.shape() {
			return false
		}
	}
	k := after(from)
	var units [][2]int
	if j := k + place*d; j+d <= len(choices) && choices[j].Offset < len(old) {
		units = append(units, [2]int{choices[j].Offset, choices[j+d-1].End()})
	}
	for _, w := range s.simplestRuns(k, d) {
		if !slices.Contains(units, w) {
			units = append(units, w)
		}
	}
	for _, w := range units {
		if kept, _ := s.consider(splice(splice(old, w[0], min(w[1], len(old)), nil), a, b, nil)); kept {
			return true
		}
	}
	return false
}

// liftUnbounded returns old with spans[d], the region [da, db), put in
// place of the region [a, b) of one of its ancestors of its label, and a
// zero choice inserted before each span of its subtree at the deepest
// level of that label in the whole input; nil if there is none. A
// generator that bounds its depth by hand (if depth == 0 || !coin() {
// leaf }) draws no coin at its last level, so a subtree moved up a level
// reads its deepest leaves' bytes as coins: the zero gives each of them
// the coin it now draws first, at its simplest (a leaf), and the rest
// reads as before.
func liftUnbounded(old []byte, spans []Span, choices []Choice, d, a, b int) []byte {
	label := spans[d].Label
	depth := func(j int) int {
		n := 0
		for p := spans[j].Parent; p >= 0; p = spans[p].Parent {
			if spans[p].Label == label {
				n++
			}
		}
		return n
	}
	deepest := 0
	for j, sp := range spans {
		if sp.Label == label {
			deepest = max(deepest, depth(j))
		}
	}
	k, found := slices.BinarySearchFunc(choices, spans[d].Start, func(c Choice, off int) int { return c.Offset - off })
	if !found {
		return nil
	}
	coin := make([]byte, choices[k].Width) // the width of the coin d itself opens with
	da, db := spans[d].Start, min(spans[d].End, len(old))
	var at []int // where the deepest spans start, in d's bytes
	for j := d; j < len(spans); j++ {
		sp := spans[j]
		if sp.Start >= db || sp.Start < da || sp.End > spans[d].End {
			continue
		}
		if sp.Label == label && depth(j) == deepest {
			at = append(at, sp.Start-da)
		}
	}
	if len(at) == 0 {
		return nil
	}
	moved := slices.Clone(old[da:db])
	for n := len(at) - 1; n >= 0; n-- {
		moved = splice(moved, at[n], at[n], coin)
	}
	return splice(old, a, b, moved)
}

// maxGrown bounds the candidates noteGrown keeps for one best input.
const maxGrown = 32

// grownTrial is a candidate the gate did not keep, under which later
// ranges grew, with its run's outcome, for keepGrownValues.
type grownTrial struct {
	version int // the best input's version it was made against
	cand    []byte
	out     Outcome
}

// noteGrown keeps cand, which ran with outcome out against the current
// best input and was not kept, for keepGrownValues, if it lowered one
// value and a later range grew by as much as that value went down (a
// range from that value up): the first maxGrown such candidates of each
// best input.
func (s *shrinker) noteGrown(cand []byte, out *Outcome) {
	if len(s.grown) > 0 && s.grown[0].version != s.version {
		s.grown = s.grown[:0]
	}
	if len(s.grown) >= maxGrown || len(cand) != len(s.best) {
		return
	}
	e := editOf(s.best, cand)
	k, found := s.firstChoiceFrom(e.start)
	if !found || s.choices[k].Offset > e.start || s.choices[k].End() < e.end {
		return // not one choice changed
	}
	c := s.choices[k]
	i, found := choiceFrom(out.Choices, c.Offset)
	if !found || out.Choices[i].shape() != c.shape() {
		return
	}
	was, now := c.Index(s.best), c.Index(cand)
	if now >= was {
		return
	}
	for j := k + 1; j < len(s.choices) && i+j-k < len(out.Choices); j++ {
		from, to := s.choices[j], out.Choices[i+j-k]
		if from.Offset != to.Offset || from.Width != to.Width {
			return // misaligned from here on
		}
		if to.Max > from.Max && to.Max-from.Max == was-now && from.Index(s.best) > 0 {
			s.grown = append(s.grown, grownTrial{s.version, slices.Clone(cand), *out})
			return
		}
	}
}

// keepGrownValues retries the candidates that lowered one value and
// under which a later range grew by as much, once the cheaper tiers are
// stuck, with the later values kept as far from their ranges' tops as
// before. Lowering a value that a later draw's range starts from (the
// low end of a range, then its high end drawn from there up) widens the
// later range at its bottom, and the later value's bytes then read
// another value: the change the candidate meant is lost. The gate does
// not retry those at once (see realignGrown): most candidates under
// which a range grew lower a budget whose later values are no loss.
func keepGrownValues() *pass {
	// Not a stepPass: its items are noted while other passes run on the
	// same best input, after a derived list would have been cached
	// (growing).
	return &pass{
		name:    "keep grown values",
		tier:    2,
		growing: true,
		count: func(s *shrinker) int {
			if len(s.grown) == 0 || s.grown[0].version != s.version {
				return 0
			}
			return len(s.grown)
		},
		plan: func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
			if i >= len(s.grown) || s.grown[i].version != s.version {
				return nil, nil
			}
			g := s.grown[i]
			re, _ := s.keepLaterValuesGrown(g.cand, &g.out, keepFromTop)
			return re, nil
		},
	}
}
