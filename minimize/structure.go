package minimize

import (
	"bytes"
	"slices"
)

// This file holds the passes that change the input's structure: they
// delete spans and choices, replace a span by a part of it or by a
// shorter alternative, and move blocks of choices (sorting siblings is
// in reorder.go).

// removeDiscarded deletes every span the target threw away, such as
// rejected attempts of rejection sampling, all at once.
func removeDiscarded() *pass {
	return &pass{
		name: "remove discarded",
		count: func(s *shrinker) int {
			for _, sp := range s.out.Spans {
				if sp.Discarded && sp.Start < len(s.best) && sp.End > sp.Start {
					return 1
				}
			}
			return 0
		},
		plan: func(s *shrinker, _ int) ([]byte, func(bool, *Outcome)) {
			var out []byte
			at := 0
			for _, sp := range s.out.Spans {
				a, b := s.clip(sp.Start, sp.End)
				if !sp.Discarded || a < at || a >= b {
					continue // not discarded, inside one already cut, or empty
				}
				out = append(out, s.best[at:a]...)
				at = b
			}
			return append(out, s.best[at:]...), nil
		},
	}
}

// deleteMirroringSibling follows up a deletion of span i, the region
// [a, b) of old, that was not kept: a coordinated change, the deletion
// together with the children of the same-label sibling just before i,
// then just after, in reverse order. Where a target combines neighbours
// (a merge, a comparison of subtrees) the one left after a deletion may
// fail only with its parts the other way round. The mirror alone is no
// smaller, so no pass tries it; with the deletion it is. Only the two
// neighbours are tried, so a failed deletion costs at most two more runs.
func (s *shrinker) deleteMirroringSibling(old []byte, spans []Span, i, a, b int) bool {
	same := sameLabelSiblings(spans, i)
	at := slices.Index(same, i)
	for _, n := range []int{at - 1, at + 1} {
		if n < 0 || n >= len(same) || spans[same[n]].Start >= len(old) {
			continue
		}
		j := same[n]
		kids := labelChildren(spans, j)
		if len(kids) < 2 {
			continue
		}
		// The sibling may read past the end of the input (zeros): its
		// children move with what they read there.
		base := padTo(slices.Clone(old), spans[j].End)
		mirrored := reverseSpans(base, spans, kids)
		if bytes.Equal(s.normalize(mirrored), s.normalize(base)) {
			continue
		}
		// Siblings do not overlap, so [a, b) is where it was.
		if kept, _ := s.consider(splice(mirrored, a, b, nil)); kept {
			return true
		}
	}
	return false
}

// deleteMirroringHolder follows up a deletion of an empty slot (see
// emptySlot), span i and the region [a, b) of old, that was not kept: a
// coordinated change, the deletion together with the reversal of the
// children of the span that, in the deletion's own outcome, holds what
// slid into the gap. Deleting a slot moves what follows under a new
// parent, and where the target combines siblings in order the new pair
// may fail only the other way round. A mirrored part may carry bytes its
// old place ignored (draws past a size budget) to the end, so the
// candidate is cut to one byte shorter than the best. Spans holding
// anything are left to deleteMirroringSibling: retrying every deletion
// this way cost runs and reached no other minimum on shrinkbench.
func (s *shrinker) deleteMirroringHolder(old []byte, spans []Span, i, a, b int, out *Outcome) bool {
	if out == nil || !emptySlot(old, spans, i, a, b) {
		return false
	}
	label := spans[i].Label
	k := slices.IndexFunc(out.Spans, func(sp Span) bool { return sp.Start == a && sp.Label == label })
	if k < 0 || out.Spans[k].Parent < 0 {
		return false
	}
	kids := labelChildren(out.Spans, out.Spans[k].Parent)
	if len(kids) < 2 {
		return false
	}
	base := splice(old, a, b, nil)
	base = padTo(base, out.Spans[kids[len(kids)-1]].End)
	cand := s.normalize(reverseSpans(base, out.Spans, kids))
	if len(cand) >= len(s.best) {
		cand = cand[:max(0, len(s.best)-1)]
	}
	kept, _ := s.consider(cand)
	return kept
}

