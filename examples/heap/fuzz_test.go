package heap

import (
	"slices"
	"testing"

	"github.com/shortlex/shortlex/fuzzsrc"
)

// valuesGen draws the values pushed, in order.
var valuesGen = fuzzsrc.SliceOf(fuzzsrc.Int())

// sortedAgrees is the property: after pushing any values, Sorted returns
// them in ascending order, as sorting them directly does.
func sortedAgrees(t *fuzzsrc.T) {
	xs := valuesGen.Draw(t, "pushed")
	var h Heap
	for _, x := range xs {
		h.Push(x)
	}
	want := slices.Sorted(slices.Values(xs))
	fuzzsrc.Equal(t, want, h.Sorted())
}

func FuzzSorted(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzsrc.Check(t, data, sortedAgrees)
	})
}
