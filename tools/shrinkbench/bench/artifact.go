package bench

import (
	"fmt"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds the ECOOP 2020 artifact's problems beyond SmartCheck's
// five (mc-imperial/hypothesis-ecoop-2020-artifact,
// smartcheck-benchmarks/evaluations/{coupling,deletion,distinct,
// nestedlists,replacement}); the shrinking challenge
// (jlink/shrinking-challenge) took four of them over. Hypothesis's figures
// are computed from the artifact's data/evaluations/<name>/Hypothesis.json
// (1000 runs each): the share of the most common final, the number of
// distinct finals and the median of "evaluations".

// coupling is the artifact's coupling: st.lists(st.integers(0, 10)),
// assuming every element is a valid index, failing when some i with
// ls[i] = j != i has ls[j] = i (a 2-cycle of the list read as a map).
func coupling() Benchmark {
	p := problem[[]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 10)),
		rgen: rapid.SliceOf(rapid.IntRange(0, 10)),
		verdict: func(ls []int) verdict {
			for _, v := range ls {
				if v >= len(ls) {
					return discard
				}
			}
			for i, j := range ls {
				if i != j && ls[j] == i {
					return failedA
				}
			}
			return pass
		},
		format: formatInts[int],
		size:   func(ls []int) int { return len(ls) },
	}
	more := flagByte(fuzzsrc.Size{})
	one := intByte(fuzzsrc.IntRange(0, 10), 1)
	return p.fill(Benchmark{
		Name:             "coupling",
		HypothesisMedian: 130,
		Hypothesis:       "757/1000 most common ([1, 0]), 9 distinct, median 130 calls, mean 133.5 (artifact data); mean size 2.66",
		About:            "a list of ints in 0..10, each a valid index; fails when two elements point at each other",
		MinValue:         "[1, 0]",
		MinInput:         []byte{more, one, more},
		Why: "a 2-cycle needs two elements i != j with ls[i] = j and ls[j] = i, so at least two; " +
			"the only two-element cycle is [1, 0], and its trailing 0 and stop flag are free",
		Space: Space{MaxLen: 6, Cands: defaultCands(10, more)},
		Passing: []Example{
			{"empty", nil, "no elements, no cycle"},
			{"fixed point", []byte{more}, "[0]: a fixed point is not a 2-cycle"},
			{"identity", []byte{more, 0, more, one}, "[0, 1]: two fixed points"},
		},
	})
}

// deletionCase is the artifact's deletion input: a list and an index.
type deletionCase struct {
	ls []int
	i  int
}

func (d deletionCase) String() string { return fmt.Sprintf("(%s, %d)", formatInts(d.ls), d.i) }

// deletion is the artifact's deletion: a list of ints and an index in
// 0..10, assuming the index is in the list; Python's list.remove deletes
// only the first copy of ls[i], so it fails when ls[i] is still there.
func deletion() Benchmark {
	p := problem[deletionCase]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) deletionCase {
			return deletionCase{fuzzsrc.SliceOf(fuzzsrc.Int()).Draw(t, "ls"), fuzzsrc.IntRange(0, 10).Draw(t, "i")}
		}),
		rgen: rapid.Custom(func(t *rapid.T) deletionCase {
			return deletionCase{rapid.SliceOf(rapid.Int()).Draw(t, "ls"), rapid.IntRange(0, 10).Draw(t, "i")}
		}),
		verdict: func(d deletionCase) verdict {
			if d.i >= len(d.ls) {
				return discard
			}
			x := d.ls[d.i]
			rest := removeFirst(d.ls, x)
			for _, y := range rest {
				if y == x {
					return failedA
				}
			}
			return pass
		},
		format: deletionCase.String,
		size:   func(d deletionCase) int { return len(d.ls) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:             "deletion",
		HypothesisMedian: 75,
		Mutate:           true,
		Hypothesis:       "1000/1000 most common (([0, 0], 0)), 1 distinct, median 75 calls, mean 81.4 (artifact data); mean size 2.00",
		About:            "a list of ints and an index into it; fails when removing the first copy of ls[i] leaves a copy",
		MinValue:         "([0, 0], 0)",
		MinInput:         cat([]byte{more}, zeros(8), []byte{more}),
		Why: "a duplicate needs two elements; two flags with zero elements, the stop flag and index 0 " +
			"trailing: 10 bytes",
		Space: Space{MaxLen: 10, Cands: defaultCands(2, more)},
		Passing: []Example{
			{"empty", nil, "index 0 is not in the empty list: discarded, not failing"},
			{"one", []byte{more}, "([0], 0): no second copy"},
			{"distinct", cat([]byte{more}, zeros(8), []byte{more}, zeros(7, 1)), "([0, 1], 0): distinct elements"},
		},
	})
}

