package bench

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds the shrinking challenge's problems that are not in the
// ECOOP 2020 artifact (jlink/shrinking-challenge, challenges/*.md).
// Hypothesis's figures, where the challenge has them, are computed from
// its pbt-libraries/hypothesis/challenges/<name>.json (100 runs,
// Hypothesis 5.23.11): the share of the most common final, the number of
// distinct finals and the median of "evaluations".

// largeUnionList is the challenge's large union list: a list of lists of
// ints, failing when they hold five distinct values in all.
func largeUnionList() Benchmark {
	p := problem[[][]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.SliceOf(fuzzsrc.Int())),
		rgen: rapid.SliceOf(rapid.SliceOf(rapid.Int())),
		verdict: func(ls [][]int) verdict {
			seen := map[int]bool{}
			for _, l := range ls {
				for _, v := range l {
					seen[v] = true
				}
			}
			if len(seen) >= 5 {
				return failedA
			}
			return pass
		},
		format: func(ls [][]int) string {
			parts := make([]string, len(ls))
			for i, l := range ls {
				parts[i] = formatInts(l)
			}
			return "[" + strings.Join(parts, ", ") + "]"
		},
		size: func(ls [][]int) int {
			n := 0
			for _, l := range ls {
				n += len(l)
			}
			return n
		},
	}
	more := flagByte(fuzzsrc.Size{})
	var minInput []byte
	minInput = append(minInput, more)
	for _, idx := range []byte{1, 2, 3, 4} {
		minInput = append(minInput, more)
		minInput = append(minInput, zeros(7, idx)...)
	}
	minInput = append(minInput, more)
	return p.fill(Benchmark{
		Name:             "large_union_list",
		HypothesisMedian: 336,
		Hypothesis:       "100/100 most common ([[0, 1, -1, 2, -2]]), 1 distinct, median 336 calls, mean 341.1 (challenge data, 100 runs)",
		About:            "a list of lists of ints; fails when they hold five distinct values in all",
		MinValue:         "[[1, -1, 2, -2, 0]]",
		MinInput:         minInput,
		Why: "five elements cost a flag and 8 bytes each, a second inner list two more flags; in one list " +
			"the last element may be 0 for free, and the other four take the smallest nonzero zigzag " +
			"indices in order, 1 (1), 2 (-1), 3 (2), 4 (-2): 38 bytes",
		Space: Space{MaxLen: 38, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindMore {
				return coinIndices(c, more)
			}
			return span(4, 4) // 0, 1, -1, 2, -2: extremes start with 0xff, never smaller
		}},
		Passing: []Example{
			{"four", minInput[:len(minInput)-1], "[[1, -1, 2, -2]]: four values"},
		},
	})
}

// lengthlist is the challenge's length list: a length in 1..100, then a
// list of exactly that many ints in 0..1000 (the length drawn first, as
// a monadic bind), failing when the largest element is at least 900.
func lengthlist() Benchmark {
	p := problem[[]int]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) []int {
			n := fuzzsrc.IntRange(1, 100).Draw(t, "n")
			return fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 1000), n, n).Draw(t, "ls")
		}),
		rgen: rapid.Custom(func(t *rapid.T) []int {
			n := rapid.IntRange(1, 100).Draw(t, "n")
			return rapid.SliceOfN(rapid.IntRange(0, 1000), n, n).Draw(t, "ls")
		}),
		verdict: func(ls []int) verdict {
			if slices.Max(ls) >= 900 {
				return failedA
			}
			return pass
		},
		format: formatInts[int],
		size:   func(ls []int) int { return len(ls) },
	}
	elem := choiceOf(fuzzsrc.IntRange(0, 1000))
	return p.fill(Benchmark{
		Name:             "lengthlist",
		HypothesisMedian: 87,
		Hypothesis:       "100/100 most common ([900]), 1 distinct, median 87 calls, mean 85.1 (challenge data, 100 runs)",
		About:            "a length n in 1..100, then n ints in 0..1000; fails when one is at least 900",
		MinValue:         "[900]",
		MinInput:         cat([]byte{0}, elem.Encode(900)),
		Why:              "one element (n = 1, index 0) of 900, the smallest failing value: 3 bytes",
		Space: Space{MaxLen: 5, Cands: func(c record.Choice) []uint64 {
			if c.Max == 1000 {
				return []uint64{0, 1, 899, 900, 901, 1000}
			}
			return span(c.Max, 2)
		}},
		Passing: []Example{
			{"899", cat([]byte{0}, elem.Encode(899)), "[899] is below 900"},
		},
	})
}

// pair is two ints, printed as the challenge prints them.
type pair struct{ x, y int }

func (p pair) String() string { return fmt.Sprintf("[%d, %d]", p.x, p.y) }

// difference is one of the challenge's three difference tests: two
// positive ints (1..MaxInt32, as jqwik's @Positive int), failing when
// the first is at least 10 and bad holds of their absolute difference.
func difference(name, about string, min pair, bad func(d int) bool) Benchmark {
	gen := fuzzsrc.IntRange(1, math.MaxInt32)
	rgen := rapid.IntRange(1, math.MaxInt32)
	p := problem[pair]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) pair {
			return pair{gen.Draw(t, "x"), gen.Draw(t, "y")}
		}),
		rgen: rapid.Custom(func(t *rapid.T) pair {
			return pair{rgen.Draw(t, "x"), rgen.Draw(t, "y")}
		}),
		verdict: func(p pair) verdict {
			d := p.x - p.y
			if d < 0 {
				d = -d
			}
			if p.x >= 10 && bad(d) {
				return failedA
			}
			return pass
		},
		format: pair.String,
		size:   func(p pair) int { return p.x + p.y },
	}
	c := choiceOf(gen)
	return p.fill(Benchmark{
		Name:       name,
		Mutate:     true,
		Hypothesis: "not measured (the challenge has no Hypothesis run of it)",
		About:      "two ints in 1..2^31-1; fails when the first is >= 10 and " + about,
		MinValue:   min.String(),
		MinInput:   cat(c.Encode(uint64(min.x-1)), c.Encode(uint64(min.y-1))),
		Why: "both draws are 4 bytes whatever their values, so the order is by the first, then the " +
			"second: the first at its smallest failing value 10, the second at the failing value " +
			"closest to 1",
		Space: Space{MaxLen: 8, Cands: func(c record.Choice) []uint64 { return span(c.Max, 12) }},
		Passing: []Example{
			{"small first", cat(c.Encode(8), c.Encode(8)), "[9, 9]: the first is below 10"},
		},
	})
}

func differenceZero() Benchmark {
	return difference("difference_zero", "the difference is 0", pair{10, 10}, func(d int) bool { return d == 0 })
}

func differenceSmall() Benchmark {
	return difference("difference_small", "the difference is in 1..4", pair{10, 6}, func(d int) bool { return d >= 1 && d <= 4 })
}

func differenceOne() Benchmark {
	return difference("difference_one", "the difference is 1", pair{10, 9}, func(d int) bool { return d == 1 })
}
