package bench

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/record"
	"pgregory.net/rapid"
)

// This file holds problems written as a user of fuzzsrc writes a
// property, without reading the reducer's passes, to measure how the
// reducer does on shapes it was not tuned on: a struct from Make, a map,
// a grid, a recursive tree, strings that must repeat, a float that must be
// negative, OneOf branches of different sizes and an operation sequence
// with a Pool; holdout_lists.go holds the rest. Their MinInputs were found by the bounded search of
// TestSearchConfirmsMinimum, which proves them.

// holdoutCands tries flags and coins at 0 and at the bytes more and coins
// read as true, and every other choice at indices 0..k and its last k+1.
func holdoutCands(k uint64, coins ...byte) func(record.Choice) []uint64 {
	return func(c record.Choice) []uint64 {
		if c.Kind == record.KindMore || c.Kind == record.KindBool {
			return coinIndices(c, coins...)
		}
		return span(c.Max, k)
	}
}

// hUser is an account record as a user's service keeps it.
type hUser struct {
	Name    string
	Age     int8
	Admin   bool
	Balance int32
}

// hoStruct fills an hUser with Make and fails when validation, which
// forgot the admin case, lets an admin with a negative balance and a
// negative age through.
func hoStruct() Benchmark {
	p := problem[hUser]{
		gen:  fuzzsrc.Make[hUser](),
		rgen: rapid.Make[hUser](),
		verdict: func(u hUser) verdict {
			if u.Admin && u.Balance < 0 && int32(u.Age) > u.Balance {
				return failedA
			}
			return pass
		},
		format: func(u hUser) string {
			return fmt.Sprintf("{Name:%q Age:%d Admin:%v Balance:%d}", u.Name, u.Age, u.Admin, u.Balance)
		},
		size: func(u hUser) int { return len(u.Name) + 3 },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_struct",
		Hypothesis: "not measured (held-out problem)",
		About:      "a struct from fuzzsrc.Make (string, int8, bool, int32); fails when an admin has a negative balance below its age",
		MinValue:   `{Name:"" Age:0 Admin:true Balance:-1}`,
		MinInput:   []byte{0, 0, 0x80, 0, 0, 0, 2},
		Why: "the name stays empty and the age 0; Admin needs its coin true and Balance the simplest " +
			"negative, -1, below age 0",
		Space: Space{MaxLen: 8, Cands: holdoutCands(4, more, 0x80, 0xff)},
		Passing: []Example{
			{"zero", nil, "the zero user is no admin"},
			{"positive", []byte{0, 0, 0x80, 0, 0, 0, 1}, "an admin with balance 1"},
		},
	})
}

// hoMap draws a map from -20..20 to digits and fails when it holds k and
// -k (k != 0) with different values: a lookup that folds the sign of its
// key assumes the map is symmetric.
func hoMap() Benchmark {
	p := problem[map[int]int]{
		gen:  fuzzsrc.MapOf(fuzzsrc.IntRange(-20, 20), fuzzsrc.IntRange(0, 9)),
		rgen: rapid.MapOf(rapid.IntRange(-20, 20), rapid.IntRange(0, 9)),
		verdict: func(m map[int]int) verdict {
			for k, v := range m {
				if w, ok := m[-k]; ok && k != 0 && w != v {
					return failedA
				}
			}
			return pass
		},
		format: func(m map[int]int) string {
			var parts []string
			for _, k := range slices.Sorted(maps.Keys(m)) {
				parts = append(parts, fmt.Sprintf("%d:%d", k, m[k]))
			}
			return "map[" + strings.Join(parts, " ") + "]"
		},
		size: func(m map[int]int) int { return len(m) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_map",
		Hypothesis: "not measured (held-out problem)",
		About:      "a map from -20..20 to 0..9; fails when keys k and -k hold different values",
		MinValue:   "map[-1:0 1:1]",
		MinInput:   []byte{0x2b, 0x7, 0x1a, 0x2b, 0xd},
		Why:        "two entries k, -k with different values; the first key drawn is -1 (zigzag index 1 of -20..20 around 0), value 0, then key 1 with value 1: 5 bytes (a map draws entries in order, so -1 before 1 is the cheaper order)",
		Space:      Space{MaxLen: 8, Cands: holdoutCands(3, more)},
		Passing: []Example{
			{"empty", nil, "no keys"},
		},
	})
}

