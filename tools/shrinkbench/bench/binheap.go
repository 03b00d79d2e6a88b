package bench

import (
	"fmt"
	"slices"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// heap is a binary heap node; nil is the empty heap (Python's None).
type heap struct {
	key  int
	l, r *heap
}

func (h *heap) String() string {
	if h == nil {
		return "None"
	}
	return fmt.Sprintf("(%d, %v, %v)", h.key, h.l, h.r)
}

// count is the artifact's size: nodes and Nones.
func (h *heap) count() int {
	if h == nil {
		return 1
	}
	return 1 + h.l.count() + h.r.count()
}

// toList is the artifact's to_list: a stack walk that visits a node, then
// its second child's subtree, then its first's.
func toList(h *heap) []int {
	var out []int
	stack := []*heap{h}
	for len(stack) > 0 {
		h := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if h == nil {
			continue
		}
		out = append(out, h.key)
		stack = append(stack, h.l, h.r)
	}
	return out
}

func mergeHeaps(a, b *heap) *heap {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.key <= b.key:
		return &heap{a.key, mergeHeaps(a.r, b), a.l}
	default:
		return &heap{b.key, mergeHeaps(b.r, a), b.l}
	}
}

// wrongToSortedList is the artifact's planted bug: after the root it
// lists the merged children in to_list order instead of popping minima.
func wrongToSortedList(h *heap) []int {
	if h == nil {
		return []int{}
	}
	return append([]int{h.key}, toList(mergeHeaps(h.l, h.r))...)
}

// heapAt is the artifact's heap1: a branch in 1..8 (1 is empty) drawn even
// when the size budget is spent, then a key at least bound (by filtering,
// as the artifact does), then two children with half the budget.
func heapAt(bound *int, size int) fuzzsrc.Generator[*heap] {
	return fuzzsrc.Custom(func(t *fuzzsrc.T) *heap {
		branch := fuzzsrc.IntRange(1, 8).Draw(t, "branch")
		if branch == 1 || size <= 0 {
			return nil
		}
		key := fuzzsrc.Int()
		if bound != nil {
			b := *bound
			key = key.Filter(func(n int) bool { return n >= b })
		}
		head := key.Draw(t, "key")
		return &heap{head, heapAt(&head, size/2).Draw(t, "l"), heapAt(&head, size/2).Draw(t, "r")}
	})
}

func rapidHeapAt(bound *int, size int) *rapid.Generator[*heap] {
	return rapid.Custom(func(t *rapid.T) *heap {
		branch := rapid.IntRange(1, 8).Draw(t, "branch")
		if branch == 1 || size <= 0 {
			return nil
		}
		key := rapid.Int()
		if bound != nil {
			b := *bound
			key = key.Filter(func(n int) bool { return n >= b })
		}
		head := key.Draw(t, "key")
		return &heap{head, rapidHeapAt(&head, size/2).Draw(t, "l"), rapidHeapAt(&head, size/2).Draw(t, "r")}
	})
}

// binheap is the artifact's binheap: a size budget in 0..20, then heap1.
// It fails when the buggy sorted list is unsorted (assertion A) or not a
// sorting of the heap's elements (assertion B; it is a permutation of
// them, so B never fails alone).
func binheap() Benchmark {
	p := problem[*heap]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) *heap {
			return heapAt(nil, fuzzsrc.IntRange(0, 20).Draw(t, "size")).Draw(t, "heap")
		}),
		rgen: rapid.Custom(func(t *rapid.T) *heap {
			return rapidHeapAt(nil, rapid.IntRange(0, 20).Draw(t, "size")).Draw(t, "heap")
		}),
		verdict: func(h *heap) verdict {
			l1 := toList(h)
			l2 := wrongToSortedList(h)
			if !slices.IsSorted(l2) {
				return failedA
			}
			slices.Sort(l1)
			if !slices.Equal(l1, l2) {
				return failedB
			}
			return pass
		},
		format: (*heap).String,
		size:   (*heap).count,
	}
	size4 := intByte(fuzzsrc.IntRange(0, 20), 4)
	node := intByte(fuzzsrc.IntRange(1, 8), 2)
	return p.fill(Benchmark{
		Name:             "binheap",
		HypothesisMedian: 174,
		Hypothesis:       "511/1000 most common, 7 distinct, median 174 calls; mean size 9.02, mean 170.3 calls",
		About:            "heaps: size budget 0..20, branch 1..8 (1 empty), keys >= parent; fails when the buggy to-sorted-list is unsorted",
		MinValue:         "(-1, (-1, (-1, None, None), (0, None, None)), None)",
		MinInput:         cat([]byte{size4, node}, zeros(7, 2, node), zeros(7, 2, node), zeros(7, 2, 0, 0, node)),
		Why: "three nodes always list sorted, so four are needed, two levels below the root, which " +
			"needs a budget of 4 (its smallest byte comes first); with the root's left child holding both " +
			"grandchildren only the first grandchild's two empty children cost bytes (the artifact's mirror " +
			"image costs one more, for the root's empty left child); the second grandchild must be larger " +
			"than the first, and as the last choice a key of 0 is free (trailing zeros), so the other three " +
			"keys are -1 (zigzag index 2): 31 bytes, where Hypothesis's (0, None, (0, (0), (1))) costs 40",
		Space: Space{MaxLen: 39, Cands: func(c record.Choice) []uint64 {
			switch c.Max {
			case 20: // the size budget: the smallest that allow two levels, and the largest
				return span(20, 4)
			case 7: // the branch: empty or not
				return []uint64{0, 1}
			default: // keys: 0, 1, -1, 2, -2
				return []uint64{0, 1, 2, 3, 4}
			}
		}},
		Passing: []Example{
			{"empty", nil, "size 0: the empty heap"},
			{"one node", []byte{size4, node}, "a single key"},
			{"three nodes", cat([]byte{size4, node}, zeros(8, node), zeros(10, node), zeros(7, 1)), "a root with two children lists sorted"},
		},
	})
}

// intByte returns the smallest byte that the one-byte integer generator g
// reads as want, probing the public API.
func intByte(g fuzzsrc.Generator[int], want int) byte {
	for b := range 256 {
		var v int
		engine.Run([]byte{byte(b)}, func(t *fuzzsrc.T) { v = g.Draw(t, "int") })
		if v == want {
			return byte(b)
		}
	}
	panic(fmt.Sprintf("bench: no byte reads as %d", want))
}
