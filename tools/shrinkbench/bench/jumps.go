package bench

import (
	"fmt"

	"github.com/shortlex/shortlex/fuzzsrc"
	"pgregory.net/rapid"
)

// This file holds problems whose failing values are not a range: below a
// failing value the next values pass and smaller ones fail again, so that
// lowering one step at a time stops early.

// batch is a record of a kind, a count and a flag, as fuzzsrc.Make would
// draw a struct of those fields.
type batch struct {
	kind  int
	count int
	on    bool
}

func (b batch) String() string { return fmt.Sprintf("{%d %d %v}", b.kind, b.count, b.on) }

// multiple draws a batch and fails when its count is a nonzero multiple
// of 5 (a packer that mishandles full crates).
func multiple() Benchmark {
	p := problem[batch]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) batch {
			return batch{fuzzsrc.IntRange(0, 3).Draw(t, "kind"), fuzzsrc.Int().Draw(t, "count"), fuzzsrc.Bool().Draw(t, "on")}
		}),
		rgen: rapid.Custom(func(t *rapid.T) batch {
			return batch{rapid.IntRange(0, 3).Draw(t, "kind"), rapid.Int().Draw(t, "count"), rapid.Bool().Draw(t, "on")}
		}),
		verdict: func(b batch) verdict {
			if b.count%5 == 0 && b.count != 0 {
				return failedA
			}
			return pass
		},
		format: batch.String,
		size:   func(b batch) int { return b.count },
	}
	return p.fill(Benchmark{
		Name:       "multiple",
		Hypothesis: "not measured (our own problem)",
		About:      "a record of a kind 0..3, an int count and a flag; fails when the count is a nonzero multiple of 5",
		MinValue:   "{0 5 false}",
		MinInput:   cat([]byte{0}, choiceOf(fuzzsrc.Int()).Encode(9)),
		Why: "the count must be a multiple of 5 other than 0; 5 is the smallest (index 9 in the order 0, 1, " +
			"-1, 2, ...; -5 is index 10), the kind and flag stay at their first values. From 5k, 5k-1 and " +
			"5k-2 pass, so a lowering that stops where the next two values pass ends early",
		Space: Space{MaxLen: 10, Cands: defaultCands(10, coinByte(fuzzsrc.Bool()))},
		Passing: []Example{
			{"zero", nil, "a count of 0 is a multiple of 5 but excluded"},
			{"four", cat([]byte{0}, choiceOf(fuzzsrc.Int()).Encode(7)), "4 is not a multiple of 5"},
		},
	})
}

// sumMod3 draws a list of 0..100 and fails when the sum is a multiple of
// 3 of at least 10.
func sumMod3() Benchmark {
	p := problem[[]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 100)),
		rgen: rapid.SliceOf(rapid.IntRange(0, 100)),
		verdict: func(xs []int) verdict {
			s := 0
			for _, x := range xs {
				s += x
			}
			if s%3 == 0 && s >= 10 {
				return failedA
			}
			return pass
		},
		format: formatInts[int],
		size:   func(xs []int) int { return len(xs) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "summod3",
		Hypothesis: "not measured (our own problem)",
		About:      "a list of ints in 0..100; fails when the sum is a multiple of 3 and at least 10",
		MinValue:   "[12]",
		MinInput:   []byte{more, intByte(fuzzsrc.IntRange(0, 100), 12)},
		Why: "one element is shortest, and 12 is the least multiple of 3 from 10 on; from 3k, 3k-1 and " +
			"3k-2 pass, and two elements go down to one only with their sum moved into one of them",
		Space: Space{MaxLen: 6, Cands: defaultCands(12, more)},
		Passing: []Example{
			{"nine", []byte{more, intByte(fuzzsrc.IntRange(0, 100), 9)}, "9 is a multiple of 3 below 10"},
			{"eleven", []byte{more, intByte(fuzzsrc.IntRange(0, 100), 11)}, "11 is not a multiple of 3"},
		},
	})
}
