package fuzzsrc

import (
	"bytes"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/shortlex/shortlex/internal/record"
)

// tree is a leaf holding a digit or a node holding up to three subtrees.
type tree struct {
	Node bool
	Leaf int
	Kids []tree
}

func treeGen(maxDepth int) Generator[tree] {
	base := Map(IntRange(0, 9), func(n int) tree { return tree{Leaf: n} })
	return Recursive(base, func(g Generator[tree]) Generator[tree] {
		return Map(SliceOfN(g, 0, 3), func(k []tree) tree { return tree{Node: true, Kids: k} })
	}, maxDepth)
}

// compareTrees is the simplicity order of trees: leaves first, by digit;
// then nodes, by their subtrees lexicographically, a prefix first.
func compareTrees(a, b tree) int {
	switch {
	case a.Node != b.Node:
		if a.Node {
			return 1
		}
		return -1
	case !a.Node:
		return a.Leaf - b.Leaf
	}
	for i := range min(len(a.Kids), len(b.Kids)) {
		if c := compareTrees(a.Kids[i], b.Kids[i]); c != 0 {
			return c
		}
	}
	return len(a.Kids) - len(b.Kids)
}

func depth(x tree) int {
	d := 0
	for _, k := range x.Kids {
		d = max(d, 1+depth(k))
	}
	return d
}

func TestRecursiveGolden(t *testing.T) {
	leaf9 := tree{Leaf: 9}
	full1 := tree{Node: true, Kids: []tree{leaf9, leaf9, leaf9}}
	tests := []struct {
		name   string
		reason string
		g      Generator[tree]
		data   []byte
		want   tree
	}{
		{"empty", "exhaustion draws base, and base's simplest", treeGen(2), nil, tree{}},
		{"leaf", "branch 0 is base; 0xff is the digit 9", treeGen(2), []byte{0x7f, 0xff}, leaf9},
		{"empty node", "branch 1 is extend; the slice is then exhausted", treeGen(2), []byte{0x80}, tree{Node: true}},
		{"one kid", "branch 1, flag, kid (branch 0, digit 5), stop", treeGen(2), []byte{0x80, 0xff, 0x00, 0x80, 0x00}, tree{Node: true, Kids: []tree{{Leaf: 5}}}},
		{"bound", "at depth 2 a set branch is ignored: only base is drawn", treeGen(2), bytes.Repeat([]byte{0xff}, 64),
			tree{Node: true, Kids: []tree{full1, full1, full1}}},
		{"depth 0", "the bound at once: the branch is read, base drawn", treeGen(0), []byte{0xff, 0xff}, leaf9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, drawOnce(tt.g, tt.data)); diff != "" {
				t.Errorf("%s: mismatch (-want +got):\n%s", tt.reason, diff)
			}
		})
	}
}

// spansLabeled returns the indices of r's spans whose label starts with
// prefix, in order.
func spansLabeled(r *record.Record, prefix string) []int {
	var is []int
	for i, s := range r.Spans {
		if strings.HasPrefix(s.Label, prefix) {
			is = append(is, i)
		}
	}
	return is
}

func TestRecursiveSpansShareLabel(t *testing.T) {
	g := treeGen(2)
	r := recordRun(bytes.Repeat([]byte{0xff}, 64), func(t *T) { g.Draw(t, "tree") })
	levels := spansLabeled(r, "Recursive(")
	// The full tree of depth 2 and fan-out 3: 1 + 3 + 9 levels.
	if len(levels) != 13 {
		t.Fatalf("got %d Recursive spans, want 13", len(levels))
	}
	for _, i := range levels {
		if r.Spans[i].Label != r.Spans[levels[0]].Label {
			t.Errorf("span %d labeled %q, want every level labeled %q", i, r.Spans[i].Label, r.Spans[levels[0]].Label)
		}
	}
}

func TestRecursiveDescendantReplaces(t *testing.T) {
	// A depth-2 tree whose branch at the bound is 0, as the reducer leaves
	// it: root (extend, flag, L1 (extend, flag, L2 (base 5), stop), stop).
	data := []byte{0x80, 0xff, 0x80, 0xff, 0x00, 0x80, 0x00, 0x00}
	g := treeGen(2)
	r := recordRun(data, func(t *T) { g.Draw(t, "tree") })
	spans := spansLabeled(r, "Recursive(")
	if len(spans) != 3 {
		t.Fatalf("got %d Recursive spans, want 3", len(spans))
	}
	for _, a := range spans {
		for _, d := range spans {
			anc, desc := r.Spans[a], r.Spans[d]
			if desc.Start <= anc.Start || desc.End > anc.End {
				continue
			}
			// Replace the ancestor's bytes by the descendant's.
			spliced := append(append(bytes.Clone(data[:anc.Start]), data[desc.Start:desc.End]...), data[anc.End:]...)
			whole := drawOnce(g, spliced)
			sub := drawOnce(g, data[desc.Start:desc.End])
			if a == spans[0] {
				if diff := cmp.Diff(sub, whole); diff != "" {
					t.Errorf("root replaced by span %d: the value is not the subtree (-sub +got):\n%s", d, diff)
				}
			}
			if compareTrees(whole, drawOnce(g, data)) >= 0 {
				t.Errorf("replacing span %d by span %d did not simplify the tree", a, d)
			}
		}
	}
}

func TestRecursiveMonotone(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for _, maxDepth := range []int{0, 1, 3} {
		g := treeGen(maxDepth)
		for range 3000 {
			data := textInput(r, 40)
			v := drawPlain(g, data)
			if d := depth(v); d > maxDepth {
				t.Fatalf("depth %d tree from % x is %d deep", maxDepth, data, d)
			}
			if low := lowerOne(r, data); low != nil {
				if lv := drawPlain(g, low); compareTrees(lv, v) > 0 {
					t.Fatalf("lowering % x to % x gave %+v, later than %+v", data, low, lv, v)
				}
			}
		}
	}
}

func BenchmarkRecursive(b *testing.B) {
	benchScalarDraw(b, treeGen(3))
}

// pairAt is a binary tree written the way people write one by hand: a
// function returning a Custom generator whose draw calls the function
// again for each child. The compiler inlines pairAt into the literal and
// copies the literal once per call site.
func pairAt(depth int) Generator[int] {
	return Custom(func(t *T) int {
		if depth == 0 || !Bool().Draw(t, "node") {
			return 0
		}
		return 1 + pairAt(depth-1).Draw(t, "l") + pairAt(depth-1).Draw(t, "r")
	})
}

// TestCustomLabelSurvivesInlining checks that both children of a node,
// drawn from copies of the same function literal, carry one label: the
// reducer sorts and collapses only spans whose labels match.
func TestCustomLabelSurvivesInlining(t *testing.T) {
	r := recordRun(bytes.Repeat([]byte{0xff}, 16), func(t *T) { pairAt(3).Draw(t, "tree") })
	labels := map[string]int{}
	for _, i := range spansLabeled(r, "Custom(") {
		labels[r.Spans[i].Label]++
	}
	// A full tree of depth 3: 1 + 2 + 4 + 8 Custom draws.
	if n := slices.Collect(maps.Values(labels)); len(n) != 1 || n[0] != 15 {
		t.Errorf("Custom spans by label: %v, want 15 under one label", labels)
	}
}