// hoGrid draws rows of three digits and fails when a column rises
// strictly over three consecutive rows, as a trend detector that should
// look at rows only does by looking at columns too.
func hoGrid() Benchmark {
	rising := func(g [][]int) bool {
		for c := range 3 {
			for r := 0; r+2 < len(g); r++ {
				if g[r][c] < g[r+1][c] && g[r+1][c] < g[r+2][c] {
					return true
				}
			}
		}
		return false
	}
	p := problem[[][]int]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.SliceOfN(fuzzsrc.IntRange(0, 9), 3, 3)),
		rgen: rapid.SliceOf(rapid.SliceOfN(rapid.IntRange(0, 9), 3, 3)),
		verdict: func(g [][]int) verdict {
			if rising(g) {
				return failedA
			}
			return pass
		},
		format: func(g [][]int) string { return fmt.Sprint(g) },
		size:   func(g [][]int) int { return len(g) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_grid",
		Hypothesis: "not measured (held-out problem)",
		About:      "rows of three digits; fails when a column rises strictly over three consecutive rows",
		MinValue:   "[[0 0 0] [1 0 0] [2 0 0]]",
		MinInput:   []byte{0x2b, 0x0, 0x0, 0x0, 0x2b, 0x1a, 0x0, 0x0, 0x2b, 0x34},
		Why:        "three rows are needed; the first column rises 0, 1, 2 and all else is 0, trailing zeros free: 10 bytes",
		// Digits 0..3 suffice: a failing grid keeps failing, and gets smaller, when its
		// rising triple becomes 0, 1, 2 and every other digit 0.
		Space: Space{MaxLen: 11, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindMore {
				return coinIndices(c, more)
			}
			return rangeCands(c.Max, 3)
		}},
		Passing: []Example{
			{"empty", nil, "no rows"},
		},
	})
}

// hTree is a binary tree with values at its leaves.
type hTree struct {
	leaf int
	l, r *hTree
}

func (t *hTree) String() string {
	if t.l == nil {
		return strconv.Itoa(t.leaf)
	}
	return "(" + t.l.String() + " " + t.r.String() + ")"
}

func (t *hTree) depth() int {
	if t.l == nil {
		return 1
	}
	return 1 + max(t.l.depth(), t.r.depth())
}

func (t *hTree) sum() int {
	if t.l == nil {
		return t.leaf
	}
	return t.l.sum() + t.r.sum()
}

func (t *hTree) count() int {
	if t.l == nil {
		return 1
	}
	return 1 + t.l.count() + t.r.count()
}

// rapidHTree is hoTree's generator in rapid, depth levels deep.
func rapidHTree(depth int) *rapid.Generator[*hTree] {
	leaf := rapid.Custom(func(t *rapid.T) *hTree { return &hTree{leaf: rapid.IntRange(-9, 9).Draw(t, "leaf")} })
	if depth == 0 {
		return leaf
	}
	sub := rapidHTree(depth - 1)
	return rapid.OneOf(leaf, rapid.Custom(func(t *rapid.T) *hTree {
		return &hTree{l: sub.Draw(t, "l"), r: sub.Draw(t, "r")}
	}))
}