// deleteLoweringSibling follows up a deletion of an empty slot, span i
// and the region [a, b) of old, that was not kept: a coordinated change,
// the deletion together with one of the choices of the same-label sibling
// just before the slot (its own, not those of spans of its label inside
// it) lowered to a smaller value that a choice of the same shape holds
// somewhere in the input. Deleting a slot slides what follows in beside
// that sibling, and where the target relates neighbours' values (an
// order, a bound) the pair may fail only with the sibling's value lowered
// too; values related that way are typically ones the input already
// holds. One run per such value, at most maxLoweredSiblingRuns, so that a
// sibling with many choices (a record with many fields) cannot make every
// failed deletion costly.
func (s *shrinker) deleteLoweringSibling(old []byte, spans []Span, choices []Choice, i, a, b int) bool {
	if !emptySlot(old, spans, i, a, b) {
		return false
	}
	same := sameLabelSiblings(spans, i)
	at := slices.Index(same, i)
	if at == 0 {
		return false
	}
	prev := same[at-1]
	sib := spans[prev]
	// Nested spans of the label hold choices that are not the sibling's own.
	nested := labelDescendants(spans, prev)
	own := func(c Choice) bool {
		return !slices.ContainsFunc(nested, func(k int) bool { return spans[k].Start <= c.Offset && c.End() <= spans[k].End })
	}
	runs := 0
	for k := len(choices) - 1; k >= 0; k-- {
		c := choices[k]
		if c.Offset < sib.Start || c.End() > min(sib.End, len(old)) || !own(c) {
			continue
		}
		cur := c.Index(old)
		var lower []uint64
		for _, o := range choices {
			if o.shape() == c.shape() && o.End() <= len(old) {
				if v := o.Index(old); v < cur {
					lower = append(lower, v)
				}
			}
		}
		slices.Sort(lower)
		for _, v := range slices.Compact(lower) {
			if runs == maxLoweredSiblingRuns {
				return false
			}
			runs++
			cand := slices.Clone(old)
			copy(cand[c.Offset:], c.Encode(v))
			if kept, _ := s.consider(splice(cand, a, b, nil)); kept {
				return true
			}
		}
	}
	return false
}

// maxLoweredSiblingRuns bounds the runs of one deleteLoweringSibling. On
// the benchmarks of tools/shrinkbench it never tries more than five.
const maxLoweredSiblingRuns = 8

// deleteSpans deletes one span: a draw, a collection element, a subtree.
// When that works it grows the deletion over the following siblings and
// then the preceding ones, so deleting n elements of a list costs
// O(log n) runs rather than n. Larger spans go first: one kept deletion
// of a subtree saves the runs that would delete its parts one by one.
func deleteSpans() *pass {
	return &pass{
		name:  "delete span",
		count: func(s *shrinker) int { return len(s.out.Spans) },
		order: func(s *shrinker, queue []int) {
			size := func(i int) int {
				if i >= len(s.out.Spans) {
					return 0
				}
				return s.out.Spans[i].End - s.out.Spans[i].Start
			}
			slices.SortStableFunc(queue, func(i, j int) int { return size(j) - size(i) })
		},
		plan: func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
			_, a, b, ok := s.spanRegion(i)
			if !ok {
				return nil, nil
			}
			old, spans, choices := s.best, s.out.Spans, s.choices
			return splice(old, a, b, nil), func(kept bool, out *Outcome) {
				if !kept {
					kept = s.deleteMirroringSibling(old, spans, i, a, b)
				}
				if !kept {
					kept = s.deleteMirroringHolder(old, spans, i, a, b, out)
				}
				if !kept {
					kept = s.deleteLoweringSibling(old, spans, choices, i, a, b)
				}
				if !kept {
					kept = s.deleteWithLoopUnits(old, spans, choices, i, a, b, out)
				}
				if kept {
					growDeletion(s, old, spans, i, a, b)
				}
			}
		},
	}
}