// removeFirst returns ls without its first copy of x, as list.remove.
func removeFirst(ls []int, x int) []int {
	for k, y := range ls {
		if y == x {
			return append(append([]int{}, ls[:k]...), ls[k+1:]...)
		}
	}
	return ls
}

// distinct is the artifact's distinct: st.lists(st.integers()), failing
// when it holds at least three distinct values.
func distinct() Benchmark {
	p := problem[[]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.Int()),
		rgen: rapid.SliceOf(rapid.Int()),
		verdict: func(ls []int) verdict {
			seen := map[int]bool{}
			for _, v := range ls {
				seen[v] = true
			}
			if len(seen) >= 3 {
				return failedA
			}
			return pass
		},
		format: formatInts[int],
		size:   func(ls []int) int { return len(ls) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:             "distinct",
		HypothesisMedian: 97,
		Hypothesis:       "1000/1000 most common ([0, 1, -1]), 1 distinct, median 97 calls, mean 98.1 (artifact data); mean size 3.00",
		About:            "a list of ints; fails when it holds three distinct values",
		MinValue:         "[1, -1, 0]",
		MinInput:         cat([]byte{more}, zeros(7, 1), []byte{more}, zeros(7, 2), []byte{more}),
		Why: "three elements are needed; the last may be 0 for free (trailing zeros), so the first two " +
			"are the smallest nonzero zigzag indices, 1 (1) and 2 (-1): 19 bytes where Hypothesis's " +
			"[0, 1, -1] costs 27",
		Space: Space{MaxLen: 19, Cands: defaultCands(3, more)},
		Passing: []Example{
			{"two values", cat([]byte{more}, zeros(7, 1), []byte{more}, zeros(8), []byte{more}, zeros(7, 1)), "[1, 0, 1]: two values"},
		},
	})
}

// nestedlists is the artifact's nestedlists: st.lists(st.lists(st.just(
// ()))), failing when the inner lists hold more than 10 elements in all.
func nestedlists() Benchmark {
	type unit struct{}
	p := problem[[][]unit]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.SliceOf(fuzzsrc.Just(unit{}))),
		rgen: rapid.SliceOf(rapid.SliceOf(rapid.Just(unit{}))),
		verdict: func(ls [][]unit) verdict {
			n := 0
			for _, l := range ls {
				n += len(l)
			}
			if n > 10 {
				return failedA
			}
			return pass
		},
		format: func(ls [][]unit) string {
			parts := make([]string, len(ls))
			for i, l := range ls {
				parts[i] = "[" + strings.TrimSuffix(strings.Repeat("(), ", len(l)), ", ") + "]"
			}
			return "[" + strings.Join(parts, ", ") + "]"
		},
		size: func(ls [][]unit) int { return len(ls) },
	}
	more := flagByte(fuzzsrc.Size{})
	eleven := make([]byte, 12)
	for i := range eleven {
		eleven[i] = more
	}
	return p.fill(Benchmark{
		Name:             "nestedlists",
		HypothesisMedian: 86,
		Hypothesis:       "1000/1000 most common ([[(), (), (), (), (), (), (), (), (), (), ()]]), 1 distinct, median 86 calls, mean 87.7 (artifact data); mean size 1.00",
		About:            "a list of lists of (); fails when they hold more than 10 elements in all",
		MinValue:         "[[(), (), (), (), (), (), (), (), (), (), ()]]",
		MinInput:         eleven,
		Why: "eleven elements cost a flag each, and each further inner list a stop flag and a flag; " +
			"one list of eleven is one outer flag and eleven inner ones, the stops trailing: 12 bytes",
		Space: Space{MaxLen: 12, Cands: defaultCands(0, more)},
		Passing: []Example{
			{"ten", eleven[:11], "[[()×10]]: ten elements"},
		},
	})
}

