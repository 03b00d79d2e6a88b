package minimize

import (
	"bytes"
	"maps"
	"math/bits"
	"slices"
)

// passes returns the reduction passes in their first order: deletions
// before value lowering, cheap before expensive. The scheduler reorders
// them as it learns which ones pay.
func (s *shrinker) passes() []*pass {
	ps := []*pass{
		canonicalize(),
		removeDiscarded(),
		rankValues(),
		sortSiblings(),
		deleteSpans(),
		zeroSpans(),
		deleteChoiceBlocks(),
		replaceWithDescendant(),
		lowerChoices(),
		lowerDuplicates(),
		shiftValues(),
		swapValues(),
		lowerPairs(),
		redistributePairs(),
		lowerAndRepair(),
		deleteChoicePairs(),
	}
	s.stats.Passes = make([]PassStats, len(ps)+1)
	for i, p := range ps {
		s.stats.Passes[i].Name = p.name
		p.stats = &s.stats.Passes[i]
		p.queueVersion = -1
	}
	s.common = &s.stats.Passes[len(ps)]
	s.common.Name = "lower common offset"
	return ps
}

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

// clip limits the region [start, end) to the best input: bytes past its
// end are zeros that are not there.
func (s *shrinker) clip(start, end int) (int, int) {
	n := len(s.best)
	return min(max(start, 0), n), min(max(end, 0), n)
}

// perVersion caches a value derived from the best input's structure
// until the best changes.
type perVersion[V any] struct {
	version int
	value   V
	ok      bool
}

func (c *perVersion[V]) get(s *shrinker, derive func(*shrinker) V) V {
	if !c.ok || c.version != s.version {
		c.value, c.version, c.ok = derive(s), s.version, true
	}
	return c.value
}

// stepPass is a pass with one step per item that derive finds in the
// best input (derived once per best), planned by plan.
func stepPass[G any](name string, tier int, derive func(*shrinker) []G, plan func(s *shrinker, item G) ([]byte, func(bool, *Outcome))) *pass {
	var items perVersion[[]G]
	return &pass{
		name:  name,
		tier:  tier,
		count: func(s *shrinker) int { return len(items.get(s, derive)) },
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			its := items.get(s, derive)
			if step >= len(its) {
				return nil, nil
			}
			return plan(s, its[step])
		},
	}
}

// groupBy groups the indices 0 to n-1 by key, in order of first
// appearance, leaving out those key reports false for, and returns the
// groups of two or more.
func groupBy[K comparable](n int, key func(i int) (K, bool)) [][]int {
	at := map[K]int{}
	var gs [][]int
	for i := range n {
		k, ok := key(i)
		if !ok {
			continue
		}
		g, seen := at[k]
		if !seen {
			g = len(gs)
			at[k] = g
			gs = append(gs, nil)
		}
		gs[g] = append(gs[g], i)
	}
	return slices.DeleteFunc(gs, func(g []int) bool { return len(g) < 2 })
}

// canonical returns base with every choice inside it rewritten to the
// smallest encoding of its index, and whether anything changed. Many
// encodings share an index (a coin is true from 0x80 to 0xff); the
// smallest is the same value in fewer or smaller bytes.
func canonical(base []byte, choices []Choice) ([]byte, bool) {
	var out []byte
	for _, c := range choices {
		if c.Offset >= len(base) {
			break
		}
		end := min(c.End(), len(base))
		enc := c.Encode(c.Index(base))
		if bytes.Equal(enc[:end-c.Offset], base[c.Offset:end]) && isZero(enc[end-c.Offset:]) {
			continue
		}
		if out == nil {
			out = slices.Clone(base)
		}
		out = padTo(out, c.End())
		copy(out[c.Offset:], enc)
	}
	return out, out != nil
}

// canonicalize rewrites every choice to the smallest encoding of the
// value it holds, all at once: the same values, so it almost always
// works, and it turns a fuzzer's random bytes into the ones the other
// passes write.
func canonicalize() *pass {
	return &pass{
		name: "canonicalize",
		count: func(s *shrinker) int {
			if _, changed := canonical(s.best, s.choices); changed {
				return 1
			}
			return 0
		},
		plan: func(s *shrinker, _ int) ([]byte, func(bool, *Outcome)) {
			cand, _ := canonical(s.best, s.choices)
			return cand, nil
		},
	}
}

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