// growDeletion extends a kept deletion of spans[i], the region [a, b) of
// old, over neighbouring siblings while the result still fails.
func growDeletion(s *shrinker, old []byte, spans []Span, i, a, b int) {
	sib := siblings(spans, i)
	at := slices.Index(sib, i)
	after, before := sib[at+1:], sib[:at]
	end := func(n int) int { return min(spans[after[n-1]].End, len(old)) }
	n := findInteger(func(n int) bool {
		if n > len(after) || end(n) <= b {
			return false
		}
		kept, _ := s.consider(splice(old, a, end(n), nil))
		return kept
	})
	if n > 0 {
		b = end(n)
	}
	start := func(n int) int { return spans[before[len(before)-n]].Start }
	findInteger(func(n int) bool {
		if n > len(before) || start(n) >= a {
			return false
		}
		kept, _ := s.consider(splice(old, start(n), b, nil))
		return kept
	})
}

// zeroSpans replaces a span by zero bytes, its simplest value (MacIver
// and Donaldson, "Test-Case Reduction via Test-Case Generation", figure
// 6). If that is not kept but the zeroed span used fewer bytes, it
// retries with just that many zeros: this collapses a subtree to a leaf.
func zeroSpans() *pass {
	return &pass{
		name:  "zero span",
		count: func(s *shrinker) int { return len(s.out.Spans) },
		plan: func(s *shrinker, i int) ([]byte, func(bool, *Outcome)) {
			sp, a, b, ok := s.spanRegion(i)
			if !ok || isZero(s.best[a:b]) {
				return nil, nil
			}
			old := s.best
			return splice(old, a, b, make([]byte, b-a)), func(kept bool, out *Outcome) {
				if kept || out == nil || i >= len(out.Spans) {
					return
				}
				if got := out.Spans[i]; got.Label == sp.Label && got.Start == sp.Start {
					if w := got.End - got.Start; w >= 0 && w < b-a {
						s.consider(splice(old, a, b, make([]byte, w)))
					}
				}
			}
		},
	}
}

// maxBlock is the largest number of consecutive choices deleted as one
// block by deleteChoiceBlocks. Blocks of three and four cost a sixth of
// the runs on shrinkbench's binheap and parser and found nothing.
const maxBlock = 2

// deleteChoiceBlocks deletes runs of 1 to maxBlock consecutive choices,
// across span boundaries: it merges adjacent lists, drops a flag and the
// value after it, and is the only deletion a target without spans gets.
// A kept deletion is repeated at the same place while it keeps working.
func deleteChoiceBlocks() *pass {
	return &pass{
		name: "delete choices",
		// With spans, deleting spans does most of this pass's work for less;
		// without them it is the only deletion there is.
		tier:              1,
		cheapWithoutSpans: true,
		count:             func(s *shrinker) int { return s.choicesInInput() * maxBlock },
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			n := s.choicesInInput()
			if n == 0 {
				return nil, nil
			}
			j, k := step%n, step/n+1
			if j+k > n || step >= n*maxBlock {
				return nil, nil
			}
			old, choices := s.best, s.choices
			a := choices[j].Offset
			end := func(r int) int { return min(choices[j+r*k-1].End(), len(old)) }
			return splice(old, a, end(1), nil), func(kept bool, out *Outcome) {
				if !kept {
					return
				}
				findInteger(func(r int) bool {
					if j+(r+1)*k > n {
						return false
					}
					kept, _ := s.consider(splice(old, a, end(r+1), nil))
					return kept
				})
			}
		},
	}
}

