package bench

import (
	"fmt"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"pgregory.net/rapid"
)

// reverse is the artifact's reverse: st.lists(st.integers()), failing when
// the list differs from its reverse.
func reverse() Benchmark {
	p := problem[[]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.Int()),
		rgen: rapid.SliceOf(rapid.Int()),
		verdict: func(xs []int) verdict {
			for i, j := 0, len(xs)-1; i < j; i, j = i+1, j-1 {
				if xs[i] != xs[j] {
					return failedA
				}
			}
			return pass
		},
		format: formatInts[int],
		size:   func(xs []int) int { return len(xs) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:             "reverse",
		HypothesisMedian: 54,
		Hypothesis:       "1000/1000 most common ([0, 1]), 1 distinct, median 54 calls; mean size 2.00, mean 50.8 calls",
		About:            "a list of ints; fails unless it is a palindrome",
		MinValue:         "[1, 0]",
		MinInput:         cat([]byte{more}, zeros(7, 1), []byte{more}),
		Why: "two unequal elements are needed; each costs a flag byte and 8 bytes, but a trailing " +
			"zero element and the final stop flag are free (missing bytes read as zero), so [1, 0] " +
			"(flag, 1, flag: 10 bytes) beats Hypothesis's [0, 1] (19 bytes here)",
		Space: Space{MaxLen: 10, Cands: defaultCands(3, more)},
		Passing: []Example{
			{"empty", nil, "the empty list is its own reverse"},
			{"one element", cat([]byte{more}, zeros(7, 9)), "[5]: one element is a palindrome"},
			{"two zeros", []byte{more, 0, 0, 0, 0, 0, 0, 0, 0, more}, "[0, 0] is a palindrome"},
		},
	})
}

// formatInts formats a slice of integers as Python prints a list.
func formatInts[I int | int16](xs []I) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