// retryKeepingValues follows up a deletion of old[a:b] that was not kept,
// for generators whose later draws depend on earlier ones: a task whose
// dependencies are drawn from IntRange(0, i-1) draws them from a smaller
// range once an earlier task is deleted, and the same bytes then encode
// other values. Seed 004 (GReduce) re-executes the generator aligned with
// the reduced trace; here the deletion's own outcome shows the new ranges,
// so each later choice that kept its place and width but changed range is
// re-encoded to hold its old value (its sign and distance from the shrink
// point, or the nearest the new range allows), and the result is tried.
// Generators without such dependencies never pay for a retry.
func (s *shrinker) retryKeepingValues(old []byte, oldChoices []Choice, a, b int, out *Outcome) bool {
	if out == nil || len(out.Choices) == 0 {
		return false
	}
	shift := b - a
	var cand []byte
	for _, c := range oldChoices {
		if c.Offset < b {
			continue
		}
		if c.Offset >= len(old) {
			break
		}
		off := c.Offset - shift
		i, found := slices.BinarySearchFunc(out.Choices, off, func(x Choice, off int) int { return x.Offset - off })
		if !found || out.Choices[i].Width != c.Width {
			break // misaligned from here on
		}
		to := out.Choices[i]
		if to.Max == c.Max && to.Below == c.Below {
			continue
		}
		neg, mag := c.signed(c.Index(old))
		idx, ok := to.unsigned(neg, mag)
		if !ok {
			idx = min(c.Index(old), to.Max)
		}
		if cand == nil {
			cand = splice(old, a, b, nil)
		}
		cand = padTo(cand, to.End())
		copy(cand[off:], to.Encode(idx))
	}
	if cand == nil {
		return false
	}
	kept, _ := s.consider(cand)
	return kept
}

// deleteMirroringSibling follows up a deletion of span i, the region
// [a, b) of old, that was not kept: it retries it with the children of
// the same-label sibling just before i, then just after, reversed. With a
// subtree gone its neighbour is left to fail alone, and what failed
// through the two together (a heap's merge, which takes the children the
// other way round) may need that neighbour mirrored. The mirror alone is
// no smaller, so no pass tries it; with the deletion it is. Only the two
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
// emptySlot), span i and the region [a, b) of old, that was not kept. In
// the deletion's own outcome, the span that slid into the gap has a
// parent, and the deletion is retried with that parent's children
// reversed: a heap's empty slot deleted lets the next subtree slide under
// a new parent, and in the order the target walks them the new pair may
// fail only the other way round. A mirrored subtree may carry bytes its
// old place ignored (draws past a size budget) to the end, so the
// candidate is cut to one byte shorter than the best. Spans holding
// anything are left to deleteMirroringSibling: retrying every deletion
// this way costs runs and found nothing more on the benchmarks.
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
// and the region [a, b) of old, that was not kept: it retries it with one
// of the choices of the same-label sibling just before it (its own, not
// those of spans of its label inside it) set to a smaller value that a
// choice of the same shape holds somewhere in the input. Deleting a
// heap's empty slot slides the next subtree in beside that sibling, and
// the pair may fail only once the sibling's key is below the newcomer's;
// a key is bounded below by its parent's, so the value that works is
// typically one the input already holds. One run per such value, at
// most maxLoweredSiblingRuns, so that a sibling with many choices (a
// record with many fields) cannot make every failed deletion costly.
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
					kept = s.retryKeepingValues(old, choices, a, b, out)
				}
				if !kept {
					kept = s.deleteMirroringSibling(old, spans, i, a, b)
				}
				if !kept {
					kept = s.deleteMirroringHolder(old, spans, i, a, b, out)
				}
				if !kept {
					kept = s.deleteLoweringSibling(old, spans, choices, i, a, b)
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

// zeroSpans replaces a span by zero bytes, its simplest value (seed 000,
// figure 6). If that is not kept but the zeroed span used fewer bytes, it
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

func isZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// maxBlock is the largest number of consecutive choices deleted as one
// block by deleteChoiceBlocks. Blocks of three and four cost a sixth of
// the runs on shrinkbench's binheap and parser and found nothing.
const maxBlock = 2

// choicesInInput returns how many choices start inside the best input;
// choices are in offset order, so they are its first ones.
func (s *shrinker) choicesInInput() int {
	n := 0
	for n < len(s.choices) && s.choices[n].Offset < len(s.best) {
		n++
	}
	return n
}

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
				if !kept && !s.retryKeepingValues(old, choices, a, end(1), out) {
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
		return splice(s.best, a, b, s.best[da:db]), nil
	})
}

