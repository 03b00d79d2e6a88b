package fuzzsrc

import (
	"fmt"

	"github.com/shortlex/shortlex/internal/record"
)

// Recursive draws recursive data: trees, expressions, nested lists. At
// each level it draws a one-byte branch choice: index 0 draws from base,
// index 1 from extend(g), where g is the recursive generator one level
// down. At maxDepth the branch is still drawn but only base is used, so
// values are at most maxDepth levels deep and shrink towards base.
//
// Every level has the same layout (branch, then base or extend) and its
// span the same label, so the reducer can replace a subtree by one of its
// descendant subtrees: the descendant's bytes parse the same one level
// up. extend is called maxDepth times, once per level, when Recursive is
// called. It panics if maxDepth < 0.
func Recursive[V any](base Generator[V], extend func(Generator[V]) Generator[V], maxDepth int) Generator[V] {
	if maxDepth < 0 {
		panic(fmt.Sprintf("fuzzsrc.Recursive: negative maxDepth %d", maxDepth))
	}
	label := func() string { return fmt.Sprintf("Recursive(%s, %d)", base.String(), maxDepth) }
	level := func(ext Generator[V]) Generator[V] {
		return newGenerator(label, func(t *T) V {
			if t.choose(record.KindIndex, 1) == 0 || ext.draw == nil {
				return base.value(t)
			}
			return ext.value(t)
		})
	}
	g := level(Generator[V]{}) // the bound
	for range maxDepth {
		g = level(extend(g))
	}
	return g
}
