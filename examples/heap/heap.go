// Package heap is a binary min-heap of ints, the SmartCheck "binheap"
// benchmark of section 4.3 of MacIver and Donaldson, "Test-Case Reduction
// via Test-Case Generation: Insights from the Hypothesis Reducer", in Go
// form.
//
// Push and Pop are correct. The planted bug is in Sorted, which heapsorts
// a copy of the heap in place rather than popping a second heap: its
// sift-down skips a right child that is the last element of the shrinking
// heap, an off-by-one that only shows from four elements up.
package heap

import "slices"

// Heap is a min-heap. The zero value is an empty heap.
type Heap struct {
	items []int
}

// Len is the number of elements.
func (h *Heap) Len() int { return len(h.items) }

// Push adds x.
func (h *Heap) Push(x int) {
	h.items = append(h.items, x)
	for i := len(h.items) - 1; i > 0; {
		p := (i - 1) / 2
		if h.items[p] <= h.items[i] {
			break
		}
		h.items[p], h.items[i] = h.items[i], h.items[p]
		i = p
	}
}

// Pop removes and returns the smallest element. It panics on an empty
// heap.
func (h *Heap) Pop() int {
	n := len(h.items) - 1
	min := h.items[0]
	h.items[0] = h.items[n]
	h.items = h.items[:n]
	down(h.items, 0, n)
	return min
}

// down restores the heap order of s[:n] below i.
func down(s []int, i, n int) {
	for {
		c := 2*i + 1
		if c >= n {
			return
		}
		if r := c + 1; r < n && s[r] < s[c] {
			c = r
		}
		if s[i] <= s[c] {
			return
		}
		s[i], s[c] = s[c], s[i]
		i = c
	}
}

// Sorted returns the elements in ascending order, leaving the heap as it
// is. It heapsorts a copy: each step swaps the minimum to the end of the
// shrinking heap and sifts the new root down, which leaves the copy in
// descending order.
//
// BUG (planted): the sift-down's bound on the right child is n-1 instead
// of n, so a right child that is the last element of the heap is never
// chosen.
func (h *Heap) Sorted() []int {
	s := slices.Clone(h.items)
	for end := len(s) - 1; end > 0; end-- {
		s[0], s[end] = s[end], s[0]
		for i, n := 0, end; ; {
			c := 2*i + 1
			if c >= n {
				break
			}
			if r := c + 1; r < n-1 && s[r] < s[c] {
				c = r
			}
			if s[i] <= s[c] {
				break
			}
			s[i], s[c] = s[c], s[i]
			i = c
		}
	}
	slices.Reverse(s)
	return s
}
