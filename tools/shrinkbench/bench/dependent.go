package bench

import (
	"fmt"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds problems whose generators are dependent: a later draw's
// range is decided by an earlier draw, as a user writes a graph whose
// edges name drawn nodes, indices into a drawn list, or a program whose
// statements refer to variables bound before them. Lowering the earlier
// draw rescales every later one, which is what they measure.

// graph is a directed graph on nodes 0..n-1.
type graph struct {
	n     int
	edges [][2]int
}

func (g graph) String() string {
	parts := make([]string, len(g.edges))
	for i, e := range g.edges {
		parts[i] = fmt.Sprintf("%d->%d", e[0], e[1])
	}
	return fmt.Sprintf("n=%d [%s]", g.n, strings.Join(parts, " "))
}

// reachBuggy is reachability from node 0 by frontier expansion whose
// loop runs twice instead of n-1 times: it sees only nodes within two
// edges of node 0.
func (g graph) reachBuggy() map[int]bool { return g.reach(2) }

// reach returns the nodes within rounds edges of node 0.
func (g graph) reach(rounds int) map[int]bool {
	seen := map[int]bool{0: true}
	for range rounds {
		next := map[int]bool{}
		for _, e := range g.edges {
			if seen[e[0]] && !seen[e[1]] {
				next[e[1]] = true
			}
		}
		for v := range next {
			seen[v] = true
		}
	}
	return seen
}

// graphReach draws n in 1..20 nodes, then a list of edges whose endpoints
// are drawn in 0..n-1, and fails when the buggy reachability from node 0
// misses a node that is reachable.
func graphReach() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) graph {
		n := fuzzsrc.IntRange(1, 20).Draw(t, "n")
		node := fuzzsrc.IntRange(0, n-1)
		edge := fuzzsrc.Custom(func(t *fuzzsrc.T) [2]int { return [2]int{node.Draw(t, "from"), node.Draw(t, "to")} })
		return graph{n, fuzzsrc.SliceOf(edge).Draw(t, "edges")}
	})
	rgen := rapid.Custom(func(t *rapid.T) graph {
		n := rapid.IntRange(1, 20).Draw(t, "n")
		node := rapid.IntRange(0, n-1)
		edge := rapid.Custom(func(t *rapid.T) [2]int { return [2]int{node.Draw(t, "from"), node.Draw(t, "to")} })
		return graph{n, rapid.SliceOf(edge).Draw(t, "edges")}
	})
	p := problem[graph]{
		gen:  gen,
		rgen: rgen,
		verdict: func(g graph) verdict {
			if len(g.reach(g.n)) != len(g.reachBuggy()) {
				return failedA
			}
			return pass
		},
		format: graph.String,
		size:   func(g graph) int { return g.n + len(g.edges) },
	}
	more := flagByte(fuzzsrc.Size{})
	n4 := intByte(fuzzsrc.IntRange(1, 20), 4)
	node := func(v int) byte { return intByte(fuzzsrc.IntRange(0, 3), v) }
	return p.fill(Benchmark{
		Name:       "graph_reach",
		Hypothesis: "not measured (our own problem)",
		About:      "n in 1..20 nodes, then edges between drawn nodes 0..n-1; fails when a buggy two-round reachability from 0 misses a node",
		MinValue:   "n=4 [0->1 1->2 2->3]",
		MinInput:   []byte{n4, more, 0, node(1), more, node(1), node(2), more, node(2), node(3)},
		Why: "a node three edges from node 0 needs a path of three edges over four nodes; n = 4 is the " +
			"smallest first byte that allows it, and the edges are then in path order with the smallest " +
			"labels, 0->1, 1->2, 2->3: 10 bytes. Lowering n rescales every endpoint drawn after it",
		Space: Space{MaxLen: 10, Cands: func(c record.Choice) []uint64 {
			switch {
			case c.Kind == record.KindMore:
				return coinIndices(c, more)
			case c.Offset == 0: // n: 1..4, and 20
				return []uint64{0, 1, 2, 3, 19}
			default: // endpoints: the four lowest nodes
				return span(min(c.Max, 3), 3)
			}
		}},
		Passing: []Example{
			{"two edges", []byte{n4, more, 0, node(1), more, node(1), node(2)}, "n=4 [0->1 1->2]: everything within two edges"},
			{"unreachable", []byte{n4, more, node(1), node(2), more, node(2), node(3)}, "n=4 [1->2 2->3]: nothing reachable from 0 but 0"},
		},
	})
}