// hoTree draws a tree of leaves -9..9 with fuzzsrc.Recursive and fails
// when it is at least three levels deep and its leaves sum below zero, as
// a weight balancer that assumes non-negative weights below the top does.
func hoTree() Benchmark {
	gen := fuzzsrc.Recursive(
		fuzzsrc.Map(fuzzsrc.IntRange(-9, 9), func(v int) *hTree { return &hTree{leaf: v} }),
		func(g fuzzsrc.Generator[*hTree]) fuzzsrc.Generator[*hTree] {
			return fuzzsrc.Custom(func(t *fuzzsrc.T) *hTree { return &hTree{l: g.Draw(t, "l"), r: g.Draw(t, "r")} })
		}, 5)
	p := problem[*hTree]{
		gen:  gen,
		rgen: rapidHTree(5),
		verdict: func(t *hTree) verdict {
			if t.depth() >= 3 && t.sum() < 0 {
				return failedA
			}
			return pass
		},
		format: (*hTree).String,
		size:   (*hTree).count,
	}
	return p.fill(Benchmark{
		Name:       "ho_tree",
		Hypothesis: "not measured (held-out problem)",
		About:      "a tree (fuzzsrc.Recursive) of leaves -9..9; fails when it is 3+ levels deep and its leaves sum below 0",
		MinValue:   "(-1 (0 0))",
		MinInput:   []byte{0x80, 0x0, 0x1b, 0x80},
		Why:        "depth 3 needs a branch at the root and one below; putting the leaf first, -1 (the simplest negative), and the branch second, whose two leaves 0 are trailing zeros: 4 bytes",
		Space:      Space{MaxLen: 9, Cands: holdoutCands(2)},
		Passing: []Example{
			{"leaf", nil, "one leaf 0"},
		},
	})
}

// hoStrings draws a list of strings and fails when two of them, at least
// two runes long, are equal: a dedup step keyed on the first rune only.
func hoStrings() Benchmark {
	p := problem[[]string]{
		gen:  fuzzsrc.SliceOf(fuzzsrc.String()),
		rgen: rapid.SliceOf(rapid.String()),
		verdict: func(ss []string) verdict {
			for i := range ss {
				for j := i + 1; j < len(ss); j++ {
					if ss[i] == ss[j] && len([]rune(ss[i])) >= 2 {
						return failedA
					}
				}
			}
			return pass
		},
		format: func(ss []string) string { return fmt.Sprintf("%q", ss) },
		size:   func(ss []string) int { return len(ss) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_strings",
		Hypothesis: "not measured (held-out problem)",
		About:      "a list of strings; fails when two of them, 2+ runes long, are equal",
		MinValue:   `["\t\t" "\t\t"]`,
		MinInput:   []byte{more, '\t', '\t', 0, more, '\t', '\t'},
		Why:        "two equal strings of two runes each, every rune the simplest ('\\t', the byte 9), the first string's stop between them; the second's stop and the list's are trailing: 7 bytes",
		Mutate:     true,
		Space: Space{MaxLen: 8, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindRune && c.Width == 1 {
				return textCands('\n')
			}
			return holdoutCands(1, more)(c)
		}},
		Passing: []Example{
			{"empty", nil, "no strings"},
		},
	})
}

// hoFloatNeg draws a float in [-1000, 1000] and fails when int(x), which
// truncates, differs from the floor the code means: x negative and not
// whole.
func hoFloatNeg() Benchmark {
	g := fuzzsrc.Float64Range(-1000, 1000)
	p := problem[float64]{
		gen:  g,
		rgen: rapid.Float64Range(-1000, 1000),
		verdict: func(x float64) verdict {
			if float64(int(x)) != math.Floor(x) {
				return failedA
			}
			return pass
		},
		format: fmtFloat,
		size:   func(float64) int { return 1 },
	}
	return p.fill(Benchmark{
		Name:       "ho_float_neg",
		Hypothesis: "not measured (held-out problem)",
		About:      "a float in [-1000, 1000]; fails when truncating it differs from its floor (negative, not whole)",
		MinValue:   "-1.5",
		MinInput:   []byte{0x80, 0, 0, 0, 0, 0, 0, 0x0f, 0x82},
		Why:        "the sign coin true, then the first magnitude index past the integers 0..1000, which is 1.5 in the simple-first order (whole numbers first, then halves): 9 bytes",
		Space: Space{MaxLen: 9, Cands: func(c record.Choice) []uint64 {
			if c.Kind == record.KindBool {
				return coinIndices(c, 0x80)
			}
			return append(rangeCands(c.Max, 1100), span(c.Max, 40)...) // the integers, the first fractions, the extremes
		}},
		Passing: []Example{
			{"zero", nil, "0 is whole"},
		},
	})
}

