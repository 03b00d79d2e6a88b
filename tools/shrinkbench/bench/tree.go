package bench

import (
	"github.com/shortlex/shortlex/fuzzsrc"
	"pgregory.net/rapid"
)

// node is a binary tree node; nil is a leaf.
type node struct{ left, right *node }

func (n *node) height() int {
	if n == nil {
		return 0
	}
	return 1 + max(n.left.height(), n.right.height())
}

func (n *node) unbalanced() bool {
	if n == nil {
		return false
	}
	d := n.left.height() - n.right.height()
	return d > 1 || d < -1 || n.left.unbalanced() || n.right.unbalanced()
}

func (n *node) String() string {
	if n == nil {
		return "."
	}
	return "(" + n.left.String() + " " + n.right.String() + ")"
}

// count is the number of nodes, leaves included.
func (n *node) count() int {
	if n == nil {
		return 1
	}
	return 1 + n.left.count() + n.right.count()
}

// rapidTreeBudget caps the branches of a rapid tree. The coin makes a
// critical branching process, whose size has no finite mean, and rapid's
// random stream never runs out: a tree over the cap is invalid data
// (t.Skip), as a Hypothesis test case that overruns its buffer is.
// fuzzsrc's is bounded by the input (missing bytes are leaves); the cap
// is what our largest random inputs (512 bytes) can encode.
const rapidTreeBudget = 512

// tree is §2.3 of MacIver and Donaldson, "Test-Case Reduction via
// Test-Case Generation": a coin, leaf or a branch with two subtrees,
// failing when some node's children's heights differ by more than one.
func tree() Benchmark {
	var gen fuzzsrc.Generator[*node]
	gen = fuzzsrc.Custom(func(t *fuzzsrc.T) *node {
		if !fuzzsrc.Bool().Draw(t, "branch") {
			return nil
		}
		return &node{left: gen.Draw(t, "left"), right: gen.Draw(t, "right")}
	})
	var budget int // reset per tree; rapid runs one call at a time
	var rnode *rapid.Generator[*node]
	rnode = rapid.Custom(func(t *rapid.T) *node {
		if !rapid.Bool().Draw(t, "branch") {
			return nil
		}
		if budget--; budget < 0 {
			t.Skip("tree over budget")
		}
		return &node{left: rnode.Draw(t, "left"), right: rnode.Draw(t, "right")}
	})
	rgen := rapid.Custom(func(t *rapid.T) *node {
		budget = rapidTreeBudget
		return rnode.Draw(t, "tree")
	})

	p := problem[*node]{
		gen:  gen,
		rgen: rgen,
		verdict: func(n *node) verdict {
			if n.unbalanced() {
				return failedA
			}
			return pass
		},
		format: (*node).String,
		size:   (*node).count,
	}
	on := coinByte(fuzzsrc.Bool())
	return p.fill(Benchmark{
		Name:       "tree",
		Hypothesis: "not measured (§2.3 of MacIver and Donaldson, Test-Case Reduction via Test-Case Generation, shows one run reaching the minimum)",
		About:      "MacIver and Donaldson, Test-Case Reduction via Test-Case Generation, §2.3: a coin, leaf or branch with two subtrees; fails when some node's children's heights differ by more than 1",
		MinValue:   "(((. .) .) .)",
		MinInput:   []byte{on, on, on},
		Why: "an imbalance needs three branches (height 2 against a leaf); trailing leaves are free " +
			"because missing bytes read as false, so three true coins, a left-leaning chain, is the " +
			"shortest; figure 3's tree mirrored",
		Space: Space{MaxLen: 3, Cands: defaultCands(3, on)},
		Passing: []Example{
			{"leaf", nil, "a single leaf is balanced"},
			{"one branch", []byte{on}, "a branch with two leaves"},
			{"two branches", []byte{on, on}, "heights 1 and 0 differ by one"},
			{"full", []byte{on, on, 0, 0, on}, "a full tree of height 2"},
		},
	})
}
