package minimize

import (
	"cmp"
	"slices"
)

// This file holds the passes that take another alternative of a draw
// where it draws less.

// maxBranchIndex bounds the indices of the choices switchBranch raises:
// a coin, or a choice among a few alternatives (a OneOf's), not an
// amount.
const maxBranchIndex = 15

// switchBranch takes a later alternative of a draw where it draws less:
// the choice just before a span's last child (the coin or index that
// chose what the child draws) one higher, or else at its largest, with
// the child deleted; or else at each later index with the child cut to
// its first parts (spans of distinct labels), longest first. The input is shorter though the
// choice is higher: an operand drawn as a literal after a "variable?"
// coin becomes the variable, a OneOf's branch that draws a value one that
// draws none, an action that draws a key and a value one that draws the
// key alone (Put(k, v) becomes Get(k)). A
// choice that opens a span with siblings of its label is left out (a
// collection's "one more?" flag), and so is a last child with such
// siblings (an element): deleting elements is the deletion passes' job.
func switchBranch() *pass {
	derive := func(s *shrinker) [][3]int {
		spans := s.out.Spans
		like := likeSiblingCounts(spans)
		hasLike := func(i int) bool { return like[siblingKey{spans[i].Parent, spans[i].Label}] > 1 }
		flags := s.branchOpeners()
		last := map[int]int{} // a span's last child
		for i, sp := range spans {
			if sp.Parent >= 0 {
				last[sp.Parent] = i
			}
		}
		var items [][3]int // the choice, the span, its last child
		for p, l := range last {
			child := spans[l]
			if child.Start >= len(s.best) || child.End <= child.Start || hasLike(l) {
				continue // past the end, empty, or an element of a collection
			}
			k, _ := s.firstChoiceFrom(child.Start)
			if k == 0 {
				continue
			}
			c := s.choices[k-1]
			if c.Offset < spans[p].Start || c.End() > child.Start || c.Max > maxBranchIndex || c.Index(s.best) == c.Max {
				continue
			}
			if c.Offset == spans[p].Start && flags[c.Offset] {
				continue // an element's "one more?" flag
			}
			items = append(items, [3]int{k - 1, p, l})
		}
		slices.SortFunc(items, func(a, b [3]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) }) // the map's order is random
		return items
	}
	return stepPass("switch branch", 2, derive, func(s *shrinker, item [3]int) ([]byte, func(bool, *Outcome)) {
		c, old, spans := s.choices[item[0]], s.best, s.out.Spans
		_, end := s.clip(0, spans[item[1]].End)
		v := c.Index(old)
		to := func(x uint64, from int) []byte {
			cand := splice(old, from, end, nil)
			copy(cand[c.Offset:], c.Encode(x))
			return cand
		}
		return to(v+1, c.End()), func(kept bool, _ *Outcome) {
			if !kept && c.Max > v+1 {
				kept, _ = s.consider(to(c.Max, c.End()))
			}
			// The child's first parts kept: an alternative that reads
			// fewer of the same values (Put(k, v) becomes Get(k)). Parts
			// of one label are a collection's elements, which the deletion
			// passes take.
			var ends []int // where the child's first 1, 2, ... parts end
			labels := map[string]bool{}
			for _, sp := range spans[item[2]+1:] {
				if sp.Start >= spans[item[2]].End {
					break
				}
				if sp.Parent != item[2] {
					continue
				}
				if labels[sp.Label] {
					return
				}
				labels[sp.Label] = true
				if sp.End < spans[item[2]].End && sp.End <= len(old) {
					ends = append(ends, sp.End)
				}
			}
			tries := 0
			for k := len(ends) - 1; k >= 0 && !kept; k-- {
				for x := v + 1; x <= c.Max && !kept && tries < maxPrefixSwitches; x++ {
					kept, _ = s.consider(to(x, ends[k]))
					tries++
				}
			}
		}
	})
}

// maxPrefixSwitches bounds the further candidates a branch pass makes
// per choice: switchBranch's that keep the first parts of the child it
// cuts, and switchBranchPast's earlier alternatives.
const maxPrefixSwitches = 8

// branchOpeners returns the offsets of the choices that open a span with
// siblings of its label, or else a span that holds the opener and then a
// child, and that a choice of the opener's shape follows bare in its
// parent: a collection's "one more?" flags, which stop or go on rather
// than choose among alternatives. The second form is a loop of one
// iteration: the flag that went on, the element's value, and the flag
// that stopped, which opens no span. (A choice that is both the flag and
// the element's first value, as a character's first byte can be, is
// followed by no child.)
func (s *shrinker) branchOpeners() map[int]bool {
	spans := s.out.Spans
	like := likeSiblingCounts(spans)
	starts := map[int]bool{}     // where a non-empty span starts
	childAt := map[[2]int]bool{} // a span, and where one of its children starts
	for _, sp := range spans {
		if sp.End > sp.Start {
			starts[sp.Start] = true
			childAt[[2]int{sp.Parent, sp.Start}] = true
		}
	}
	at := func(off int) (Choice, bool) {
		k, ok := s.firstChoiceFrom(off)
		if !ok {
			return Choice{}, false
		}
		return s.choices[k], true
	}
	open := map[int]bool{}
	for i, sp := range spans {
		if like[siblingKey{sp.Parent, sp.Label}] > 1 {
			open[sp.Start] = true
			continue
		}
		if sp.Parent < 0 || sp.End >= spans[sp.Parent].End || starts[sp.End] {
			continue
		}
		first, ok := at(sp.Start)
		stop, ok2 := at(sp.End)
		if ok && ok2 && first.shape() == stop.shape() && childAt[[2]int{i, first.End()}] {
			open[sp.Start] = true
		}
	}
	return open
}

// switchBranchPast takes an earlier alternative of a draw with the value
// drawn just after it deleted: the alternative then reads what followed
// that value, one value sooner. A let that names a variable before its
// two parts becomes a sum of the parts (let x = a in b becomes a + b), an
// insert at a position before its value an append of the value. The
// choice is one among a few alternatives (at most maxBranchIndex), not a
// collection's flag. Lowering the choice alone reads the deleted value as
// the first part, and deleting the value alone reads the first part as
// the value; where other routes exist the earlier passes take them, so
// this runs in the last tier.
func switchBranchPast() *pass {
	derive := func(s *shrinker) []int {
		flags := s.branchOpeners()
		var items []int
		for i := 0; i+1 < s.choicesInInput(); i++ {
			c := s.choices[i]
			if c.Max <= maxBranchIndex && c.Index(s.best) > 0 && !flags[c.Offset] && s.choices[i+1].Offset < len(s.best) {
				items = append(items, i)
			}
		}
		return items
	}
	return stepPass("switch branch past a value", lastTier, derive, func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
		c, next, old := s.choices[i], s.choices[i+1], s.best
		v := c.Index(old)
		to := func(w uint64) []byte { return spliceWith(old, c, w, next.Offset, min(next.End(), len(old))) }
		var others []uint64 // the earlier alternatives
		for w := uint64(0); w < v && len(others) < maxPrefixSwitches; w++ {
			others = append(others, w)
		}
		return to(others[0]), func(kept bool, _ *Outcome) {
			for _, w := range others[1:] {
				if kept {
					return
				}
				kept, _ = s.consider(to(w))
			}
		}
	})
}