// hShape is a shape of a drawing: a point, a circle or a rectangle.
type hShape struct {
	kind string
	a, b int
}

// hoOneOf draws a list of shapes from OneOf branches of one, two and
// three draws, and fails when a rectangle's area computed as w+h (the
// bug) is short of w*h by more than 10 in all.
func hoOneOf() Benchmark {
	dim := fuzzsrc.IntRange(0, 10)
	shape := fuzzsrc.OneOf(
		fuzzsrc.Just(hShape{kind: "point"}),
		fuzzsrc.Map(dim, func(r int) hShape { return hShape{kind: "circle", a: r} }),
		fuzzsrc.Custom(func(t *fuzzsrc.T) hShape {
			return hShape{kind: "rect", a: dim.Draw(t, "w"), b: dim.Draw(t, "h")}
		}),
	)
	rdim := rapid.IntRange(0, 10)
	rshape := rapid.OneOf(
		rapid.Just(hShape{kind: "point"}),
		rapid.Map(rdim, func(r int) hShape { return hShape{kind: "circle", a: r} }),
		rapid.Custom(func(t *rapid.T) hShape {
			return hShape{kind: "rect", a: rdim.Draw(t, "w"), b: rdim.Draw(t, "h")}
		}),
	)
	p := problem[[]hShape]{
		gen:  fuzzsrc.SliceOf(shape),
		rgen: rapid.SliceOf(rshape),
		verdict: func(ss []hShape) verdict {
			lost := 0
			for _, s := range ss {
				if s.kind == "rect" {
					lost += s.a*s.b - (s.a + s.b)
				}
			}
			if lost > 10 {
				return failedA
			}
			return pass
		},
		format: func(ss []hShape) string {
			var parts []string
			for _, s := range ss {
				switch s.kind {
				case "point":
					parts = append(parts, "point")
				case "circle":
					parts = append(parts, fmt.Sprintf("circle(%d)", s.a))
				default:
					parts = append(parts, fmt.Sprintf("rect(%d,%d)", s.a, s.b))
				}
			}
			return "[" + strings.Join(parts, " ") + "]"
		},
		size: func(ss []hShape) int { return len(ss) },
	}
	more := flagByte(fuzzsrc.Size{})
	return p.fill(Benchmark{
		Name:       "ho_oneof",
		Hypothesis: "not measured (held-out problem)",
		About:      "a list of shapes (point, circle r, rect w h; dims 0..10) from OneOf; fails when rects' w*h-(w+h) sums above 10",
		MinValue:   "[rect(3,7)]",
		MinInput:   []byte{0x2b, 0xab, 0x46, 0xa3},
		Why:        "one rect with (w-1)(h-1) >= 12 and w, h <= 10: w = 3 is the smallest width, and then h = 7; two rects cost more bytes than any single one: 4 bytes",
		Space:      Space{MaxLen: 10, Cands: holdoutCands(10, more)},
		Passing: []Example{
			{"empty", nil, "no shapes"},
		},
	})
}

// hOp is one call of hoHandles' program: alloc(v), free(h) or read(h),
// handles numbered from 1 in allocation order.
type hOp struct {
	name string
	arg  int
}

// hProgram is a sequence of calls.
type hProgram []hOp

