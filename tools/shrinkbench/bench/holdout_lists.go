package bench

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds the second half of the held-out problems (see
// holdout.go): numbers, lists and relations between their elements (a
// graph over a drawn node count, an integer pair, an order property, a
// distinct-elements list, intervals, a matrix over a drawn size, a
// bracket string and a Make struct with a slice field).

// hGraph is a directed graph on nodes 0..n-1.
type hGraph struct {
	n     int
	edges [][2]int
}

func (g hGraph) String() string {
	var parts []string
	for _, e := range g.edges {
		parts = append(parts, fmt.Sprintf("%d->%d", e[0], e[1]))
	}
	return fmt.Sprintf("n=%d [%s]", g.n, strings.Join(parts, " "))
}

// hoGraph draws a node count in 1..20 and edges between nodes drawn from
// 0..n-1, and fails when two distinct nodes have edges both ways, which a
// cycle check that only looks for self-loops misses.
func hoGraph() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) hGraph {
		n := fuzzsrc.IntRange(1, 20).Draw(t, "n")
		node := fuzzsrc.IntRange(0, n-1)
		edge := fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int { return [2]int{node.Draw(t, "from"), node.Draw(t, "to")} })
		return hGraph{n, fuzzsrc.SliceOf(edge).Draw(t, "edges")}
	})
	rgen := rapid.Custom(func(t *rapid.T) hGraph {
		n := rapid.IntRange(1, 20).Draw(t, "n")
		node := rapid.IntRange(0, n-1)
		edge := rapid.Custom(func(t *rapid.T) [2]int { return [2]int{node.Draw(t, "from"), node.Draw(t, "to")} })
		return hGraph{n, rapid.SliceOf(edge).Draw(t, "edges")}
	})
	p := problem[hGraph]{
		gen:  gen,
		rgen: rgen,
		verdict: func(g hGraph) verdict {
			has := map[[2]int]bool{}
			for _, e := range g.edges {
				has[e] = true
			}
			for _, e := range g.edges {
				if e[0] != e[1] && has[[2]int{e[1], e[0]}] {
					return failedA
				}
			}
			return pass
		},
		format: hGraph.String,
		size:   func(g hGraph) int { return g.n + len(g.edges) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_graph",
		Hypothesis: "not measured (held-out problem)",
		About:      "n in 1..20, then edges between nodes 0..n-1; fails on a 2-cycle (edges a->b and b->a, a != b)",
		MinValue:   "n=2 [0->1 1->0]",
		MinInput:   []byte{0xd, 0x2b, 0x0, 0x80, 0x2b, 0x80},
		Why:        "a 2-cycle needs two nodes and the two edges between them, 0->1 first: 6 bytes. Lowering n from a larger count rescales every endpoint drawn after it",
		Space: Space{MaxLen: 8, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindMore {
				return coinIndices(c, more)
			}
			return span(min(c.Max, 3), 3)
		}},
		Passing: []Example{
			{"empty", nil, "n=1, no edges"},
		},
	})
}

// hoPair draws two ints in -1000..1000 and fails when a < b and the
// midpoint (a+b)/2 differs from a+(b-a)/2, which it does when a+b is
// negative and odd: division truncates towards zero.
func hoPair() Benchmark {
	p := problem[pair]{
		gen: fuzzsrc.Custom(func(t *fuzzsrc.T) pair {
			return pair{fuzzsrc.IntRange(-1000, 1000).Draw(t, "a"), fuzzsrc.IntRange(-1000, 1000).Draw(t, "b")}
		}),
		rgen: rapid.Custom(func(t *rapid.T) pair {
			return pair{rapid.IntRange(-1000, 1000).Draw(t, "a"), rapid.IntRange(-1000, 1000).Draw(t, "b")}
		}),
		verdict: func(p pair) verdict {
			if p.x < p.y && (p.x+p.y)/2 != p.x+(p.y-p.x)/2 {
				return failedA
			}
			return pass
		},
		format: pair.String,
		size:   func(pair) int { return 2 },
	}
	return p.fill(Benchmark{
		Name:       "ho_pair",
		Hypothesis: "not measured (held-out problem)",
		About:      "two ints a, b in -1000..1000; fails when a < b and (a+b)/2 != a+(b-a)/2",
		MinValue:   "[-1, 0]",
		MinInput:   []byte{0x0, 0x42},
		Why:        "a = 0 never fails (b > 0 makes (0+b)/2 = b/2); a = -1 (zigzag index 1) with b = 0 gives 0 vs -1; b = 0 is trailing zeros: 2 bytes",
		Space:      Space{MaxLen: 4, Cands: holdoutCands(8)},
		Passing: []Example{
			{"zero", nil, "[0, 0]"},
		},
	})
}