// replaceWithDescendant replaces a span by one of its descendants with
// the same label: a subtree by one of its subtrees, an expression by one
// of its operands.
func replaceWithDescendant() *pass {
	derive := func(s *shrinker) [][2]int {
		var ps [][2]int
		spans := s.out.Spans
		for d, sp := range spans {
			for a := sp.Parent; a >= 0; a = spans[a].Parent {
				if spans[a].Label == sp.Label && spans[a].Start < len(s.best) && sp.End-sp.Start < spans[a].End-spans[a].Start {
					ps = append(ps, [2]int{a, d})
				}
			}
		}
		return ps
	}
	return stepPass("replace with descendant", 0, derive, func(s *shrinker, pair [2]int) ([]byte, func(bool, *Outcome)) {
		anc, desc := s.out.Spans[pair[0]], s.out.Spans[pair[1]]
		a, b := s.clip(anc.Start, anc.End)
		da, db := s.clip(desc.Start, desc.End)
		old, spans, choices := s.best, s.out.Spans, s.choices
		return splice(old, a, b, old[da:db]), func(kept bool, _ *Outcome) {
			if lifted := liftUnbounded(old, spans, choices, pair[1], a, b); !kept && lifted != nil {
				s.consider(lifted)
			}
		}
	})
}

// pairGaps are the distances between the two choices deleteChoicePairs
// deletes; a distance of 1 is a block of two, deleteChoiceBlocks' job.
// A gap of 3 cost every input a run per choice and, once spans were
// deleted largest first, no shrinkbench input needed it.
var pairGaps = [...]int{2}

// deleteChoicePairs deletes two choices a little apart, leaving what is
// between: a list's stop flag and the next list's element kind, which
// moves the element's value from one list into the other.
func deleteChoicePairs() *pass {
	return &pass{
		name:  "delete choice pairs",
		tier:  1,
		count: func(s *shrinker) int { return s.choicesInInput() * len(pairGaps) },
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			n := s.choicesInInput()
			if n == 0 || step >= n*len(pairGaps) {
				return nil, nil
			}
			j, k := step%n, pairGaps[step/n]
			if j+k >= n {
				return nil, nil
			}
			first, second := s.choices[j], s.choices[j+k]
			cand := splice(s.best, second.Offset, min(second.End(), len(s.best)), nil)
			return splice(cand, first.Offset, first.End(), nil), nil
		},
	}
}

// maxAlignedBlock is the largest block deleteAlignedBlocks deletes, in
// choices: two elements of a list of pairs, one row of three.
const maxAlignedBlock = 8

// alignedBlocks returns the blocks of least to maxAlignedBlock
// consecutive choices of the best input, as the first choice's index and
// the count, that are followed by a choice of their first choice's shape
// and are not exactly one span, shortest first; keep, if set, says which
// to return by the choice that follows the block.
func alignedBlocks(s *shrinker, least int, keep func(next Choice) bool) [][2]int {
	n := s.choicesInInput()
	spans := spanRegions(s.out.Spans)
	var blocks [][2]int
	for k := least; k <= maxAlignedBlock; k++ {
		for j := 0; j+k < n; j++ {
			first, next := s.choices[j], s.choices[j+k]
			if first.shape() != next.shape() || spans[[2]int{first.Offset, next.Offset}] || keep != nil && !keep(next) {
				continue
			}
			blocks = append(blocks, [2]int{j, k})
		}
	}
	return blocks
}

// deleteAlignedBlocks deletes blocks of 3 to maxAlignedBlock consecutive
// choices that are followed by a choice of the same shape as their first,
// so that what follows slides into the block's place and reads as it
// did: two adjacent elements that can only go together (a balanced pair
// of brackets in a string), one row of a grid, a record drawn without a
// span of its own (a flag and the two endpoints of an edge). Single
// deletions cannot reach such a minimum, because each step on its own
// leaves an input that passes, and a deletion is grown only after one
// worked. Blocks that are exactly one span are left to deleteSpans.
func deleteAlignedBlocks() *pass {
	derive := func(s *shrinker) [][2]int { return alignedBlocks(s, 3, nil) }
	return stepPass("delete aligned blocks", 1, derive, func(s *shrinker, b [2]int) ([]byte, func(bool, *Outcome)) {
		first, next := s.choices[b[0]], s.choices[b[0]+b[1]]
		return splice(s.best, first.Offset, min(next.Offset, len(s.best)), nil), nil
	})
}