// picksCase is a list of digits and a list of indices into it.
type picksCase struct{ vals, idx []int }

func (c picksCase) String() string {
	return fmt.Sprintf("vals=%s idx=%s", formatInts(c.vals), formatInts(c.idx))
}

// picks draws a non-empty list of digits, then a list of indices into
// it, and fails when the picked values repeat: the code under test
// removes duplicate picks by comparing indices, not the values.
func picks() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) picksCase {
		vals := fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 1, -1).Draw(t, "vals")
		idx := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, len(vals)-1)).Draw(t, "idx")
		return picksCase{vals, idx}
	})
	rgen := rapid.Custom(func(t *rapid.T) picksCase {
		vals := rapid.SliceOfN(rapid.IntRange(0, 9), 1, -1).Draw(t, "vals")
		idx := rapid.SliceOf(rapid.IntRange(0, len(vals)-1)).Draw(t, "idx")
		return picksCase{vals, idx}
	})
	p := problem[picksCase]{
		gen:  gen,
		rgen: rgen,
		verdict: func(c picksCase) verdict {
			seenIdx, seenVal := map[int]bool{}, map[int]bool{}
			for _, i := range c.idx {
				if seenIdx[i] { // the bug: a repeated index is dropped, a repeated value kept
					continue
				}
				seenIdx[i] = true
				if seenVal[c.vals[i]] {
					return failedA
				}
				seenVal[c.vals[i]] = true
			}
			return pass
		},
		format: picksCase.String,
		size:   func(c picksCase) int { return len(c.vals) + len(c.idx) },
	}
	more := flagByte(fuzzsrc.Size{})
	moreVals := flagByte(fuzzsrc.Size{Min: 1})
	one := intByte(fuzzsrc.IntRange(0, 1), 1)
	return p.fill(Benchmark{
		Name:       "picks",
		Hypothesis: "not measured (our own problem)",
		About:      "a list of digits, then indices into it; fails when two distinct indices pick equal values",
		MinValue:   "vals=[0, 0] idx=[1, 0]",
		MinInput:   []byte{0, moreVals, 0, 0, more, one, more},
		Why: "two distinct indices need two values, equal, so 0 and 0; the index list then costs two " +
			"flags, and ending it with index 0 makes its last byte free: [1, 0] beats [0, 1]. Deleting " +
			"a value rescales every index drawn after it",
		Space: Space{MaxLen: 8, Cands: kindCands(record.KindMore, 3, more, moreVals)},
		Passing: []Example{
			{"same index", []byte{0, moreVals, 0, 0, more, 0, more}, "vals=[0, 0] idx=[0, 0]: a repeated index is dropped"},
			{"distinct values", []byte{0, moreVals, intByte(fuzzsrc.IntRange(0, 9), 1), 0, more, one, more}, "vals=[0, 1] idx=[1, 0]"},
		},
	})
}

// assign is a statement of a straight-line program: v_k = lit, or v_k =
// v_a op v_b for earlier variables a and b.
type assign struct {
	op   int // 0: literal, 1: +, 2: *
	lit  int
	a, b int
}

func (s assign) String() string {
	switch s.op {
	case 0:
		return fmt.Sprint(s.lit)
	case 1:
		return fmt.Sprintf("v%d+v%d", s.a, s.b)
	default:
		return fmt.Sprintf("v%d*v%d", s.a, s.b)
	}
}

type program []assign