// hoAbsSorted draws a list of ints in -100..100 and fails when a sortedness
// check that compares absolute values accepts a list that is not sorted.
func hoAbsSorted() Benchmark {
	abs := func(x int) int { return max(x, -x) }
	p := problem[[]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.IntRange(-100, 100)),
		rgen: rapid.SliceOf(rapid.IntRange(-100, 100)),
		verdict: func(xs []int) verdict {
			byAbs := slices.IsSortedFunc(xs, func(a, b int) int { return abs(a) - abs(b) })
			if byAbs && !slices.IsSorted(xs) {
				return failedA
			}
			return pass
		},
		format: formatInts[int],
		size:   func(xs []int) int { return len(xs) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_abs_sorted",
		Hypothesis: "not measured (held-out problem)",
		About:      "a list of ints in -100..100; fails when it is sorted by absolute value but not sorted",
		MinValue:   "[0, -1]",
		MinInput:   []byte{0x2b, 0x0, 0x2b, 0x3},
		Why:        "a list sorted by |x| but not by x needs a negative after a smaller absolute value: 0 then -1, the simplest negative: 4 bytes",
		Space:      Space{MaxLen: 6, Cands: holdoutCands(4, more)},
		Passing: []Example{
			{"empty", nil, "sorted"},
		},
	})
}

// hoDistinctSum draws distinct ints in 0..1000 and fails when one is the
// sum of two others, which a sum-free check that only compares
// neighbours in sorted order misses.
func hoDistinctSum() Benchmark {
	size := fuzzsrc.Size{Max: 30, Average: 10}
	p := problem[[]int]{
		gen:  fuzzsrc.SliceOfDistinct(fuzzsrc.IntRange(0, 1000), size),
		rgen: rapid.SliceOfNDistinct(rapid.IntRange(0, 1000), 0, 30, func(x int) int { return x }),
		verdict: func(xs []int) verdict {
			for i := range xs {
				for j := range xs {
					for k := range xs {
						if i != j && j != k && i != k && xs[i]+xs[j] == xs[k] {
							return failedA
						}
					}
				}
			}
			return pass
		},
		format: formatInts[int],
		size:   func(xs []int) int { return len(xs) },
	}
	more := flagByte(size)
	return p.fill(Benchmark{
		Name:       "ho_distinct_sum",
		Hypothesis: "not measured (held-out problem)",
		About:      "distinct ints in 0..1000 (SliceOfDistinct); fails when one is the sum of two others",
		MinValue:   "[1, 2, 3]",
		MinInput:   []byte{0x18, 0x0, 0x42, 0x18, 0x0, 0x83, 0x18, 0x0, 0xc5},
		Why:        "0 + x = x needs x twice, which distinctness forbids, so the smallest sum of distinct positives: 1 + 2 = 3, in ascending order: 9 bytes",
		Space:      Space{MaxLen: 9, Cands: holdoutCands(4, more)},
		Passing: []Example{
			{"empty", nil, "no sums"},
		},
	})
}

// hInterval is the half-open interval [lo, lo+n).
type hInterval struct{ lo, n int }

// hoIntervals draws intervals and fails when two of them overlap although
// no two neighbours in the list do: a booking check that compares each
// booking with the one before it only.
func hoIntervals() Benchmark {
	overlap := func(a, b hInterval) bool { return a.lo < b.lo+b.n && b.lo < a.lo+a.n }
	p := problem[[]hInterval]{
		gen: fuzzsrc.SliceOf(fuzzsrc.Custom(func(t *fuzzsrc.T) hInterval {
			return hInterval{fuzzsrc.IntRange(0, 100).Draw(t, "lo"), fuzzsrc.IntRange(1, 10).Draw(t, "n")}
		})),
		rgen: rapid.SliceOf(rapid.Custom(func(t *rapid.T) hInterval {
			return hInterval{rapid.IntRange(0, 100).Draw(t, "lo"), rapid.IntRange(1, 10).Draw(t, "n")}
		})),
		verdict: func(iv []hInterval) verdict {
			for i := 1; i < len(iv); i++ {
				if overlap(iv[i-1], iv[i]) {
					return pass // the check catches it
				}
			}
			for i := range iv {
				for j := i + 2; j < len(iv); j++ {
					if overlap(iv[i], iv[j]) {
						return failedA
					}
				}
			}
			return pass
		},
		format: func(iv []hInterval) string {
			var parts []string
			for _, x := range iv {
				parts = append(parts, fmt.Sprintf("[%d,%d)", x.lo, x.lo+x.n))
			}
			return "[" + strings.Join(parts, " ") + "]"
		},
		size: func(iv []hInterval) int { return len(iv) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_intervals",
		Hypothesis: "not measured (held-out problem)",
		About:      "intervals [lo, lo+n), lo 0..100, n 1..10; fails when two overlap but no two neighbours do",
		MinValue:   "[[0,1) [1,2) [0,1)]",
		MinInput:   []byte{0x2b, 0x0, 0x0, 0x2b, 0x3, 0x0, 0x2b},
		Why:        "an overlap the neighbour check misses needs three intervals, the first and third overlapping and the middle one apart from both: [0,1), then [1,2) (lo 1 is the smallest that misses [0,1)), then [0,1) again, whose zeros are trailing: 7 bytes",
		Space:      Space{MaxLen: 12, Cands: holdoutCands(2, more)},
		Passing: []Example{
			{"empty", nil, "no intervals"},
		},
	})
}