// maxSiblingRun is the longest run of consecutive siblings that
// deleteSiblingRuns deletes in one candidate, and maxRunAdjusted how many
// later values it lowers, one at a time, with a run whose deletion alone
// is not kept.
const (
	maxSiblingRun  = 4
	maxRunAdjusted = 2
)

// deleteSiblingRuns deletes runs of 2 to maxSiblingRun consecutive
// sibling spans in one candidate: parts that cancel out only together,
// such as the steps of a program that create and release a resource, or
// elements a property needs in matched groups. Every shorter deletion of
// such a run leaves an input that passes, and deleteSpans grows a
// deletion only after a single one worked, so nothing else reaches them.
// Runs of three or more are also tried with the siblings between their
// ends kept: two moves that cancel out with others between them (a step
// right and a step left, sorted apart). A run whose deletion alone is not
// kept is retried with each of the first maxRunAdjusted later values
// above 1 lowered by the run's length: a count or a position after a
// collection that the property needs in step with its length (a rotation
// by k of n elements, deleteAndAdjust's adjustment for one element), and
// then, for siblings of more than one label, or of one label that a
// bound before them counts in groups of the run's length, with each
// bound drawn just before them lowered by one (see boundsBefore): the
// count of a loop whose steps are several draws each.
// It runs in the last tier, when no other pass shrinks the input.
func deleteSiblingRuns() *pass {
	type run struct {
		first, last int  // spans
		n           int  // siblings from first to last
		ends        bool // only first and last
		mixed       bool // the siblings have more than one label
	}
	derive := func(s *shrinker) []run {
		groups := map[int][]int{} // span indices by parent, in order
		var parents []int
		for j, sp := range s.out.Spans {
			if sp.Start >= len(s.best) {
				continue
			}
			if _, ok := groups[sp.Parent]; !ok {
				parents = append(parents, sp.Parent)
			}
			groups[sp.Parent] = append(groups[sp.Parent], j)
		}
		var runs []run
		for _, ends := range []bool{false, true} {
			least := 2 // a run of two has no siblings between its ends
			if ends {
				least = 3
			}
			for k := least; k <= maxSiblingRun; k++ {
				for _, p := range parents {
					sib := groups[p]
					for j := 0; j+k <= len(sib); j++ {
						label := s.out.Spans[sib[j]].Label
						mixed := slices.ContainsFunc(sib[j+1:j+k], func(o int) bool { return s.out.Spans[o].Label != label })
						runs = append(runs, run{sib[j], sib[j+k-1], k, ends, mixed})
					}
				}
			}
		}
		return runs
	}
	return stepPass("delete sibling runs", 2, derive, func(s *shrinker, r run) ([]byte, func(bool, *Outcome)) {
		first, last := s.out.Spans[r.first], s.out.Spans[r.last]
		if r.ends {
			a, b := s.clip(last.Start, last.End)
			c, d := s.clip(first.Start, first.End)
			if a >= b || c >= d {
				return nil, nil
			}
			return splice(splice(s.best, a, b, nil), c, d, nil), nil
		}
		a, b := s.clip(first.Start, last.End)
		if a >= b {
			return nil, nil
		}
		old, choices := s.best, s.choices
		return splice(old, a, b, nil), func(kept bool, _ *Outcome) {
			if kept {
				return
			}
			// Then with each of the first few later values above 1 (not
			// flags) lowered by the number of siblings deleted: a count
			// or a position after a collection that must stay in step
			// with its length.
			tried := 0
			for _, c := range choices {
				if tried == maxRunAdjusted {
					break
				}
				v := c.Index(old)
				if c.Offset < b || c.End() > len(old) || v < max(uint64(r.n), 2) {
					continue
				}
				tried++
				if kept, _ := s.consider(spliceWith(old, c, v-uint64(r.n), a, b)); kept {
					return
				}
			}
			// Then with each bound drawn just before the siblings (see
			// boundsBefore) one lower: the count of a loop's steps drawn
			// by hand, where a step is several draws of different labels
			// and no one span. Siblings of one label are elements, or
			// steps of one draw each, which deleteAndAdjust deletes with
			// their count one at a time. A count may share a shape with a
			// step's values (a count from 1 to 10, a digit from 0 to 9),
			// so none is left out for its shape.
			// Siblings of one label are such steps too where the bound
			// counts them in groups of the run's length: as many
			// siblings as the bound, or one more, times the run's length
			// (four cells of a row and a column each, both drawn from
			// one range).
			like := 0
			for _, sp := range s.out.Spans {
				if sp.Parent == first.Parent && sp.Label == first.Label {
					like++
				}
			}
			for _, k := range s.boundsBefore(r.first, 1, nil) {
				c := choices[k]
				v := c.Index(old)
				if steps := uint64(like / r.n); !r.mixed && (like%r.n != 0 || r.n < 2 || v != steps && v+1 != steps) {
					continue
				}
				if kept, _ := s.consider(spliceWith(old, c, v-1, a, b)); kept {
					return
				}
			}
		}
	})
}

