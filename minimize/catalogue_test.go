package minimize_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/shortlex/shortlex/fuzzsrc"
	"github.com/shortlex/shortlex/internal/engine"
	"github.com/shortlex/shortlex/minimize"
)

// property is a reduction problem: draw makes a value from the choice
// sequence and fails reports whether the value shows the bug.
type property struct {
	name   string
	reason string
	draw   func(t *fuzzsrc.T) any
	fails  func(v any) bool
	want   any // the shortlex-minimal failing value
}

func (p property) prop(t *fuzzsrc.T) {
	if p.fails(p.draw(t)) {
		t.Fatalf("fails")
	}
}

func (p property) run(_ context.Context, in []byte) (minimize.Outcome, error) {
	return engine.Run(in, p.prop).Outcome(), nil
}

// value draws p's value from input.
func (p property) value(input []byte) (v any) {
	engine.Run(input, func(t *fuzzsrc.T) { v = p.draw(t) })
	return v
}

// failingInputs returns n random inputs that make p fail.
func failingInputs(t *testing.T, p property, n int, seed uint64) [][]byte {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed))
	var ins [][]byte
	for tries := 0; len(ins) < n; tries++ {
		if tries > 100000 {
			t.Fatalf("%s: found only %d failing inputs in %d tries", p.name, len(ins), tries)
		}
		in := make([]byte, 1+rng.IntN(300))
		for i := range in {
			in[i] = byte(rng.Uint32())
		}
		if engine.Run(in, p.prop).Failure != nil {
			ins = append(ins, in)
		}
	}
	return ins
}

type tree struct{ Left, Right *tree }

func (n *tree) height() int {
	if n == nil {
		return 0
	}
	return 1 + max(n.Left.height(), n.Right.height())
}

func (n *tree) unbalanced() bool {
	if n == nil {
		return false
	}
	d := n.Left.height() - n.Right.height()
	return d > 1 || d < -1 || n.Left.unbalanced() || n.Right.unbalanced()
}

// treeGen is figure 2 of MacIver and Donaldson, "Test-Case Reduction via Test-Case Generation: Insights from the Hypothesis Reducer": a coin, then two subtrees if it came up.
var treeGen fuzzsrc.Generator[*tree]

func init() {
	treeGen = fuzzsrc.Custom(func(t *fuzzsrc.T) *tree {
		if !fuzzsrc.Bool().Draw(t, "branch") {
			return nil
		}
		return &tree{Left: treeGen.Draw(t, "left"), Right: treeGen.Draw(t, "right")}
	})
}

func catalogue() []property {
	leaf := (*tree)(nil)
	return []property{
		{
			name:   "list contains large",
			reason: "one element is enough, and 1001 is the simplest value > 1000",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.Int()).Draw(t, "xs") },
			fails: func(v any) bool {
				for _, x := range v.([]int) {
					if x > 1000 {
						return true
					}
				}
				return false
			},
			want: []int{1001},
		},
		{
			name:   "adjacent pair",
			reason: "|a-b| = 1 with a >= 10 zig-zags when lowered one at a time; (10, 9) is shortlex-smaller than (10, 11) since 9 comes before 11 in zigzag order",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(-1000, 1000).Draw(t, "a"), fuzzsrc.IntRange(-1000, 1000).Draw(t, "b")}
			},
			fails: func(v any) bool {
				p := v.([2]int)
				return p[0] >= 10 && (p[0]-p[1] == 1 || p[1]-p[0] == 1)
			},
			want: [2]int{10, 9},
		},
		{
			name: "unbalanced tree",
			reason: "section 2.3 of MacIver and Donaldson, Test-Case Reduction via Test-Case Generation; missing bytes read as false, so the shortlex-minimal input is the three coins 80 80 80: " +
				"a left-leaning chain, figure 3's tree mirrored because trailing leaves cost nothing here",
			draw:  func(t *fuzzsrc.T) any { return treeGen.Draw(t, "tree") },
			fails: func(v any) bool { return v.(*tree).unbalanced() },
			want:  &tree{Left: &tree{Left: &tree{}, Right: leaf}, Right: leaf},
		},
		{
			name:   "sum",
			reason: "x + y > 1000 in [0, 1000]: x must shrink while y grows (redistribution), to x = 1, y = 1000",
			draw: func(t *fuzzsrc.T) any {
				return [2]int{fuzzsrc.IntRange(0, 1000).Draw(t, "x"), fuzzsrc.IntRange(0, 1000).Draw(t, "y")}
			},
			fails: func(v any) bool { p := v.([2]int); return p[0]+p[1] > 1000 },
			want:  [2]int{1, 1000},
		},
		{
			name:   "nested lists",
			reason: "three elements in all: one inner list of three zeros beats three lists of one (fewer flags)",
			draw: func(t *fuzzsrc.T) any {
				return fuzzsrc.SliceOf(fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 10))).Draw(t, "xss")
			},
			fails: func(v any) bool {
				n := 0
				for _, xs := range v.([][]int) {
					n += len(xs)
				}
				return n >= 3
			},
			want: [][]int{{0, 0, 0}},
		},
		{
			name:   "low bits of a word",
			reason: "a draw that reads only a word's low three bits (as rand's IntN(8) does) leaves the rest to clear: 5",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.Integers[uint64]().Draw(t, "w") },
			fails:  func(v any) bool { return v.(uint64)%8 == 5 },
			want:   uint64(5),
		},
		{
			name:   "relabel",
			reason: "a list of labels starting a, b, a with a != b (a repeat that is not adjacent, as in the graph example): [0 1 0]",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 9)).Draw(t, "labels") },
			fails:  func(v any) bool { xs := v.([]int); return len(xs) >= 3 && xs[0] == xs[2] && xs[0] != xs[1] },
			want:   []int{0, 1, 0},
		},
		{
			name:   "descending triple",
			reason: "a > b > c, where only the order counts: c = 0 is free as the last choice, so b = 1 and a = 2",
			draw: func(t *fuzzsrc.T) any {
				return [3]int{fuzzsrc.Int().Draw(t, "a"), fuzzsrc.Int().Draw(t, "b"), fuzzsrc.Int().Draw(t, "c")}
			},
			fails: func(v any) bool { p := v.([3]int); return p[0] > p[1] && p[1] > p[2] },
			want:  [3]int{2, 1, 0},
		},
		{
			name:   "two equal values",
			reason: "a list with a duplicate value > 0: the two must be lowered together, to [1, 1]",
			draw:   func(t *fuzzsrc.T) any { return fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 200)).Draw(t, "xs") },
			fails: func(v any) bool {
				seen := map[int]bool{}
				for _, x := range v.([]int) {
					if x > 0 && seen[x] {
						return true
					}
					seen[x] = true
				}
				return false
			},
			want: []int{1, 1},
		},
	}
}

