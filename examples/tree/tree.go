// Package tree stores the shapes of height-balanced (AVL) binary trees
// compactly, one byte per node, with each node's balance factor cached
// so that loading a tree does not recompute heights.
//
// It is the section 2.3 example of MacIver and Donaldson, "Test-Case
// Reduction via Test-Case Generation: Insights from the Hypothesis
// Reducer": a system that takes binary trees
// and crashes on a height-imbalanced one. The planted bug: Encode trusts
// its input to be balanced and looks the balance factor up in a
// three-entry table, so an unbalanced tree panics with an index out of
// range instead of being rejected with ErrUnbalanced.
package tree

import "errors"

// Node is a node of a binary tree shape.
type Node struct {
	Left, Right *Node
}

// GoString prints the shape as Go source, so that %#v, which failure
// reports use, shows the whole tree instead of pointers.
func (n *Node) GoString() string {
	if n == nil {
		return "nil"
	}
	if n.Left == nil && n.Right == nil {
		return "&Node{}"
	}
	return "&Node{Left: " + n.Left.GoString() + ", Right: " + n.Right.GoString() + "}"
}

// Height is the number of nodes on the longest path from n down to a
// leaf: 0 for nil.
func Height(n *Node) int {
	if n == nil {
		return 0
	}
	return 1 + max(Height(n.Left), Height(n.Right))
}

// Balanced reports whether every node's subtrees differ in height by at
// most one.
func Balanced(n *Node) bool {
	if n == nil {
		return true
	}
	bf := Height(n.Left) - Height(n.Right)
	return bf >= -1 && bf <= 1 && Balanced(n.Left) && Balanced(n.Right)
}

// ErrUnbalanced is the error for a tree that is not height-balanced.
var ErrUnbalanced = errors.New("tree: not height-balanced")

// ErrCorrupt is the error for bytes that are not an encoded tree.
var ErrCorrupt = errors.New("tree: corrupt encoding")

// A node's byte: whether it has a left and a right child, and its
// balance factor Height(Left)-Height(Right) in two bits.
const (
	hasLeft    = 1 << 0
	hasRight   = 1 << 1
	balanceBit = 2
)

// balanceCode maps a balance factor of -1, 0 or +1 (offset by one) to its
// two-bit code.
var balanceCode = [3]byte{0b01, 0b00, 0b10}

// Encode writes the shape of root in preorder, one byte per node.
//
// BUG (planted): it assumes root is balanced, as every tree this package
// builds is. A caller's unbalanced tree panics in the table lookup
// instead of returning ErrUnbalanced.
func Encode(root *Node) ([]byte, error) {
	var out []byte
	var walk func(n *Node) int
	walk = func(n *Node) int {
		if n == nil {
			return 0
		}
		at := len(out)
		out = append(out, 0)
		if n.Left != nil {
			out[at] |= hasLeft
		}
		if n.Right != nil {
			out[at] |= hasRight
		}
		l := walk(n.Left)
		r := walk(n.Right)
		out[at] |= balanceCode[l-r+1] << balanceBit
		return 1 + max(l, r)
	}
	walk(root)
	return out, nil
}

// Decode reads a shape that Encode wrote, checking the cached balance
// factors against the heights.
func Decode(b []byte) (*Node, error) {
	var read func() (*Node, int, error)
	read = func() (*Node, int, error) {
		if len(b) == 0 {
			return nil, 0, ErrCorrupt
		}
		c := b[0]
		b = b[1:]
		n := &Node{}
		var l, r int
		var err error
		if c&hasLeft != 0 {
			if n.Left, l, err = read(); err != nil {
				return nil, 0, err
			}
		}
		if c&hasRight != 0 {
			if n.Right, r, err = read(); err != nil {
				return nil, 0, err
			}
		}
		bf := l - r
		if bf < -1 || bf > 1 || balanceCode[bf+1] != c>>balanceBit {
			return nil, 0, ErrCorrupt
		}
		return n, 1 + max(l, r), nil
	}
	if len(b) == 0 {
		return nil, nil
	}
	n, _, err := read()
	if err == nil && len(b) != 0 {
		err = ErrCorrupt
	}
	return n, err
}