// hoMatrix draws a size n in 1..5, then an n-by-n matrix of digits, and
// fails when it is symmetric with a nonzero entry off the diagonal: a
// transpose that returns its argument unchanged passes on every other
// symmetric matrix.
func hoMatrix() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) [][]int {
		n := fuzzsrc.IntRange(1, 5).Draw(t, "n")
		return fuzzsrc.SliceOfN(fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), n, n), n, n).Draw(t, "m")
	})
	rgen := rapid.Custom(func(t *rapid.T) [][]int {
		n := rapid.IntRange(1, 5).Draw(t, "n")
		return rapid.SliceOfN(rapid.SliceOfN(rapid.IntRange(0, 9), n, n), n, n).Draw(t, "m")
	})
	p := problem[[][]int]{
		gen:  gen,
		rgen: rgen,
		verdict: func(m [][]int) verdict {
			off := false
			for i := range m {
				for j := range m {
					if m[i][j] != m[j][i] {
						return pass
					}
					off = off || i != j && m[i][j] != 0
				}
			}
			if off {
				return failedA
			}
			return pass
		},
		format: func(m [][]int) string { return fmt.Sprint(m) },
		size:   func(m [][]int) int { return len(m) },
	}
	return p.fill(Benchmark{
		Name:       "ho_matrix",
		Hypothesis: "not measured (held-out problem)",
		About:      "n in 1..5, then an n-by-n matrix of digits; fails when it is symmetric with a nonzero entry off the diagonal",
		MinValue:   "[[0 1] [1 0]]",
		MinInput:   []byte{0x34, 0x0, 0x1a, 0x1a},
		Why:        "n = 1 has no off-diagonal entry, so n = 2 with m[0][1] = m[1][0] = 1 and zeros elsewhere (the last one trailing): 4 bytes",
		Mutate:     true,
		Space:      Space{MaxLen: 8, Cands: holdoutCands(2)},
		Passing: []Example{
			{"one", nil, "a 1-by-1 matrix has no off-diagonal entry"},
		},
	})
}

// hoBrackets draws a string of ( and ) and fails when a balance check
// that only counts them accepts it although some prefix closes more than
// it opened.
func hoBrackets() Benchmark {
	p := problem[string]{
		gen:  fuzzsrc.StringOf(fuzzsrc.RuneFrom("()")),
		rgen: rapid.StringOf(rapid.RuneFrom([]rune("()"))),
		verdict: func(s string) verdict {
			depth, low := 0, 0
			for _, r := range s {
				if r == '(' {
					depth++
				} else {
					depth--
				}
				low = min(low, depth)
			}
			if depth == 0 && low < 0 {
				return failedA
			}
			return pass
		},
		format: strconv.Quote,
		size:   func(s string) int { return len(s) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_brackets",
		Hypothesis: "not measured (held-out problem)",
		About:      "a string of ( and ); fails when it has as many ( as ) but some prefix closes more than it opened",
		MinValue:   `")("`,
		MinInput:   []byte{0x2b, 0x80, 0x2b},
		Why:        "equal counts and a prefix below zero need at least one ) before one (: two runes, the ) (index 1 of the alphabet) first and the ( (index 0) a trailing zero: 3 bytes",
		Space:      Space{MaxLen: 8, Cands: holdoutCands(1, more)},
		Passing: []Example{
			{"empty", nil, "balanced"},
		},
	})
}

// hItem is an order line.
type hItem struct {
	Price uint16
	Qty   uint8
}

// hOrder is an order with a discount, filled by Make.
type hOrder struct {
	Items    []hItem
	Discount uint8
}

// hoOrder fills an hOrder with Make and fails when the discount exceeds
// the order's total, which checkout does not clamp, on an order with
// items.
func hoOrder() Benchmark {
	p := problem[hOrder]{
		gen:  fuzzsrc.Make[hOrder](),
		rgen: rapid.Make[hOrder](),
		verdict: func(o hOrder) verdict {
			total := 0
			for _, it := range o.Items {
				total += int(it.Price) * int(it.Qty)
			}
			if len(o.Items) > 0 && int(o.Discount) > total {
				return failedA
			}
			return pass
		},
		format: func(o hOrder) string { return fmt.Sprintf("%+v", o) },
		size:   func(o hOrder) int { return len(o.Items) + 1 },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_order",
		Hypothesis: "not measured (held-out problem)",
		About:      "a struct from fuzzsrc.Make (a []struct{uint16, uint8} and a uint8); fails when the discount exceeds a nonempty order's total",
		MinValue:   "{Items:[{Price:0 Qty:0}] Discount:1}",
		MinInput:   []byte{0x2b, 0x0, 0x0, 0x0, 0x0, 0x1},
		Why:        "one item is needed; with price and quantity 0 the total is 0 and the smallest discount above it is 1: the flag, the item's three zero bytes, the stop flag and the discount: 6 bytes",
		Space:      Space{MaxLen: 8, Cands: holdoutCands(2, more)},
		Passing: []Example{
			{"empty", nil, "no items"},
		},
	})
}