func TestCatalogue(t *testing.T) {
	const inputs = 20
	for _, p := range catalogue() {
		t.Run(p.name, func(t *testing.T) {
			for k, in := range failingInputs(t, p, inputs, 1) {
				res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1})
				if err != nil {
					t.Fatalf("input %d: %v", k, err)
				}
				if diff := cmp.Diff(p.want, p.value(res.Input)); diff != "" {
					t.Errorf("input %d (%d bytes, %d runs): %s: reduced value (-want +got):\n%s", k, len(in), res.Stats.Runs, p.reason, diff)
				}
			}
		})
	}
}

// TestSwapValuesLeavesLocalMinimum starts at the trap the relabel property
// sets: from [1 0 1] no label can be lowered alone (to [0 0 1], [1 0 0]),
// lowering the two 1s together gives [0 0 0], and deleting an element
// leaves two; only exchanging 1 and 0 everywhere reaches [0 1 0].
func TestSwapValuesLeavesLocalMinimum(t *testing.T) {
	var p property
	for _, q := range catalogue() {
		if q.name == "relabel" {
			p = q
		}
	}
	// Flags of 43 (the threshold for the default mean length 5) and labels
	// of IntRange(0, 9), where 26 = ceil(256/10) encodes index 1.
	in := []byte{43, 26, 43, 0, 43, 26}
	if diff := cmp.Diff([]int{1, 0, 1}, p.value(in)); diff != "" {
		t.Fatalf("the start is not [1 0 1]:\n%s", diff)
	}
	res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]int{0, 1, 0}, p.value(res.Input)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// readTree reads in as a tree of depth two, a node a value byte (0 for
// none) and then its two children, and records the spans and choices. If
// leafByte, a node at depth two reads one more byte, as a generator draws
// past a size budget.
func readTree(in []byte, leafByte bool) minimize.Outcome {
	var out minimize.Outcome
	pos := 0
	read := func() byte {
		out.Choices = append(out.Choices, minimize.Choice{Offset: pos, Width: 1, Max: 255})
		pos++
		if pos <= len(in) {
			return in[pos-1]
		}
		return 0
	}
	var node func(parent, depth int)
	node = func(parent, depth int) {
		i := len(out.Spans)
		out.Spans = append(out.Spans, minimize.Span{Label: "node", Start: pos, Parent: parent})
		switch v := read(); {
		case v != 0 && depth < 2:
			node(i, depth+1)
			node(i, depth+1)
		case v != 0 && leafByte:
			read()
		}
		out.Spans[i].End = pos
	}
	node(-1, 0)
	out.Used = min(pos, len(in))
	return out
}