// replacementCase is the artifact's replacement input.
type replacementCase struct {
	n    int
	pows []int
}

// replacement is the artifact's replacement: an int in 0..10^6 and a list
// of multipliers in 2..10, failing when their product reaches 10^6.
func replacement() Benchmark {
	const million = 1_000_000
	p := problem[replacementCase]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) replacementCase {
			return replacementCase{fuzzsrc.IntRange(0, million).Draw(t, "n"), fuzzsrc.SliceOf(fuzzsrc.IntRange(2, 10)).Draw(t, "pows")}
		}),
		rgen: rapid.Custom(func(t *rapid.T) replacementCase {
			return replacementCase{rapid.IntRange(0, million).Draw(t, "n"), rapid.SliceOf(rapid.IntRange(2, 10)).Draw(t, "pows")}
		}),
		verdict: func(c replacementCase) verdict {
			n := c.n
			for _, p := range c.pows {
				if n >= million {
					break // Python's integers do not overflow; stopping early keeps Go's from it
				}
				n *= p
			}
			if n >= million {
				return failedA
			}
			return pass
		},
		format: func(c replacementCase) string { return fmt.Sprintf("(%d, %s)", c.n, formatInts(c.pows)) },
		size:   func(c replacementCase) int { return len(c.pows) },
	}
	more := flagByte(fuzzsrc.Size{})
	nChoice := choiceOf(fuzzsrc.IntRange(0, million))
	return p.fill(Benchmark{
		Name:             "replacement",
		HypothesisMedian: 80,
		Hypothesis:       "233/1000 most common ((250000, [4])), 34 distinct, median 80 calls, mean 81.7 (artifact data); mean size 1.07",
		About:            "an int in 0..10^6 and a list of multipliers in 2..10; fails when the product reaches 10^6",
		MinValue:         "(1000000, [])",
		MinInput:         nChoice.Encode(million),
		Why: "n takes 3 bytes and each multiplier a flag and a byte; n = 10^6 alone fails in 3 bytes, " +
			"while anything smaller needs a multiplier, at least a fourth byte (the flag; a multiplier " +
			"of 2 is free at the end). The minimum raises n as it deletes the list, where Hypothesis's " +
			"order (and its finals) keep a multiplier",
		Space: Space{MaxLen: 5, Cands: func(c record.Choice) []uint64 {
			switch c.Kind {
			case record.KindMore:
				return coinIndices(c, more)
			default:
				if c.Max == million {
					return []uint64{0, 1, 2, 100_000, 125_000, 250_000, 500_000, million - 1, million}
				}
				return span(c.Max, 8)
			}
		}},
		Passing: []Example{
			{"zero", nil, "(0, []): 0 times anything is 0"},
			{"just under", nChoice.Encode(million - 1), "(999999, [])"},
		},
	})
}

// choiceOf returns the choice that g's first draw records, for encoding
// inputs by index.
func choiceOf[V any](g fuzzsrc.Generator[V]) record.Choice {
	rec := engine.Run(nil, func(t *fuzzsrc.T) { g.Draw(t, "v") })
	if len(rec.Choices) == 0 {
		panic("bench: the generator draws nothing")
	}
	return rec.Choices[0]
}