// moveAlignedBlocks moves a block of 2 to maxAlignedBlock consecutive
// choices that ends in a zero byte to the end of the input, so that its
// trailing zeros come last and cost nothing: in a loop that stops on a
// flag read past the end (or on a failure), the block runs last. A block
// is aligned as deleteAlignedBlocks' are: a choice of its first choice's
// shape comes right after it, so what follows slides into its place and
// reads as it did. It is the move sortSiblings makes for a sibling that
// ends in zeros, for the steps of a loop that records no spans (a
// program drawn by hand, whose step order matters); a block that is one
// span is left to sortSiblings. It runs in the last tier.
func moveAlignedBlocks() *pass {
	derive := func(s *shrinker) [][2]int {
		return alignedBlocks(s, 2, func(next Choice) bool { return s.best[next.Offset-1] == 0 })
	}
	return stepPass("move aligned blocks", 2, derive, func(s *shrinker, b [2]int) ([]byte, func(bool, *Outcome)) {
		first, next := s.choices[b[0]], s.choices[b[0]+b[1]]
		block := s.best[first.Offset:next.Offset]
		cand := append(splice(s.best, first.Offset, next.Offset, nil), block...)
		return cand, func(kept bool, out *Outcome) {
			// What followed the block moved back by its length, and a
			// range there may have narrowed (a reference into the steps
			// before it): keep the values it held.
			if !kept && out != nil {
				if re := s.realign(cand, out, next.Offset, len(block)); re != nil {
					s.consider(re)
				}
			}
		}
	})
}