func (p program) String() string {
	parts := make([]string, len(p))
	for k, s := range p {
		parts[k] = fmt.Sprintf("v%d=%v", k, s)
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// run evaluates p; with buggy, it applies a wrong strength reduction,
// v*v => v+v (right only for 0 and 2).
func (p program) run(buggy bool) []int {
	v := make([]int, len(p))
	for k, s := range p {
		switch {
		case s.op == 0:
			v[k] = s.lit
		case s.op == 1 || buggy && s.a == s.b:
			v[k] = v[s.a] + v[s.b]
		default:
			v[k] = v[s.a] * v[s.b]
		}
	}
	return v
}

// drawAssign draws statement k: a literal in 0..100, or + or * of two
// variables bound before it (the first statement is always a literal).
func drawAssign(t *fuzzsrc.T, k int) assign {
	if k == 0 {
		return assign{lit: fuzzsrc.IntRange(0, 100).Draw(t, "lit")}
	}
	switch op := fuzzsrc.IntRange(0, 2).Draw(t, "op"); op {
	case 0:
		return assign{lit: fuzzsrc.IntRange(0, 100).Draw(t, "lit")}
	default:
		v := fuzzsrc.IntRange(0, k-1)
		return assign{op: op, a: v.Draw(t, "a"), b: v.Draw(t, "b")}
	}
}

func rapidAssign(t *rapid.T, k int) assign {
	if k == 0 {
		return assign{lit: rapid.IntRange(0, 100).Draw(t, "lit")}
	}
	switch op := rapid.IntRange(0, 2).Draw(t, "op"); op {
	case 0:
		return assign{lit: rapid.IntRange(0, 100).Draw(t, "lit")}
	default:
		v := rapid.IntRange(0, k-1)
		return assign{op: op, a: v.Draw(t, "a"), b: v.Draw(t, "b")}
	}
}

// straightline draws a straight-line program, statement by statement
// while a "more" coin says so, each referring only to variables bound
// before it, and fails when an optimizer's wrong strength reduction
// changes a variable's value.
func straightline() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) program {
		var p program
		for fuzzsrc.Bool().Draw(t, "more") {
			p = append(p, drawAssign(t, len(p)))
		}
		return p
	})
	rgen := rapid.Custom(func(t *rapid.T) program {
		var p program
		for rapid.Bool().Draw(t, "more") {
			p = append(p, rapidAssign(t, len(p)))
		}
		return p
	})
	p := problem[program]{
		gen:  gen,
		rgen: rgen,
		verdict: func(p program) verdict {
			want, got := p.run(false), p.run(true)
			for k := range want {
				if want[k] != got[k] {
					return failedA
				}
			}
			return pass
		},
		format: program.String,
		size:   func(p program) int { return len(p) },
	}
	on := coinByte(fuzzsrc.Bool())
	one := intByte(fuzzsrc.IntRange(0, 100), 1)
	mul := intByte(fuzzsrc.IntRange(0, 2), 2)
	return p.fill(Benchmark{
		Name:       "straightline",
		Hypothesis: "not measured (our own problem)",
		About:      "a straight-line program of literals and +/* of earlier variables; fails when the optimizer's v*v => v+v changes a value",
		MinValue:   "[v0=1; v1=v0*v0]",
		MinInput:   []byte{on, one, on, mul},
		Why: "a square needs a literal bound before it, and 1 is the smallest literal whose square is not " +
			"its double (0 and 2 are); the square's operands are both v0, index 0, free at the end: " +
			"4 bytes. Deleting a statement rescales every reference drawn after it",
		Space: Space{MaxLen: 6, Cands: kindCands(record.KindBool, 3, on)},
		Passing: []Example{
			{"zero squared", []byte{on, 0, on, mul}, "[v0=0; v1=v0*v0]: 0*0 = 0+0"},
			{"two squared", []byte{on, intByte(fuzzsrc.IntRange(0, 100), 2), on, mul}, "[v0=2; v1=v0*v0]: 2*2 = 2+2"},
		},
	})
}
