package bench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"pgregory.net/rapid"
)

// This file holds problems whose layout a count drawn first bounds, so
// that the count can go down only together with one element of every
// unit it sizes: islands (shapes.go) lays a grid out row by row with no
// boundary between rows; table below draws a list of rows, each a slice
// whose fixed width is the count.

// table is a list of rows of one width, the width drawn first.
type table struct {
	width int
	rows  [][]int
}

func (tb table) String() string {
	parts := make([]string, len(tb.rows))
	for i, r := range tb.rows {
		parts[i] = fmt.Sprint(r)
	}
	return fmt.Sprintf("%d wide: [%s]", tb.width, strings.Join(parts, " "))
}

// sortRowsBuggy sorts rows by their first column only (the bug: rows
// with equal first columns keep their order), as a sort by a key column
// that was meant to be a lexicographic sort does.
func sortRowsBuggy(rows [][]int) [][]int {
	out := slices.Clone(rows)
	slices.SortStableFunc(out, func(a, b []int) int { return a[0] - b[0] })
	return out
}

// tableSort draws a width of 1..4 and a list of rows of that many digits,
// sorts the rows by a comparison of their first columns, and fails when
// the result is not in lexicographic order.
func tableSort() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) table {
		w := fuzzsrc.IntRange(1, 4).Draw(t, "width")
		return table{width: w, rows: fuzzsrc.SliceOf(fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), w, w)).Draw(t, "rows")}
	})
	rgen := rapid.Custom(func(t *rapid.T) table {
		w := rapid.IntRange(1, 4).Draw(t, "width")
		return table{width: w, rows: rapid.SliceOf(rapid.SliceOfN(rapid.IntRange(0, 9), w, w)).Draw(t, "rows")}
	})
	p := problem[table]{
		gen:  gen,
		rgen: rgen,
		verdict: func(tb table) verdict {
			if !slices.IsSortedFunc(sortRowsBuggy(tb.rows), slices.Compare) {
				return failedA
			}
			return pass
		},
		format: table.String,
		size:   func(tb table) int { return tb.width * len(tb.rows) },
	}
	more := flagByte(fuzzsrc.Size{})
	two := intByte(fuzzsrc.IntRange(1, 4), 2)
	one := intByte(fuzzsrc.IntRange(0, 9), 1)
	return p.fill(Benchmark{
		Name:       "table",
		Hypothesis: "not measured (our own problem)",
		About:      "a width of 1..4, then rows of that many digits; fails when sorting by the first column leaves the rows out of lexicographic order",
		MinValue:   "2 wide: [[0 1] [0 0]]",
		MinInput:   []byte{two, more, 0, one, more},
		Why: "two rows that tie on the first column and are out of order on the second: width 2, " +
			"[0 1] before [0 0], whose zeros and the stop flag after them cost no bytes. A wider table " +
			"narrows only with one cell of every row deleted as the width goes down",
		Space: Space{MaxLen: 8, Cands: defaultCands(2, more)},
		Passing: []Example{
			{"one column", []byte{0, more, 1, more, 0}, "a first-column sort is a full sort"},
			{"in order", []byte{two, more, 0, 0, more, 0, one}, "[0 0] before [0 1]"},
		},
	})
}
