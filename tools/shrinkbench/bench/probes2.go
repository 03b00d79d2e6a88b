package bench

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds the second round of probes of everyday shapes: a record
// whose weighted total is a product of two fields of different types, a
// step whose components must keep a slope, a word whose property counts
// its set bits, and a square grid sized by a count whose range starts at
// 2. Each first missed its minimum on most seeds of a 40-seed probe; the
// mechanisms that fixed them are stated in minimize's passes and tested
// there on other problems of their class. Their MinInputs were found by
// the bounded search of TestSearchConfirmsMinimum, which proves them.

// pWeighted is a record from fuzzsrc.Make: a signed weight and counts.
type pWeighted struct {
	Weight int8
	Counts []uint8
}

// prWeights draws a record of a weight and counts and fails when their
// weighted total is below -100.
func prWeights() Benchmark {
	total := func(w pWeighted) int {
		t := 0
		for _, c := range w.Counts {
			t += int(w.Weight) * int(c)
		}
		return t
	}
	p := problem[pWeighted]{
		gen: fuzzsrc.Make[pWeighted](),
		rgen: rapid.Custom(func(t *rapid.T) pWeighted {
			return pWeighted{rapid.Int8().Draw(t, "weight"), rapid.SliceOf(rapid.Uint8()).Draw(t, "counts")}
		}),
		verdict: func(w pWeighted) verdict {
			if total(w) < -100 {
				return failedA
			}
			return pass
		},
		format: func(w pWeighted) string { return fmt.Sprintf("{%d %v}", w.Weight, w.Counts) },
		size:   func(w pWeighted) int { return len(w.Counts) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "pr_weights",
		Hypothesis: "not measured (probe)",
		About:      "a record from Make of an int8 weight and uint8 counts; fails when the weighted total is below -100",
		MinValue:   "{-1 [101]}",
		MinInput:   []byte{0x02, more, 0x65},
		Why:        "one count; the weight nearest zero that is negative, -1 (index 2), then the least count past 100",
		Space: Space{MaxLen: 3, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindMore || c.Kind == record.KindBool {
				return coinIndices(c, more)
			}
			if c.Below > 0 { // the weight: 0, +1, -1
				return span(c.Max, 2)[:3]
			}
			return span(c.Max, 255)
		}},
		Passing: []Example{{"weight 0", []byte{0x00, more, 0xff}, "{0 [255]}"}},
	})
}

// prSlope draws a step (dx, dy) and fails when dy is twice dx and dx is
// more than 3.
func prSlope() Benchmark {
	p := problem[[2]int]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int {
			return [2]int{fuzzsrc.IntRange(-50, 50).Draw(t, "dx"), fuzzsrc.IntRange(-50, 50).Draw(t, "dy")}
		}),
		rgen: rapid.Custom(func(t *rapid.T) [2]int {
			return [2]int{rapid.IntRange(-50, 50).Draw(t, "dx"), rapid.IntRange(-50, 50).Draw(t, "dy")}
		}),
		verdict: func(d [2]int) verdict {
			if d[0] > 3 && d[1] == 2*d[0] {
				return failedA
			}
			return pass
		},
		format: func(d [2]int) string { return fmt.Sprint(d) },
		size:   func(d [2]int) int { return abs(d[0]) + abs(d[1]) },
	}
	return p.fill(Benchmark{
		Name:       "pr_slope",
		Hypothesis: "not measured (probe)",
		About:      "a step dx, dy in -50..50; fails when dy = 2dx and dx > 3",
		MinValue:   "[4 8]",
		MinInput:   []byte{0x12, 0x27},
		Why:        "the least dx past 3, 4 (index 7), and dy = 8 (index 15); the bytes are the least that read those indices of 101",
		Space:      Space{MaxLen: 2, Cands: func(c record.Choice) []uint64 { return span(c.Max, 100) }},
		Passing:    []Example{{"[3 6]", []byte{0x0d, 0x1c}, "[3 6]"}},
	})
}

// prPopcount draws a uint32 and fails when it has an odd number of set
// bits, at least five.
func prPopcount() Benchmark {
	p := problem[uint32]{
		gen:  fuzzsrc.Integers[uint32](),
		rgen: rapid.Uint32(),
		verdict: func(x uint32) verdict {
			if n := bits.OnesCount32(x); n%2 == 1 && n >= 5 {
				return failedA
			}
			return pass
		},
		format: func(x uint32) string { return fmt.Sprintf("%#x", x) },
		size:   func(x uint32) int { return bits.OnesCount32(x) },
	}
	return p.fill(Benchmark{
		Name:       "pr_popcount",
		Hypothesis: "not measured (probe)",
		About:      "a uint32; fails when it has an odd number of set bits, at least five",
		MinValue:   "0x1f",
		MinInput:   []byte{0x00, 0x00, 0x00, 0x1f},
		Why:        "the least value with five set bits, 31; every smaller value has four or fewer",
		Space:      Space{MaxLen: 4, Cands: func(c record.Choice) []uint64 { return span(c.Max, 31)[:32] }},
		Passing:    []Example{{"four bits", []byte{0x00, 0x00, 0x00, 0x0f}, "0xf"}},
	})
}

// prSquare draws an n by n grid of walls, n in 2..5, each row a
// fixed-length slice, and fails when the diagonal holds two walls and
// the corner is open.
func prSquare() Benchmark {
	check := func(g [][]bool) verdict {
		walls := 0
		for i := range g {
			if g[i][i] {
				walls++
			}
		}
		if walls >= 2 && !g[0][0] {
			return failedA
		}
		return pass
	}
	p := problem[[][]bool]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) [][]bool {
			n := fuzzsrc.IntRange(2, 5).Draw(t, "n")
			g := make([][]bool, n)
			for i := range g {
				g[i] = fuzzsrc.SliceOfN(fuzzsrc.Bool(), n, n).Draw(t, "row")
			}
			return g
		}),
		rgen: rapid.Custom(func(t *rapid.T) [][]bool {
			n := rapid.IntRange(2, 5).Draw(t, "n")
			g := make([][]bool, n)
			for i := range g {
				g[i] = rapid.SliceOfN(rapid.Bool(), n, n).Draw(t, "row")
			}
			return g
		}),
		verdict: check,
		format: func(g [][]bool) string {
			var rows []string
			for _, r := range g {
				var b strings.Builder
				for _, w := range r {
					b.WriteByte(".#"[btoi(w)])
				}
				rows = append(rows, b.String())
			}
			return strings.Join(rows, "/")
		},
		size: func(g [][]bool) int { return len(g) },
	}
	return p.fill(Benchmark{
		Name:       "pr_square",
		Hypothesis: "not measured (probe)",
		About:      "an n by n grid of walls, n in 2..5, rows of fixed length; fails when the diagonal holds two walls and the corner is open",
		MinValue:   ".../.#./..#",
		MinInput:   []byte{0x40, 0, 0, 0, 0, 0x80, 0, 0, 0, 0x80},
		Why:        "n = 2 has only one diagonal cell besides the corner, so n = 3 (index 1), with walls at (1,1) and (2,2)",
		Space: Space{MaxLen: 10, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindBool {
				return []uint64{0, 1}
			}
			return span(c.Max, 1)[:2]
		}},
		Passing: []Example{{"one wall", []byte{0x40, 0, 0, 0, 0, 0x80}, ".../.#./..."}},
	})
}

// abs returns the absolute value of x.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// btoi returns 1 for true and 0 for false.
func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// probes2 returns the problems of this file.
func probes2() []Benchmark {
	return []Benchmark{prWeights(), prSlope(), prPopcount(), prSquare()}
}