// TestDeleteFollowUps reduces targets that read a tree (see readTree) and
// fail on two inputs only, a start and a smaller one that no single move
// reaches: a deletion that no longer fails has to be retried with a
// second change. Trees are written value(left right), _ for an empty slot.
func TestDeleteFollowUps(t *testing.T) {
	tests := []struct {
		name        string
		start, want []byte
		leafByte    bool
		why         string
	}{{
		name:  "mirror the sibling before",
		start: []byte{5, 5, 3, 2, 4}, want: []byte{5, 5, 2, 3},
		why: "5(5(3 2) 4) to 5(5(2 3)): with the subtree 4 gone its sibling fails alone only mirrored; " +
			"the deletion alone, 5(5(3 2)), and the mirror alone, 5(5(2 3) 4), pass",
	}, {
		name:  "mirror the sibling after, which reads past the end",
		start: []byte{5, 4, 0, 0, 5, 2}, want: []byte{5, 5, 0, 2},
		why: "5(4(_ _) 5(2 _)) to 5(5(_ 2)): the right subtree's empty slot is read past the end of the input, " +
			"and the mirror moves it with what it reads there",
	}, {
		name:  "mirror the span the next one slid under",
		start: []byte{5, 5, 3, 9, 0, 4}, want: []byte{5, 5, 4, 0, 3}, leafByte: true,
		why: "5(5(3 _) 4) to 5(5(4 3)): deleting the empty slot slides 4 under the left 5, which fails only " +
			"mirrored; the slot's siblings have no children to mirror, and the mirror carries the leaf 3's " +
			"extra byte 9 to the end, one byte longer than the start, so only the cut tail makes it a candidate",
	}, {
		name:  "lower the sibling before",
		start: []byte{2, 5, 4, 0, 3}, want: []byte{2, 5, 2, 3},
		why: "2(5(4 _) 3) to 2(5(2 3)): deleting the empty slot slides 3 in beside 4, and the pair fails only " +
			"once 4 is lowered to 2, a value the root holds; the deletion alone, 2(5(4 3)), and the lowering " +
			"alone, 2(5(2 _) 3), pass",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
				out := readTree(in, tt.leafByte)
				got := bytes.TrimRight(in[:out.Used], "\x00")
				out.Failed = bytes.Equal(got, tt.start) || bytes.Equal(got, tt.want)
				out.Signature = "tree"
				return out, nil
			}
			res, err := minimize.Minimize(context.Background(), tt.start, run, minimize.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, res.Input); diff != "" {
				t.Errorf("%s\n(-want +got):\n%s", tt.why, diff)
			}
		})
	}
}

// TestRankValuesLowersOrderInOneRun starts the descending triple at three
// large values, where lowering each on its own takes a search of dozens
// of runs: ranking them to (1, 0, -1) keeps their order and is one run.
func TestRankValuesLowersOrderInOneRun(t *testing.T) {
	var p property
	for _, q := range catalogue() {
		if q.name == "descending triple" {
			p = q
		}
	}
	word := func(x int64) []byte { // zigzag index, big-endian: 2|x|-1 above 0, 2|x| below
		i := uint64(2*x - 1)
		if x < 0 {
			i = uint64(-2 * x)
		}
		return []byte{byte(i >> 56), byte(i >> 48), byte(i >> 40), byte(i >> 32), byte(i >> 24), byte(i >> 16), byte(i >> 8), byte(i)}
	}
	in := append(append(word(900_000_000_000), word(70_000_000_000)...), word(-5_000_000_000)...)
	if diff := cmp.Diff([3]int{900_000_000_000, 70_000_000_000, -5_000_000_000}, p.value(in)); diff != "" {
		t.Fatalf("the start is not as meant:\n%s", diff)
	}
	res, err := minimize.Minimize(context.Background(), in, p.run, minimize.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([3]int{2, 1, 0}, p.value(res.Input)); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	for _, ps := range res.Stats.Passes {
		if ps.Name == "rank values" && ps.Shrinks == 0 {
			t.Errorf("rank values made no shrink (%d runs); the values were lowered some other way in %d runs", ps.Runs, res.Stats.Runs)
		}
	}
}

// TestChoiceSequence reduces a fuzzsrc property, whose recorded choices
// and spans guide the reducer: the reduced input draws the simplest
// failing value. (It was an example until the engine's Run moved behind
// internal/, which an example's reader cannot import.)
func TestChoiceSequence(t *testing.T) {
	prop := func(t *fuzzsrc.T) {
		xs := fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1000)).Draw(t, "xs")
		sum := 0
		for _, x := range xs {
			sum += x
		}
		if sum > 1500 {
			t.Fatalf("sum %d", sum)
		}
	}
	run := func(_ context.Context, in []byte) (minimize.Outcome, error) {
		return engine.Run(in, prop).Outcome(), nil
	}
	input := []byte{0xff, 0x90, 0x01, 0xff, 0xf0, 0x22, 0xff, 0x75, 0x75, 0xff, 0x33, 0x01}
	res, err := minimize.Minimize(context.Background(), input, run, minimize.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var xs []int
	engine.Run(res.Input, func(t *fuzzsrc.T) { xs = fuzzsrc.SliceOf(fuzzsrc.IntRange(0, 1000)).Draw(t, "xs") })
	if want := []int{501, 1000}; !cmp.Equal(xs, want) || res.Stop != minimize.FixedPoint {
		t.Errorf("reduced to %v (%v), want %v at a fixed point", xs, res.Stop, want)
	}
}