// choiceAt returns the index in s.choices of the choice that starts at
// offset with the given width and max, if the best input has one.
func (s *shrinker) choiceAt(offset, width int, maxIndex uint64) (int, bool) {
	i, found := slices.BinarySearchFunc(s.choices, offset, func(c Choice, off int) int { return c.Offset - off })
	if !found || s.choices[i].Width != width || s.choices[i].Max != maxIndex {
		return 0, false
	}
	return i, true
}

// setChoices returns the best input with the choices at offsets (all of
// the given width and max) set to index v.
func (s *shrinker) setChoices(offsets []int, width int, maxIndex uint64, v uint64) []byte {
	c := Choice{Width: width, Max: maxIndex}
	enc := c.Encode(v)
	end := 0
	for _, off := range offsets {
		end = off + width
	}
	out := make([]byte, max(len(s.best), end))
	copy(out, s.best)
	for _, off := range offsets {
		copy(out[off:], enc)
	}
	return out
}

// lowerTogether lowers the choices at offsets, which share c's width,
// max and order and hold index cur > 0, to the simplest common value that
// still fails. The caller has tried index 0. Like Hypothesis's integer
// shrinker it works on the value's magnitude, keeping its sign: it tries
// one and two smaller (two skips a value a property may exclude, as
// |a-b| = 1 excludes 10 on the way from 11 to 9), binary-searches below
// whichever worked, and finally tries the positive value of a negative
// result's magnitude. It stops if a kept candidate moves the choices.
func lowerTogether(s *shrinker, offsets []int, c Choice, cur uint64) {
	set := func(neg bool, mag uint64) bool {
		i, ok := c.unsigned(neg, mag)
		if !ok {
			return false
		}
		for _, off := range offsets {
			if _, ok := s.choiceAt(off, c.Width, c.Max); !ok {
				return false
			}
		}
		kept, _ := s.consider(s.setChoices(offsets, c.Width, c.Max, i))
		return kept
	}
	// Index 1, the simplest value after 0 (a coin's true, a flag's "one
	// more", an integer's +1), is where many choices end; Hypothesis's
	// integer shrinker tries 0 then 1 for the same reason.
	if cur > 1 {
		if n1, m1 := c.signed(1); set(n1, m1) {
			return
		}
	}
	neg, mag := c.signed(cur)
	// Bits a draw ignores cost nothing to clear: rand's IntN(8) reads a
	// word's low three bits, a hash its low bits. One probe keeps the low
	// half; only if that works is the number of bits kept searched.
	if k := bits.Len64(mag) / 2; k >= 4 && set(neg, mag&(1<<k-1)) {
		lo, hi := 0, k // keeping lo bits fails (0 did), keeping hi works
		for lo+1 < hi {
			mid := (lo + hi) / 2
			if set(neg, mag&(1<<mid-1)) {
				hi = mid
			} else {
				lo = mid
			}
		}
		mag &= 1<<hi - 1
		if mag <= 1 {
			return
		}
	}
	var hi uint64 // smallest kept magnitude so far
	switch {
	case mag > 1 && set(neg, mag-1):
		hi = mag - 1
	case mag > 2 && set(neg, mag-2):
		hi = mag - 2
	default:
		if neg {
			set(false, mag)
		}
		return
	}
	// Far or near? Halving tells: if half the magnitude still fails,
	// binary-search below it; if not, the floor is close, so walk down
	// with growing steps instead of probing all the way from 0.
	lo := uint64(0) // magnitude 0 is index 0, which failed
	// A floor that another value sets (a heap's key is at least its
	// parent's) would take a search of a step or two per bit to find; when
	// that is more than trying the other values, try them first.
	if hi >= 1<<otherValueBits {
		if m, ok := lowerToOtherValue(s, offsets, c, neg, hi, set); ok {
			hi = m
			if !set(neg, hi-1) {
				if neg {
					set(false, hi)
				}
				return
			}
			hi--
		}
	}
	if hi >= 4 {
		if set(neg, hi/2) {
			hi /= 2
		} else {
			top, half := hi, hi/2
			hi = top - uint64(findInteger(func(n int) bool {
				return uint64(n) < top-half && set(neg, top-uint64(n))
			}))
			lo = hi - 1 // the walk stopped because one lower failed
		}
	}
	for lo+1 < hi {
		mid := lo + (hi-lo)/2
		if set(neg, mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if neg {
		set(false, hi)
	}
}

// maxOtherValues is how many other values lowerToOtherValue tries, and
// otherValueBits how large a magnitude must be for that to pay.
const (
	maxOtherValues = 3
	otherValueBits = 16
)

// lowerToOtherValue tries the magnitudes below hi that other choices of
// c's shape hold with sign neg, smallest first, and returns the one it
// kept.
func lowerToOtherValue(s *shrinker, offsets []int, c Choice, neg bool, hi uint64, set func(neg bool, mag uint64) bool) (uint64, bool) {
	var mags []uint64
	for _, o := range s.choices {
		if o.Offset >= len(s.best) {
			break
		}
		if o.shape() != c || slices.Contains(offsets, o.Offset) {
			continue
		}
		if n, m := c.signed(o.Index(s.best)); n == neg && m > 1 && m < hi {
			mags = append(mags, m)
		}
	}
	slices.Sort(mags)
	mags = slices.Compact(mags)
	for _, m := range mags[:min(len(mags), maxOtherValues)] {
		if set(neg, m) {
			return m, true
		}
	}
	return 0, false
}

// lowerChoices lowers each choice to the smallest index that still fails,
// trying the simplest value first.
func lowerChoices() *pass {
	return &pass{
		name:  "lower choice",
		count: func(s *shrinker) int { return len(s.choices) },
		plan: func(s *shrinker, j int) ([]byte, func(bool, *Outcome)) {
			if j >= len(s.choices) {
				return nil, nil
			}
			c := s.choices[j]
			if c.Offset >= len(s.best) {
				return nil, nil
			}
			cur := c.Index(s.best)
			if cur == 0 {
				return nil, nil
			}
			offs := []int{c.Offset}
			return s.setChoices(offs, c.Width, c.Max, 0), func(kept bool, _ *Outcome) {
				if kept {
					return
				}
				// The same value in its smallest encoding, if this one is
				// not: canonicalize does all choices at once, but a choice
				// can be left behind when that is not kept as a whole.
				if cand := s.setChoices(offs, c.Width, c.Max, cur); shortlexLess(s.normalize(cand), s.bestKey) {
					s.consider(cand)
				}
				if i, ok := s.choiceAt(c.Offset, c.Width, c.Max); ok && s.choices[i].Index(s.best) == cur {
					lowerTogether(s, offs, c.shape(), cur)
				}
			}
		},
	}
}

// dupGroup is a set of choices with the same width, max, order and index.
type dupGroup struct {
	offsets []int
	choice  Choice // the shared width, max and order
	index   uint64
}

// lowerDuplicates lowers choices that hold the same value together: a
// property that needs two equal values cannot lower them one at a time.
func lowerDuplicates() *pass {
	derive := func(s *shrinker) []dupGroup {
		type key struct {
			choice Choice // with Offset 0
			index  uint64
		}
		idx := groupBy(len(s.choices), func(i int) (key, bool) {
			c := s.choices[i]
			k := key{c.shape(), c.Index(s.best)}
			return k, c.Offset < len(s.best) && k.index != 0
		})
		gs := make([]dupGroup, len(idx))
		for n, g := range idx {
			c := s.choices[g[0]]
			gs[n] = dupGroup{choice: c.shape(), index: c.Index(s.best)}
			for _, i := range g {
				gs[n].offsets = append(gs[n].offsets, s.choices[i].Offset)
			}
		}
		return gs
	}
	return stepPass("lower duplicates", 0, derive, func(s *shrinker, g dupGroup) ([]byte, func(bool, *Outcome)) {
		return s.setChoices(g.offsets, g.choice.Width, g.choice.Max, 0), func(kept bool, _ *Outcome) {
			if !kept {
				lowerTogether(s, g.offsets, g.choice, g.index)
			}
		}
	})
}

// sortSiblings sorts runs of sibling spans with the same label into the
// order that makes the input smallest (concatOrder); if a full sort is
// not kept it swaps adjacent out-of-order pairs.
func sortSiblings() *pass {
	derive := func(s *shrinker) [][]int {
		type key struct {
			parent int
			label  string
		}
		return groupBy(len(s.out.Spans), func(i int) (key, bool) {
			sp := s.out.Spans[i]
			return key{sp.Parent, sp.Label}, sp.End <= len(s.best) && sp.Start < sp.End
		})
	}
	contentsOf := func(s *shrinker, g []int) [][]byte {
		cs := make([][]byte, len(g))
		for k, i := range g {
			cs[k] = s.best[s.out.Spans[i].Start:s.out.Spans[i].End]
		}
		return cs
	}
	return stepPass("sort siblings", 0, derive, func(s *shrinker, g []int) ([]byte, func(bool, *Outcome)) {
		cs := contentsOf(s, g)
		sorted := slices.Clone(cs)
		slices.SortStableFunc(sorted, concatOrder)
		if slices.EqualFunc(cs, sorted, bytes.Equal) {
			return nil, nil
		}
		v := s.version
		return arrangeSpans(s.best, s.out.Spans, g, sorted), func(kept bool, _ *Outcome) {
			if kept {
				return
			}
			for k := 0; k+1 < len(g) && s.version == v; k++ {
				if concatOrder(cs[k+1], cs[k]) < 0 {
					swapped := slices.Clone(cs)
					swapped[k], swapped[k+1] = swapped[k+1], swapped[k]
					s.consider(arrangeSpans(s.best, s.out.Spans, g, swapped))
				}
			}
		}
	})
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

// pairStep numbers the pairs (i, j), i < j, of n choices: step
// k*(k-1)/2 + i is the pair (i, k), so that near pairs come early in a
// sequential order and the numbering does not depend on n.
func pairStep(step int) (i, j int) {
	k := 1
	for k*(k+1)/2 <= step {
		k++
	}
	return step - k*(k-1)/2, k
}

// numericPair returns the choices of pair step in the best input if both
// lie inside it and order their values alike.
func (s *shrinker) numericPair(step int) (ci, cj Choice, ok bool) {
	i, j := pairStep(step)
	if j >= len(s.choices) {
		return ci, cj, false
	}
	ci, cj = s.choices[i], s.choices[j]
	if cj.Offset >= len(s.best) || ci.shape() != cj.shape() {
		return ci, cj, false
	}
	return ci, cj, true
}

// withMagnitudes returns base with choices a and b (holding indices ia
// and ib) changed to magnitudes ma and mb, keeping their signs, or nil if
// a value does not exist.
func withMagnitudes(base []byte, a Choice, ia, ma uint64, b Choice, ib, mb uint64) []byte {
	na, _ := a.signed(ia)
	nb, _ := b.signed(ib)
	xa, oka := a.unsigned(na, ma)
	xb, okb := b.unsigned(nb, mb)
	if !oka || !okb {
		return nil
	}
	out := make([]byte, max(len(base), b.End()))
	copy(out, base)
	copy(out[a.Offset:], a.Encode(xa))
	copy(out[b.Offset:], b.Encode(xb))
	return out
}

func pairCount(s *shrinker) int {
	n := s.choicesInInput()
	return n * (n - 1) / 2
}

// lowerPairs lowers the magnitudes of two values by the same amount:
// values that must stay close to each other (|a-b| = 1) zig-zag down one
// step at a time when lowered alone (seed 001, "Zig Zagging").
func lowerPairs() *pass {
	return &pass{
		name:  "lower pair",
		tier:  1,
		count: pairCount,
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			ci, cj, ok := s.numericPair(step)
			if !ok {
				return nil, nil
			}
			vi, vj := ci.Index(s.best), cj.Index(s.best)
			_, mi := ci.signed(vi)
			_, mj := cj.signed(vj)
			if mi == 0 || mj == 0 {
				return nil, nil
			}
			old := s.best
			lower := func(d uint64) []byte { return withMagnitudes(old, ci, vi, mi-d, cj, vj, mj-d) }
			return lower(1), func(kept bool, _ *Outcome) {
				if !kept {
					return
				}
				findInteger(func(n int) bool {
					d := uint64(n) + 1
					if d > mi || d > mj {
						return false
					}
					kept, _ := s.consider(lower(d))
					return kept
				})
			}
		},
	}
}

// redistributePairs moves magnitude from an earlier value to a later one:
// lexicographically smaller, and what a property on a sum or a total
// needs. It first moves all it can, the common case of a total that one
// value can carry alone, then grows a move of one.
func redistributePairs() *pass {
	return &pass{
		name:  "redistribute pair",
		tier:  1,
		count: pairCount,
		plan: func(s *shrinker, step int) ([]byte, func(bool, *Outcome)) {
			ci, cj, ok := s.numericPair(step)
			if !ok {
				return nil, nil
			}
			vi, vj := ci.Index(s.best), cj.Index(s.best)
			_, mi := ci.signed(vi)
			_, mj := cj.signed(vj)
			if mi == 0 {
				return nil, nil
			}
			old := s.best
			move := func(d uint64) []byte { return withMagnitudes(old, ci, vi, mi-d, cj, vj, mj+d) }
			// The most that can move: all of it, or as much as the later
			// value's range can take (found without running anything).
			all := mi
			if move(all) == nil {
				lo, hi := uint64(0), all // move(lo) exists, move(hi) does not
				for lo+1 < hi {
					if mid := lo + (hi-lo)/2; move(mid) != nil {
						lo = mid
					} else {
						hi = mid
					}
				}
				all = lo
			}
			if all == 0 {
				return nil, nil
			}
			return move(all), func(kept bool, _ *Outcome) {
				if kept {
					return
				}
				findInteger(func(n int) bool {
					d := uint64(n)
					if d >= all {
						return false
					}
					kept, _ := s.consider(move(d))
					return kept
				})
			}
		},
	}
}

// maxSwapValues bounds how many distinct values of one shape swapValues
// pairs up, in order of first appearance, to keep it from going quadratic
// on inputs with many different values.
const maxSwapValues = 16

// valueSwap exchanges two values wherever choices of one shape hold them.
type valueSwap struct {
	shape    Choice
	hi, lo   uint64 // hi appears first; after the swap lo does
	offsets  []int  // the choices holding hi or lo
	original []uint64
}

// swapValues exchanges two values everywhere they occur, when the larger
// appears first: a relabeling, which lowering one value at a time cannot
// reach when the property needs the values distinct and in a pattern
// (a graph [1 0 1] whose labels only matter up to renaming becomes
// [0 1 0]).
func swapValues() *pass {
	derive := func(s *shrinker) []valueSwap {
		type occ struct {
			offsets []int
			first   int
		}
		byShape := map[Choice]map[uint64]*occ{}
		var shapes []Choice
		for _, c := range s.choices {
			if c.Offset >= len(s.best) {
				break
			}
			sh := c.shape()
			vals, ok := byShape[sh]
			if !ok {
				vals = map[uint64]*occ{}
				byShape[sh] = vals
				shapes = append(shapes, sh)
			}
			v := c.Index(s.best)
			o, ok := vals[v]
			if !ok {
				if len(vals) == maxSwapValues {
					continue
				}
				o = &occ{first: c.Offset}
				vals[v] = o
			}
			o.offsets = append(o.offsets, c.Offset)
		}
		var out []valueSwap
		for _, sh := range shapes {
			vals := byShape[sh]
			keys := slices.Sorted(maps.Keys(vals))
			for _, hi := range keys {
				for _, lo := range keys {
					if lo < hi && vals[hi].first < vals[lo].first {
						w := valueSwap{shape: sh, hi: hi, lo: lo}
						for _, off := range vals[hi].offsets {
							w.offsets, w.original = append(w.offsets, off), append(w.original, hi)
						}
						for _, off := range vals[lo].offsets {
							w.offsets, w.original = append(w.offsets, off), append(w.original, lo)
						}
						out = append(out, w)
					}
				}
			}
		}
		return out
	}
	return stepPass("swap values", 1, derive, func(s *shrinker, w valueSwap) ([]byte, func(bool, *Outcome)) {
		cand := slices.Clone(s.best)
		for k, off := range w.offsets {
			v := w.lo
			if w.original[k] == w.lo {
				v = w.hi
			}
			enc := w.shape.Encode(v)
			cand = padTo(cand, off+len(enc))
			copy(cand[off:], enc)
		}
		return cand, nil
	})
}

// rankValues replaces the values of one shape by the smallest values in
// the same order: negatives become -k..-1, positives 1..m, zero stays.
// Where only the order of values matters (heap keys, sorted runs,
// comparisons) that is the whole of value lowering in one run, and it
// is made before structure is moved at an equal length, where large
// values would decide which shape is smaller. It first tries every value
// at index 1, the simplest nonzero one, for values that only say "not
// empty" (a heap node's branch pick). Where exact values matter it costs
// a run or two per shape.
func rankValues() *pass {
	nonzero := func(s *shrinker, c Choice) bool { return c.Index(s.best) != 0 }
	return stepPass("rank values", 0, shapeGroups(nonzero), func(s *shrinker, g []int) ([]byte, func(bool, *Outcome)) {
		ranked := rankedValues(s, g, false)
		collapsed := rankedValues(s, g, true)
		if collapsed == nil || bytes.Equal(collapsed, ranked) {
			return ranked, nil
		}
		return collapsed, func(kept bool, _ *Outcome) {
			if !kept && ranked != nil {
				s.consider(ranked)
			}
		}
	})
}

// shapeGroups derives the groups of two or more choices in the best input
// that share a shape and that keep accepts, as indices into s.choices.
func shapeGroups(keep func(s *shrinker, c Choice) bool) func(*shrinker) [][]int {
	return func(s *shrinker) [][]int {
		return groupBy(len(s.choices), func(i int) (Choice, bool) {
			c := s.choices[i]
			return c.shape(), c.Offset < len(s.best) && keep(s, c)
		})
	}
}

// rankedValues returns the best input with the choices g (of one shape,
// all nonzero) holding the smallest values in the same order, or if
// collapse holding the simplest nonzero value (index 1) each, or nil if
// that changes nothing.
func rankedValues(s *shrinker, g []int, collapse bool) []byte {
	shape := s.choices[g[0]].shape()
	var negs, poss []uint64 // distinct magnitudes, by sign
	for _, i := range g {
		neg, mag := shape.signed(s.choices[i].Index(s.best))
		if neg {
			negs = append(negs, mag)
		} else {
			poss = append(poss, mag)
		}
	}
	slices.Sort(negs)
	negs = slices.Compact(negs)
	slices.Sort(poss)
	poss = slices.Compact(poss)
	cand := slices.Clone(s.best)
	changed := false
	for _, i := range g {
		c := s.choices[i]
		cur := c.Index(s.best)
		idx := uint64(1)
		if !collapse {
			neg, mag := shape.signed(cur)
			rank := poss
			if neg {
				rank = negs
			}
			r, _ := slices.BinarySearch(rank, mag)
			var ok bool
			if idx, ok = shape.unsigned(neg, uint64(r)+1); !ok {
				return nil
			}
		}
		if idx != cur {
			changed = true
		}
		cand = padTo(cand, c.End())
		copy(cand[c.Offset:], c.Encode(idx))
	}
	if !changed {
		return nil
	}
	return cand
}

// shiftBy returns the index of the value d below index i's value, or d
// above it if up (in value order, not shrink order: crossing the shrink
// point), if c has it.
func (c Choice) shiftBy(i, d uint64, up bool) (uint64, bool) {
	neg, mag := c.signed(i)
	away := neg != up // moving away from zero, or through it
	switch {
	case away:
		return c.unsigned(neg, mag+d)
	case mag >= d:
		return c.unsigned(neg, mag-d)
	default:
		return c.unsigned(!neg, d-mag)
	}
}

// shiftValues subtracts the same amount from every value of one signed
// shape, crossing zero: keys (0, 0, 0, 1) of a heap become (-1, -1, -1,
// 0), where the last key, now zero, costs no bytes. Lowering magnitudes
// one value at a time cannot make that move, because each step on its own
// breaks the order between the values. If a step of one is not kept it
// tries the shift that zeroes the last value: (0, -1, -2) becomes (2, 1,
// 0), and (0, 1, 0, 2) becomes (-2, -1, -2, 0).
func shiftValues() *pass {
	signed := func(_ *shrinker, c Choice) bool { return c.Below != 0 }
	return stepPass("shift values", 1, shapeGroups(signed), func(s *shrinker, g []int) ([]byte, func(bool, *Outcome)) {
		old, choices := s.best, s.choices
		shift := func(d uint64, up bool) []byte {
			cand := slices.Clone(old)
			for _, i := range g {
				c := choices[i]
				j, ok := c.shiftBy(c.Index(old), d, up)
				if !ok {
					return nil
				}
				cand = padTo(cand, c.End())
				copy(cand[c.Offset:], c.Encode(j))
			}
			return cand
		}
		last := choices[g[len(g)-1]]
		return shift(1, false), func(kept bool, _ *Outcome) {
			if !kept {
				// One step may be larger (it moved a value away from
				// zero) where the step that zeroes the last value, free
				// as trailing bytes, is shorter.
				if neg, mag := last.signed(last.Index(old)); mag > 1 || neg {
					if cand := shift(mag, neg); cand != nil {
						s.consider(cand)
					}
				}
				return
			}
			findInteger(func(n int) bool {
				cand := shift(uint64(n)+1, false)
				if cand == nil {
					return false
				}
				kept, _ := s.consider(cand)
				return kept
			})
		}
	})
}

// innermostRest returns the end of the smallest span that holds choice c
// and goes on past it, or c's own end if none does.
func (s *shrinker) innermostRest(c Choice) int {
	end := c.End()
	for _, sp := range s.out.Spans {
		if sp.Start <= c.Offset && sp.End > c.End() && (end == c.End() || sp.End < end) {
			end = sp.End
		}
	}
	return end
}

// lowerAndRepair lowers a choice together with what depends on it, for
// the moves no single change makes: an operator picked by a one-of,
// lowered from division to addition, with the rest of its subexpression
// zeroed ((/ 0 (/ 0 1)) becomes (/ 0 (+ 0 0))); a depth or a count
// lowered by one with the choice after it deleted. It tries, in order:
// the choice one lower and the rest of its span zeroed, then the choice
// one lower and the next choice deleted. (The choice at 0 with the rest
// zeroed is mostly zero span's candidate; on shrinkbench it never won.)
func lowerAndRepair() *pass {
	return &pass{
		name:  "lower and repair",
		tier:  1,
		count: func(s *shrinker) int { return len(s.choices) },
		plan: func(s *shrinker, j int) ([]byte, func(bool, *Outcome)) {
			if j >= len(s.choices) || s.choices[j].Offset >= len(s.best) {
				return nil, nil
			}
			c, old, choices := s.choices[j], s.best, s.choices
			cur := c.Index(old)
			if cur == 0 {
				return nil, nil
			}
			// with returns old with c set to index v, the rest of its span
			// zeroed if zeroRest, and the next choice deleted if dropNext.
			rest := min(s.innermostRest(c), len(old))
			hasRest := rest > c.End() && !isZero(old[c.End():rest])
			hasNext := j+1 < len(choices) && choices[j+1].Offset < len(old)
			with := func(v uint64, zeroRest, dropNext bool) []byte {
				cand := slices.Clone(old)
				if zeroRest {
					clear(cand[c.End():rest])
				}
				if dropNext {
					next := choices[j+1]
					cand = splice(cand, next.Offset, min(next.End(), len(cand)), nil)
				}
				cand = padTo(cand, c.End())
				copy(cand[c.Offset:], c.Encode(v))
				return cand
			}
			var tries [][]byte
			if hasRest {
				tries = append(tries, with(cur-1, true, false))
			}
			if hasNext {
				tries = append(tries, with(cur-1, false, true))
			}
			if len(tries) == 0 {
				return nil, nil
			}
			return tries[0], func(kept bool, _ *Outcome) {
				for _, cand := range tries[1:] {
					if kept {
						return
					}
					kept, _ = s.consider(cand)
				}
			}
		},
	}
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
