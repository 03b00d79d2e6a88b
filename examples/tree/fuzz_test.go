package tree

import (
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// treeGen is figure 2 of MacIver and Donaldson, "Test-Case Reduction via
// Test-Case Generation": a coin, and if it comes up, a node with
// two subtrees drawn the same way. An exhausted input reads as tails, so
// every input gives a finite tree.
var treeGen fuzzsrc.Generator[*Node]

func init() {
	treeGen = fuzzsrc.Custom(func(t *fuzzsrc.T) *Node {
		if !fuzzsrc.Bool().Draw(t, "branch") {
			return nil
		}
		return &Node{Left: treeGen.Draw(t, "left"), Right: treeGen.Draw(t, "right")}
	})
}

// roundTrip is the property: any tree either encodes and decodes back to
// itself, or is rejected with an error. It must never panic.
func roundTrip(t *fuzzsrc.T) {
	root := treeGen.Draw(t, "tree")
	b, err := Encode(root)
	if err != nil {
		return
	}
	got, err := Decode(b)
	if err != nil {
		t.Fatalf("Decode(Encode(tree)): %v", err)
	}
	if Height(got) != Height(root) {
		t.Fatalf("round trip changed the height from %d to %d", Height(root), Height(got))
	}
}

func FuzzEncode(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, roundTrip)
	})
}