// deleteMatchedElements deletes two elements with the same bytes from
// two different collections in one candidate: an element and its copy
// in a rearranged twin of its collection (two keys that are anagrams, a
// list and its shuffle, a set and the list it was built from). Deleting
// either alone breaks the match the property needs, and the collections
// differ in their order, so lockstep changes to identical spans do not
// reach them. Where the deletion is not kept, both elements' contents
// (the spans inside them, or the whole element if it has none) are made
// zeros, the simplest element, in one candidate. An element is a span
// whose parent holds two or more spans of its label; each is paired with
// the first match after it in another parent of the same label. It runs
// in the last tier.
func deleteMatchedElements() *pass {
	derive := func(s *shrinker) [][2]int {
		spans := s.out.Spans
		type sibling struct {
			parent int
			label  string
		}
		siblings := map[sibling]int{}
		for _, sp := range spans {
			siblings[sibling{sp.Parent, sp.Label}]++
		}
		type key struct {
			label, parentLabel string
			bytes              string
		}
		var pairs [][2]int
		seen := map[key][]int{} // earlier unpaired elements by key
		for j, sp := range spans {
			if sp.Parent < 0 || sp.End > len(s.best) || sp.Start >= sp.End || siblings[sibling{sp.Parent, sp.Label}] < 2 {
				continue
			}
			k := key{sp.Label, spans[sp.Parent].Label, string(s.best[sp.Start:sp.End])}
			paired := false
			for x, i := range seen[k] {
				if pi := spans[i].Parent; spans[pi].End <= spans[sp.Parent].Start {
					pairs = append(pairs, [2]int{i, j})
					seen[k] = slices.Delete(seen[k], x, x+1)
					paired = true
					break
				}
			}
			if !paired {
				seen[k] = append(seen[k], j)
			}
		}
		return pairs
	}
	// simplest makes the contents of span i in cand zeros.
	simplest := func(s *shrinker, cand []byte, i int) {
		inner := false
		for _, sp := range s.out.Spans[i+1:] {
			if sp.Parent == i {
				clear(cand[min(sp.Start, len(cand)):min(sp.End, len(cand))])
				inner = true
			}
		}
		if !inner {
			sp := s.out.Spans[i]
			clear(cand[sp.Start:sp.End])
		}
	}
	return stepPass("delete matched elements", 2, derive, func(s *shrinker, p [2]int) ([]byte, func(bool, *Outcome)) {
		a, b := s.out.Spans[p[0]], s.out.Spans[p[1]]
		cand := splice(s.best, b.Start, b.End, nil)
		return splice(cand, a.Start, a.End, nil), func(kept bool, _ *Outcome) {
			if kept {
				return
			}
			zeroed := slices.Clone(s.best)
			simplest(s, zeroed, p[0])
			simplest(s, zeroed, p[1])
			if !bytes.Equal(zeroed, s.best) {
				s.consider(zeroed)
			}
		}
	})
}

// collapseSpans cuts a span of two or more choices down to its first
// choice at half its index, or else one lower, dropping the rest of its
// bytes. Where a
// draw's first choice decides how many more it reads (a rune that
// escapes to a wider encoding, a branch of a OneOf, a tagged variant),
// a simpler value reads fewer bytes, and neither lowering the first
// choice alone (the bytes it no longer reads become the next draws) nor
// deleting the others alone (the first then reads what follows) keeps
// the draw apart from its neighbours; both at once do. It runs in the
// last tier.
func collapseSpans() *pass {
	// An item is a span and the position in s.choices of its first
	// choice, for spans whose first choice is above zero and is followed
	// by another choice inside the span.
	derive := func(s *shrinker) [][2]int {
		var items [][2]int
		for i, sp := range s.out.Spans {
			k, found := s.firstChoiceFrom(sp.Start)
			if found && k+1 < len(s.choices) && s.choices[k+1].End() <= min(sp.End, len(s.best)) &&
				s.choices[k].Index(s.best) > 0 {
				items = append(items, [2]int{i, k})
			}
		}
		return items
	}
	return stepPass("collapse spans", 2, derive, func(s *shrinker, item [2]int) ([]byte, func(bool, *Outcome)) {
		head, end := s.choices[item[1]], min(s.out.Spans[item[0]].End, len(s.best))
		i, old := head.Index(s.best), s.best
		return splice(old, head.Offset, end, head.Encode(i/2)), func(kept bool, _ *Outcome) {
			if !kept && i/2 < i-1 {
				s.consider(splice(old, head.Offset, end, head.Encode(i-1)))
			}
		}
	})
}