func (p hProgram) String() string {
	var parts []string
	for _, o := range p {
		if o.name == "alloc" {
			parts = append(parts, fmt.Sprintf("alloc(%d)", o.arg))
		} else {
			parts = append(parts, fmt.Sprintf("%s(h%d)", o.name, o.arg))
		}
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// stale runs p on a slot allocator that reuses freed slots and tells a
// freed handle by its slot being free, and reports whether a read
// through a freed handle succeeded because its slot was reused.
func (p hProgram) stale() bool {
	var slots []bool // in use
	var slotOf []int // handle-1 -> slot
	freed := map[int]bool{}
	for _, o := range p {
		switch o.name {
		case "alloc":
			s := slices.Index(slots, false)
			if s < 0 {
				s = len(slots)
				slots = append(slots, false)
			}
			slots[s] = true
			slotOf = append(slotOf, s)
		case "free":
			if !freed[o.arg] {
				freed[o.arg] = true
				slots[slotOf[o.arg-1]] = false
			}
		case "read":
			if freed[o.arg] && slots[slotOf[o.arg-1]] {
				return true
			}
		}
	}
	return false
}

// hoHandles draws a program with fuzzsrc.Repeat, the handles in a Pool,
// and fails when a read through a freed handle succeeds.
func hoHandles() Benchmark {
	gen := fuzzsrc.Custom(func(t *fuzzsrc.T) hProgram {
		var prog hProgram
		hs := fuzzsrc.NewPool[int]("h")
		fuzzsrc.Repeat(t, fuzzsrc.Machine{Actions: []fuzzsrc.Action{
			{Name: "alloc", Run: func(t *fuzzsrc.T) {
				v := fuzzsrc.IntRange(0, 9).Draw(t, "v")
				hs.Add(t, hs.Len()+1)
				prog = append(prog, hOp{"alloc", v})
			}},
			{Name: "free", Run: func(t *fuzzsrc.T) {
				prog = append(prog, hOp{"free", hs.Draw(t, "h")})
			}},
			{Name: "read", Run: func(t *fuzzsrc.T) {
				prog = append(prog, hOp{"read", hs.Draw(t, "h")})
			}},
		}})
		return prog
	})
	rgen := rapid.Custom(func(t *rapid.T) hProgram {
		var prog hProgram
		n := 0
		steps := rapid.IntRange(0, 40).Draw(t, "steps")
		for range steps {
			k := rapid.IntRange(0, 2).Draw(t, "action")
			if k == 0 || n == 0 {
				prog = append(prog, hOp{"alloc", rapid.IntRange(0, 9).Draw(t, "v")})
				n++
				continue
			}
			h := n - rapid.IntRange(0, n-1).Draw(t, "back")
			prog = append(prog, hOp{[]string{"", "free", "read"}[k], h})
		}
		return prog
	})
	p := problem[hProgram]{
		gen:  gen,
		rgen: rgen,
		verdict: func(p hProgram) verdict {
			if p.stale() {
				return failedA
			}
			return pass
		},
		format: hProgram.String,
		size:   func(p hProgram) int { return len(p) },
	}
	more := flagByte(fuzzsrc.Size{Max: 100, Average: 20})
	return p.fill(Benchmark{
		Name:       "ho_handles",
		Hypothesis: "not measured (held-out problem)",
		About:      "alloc(v)/free(h)/read(h) by fuzzsrc.Repeat with a Pool of handles; slots are reused, so a read through a freed handle succeeds",
		MinValue:   "[alloc(0); free(h1); alloc(0); read(h1)]",
		MinInput:   []byte{0xd, 0x0, 0x0, 0xd, 0x56, 0x0, 0xd, 0x0, 0x0, 0xd, 0xab, 0x1},
		Why:        "a stale read needs an alloc, its free, an alloc that reuses the slot, and a read through the first handle (one back in the pool, so its index is 1); every value 0: 12 bytes",
		Space:      Space{MaxLen: 12, Cands: holdoutCands(2, more)},
		Passing: []Example{
			{"empty", nil, "no calls"},
		},
	})
}

// holdout returns the held-out problems.
func holdout() []Benchmark {
	return []Benchmark{
		hoStruct(), hoMap(), hoGrid(), hoTree(), hoStrings(), hoFloatNeg(),
		hoOneOf(), hoHandles(), hoGraph(), hoPair(), hoAbsSorted(), hoDistinctSum(), hoIntervals(), hoMatrix(), hoBrackets(), hoOrder(),
	}
}
