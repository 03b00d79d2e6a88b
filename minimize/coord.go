package minimize

import "slices"

// This file holds thinLayout, the pass for a count that sizes the units
// of a layout after it: it lowers the count together with deleting one
// element of every unit.

// maxCountDistance is how many choices before a layout thinLayout looks
// for its count: the dimensions of a grid, a width and the flag of the
// list of rows it sizes.
const maxCountDistance = 3

// maxCountOffset is how far below a unit length m a count's index may
// read and still size it: m is the index plus 0 to maxCountOffset, for
// ranges that start at 0, 1 or 2 (a grid at least two wide).
const maxCountOffset = 2

// sizes reports whether count c, at index i, may size units of length m:
// m is i plus 0 to maxCountOffset, and plus 2 only for a count that is no
// coin (a range of two values that starts at 2 sizes nothing a flag
// would not).
func sizes(c Choice, i, m uint64) bool {
	return i >= 1 && i <= m && (m-i < maxCountOffset || m-i == maxCountOffset && c.Max >= 2)
}

// layout is a count and the units it sizes: runs of choices of one shape,
// all of the same length, that follow it.
type layout struct {
	count int     // the count's index in s.choices
	units [][]int // each unit's elements, as indices into s.choices
}

// layouts finds, in the best input, the counts that may size a layout of
// units after them. Units are runs of consecutive choices of one shape
// (the cells of a row): either two or more such runs of one length m
// (rows drawn as slices, with a flag or a header between them), or one
// run cut into blocks of s (rows laid out one after another with no
// boundary). A count is one of the maxCountDistance choices before the
// first unit whose index i reads as the unit length, m or s, for a range
// that starts at 0, 1 or 2 (see sizes): the dimension and what it sizes
// must agree before a run is spent on them.
func layouts(s *shrinker) []layout {
	type run struct{ start, end int } // indices into s.choices
	var runs []run
	cs := s.choices
	for a := 0; a < len(cs); {
		b := a + 1
		for b < len(cs) && cs[b].shape() == cs[a].shape() {
			b++
		}
		// A run may lie past the end of the input, in the zeros the
		// target read there (the last row of a table).
		if b-a >= 2 {
			runs = append(runs, run{a, b})
		}
		a = b
	}
	elems := func(a, b int) []int {
		var e []int
		for i := a; i < b; i++ {
			e = append(e, i)
		}
		return e
	}
	var out []layout
	add := func(first int, m int, units [][]int) {
		for c := max(0, first-maxCountDistance); c < first; c++ {
			if sizes(cs[c], cs[c].Index(s.best), uint64(m)) {
				out = append(out, layout{count: c, units: units})
			}
		}
	}
	for r, ru := range runs {
		if cs[ru.start].Offset >= len(s.best) {
			break
		}
		shape, m := cs[ru.start].shape(), ru.end-ru.start
		// Runs of this shape and length from here on, up to one of the
		// shape with another length.
		var units [][]int
		for _, o := range runs[r:] {
			if cs[o.start].shape() != shape {
				continue
			}
			if o.end-o.start != m {
				break
			}
			units = append(units, elems(o.start, o.end))
		}
		if len(units) >= 2 {
			add(ru.start, m, units)
			continue
		}
		// One run: blocks of a stride the count gives.
		for c := max(0, ru.start-maxCountDistance); c < ru.start; c++ {
			i := cs[c].Index(s.best)
			for _, off := range []uint64{1, 0, maxCountOffset} {
				st := i + off
				if !sizes(cs[c], i, st) || st < 2 || uint64(m)%st != 0 || uint64(m)/st < 2 {
					continue
				}
				var blocks [][]int
				for a := ru.start; a < ru.end; a += int(st) {
					blocks = append(blocks, elems(a, a+int(st)))
				}
				out = append(out, layout{count: c, units: blocks})
			}
		}
	}
	return out
}

// thinLayout lowers a count together with deleting one element of every
// unit it sizes: the width of a table with one cell of every row, the
// columns of a grid laid out row by row with one cell of every row. Each
// change alone leaves an input that passes, or that re-flows every later
// value into another place, so no single-change pass makes it. It tries
// the last element of every unit, then the first position that is zero
// in every unit; once one is kept it grows, lowering the count by k and
// deleting the k elements there. If no thinning is kept it lowers the
// positions that hold one value in every unit (lowerColumns).
func thinLayout() *pass {
	return stepPass("thin layout", 1, layouts, func(s *shrinker, l layout) ([]byte, func(bool, *Outcome)) {
		old, cs := s.best, s.choices
		c := cs[l.count]
		cur := c.Index(old)
		m := len(l.units[0])
		// thin lowers the count by k and deletes elements [j, j+k) of every
		// unit.
		thin := func(j, k int) []byte {
			if uint64(k) > cur || j+k > m {
				return nil
			}
			cand := padTo(slices.Clone(old), c.End())
			copy(cand[c.Offset:], c.Encode(cur-uint64(k)))
			for u := len(l.units) - 1; u >= 0; u-- {
				first, last := cs[l.units[u][j]], cs[l.units[u][j+k-1]]
				a, b := min(first.Offset, len(cand)), min(last.End(), len(cand))
				cand = splice(cand, a, b, nil)
			}
			return cand
		}
		// The last element, then the first one that is zero in every
		// unit: where only some positions matter, the others are zeros.
		cols := []int{m - 1}
		for j := 0; j < m-1; j++ {
			if !slices.ContainsFunc(l.units, func(u []int) bool { return cs[u[j]].Index(old) != 0 }) {
				cols = append(cols, j)
				break
			}
		}
		return thin(m-1, 1), func(kept bool, _ *Outcome) {
			col := m - 1
			for _, j := range cols[1:] {
				if kept {
					break
				}
				col = j
				kept, _ = s.consider(thin(j, 1))
			}
			if !kept {
				lowerColumns(s, old, l)
				return
			}
			// Grow over the elements after col, or before it for the last.
			findInteger(func(n int) bool {
				k := n + 1
				j := col
				if col == m-1 {
					j = m - k
				}
				cand := thin(max(j, 0), k)
				if cand == nil || j < 0 {
					return false
				}
				kept, _ := s.consider(cand)
				return kept
			})
		}
	})
}

// lowerColumns tries, for each element position whose value is the same
// and not the simplest in every unit, that position of every unit at
// index 0 in one candidate: the first field of every record, where the
// records must agree on it (two rows tied on the column a sort compares).
// Lowering equal values everywhere (lower duplicates) would take the
// other fields holding that value with it. One run per such position.
func lowerColumns(s *shrinker, old []byte, l layout) {
	cs := s.choices
	for j := range l.units[0] {
		v := cs[l.units[0][j]].Index(old)
		if v == 0 || slices.ContainsFunc(l.units, func(u []int) bool { return cs[u[j]].Index(old) != v }) {
			continue
		}
		cand := slices.Clone(old)
		for _, u := range l.units {
			c := cs[u[j]]
			if c.Offset >= len(cand) {
				continue
			}
			cand = padTo(cand, c.End())
			copy(cand[c.Offset:], c.Encode(0))
		}
		if kept, _ := s.consider(cand); kept {
			return
		}
	}
}
